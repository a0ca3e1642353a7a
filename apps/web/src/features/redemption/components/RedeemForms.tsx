import { useMemo, useState } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { notifyError, toast } from '@/lib/toast';
import type { FuelRequest, MaintenanceRequest } from '@fleetfuel/contract';
import { SubmitButton, TextField } from '@/components/ui/FormFields';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatCurrency, formatVolume } from '@/lib/format';
import { newIdempotencyKey } from '@/lib/idempotency';
import { useCompleteJob, useRedeemFuel, useSendOdometerPhoto } from '../api';
import type { CouponInput } from '../coupon-input';
import { confirmationFields, confirmationProblem } from '../driver-confirmation';
import { PHOTO_MISSING, type OdometerPhoto } from '../odometer-photo';
import { fuelRedeemSchema, jobRedeemSchema, toFuelCompleteBody, toJobCompleteBody, type FuelRedeemValues } from '../redeem-form';
import { DispensedFields } from './DispensedFields';
import { DriverConfirmationField } from './DriverConfirmationField';
import { FuelRedemptionReview } from './FuelRedemptionReview';
import { OverrideWaiting } from './OverrideWaiting';
import { STICKER_MISSING, checkSticker } from '../offline/verify-sticker';
import { VehicleStickerField, type ScannedSticker } from './VehicleStickerField';
import { OdometerPhotoField } from './OdometerPhotoField';

type FuelCompleteBody = ReturnType<typeof toFuelCompleteBody>;

/** What the organization requires at the pump besides the coupon (from the coupon's preview). */
export interface PumpRequirements {
  driverConfirmationRequired?: boolean;
  vehicleScanRequired?: boolean;
  odometerRequired?: boolean;
  odometerPhotoRequired?: boolean;
}

export interface RedeemFormProps<R> {
  request: R;
  coupon: CouponInput;
  onDone: () => void;
  onCancel: () => void;
  /** The server's refusal, kept in the tool beside the coupon. */
  onError: (message: string) => void;
}

/**
 * Dispensed volume (at most the approved one, the approved one by default) and the odometer (optional
 * unless the organization requires it, with a photo if it asks); the driver's PIN or one-time code when
 * the organization requires the driver's confirmation. Then a review of what will be paid, and only
 * its Confirm moves money (the photo is sent first, once).
 */
