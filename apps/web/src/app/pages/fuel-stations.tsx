import { Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { idSchema } from '@fleetfuel/contract';
import { PageHeader } from '@/components/ui/PageHeader';
import { RecordHistory } from '@/features/audit';
import { StationDetails, StationsPanel } from '@/features/stations';
import { BankingSection } from '@/features/wallet';

export function FuelStationsPage() {
  return (
    <>
      <PageHeader title="Fuel Stations" description="Partner fuel stations, the fuels they sell and their status" />
      <StationsPanel />
    </>
  );
}

export function FuelStationDetailsPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  return (
    <>
      <PageHeader title="Fuel Station Details" />
      <Stack gap="lg">
        <StationDetails id={id} />
        {id && <BankingSection stationId={id} />}
        {id !== null && idSchema.safeParse(id).success && <RecordHistory entityType="fuel_station" entityId={id} />}
      </Stack>
    </>
  );
}
