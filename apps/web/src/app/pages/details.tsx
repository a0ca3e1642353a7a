import { PlannedPage } from './PlannedPage';

export function DetailsPage() {
  return <PlannedPage title="Details" upcoming="the details of the record you open from a list" />;
}
