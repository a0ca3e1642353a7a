import { useMemo, useState } from 'react';
import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import type { FuelRequest, MaintenanceRequest } from '@fleetfuel/contract';
import { SubmitButton, TextField } from '@/components/ui/FormFields';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatCurrency } from '@/lib/format';
import { newIdempotencyKey } from '@/lib/idempotency';
import { useCompleteJob, useRedeemFuel } from '../api';
import type { CouponInput } from '../coupon-input';
import { confirmationFields, confirmationProblem } from '../driver-confirmation';
import { fuelRedeemSchema, jobRedeemSchema, toFuelCompleteBody, toJobCompleteBody, type FuelRedeemValues } from '../redeem-form';
import { DriverConfirmationField } from './DriverConfirmationField';

export interface RedeemFormProps<R> {
  request: R;
  coupon: CouponInput;
  /** Whether the station's money is shown (a representative) or not (an attendant). */
  showMoney: boolean;
  onDone: () => void;
  onCancel: () => void;
  /** The server's refusal, kept in the tool beside the coupon. */
  onError: (message: string) => void;
}

/**
 * Dispensed volume (at most the approved one, the approved one by default) and an optional odometer;
 * the driver's PIN or one-time code when the organization requires the driver's confirmation.
 */
export function FuelRedeemForm({
  request,
  coupon,
  showMoney,
  driverConfirmationRequired = false,
  onDone,
  onCancel,
  onError,
}: RedeemFormProps<FuelRequest> & { driverConfirmationRequired?: boolean }) {
  const redeem = useRedeemFuel();
  // One key per coupon shown: a double click or a retry redeems once. A refusal gets a new key, since
  // the next try carries another body (a corrected PIN) that the old key would refuse as a conflict.
  const [key, setKey] = useState(newIdempotencyKey);
  const [confirmation, setConfirmation] = useState({ value: '', codeSent: false, error: null as string | null });
  const schema = useMemo(() => fuelRedeemSchema({ volume: request.volume, unit: request.unit }), [request.volume, request.unit]);
  const { control, handleSubmit, formState } = useForm<FuelRedeemValues>({
    mode: 'all',
    resolver: zodResolver(schema),
    defaultValues: { dispensedVolume: String(request.volume), odometer: '' },
  });
  const dispensed = Number(useWatch({ control, name: 'dispensedVolume' }));
  const amount =
    showMoney && request.pricePerUnit !== null && Number.isFinite(dispensed) && dispensed > 0 && dispensed <= request.volume
      ? Math.round(dispensed * request.pricePerUnit * 100) / 100
      : null;

  const onSubmit = handleSubmit(async (values) => {
    const problem = driverConfirmationRequired ? confirmationProblem(confirmation.value) : null;
    if (problem) {
      setConfirmation((current) => ({ ...current, error: problem }));
      return;
    }
    const body = {
      ...toFuelCompleteBody(coupon, values),
      ...(driverConfirmationRequired ? confirmationFields(confirmation.value, confirmation.codeSent) : {}),
    };
    try {
      const reply = await redeem.mutateAsync({ id: request.id, body, key });
      toast.success(reply.message);
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.status < 500) setKey(newIdempotencyKey());
      onError(errorMessage(error));
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Redeem fuel coupon">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextField
            control={control}
            name="dispensedVolume"
            label="Dispensed Volume"
            withAsterisk
            inputMode="decimal"
            rightSection={
              <Text size="sm" c="dimmed" pr={4}>
                {request.unit}
              </Text>
            }
            description={`At most ${request.volume} ${request.unit}`}
          />
          <TextField control={control} name="odometer" label="Odometer (km)" inputMode="numeric" description="Optional" />
        </SimpleGrid>
        {amount !== null && (
          <Text size="sm" c="dimmed" aria-live="polite">
            The organization pays {formatCurrency(amount)} for this fuel.
          </Text>
        )}
        {driverConfirmationRequired && (
          <DriverConfirmationField
            requestId={request.id}
            value={confirmation.value}
            onChange={(value) => setConfirmation((current) => ({ ...current, value, error: null }))}
            error={confirmation.error}
            onCodeSent={() => setConfirmation((current) => ({ ...current, codeSent: true }))}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={formState.isSubmitting}>
            Start Over
          </Button>
          <SubmitButton control={control} color="green">
            Confirm
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}

/** The final cost of a job, at most the approved one (the approved one by default). */
export function JobRedeemForm({ request, coupon, onDone, onCancel, onError }: RedeemFormProps<MaintenanceRequest>) {
  const complete = useCompleteJob();
  const [key] = useState(newIdempotencyKey);
  const schema = useMemo(() => jobRedeemSchema(request.cost), [request.cost]);
  const { control, handleSubmit, formState } = useForm({
    mode: 'all',
    resolver: zodResolver(schema),
    defaultValues: { finalCost: String(request.finalCost ?? request.cost) },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const reply = await complete.mutateAsync({ id: request.id, body: toJobCompleteBody(coupon, values), key });
      toast.success(reply.message);
      onDone();
    } catch (error) {
      onError(errorMessage(error));
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Complete work order">
      <Stack gap="sm">
        <TextField
          control={control}
          name="finalCost"
          label="Final Cost (₦)"
          withAsterisk
          inputMode="decimal"
          description={`At most ${formatCurrency(request.cost)}, the approved cost`}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={formState.isSubmitting}>
            Start Over
          </Button>
          <SubmitButton control={control} color="green">
            Confirm
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
