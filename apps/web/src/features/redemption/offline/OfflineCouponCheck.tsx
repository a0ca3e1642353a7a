import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { IconCloudOff } from '@tabler/icons-react';
import { FUEL_UNITS, type OpenCoupon, type SoldFuelType } from '@fleetfuel/contract';
import { SubmitButton } from '@/components/ui/FormFields';
import { useAuth } from '@/lib/auth';
import { formatDateTime, formatVolume } from '@/lib/format';
import { Field } from '../components/CouponPreview';
import { DispensedFields } from '../components/DispensedFields';
import { FuelRedemptionReview } from '../components/FuelRedemptionReview';
import { OdometerPhotoField } from '../components/OdometerPhotoField';
import { VehicleStickerField, type ScannedSticker } from '../components/VehicleStickerField';
import type { CouponInput } from '../coupon-input';
import { PHOTO_MISSING, type OdometerPhoto } from '../odometer-photo';
import { fuelRedeemSchema, toFuelCompleteBody, type FuelRedeemValues } from '../redeem-form';
import { readOfflineCouponData } from './offline-cache';
import { useRedemptionQueue } from './use-offline';
import { checkCouponOffline, type OfflineVerdict } from './verify-coupon';
import { STICKER_MISSING, checkStickerOffline } from './verify-sticker';

const SAVED_OFFLINE = 'Saved on this device; will be sent when the network returns';
const NO_OFFLINE_COPY =
  "This device holds no copy of the station's open coupons yet: open this screen once with the network on, then it can check coupons offline.";
const STORAGE_REFUSED = 'This device could not save the redemption (its storage is full or blocked). Do not dispense on this coupon now.';

export interface OfflineCouponCheckProps {
  coupon: CouponInput;
  onDone: () => void;
}

const unitOf = (coupon: OpenCoupon) => FUEL_UNITS[coupon.fuelType as SoldFuelType];
/** A copy of the list kept before it said (no flag at all) is treated as needing the sticker. */
const stickerRequired = (coupon: OpenCoupon) => coupon.vehicleScanRequired !== false;
/** Likewise the odometer and its photo: asking for them costs a moment, missing them a refused fill. */
const odometerRequired = (coupon: OpenCoupon) => coupon.odometerRequired !== false;
const photoRequired = (coupon: OpenCoupon) => coupon.odometerPhotoRequired !== false;

/**
 * With no network: the coupon checked on the device (signature, station, expiry, open list, and no
 * driver's confirmation needed), then the dispensed volume reviewed and recorded in the device's
 * queue, to be sent when the network returns.
 */
