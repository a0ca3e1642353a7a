import { PlannedPage } from './PlannedPage';

export function AssetsPage() {
  return (
    <PlannedPage
      title="Assets"
      upcoming="your vehicles, generators and motorcycles, searchable, with assigning drivers and care takers"
    />
  );
}

export function AssetDetailsPage() {
  return <PlannedPage title="Asset Details" upcoming="an asset's details, insurance, fuel logs and maintenance" />;
}