export function FuelRedeemForm({
  request,
  coupon,
  driverConfirmationRequired = false,
  vehicleScanRequired = false,
  odometerRequired = false,
  odometerPhotoRequired = false,
  onDone,
  onCancel,
  onError,
}: RedeemFormProps<FuelRequest> & PumpRequirements) {
  const redeem = useRedeemFuel();
  const sendPhoto = useSendOdometerPhoto();
  // The photo, and whether the server has it: a retry after a refused redemption does not send it twice.
  const [photo, setPhoto] = useState<{ value: OdometerPhoto | null; sent: boolean; error: string | null }>({
    value: null,
    sent: false,
    error: null,
  });
  // One key per coupon shown: a double click or a retry redeems once. A refusal gets a new key, since
  // the next try carries another body (a corrected PIN) that the old key would refuse as a conflict.
  const [key, setKey] = useState(newIdempotencyKey);
  const [confirmation, setConfirmation] = useState({ value: '', codeSent: false, error: null as string | null });
  const [reviewing, setReviewing] = useState<FuelRedeemValues | null>(null);
  // A fill that breaks a SOFT fuel policy: the override a manager must approve, and the call to send again then.
  const [waiting, setWaiting] = useState<{ overrideId: string; message: string; values: FuelRedeemValues; body: FuelCompleteBody } | null>(
    null,
  );
  const [sticker, setSticker] = useState<{ value: ScannedSticker | null; error: string | null }>({ value: null, error: null });
  const schema = useMemo(
    () => fuelRedeemSchema({ volume: request.volume, unit: request.unit, odometerRequired }),
    [request.volume, request.unit, odometerRequired],
  );
  const plate = request.vehicle.plateNumber ?? `${request.vehicle.make} ${request.vehicle.model}`;
  const { control, handleSubmit, formState } = useForm<FuelRedeemValues>({
    mode: 'all',
    resolver: zodResolver(schema),
    defaultValues: { dispensedVolume: String(request.volume), odometer: '' },
  });

  const onReview = handleSubmit((values) => {
    const problem = driverConfirmationRequired ? confirmationProblem(confirmation.value) : null;
    if (problem) {
      setConfirmation((current) => ({ ...current, error: problem }));
      return;
    }
    if (vehicleScanRequired && !sticker.value) {
      setSticker({ value: null, error: STICKER_MISSING });
      return;
    }
    if (odometerPhotoRequired && !photo.value) {
      setPhoto((current) => ({ ...current, error: PHOTO_MISSING }));
      return;
    }
    setReviewing(values);
  });

  const send = async (values: FuelRedeemValues, body: FuelCompleteBody, sendKey: string) => {
    try {
      if (odometerPhotoRequired && photo.value && !photo.sent) {
        await sendPhoto.mutateAsync({ id: request.id, photo: photo.value.blob });
        setPhoto((current) => ({ ...current, sent: true }));
      }
      const reply = await redeem.mutateAsync({ id: request.id, body, key: sendKey });
      toast.success(reply.message);
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.status < 500) setKey(newIdempotencyKey());
      setReviewing(null);
      if (error instanceof ApiError && error.code === 'OVERRIDE_REQUIRED' && error.overrideId) {
        setWaiting({ overrideId: error.overrideId, message: error.message, values, body });
        return;
      }
      setWaiting(null);
      notifyError(error);
      onError(errorMessage(error));
    }
  };

  const onConfirm = (values: FuelRedeemValues) =>
    send(
      values,
      {
        ...toFuelCompleteBody(coupon, values),
        ...(driverConfirmationRequired ? confirmationFields(confirmation.value, confirmation.codeSent) : {}),
        ...(vehicleScanRequired && sticker.value ? { vehicleQr: sticker.value.payload } : {}),
      },
      key,
    );

  if (waiting) {
    return (
      <OverrideWaiting
        key={waiting.overrideId}
        overrideId={waiting.overrideId}
        plate={plate}
        litres={formatVolume(Number(waiting.values.dispensedVolume), request.unit)}
        message={waiting.message}
        // Once approved, the same redemption again; the first key is kept with the refusal, so a new one.
        onApproved={() => void send(waiting.values, waiting.body, newIdempotencyKey())}
        sending={redeem.isPending}
        onBack={() => setWaiting(null)}
        onDone={onDone}
      />
    );
  }

  if (reviewing) {
    return (
      <FuelRedemptionReview
        fill={{
          plate,
          fuelType: request.fuelType,
          unit: request.unit,
          volume: Number(reviewing.dispensedVolume),
          pricePerUnit: request.pricePerUnit,
        }}
        confirmLabel="Confirm"
        busy={redeem.isPending || sendPhoto.isPending}
        onBack={() => setReviewing(null)}
        onConfirm={() => void onConfirm(reviewing)}
      />
    );
  }

  return (
    <form onSubmit={(event) => void onReview(event)} noValidate aria-label="Redeem fuel coupon">
      <Stack gap="sm">
        {vehicleScanRequired && (
          <VehicleStickerField
            value={sticker.value}
            onChange={(value) => setSticker({ value, error: null })}
            check={(payload) => checkSticker(payload, { id: request.vehicle.id, plate: request.vehicle.plateNumber })}
            error={sticker.error}
          />
        )}
        <DispensedFields
          control={control}
          unit={request.unit}
          limit={`${request.volume} ${request.unit}`}
          odometerRequired={odometerRequired}
        />
        {odometerPhotoRequired && (
          <OdometerPhotoField value={photo.value} onChange={(value) => setPhoto({ value, sent: false, error: null })} error={photo.error} />
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
            Review
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
