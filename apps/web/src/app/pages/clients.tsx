import { PlannedPage } from './PlannedPage';

export function ClientsPage() {
  return <PlannedPage title="Clients" upcoming="the client organizations, with adding and updating clients" />;
}

export function ClientDetailsPage() {
  return <PlannedPage title="Client Details" upcoming="a client's details and a way to its wallet" />;
}
