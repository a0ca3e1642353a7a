import type { ReactNode } from 'react';
import { Box, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { FuelRequest, MaintenanceRequest } from '@fleetfuel/contract';
import { StatusBadge } from '@/components/ui/StatusBadge';
import { formatCalendarDate, formatCurrency, formatDateTime, formatVolume } from '@/lib/format';

export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box role="group" aria-label={label}>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Box>
  );
}

function vehicleText(vehicle: { plateNumber: string | null; make: string; model: string }): string {
  return vehicle.plateNumber ? `${vehicle.make} ${vehicle.model} · ${vehicle.plateNumber}` : `${vehicle.make} ${vehicle.model}`;
}

/** A fuel coupon as the station checks it before dispensing. */
export function FuelCouponPreview({ request }: { request: FuelRequest }) {
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <Text fw={600}>Fuel coupon {request.couponCode}</Text>
        <StatusBadge status={request.status} />
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
        <Field label="Vehicle">{vehicleText(request.vehicle)}</Field>
        <Field label="Organization">{request.organization.name}</Field>
        <Field label="Approved volume">
          {formatVolume(request.volume, request.unit)} of {request.fuelType}
        </Field>
        <Field label="Locked price">
          {request.pricePerUnit === null ? '—' : `${formatCurrency(request.pricePerUnit)} per ${request.unit}`}
        </Field>
        <Field label="Supply date">{formatCalendarDate(request.supplyDate)}</Field>
        <Field label="Expires">{formatDateTime(request.couponExpiresAt) || '—'}</Field>
      </SimpleGrid>
    </Stack>
  );
}

/** A work order as the station checks it before finishing the job. */
export function JobCouponPreview({ request }: { request: MaintenanceRequest }) {
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <Text fw={600}>Work order {request.couponCode}</Text>
        <StatusBadge status={request.status} />
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
        <Field label="Job">{request.description}</Field>
        <Field label="Vehicle">{vehicleText(request.vehicle)}</Field>
        <Field label="Organization">{request.organization.name}</Field>
        <Field label="Approved cost">{formatCurrency(request.cost)}</Field>
        <Field label="Date">{formatCalendarDate(request.date)}</Field>
        {request.finalCost !== null && <Field label="Final cost">{formatCurrency(request.finalCost)}</Field>}
      </SimpleGrid>
    </Stack>
  );
}