export function OfflineCouponCheck({ coupon, onDone }: OfflineCouponCheckProps) {
  const { user } = useAuth();
  const stationId = user?.fuelStationId ?? '';
  const { queue, waiting } = useRedemptionQueue();
  const data = useMemo(() => readOfflineCouponData(window.localStorage, stationId), [stationId]);
  const [verdict, setVerdict] = useState<OfflineVerdict | null>(null);
  // What the attendant typed, kept while the review is shown and when they go back to correct it.
  const [draft, setDraft] = useState<FuelRedeemValues | null>(null);
  const [reviewing, setReviewing] = useState(false);
  // The idempotency key of the redemption saved from this screen, while it waits in the queue.
  const [savedKey, setSavedKey] = useState<string | null>(null);
  const saved = savedKey !== null;
  const [problem, setProblem] = useState<string | null>(null);
  const [sticker, setSticker] = useState<{ value: ScannedSticker | null; error: string | null }>({ value: null, error: null });
  const [photo, setPhoto] = useState<{ value: OdometerPhoto | null; error: string | null }>({ value: null, error: null });

  // Once the queue has sent it, "saved on this device" is no longer true: the status panel shows
  // the server's answer, and this screen is ready for the next coupon.
  useEffect(() => {
    if (savedKey !== null && !waiting.some((redemption) => redemption.idempotencyKey === savedKey)) onDone();
  }, [savedKey, waiting, onDone]);

  useEffect(() => {
    if (!data || saved) return;
    let current = true;
    const queued = new Set(waiting.map((redemption) => redemption.requestId));
    void checkCouponOffline(coupon, { stationId, data, now: new Date(), queued }).then((next) => {
      if (current) setVerdict(next);
    });
    return () => {
      current = false;
    };
  }, [coupon, data, stationId, waiting, saved]);

  return (
    <Stack gap="sm">
      <Alert color="gray" variant="light" icon={<IconCloudOff size={18} aria-hidden />} title="No network">
        The coupon is checked on this device{data ? `, against the list of ${formatDateTime(data.generatedAt)}` : ''}.
      </Alert>
      {!data ? (
        <Alert color="orange" variant="light" role="alert">
          {NO_OFFLINE_COPY}
        </Alert>
      ) : saved ? (
        <Alert color="teal" variant="light" role="status" title="Recorded offline">
          {SAVED_OFFLINE}
        </Alert>
      ) : !verdict ? (
        <Loader size="sm" aria-label="Checking the coupon" />
      ) : verdict.valid && reviewing && draft ? (
        <FuelRedemptionReview
          fill={{
            plate: verdict.coupon.plate,
            fuelType: verdict.coupon.fuelType,
            unit: unitOf(verdict.coupon),
            volume: Number(draft.dispensedVolume),
            pricePerUnit: verdict.coupon.pricePerUnit,
          }}
          confirmLabel="Save on Device"
          onBack={() => setReviewing(false)}
          onConfirm={() => {
            if (!queue) return;
            try {
              const added = queue.add({
                requestId: verdict.coupon.requestId,
                // The sticker travels with the queued body: the server checks it again when it is sent.
                body: { ...toFuelCompleteBody(coupon, draft), ...(sticker.value ? { vehicleQr: sticker.value.payload } : {}) },
                code: verdict.coupon.code,
                plate: verdict.coupon.plate,
                fuelType: verdict.coupon.fuelType,
                unit: unitOf(verdict.coupon),
                ...(photo.value ? { odometerPhoto: photo.value.dataUrl } : {}),
              });
              setSavedKey(added.idempotencyKey);
            } catch {
              setProblem(STORAGE_REFUSED);
            }
          }}
        />
      ) : verdict.valid ? (
        <>
          <Alert color="green" variant="light" role="status" title={verdict.message} />
          <OpenCouponDetails coupon={verdict.coupon} />
          {stickerRequired(verdict.coupon) && (
            <VehicleStickerField
              value={sticker.value}
              onChange={(value) => setSticker({ value, error: null })}
              check={(payload) => checkStickerOffline(payload, { id: verdict.coupon.vehicleId, plate: verdict.coupon.plate }, data.keys)}
              error={sticker.error}
            />
          )}
          {photoRequired(verdict.coupon) && (
            <OdometerPhotoField value={photo.value} onChange={(value) => setPhoto({ value, error: null })} error={photo.error} />
          )}
          <OfflineRedeemForm
            coupon={verdict.coupon}
            draft={draft}
            onSubmit={(values) => {
              if (stickerRequired(verdict.coupon) && !sticker.value) {
                setSticker({ value: null, error: STICKER_MISSING });
                return;
              }
              if (photoRequired(verdict.coupon) && !photo.value) {
                setPhoto({ value: null, error: PHOTO_MISSING });
                return;
              }
              setDraft(values);
              setReviewing(true);
            }}
          />
        </>
      ) : (
        <Alert color="orange" variant="light" role="alert" title="This coupon cannot be redeemed offline">
          {verdict.message}
        </Alert>
      )}
      {problem && (
        <Alert color="red" variant="light" role="alert">
          {problem}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant={saved ? 'filled' : 'default'} onClick={onDone}>
          {saved ? 'Next Coupon' : 'Start Over'}
        </Button>
      </Group>
    </Stack>
  );
}

function OpenCouponDetails({ coupon }: { coupon: OpenCoupon }) {
  return (
    <Stack gap="sm">
      <Text fw={600}>Fuel coupon {coupon.code}</Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
        <Field label="Vehicle">{coupon.plate ?? '—'}</Field>
        <Field label="Organization">{coupon.organizationName}</Field>
        <Field label="Approved volume">
          {formatVolume(coupon.maxVolume, unitOf(coupon))} of {coupon.fuelType}
        </Field>
        <Field label="Expires">{formatDateTime(coupon.expiresAt)}</Field>
      </SimpleGrid>
    </Stack>
  );
}

function OfflineRedeemForm({
  coupon,
  draft,
  onSubmit,
}: {
  coupon: OpenCoupon;
  draft: FuelRedeemValues | null;
  onSubmit: (values: FuelRedeemValues) => void;
}) {
  const unit = unitOf(coupon);
  const needsReading = odometerRequired(coupon);
  const schema = useMemo(
    () => fuelRedeemSchema({ volume: coupon.maxVolume, unit, odometerRequired: needsReading }),
    [coupon.maxVolume, unit, needsReading],
  );
  const { control, handleSubmit } = useForm<FuelRedeemValues>({
    mode: 'all',
    resolver: zodResolver(schema),
    defaultValues: draft ?? { dispensedVolume: String(coupon.maxVolume), odometer: '' },
  });
  return (
    <form onSubmit={(event) => void handleSubmit(onSubmit)(event)} noValidate aria-label="Record fuel offline">
      <Stack gap="sm">
        <DispensedFields control={control} unit={unit} limit={formatVolume(coupon.maxVolume, unit)} odometerRequired={needsReading} />
        <Group justify="flex-end">
          <SubmitButton control={control} color="green">
            Review
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
