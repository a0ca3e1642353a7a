import { useMemo, useState } from 'react';
import { Group, NativeSelect, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/lib/toast';
import { FUEL_UNITS, SOLD_FUEL_TYPES, type FuelPrice, type SoldFuelType } from '@fleetfuel/contract';
import { DataTable, type DataTableColumn } from '@/components/ui/DataTable';
import { SelectField, SubmitButton, TextField } from '@/components/ui/FormFields';
import { formatCurrency, formatDate } from '@/lib/format';
import { usePrices, useUpdatePrice, type PriceHistoryQuery } from '../api';
import { priceFormSchema, toPriceBody, unitLabel, type PriceFormValues } from '../price-form';
import { isSoldFuelType } from '../station-form';
import { PriceSummary } from './CurrentPrices';
import { pagedRows } from '@/lib/list-paging';

const HISTORY_PAGE_SIZE = 10;

/** Sets a new price; the success toast appears only once the server has accepted it. */
function PriceForm({ fuelTypes, submitLabel }: { fuelTypes: readonly SoldFuelType[]; submitLabel: string }) {
  const updatePrice = useUpdatePrice();
  const single = fuelTypes.length === 1 ? fuelTypes[0] : undefined;
  const { control, handleSubmit, reset } = useForm<PriceFormValues>({
    resolver: zodResolver(priceFormSchema),
    mode: 'all',
    defaultValues: { fuelType: single ?? '', pricePerLitre: '' },
  });
  const fuelType = useWatch({ control, name: 'fuelType' });
  const unit = isSoldFuelType(fuelType) ? FUEL_UNITS[fuelType] : null;

  const onSubmit = handleSubmit(async (values) => {
    const reply = await updatePrice.mutateAsync(toPriceBody(values)).catch(() => null);
    if (!reply) return;
    toast.success('Price Updated!');
    reset({ fuelType: single ?? '', pricePerLitre: '' });
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={single ? `Set ${single} price` : 'Set a price'}>
      <Stack gap="sm">
        {!single && (
          <SelectField
            control={control}
            name="fuelType"
            label="Fuel Type"
            withAsterisk
            options={fuelTypes.map((value) => ({ value, label: `${value} (${FUEL_UNITS[value]})` }))}
          />
        )}
        <Group align="flex-start" gap="sm" wrap="nowrap">
          <TextField
            control={control}
            name="pricePerLitre"
            label={unit ? `New price (${unitLabel(unit)})` : 'New price (₦)'}
            placeholder="e.g. 975"
            inputMode="decimal"
            autoComplete="off"
            style={{ flex: 1, minWidth: 0 }}
          />
          <SubmitButton control={control} mt={25}>
            {submitLabel}
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}

function PriceCard({ price }: { price: FuelPrice }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={`${price.fuelType} price`}>
      <Stack gap="sm">
        <PriceSummary price={price} gap={2} withSetter />
        <PriceForm fuelTypes={[price.fuelType]} submitLabel="Update" />
      </Stack>
    </Paper>
  );
}

const HISTORY_COLUMNS: DataTableColumn<FuelPrice>[] = [
  { key: 'createdAt', header: 'Date', render: (p) => formatDate(p.createdAt), noWrap: true },
  { key: 'fuelType', header: 'Fuel Type', render: (p) => p.fuelType },
  { key: 'price', header: 'Price', render: (p) => `${formatCurrency(p.pricePerLitre)} / ${p.unit}`, noWrap: true },
  { key: 'setBy', header: 'Set By', render: (p) => p.setBy?.name ?? '' },
];

/** Settings for a station representative: the station's prices, a new price per fuel, and the history. */
export function PriceManagement() {
  const [page, setPage] = useState(1);
  const [fuelFilter, setFuelFilter] = useState('');
  const query = useMemo<PriceHistoryQuery>(
    () => ({ page, pageSize: HISTORY_PAGE_SIZE, ...(isSoldFuelType(fuelFilter) ? { fuelType: fuelFilter } : {}) }),
    [page, fuelFilter],
  );
  const prices = usePrices(query);
  const current = prices.data?.current ?? [];
  // Only the fuels the station sells are offered (the API refuses the others). The reply lists
  // only fuels that already have a price; the others can get a first one here.
  const sold = prices.data?.availableFuels ?? [];
  const unpriced = sold.filter((fuel) => !current.some((price) => price.fuelType === fuel));

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Title order={2} fz="lg" mb={4}>
          Fuel Prices
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          The price per unit your station charges for each fuel. A new price applies to requests approved from now on.
        </Text>
        {prices.isPending ? (
          <Text size="sm" c="dimmed">
            Loading prices…
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, xl: 4 }} spacing="md">
            {current.map((price) => (
              <PriceCard key={price.fuelType} price={price} />
            ))}
            {prices.data && unpriced.length > 0 && (
              <Paper withBorder radius="md" p="md" style={{ borderStyle: 'dashed' }}>
                <Text size="sm" fw={600}>
                  Set a first price
                </Text>
                <Text size="xs" c="dimmed" mb="sm">
                  For a fuel your station sells that has no price yet.
                </Text>
                <PriceForm fuelTypes={unpriced} submitLabel="Set" />
              </Paper>
            )}
          </SimpleGrid>
        )}
      </Paper>

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Title order={2} fz="lg" mb="md">
          Price History
        </Title>
        <DataTable
          label="Price history"
          columns={HISTORY_COLUMNS}
          {...pagedRows(prices, (reply) => reply.prices)}
          onPageChange={setPage}
          minWidth={560}
          toolbar={
            <NativeSelect
              aria-label="Filter by fuel type"
              value={fuelFilter}
              onChange={(event) => {
                setFuelFilter(event.currentTarget.value);
                setPage(1);
              }}
              data={[
                { value: '', label: 'All fuel types' },
                ...(prices.data?.availableFuels ?? SOLD_FUEL_TYPES).map((value) => ({ value, label: value })),
              ]}
            />
          }
        />
      </Paper>
    </Stack>
  );
}
