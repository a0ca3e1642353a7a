import { PlannedPage } from './PlannedPage';

export function FuelStationsPage() {
  return (
    <PlannedPage title="Fuel Stations" upcoming="the partner fuel stations, searchable, with adding and managing stations" />
  );
}

export function FuelStationDetailsPage() {
  return (
    <PlannedPage title="Fuel Station Details" upcoming="a station's details, a way to its wallet and its banking information" />
  );
}
