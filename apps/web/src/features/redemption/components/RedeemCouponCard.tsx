import { useCallback, useRef, useState, type ChangeEvent } from 'react';
import { Alert, Button, Divider, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCamera, IconPhoto, IconSearch } from '@tabler/icons-react';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useCouponPreview } from '../api';
import { NOT_A_COUPON, NO_QR_IN_IMAGE, QR_READER_FAILED } from '../camera-errors';
import { couponFromScan, parseCouponInput, type CouponInput } from '../coupon-input';
import { OfflineCouponCheck } from '../offline/OfflineCouponCheck';
import { isDeviceOnline } from '../offline/use-offline';
import { loadQrDecoder } from '../qr/load';
import { CameraScanner } from './CameraScanner';
import { FuelCouponPreview, JobCouponPreview } from './CouponPreview';
import { FuelRedeemForm, JobRedeemForm } from './RedeemForms';

const ENTER_CODE = 'Enter the coupon code or scan its QR code';
const NOT_HERE = 'Check the code: a coupon is redeemed only at the station named on it.';

/**
 * "Redeem Coupon": the code typed (any case, dash optional), a QR code scanned with the camera or
 * read from a picture; then what the coupon stands for, and the dispensing to confirm.
 */
export function RedeemCouponCard() {
  const [text, setText] = useState('');
  const [coupon, setCoupon] = useState<CouponInput | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [scanning, setScanning] = useState(false);
  const [readingImage, setReadingImage] = useState(false);
  // Set when the server cannot be reached: the coupon is then checked on the device.
  const [offlineCoupon, setOfflineCoupon] = useState<CouponInput | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const preview = useCouponPreview();
  const { mutate: lookUp, reset: resetPreview } = preview;

  const look = useCallback(
    (next: CouponInput) => {
      setProblem(null);
      setCoupon(next);
      if (!isDeviceOnline()) {
        setOfflineCoupon(next);
        return;
      }
      lookUp(next, {
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'NETWORK') setOfflineCoupon(next);
          else setProblem(error instanceof ApiError && error.status === 404 ? `${error.message}. ${NOT_HERE}` : errorMessage(error));
        },
      });
    },
    [lookUp],
  );

  const startOver = useCallback(() => {
    resetPreview();
    setCoupon(null);
    setOfflineCoupon(null);
    setProblem(null);
    setText('');
    codeRef.current?.focus();
  }, [resetPreview]);

  const onScanned = useCallback(
    (raw: string) => {
      setScanning(false);
      const scanned = couponFromScan(raw);
      if (!scanned) {
        setProblem(NOT_A_COUPON);
        return;
      }
      setText('code' in scanned ? scanned.code : '');
      look(scanned);
    },
    [look],
  );

  const onImage = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    // The same picture chosen twice must fire again.
    event.currentTarget.value = '';
    if (!file) return;
    setProblem(null);
    setReadingImage(true);
    try {
      const decode = await loadQrDecoder().catch(() => null);
      if (!decode) {
        setProblem(QR_READER_FAILED);
        return;
      }
      let raw: string | null;
      try {
        raw = await decode(file);
      } catch {
        // The reader itself failed (its WebAssembly refused or not loaded), not the picture.
        setProblem(QR_READER_FAILED);
        return;
      }
      if (raw === null) {
        setProblem(NO_QR_IN_IMAGE);
        return;
      }
      onScanned(raw);
    } finally {
      setReadingImage(false);
    }
  };

  const reply = preview.data;
  const fuel = reply?.kind === 'FUEL' ? reply.fuelRequest : null;
  const job = reply?.kind === 'MAINTENANCE' ? reply.maintenanceRequest : null;
  const showingCoupon = coupon !== null && reply !== undefined;

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="redeem-coupon-title">
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg" id="redeem-coupon-title">
            Redeem Coupon
          </Title>
          <Text size="sm" c="dimmed">
            Type the coupon code, scan its QR code, or choose a picture of it.
          </Text>
        </div>

        {offlineCoupon && <OfflineCouponCheck coupon={offlineCoupon} onDone={startOver} />}

        {!showingCoupon && !offlineCoupon && (
          <>
            <form
              onSubmit={(event) => {
                event.preventDefault();
                const typed = parseCouponInput(text);
                if (!typed) {
                  setProblem(ENTER_CODE);
                  return;
                }
                look(typed);
              }}
              noValidate
              aria-label="Look up a coupon"
            >
              <Group align="flex-end" gap="sm" wrap="wrap">
                <TextInput
                  ref={codeRef}
                  label="Coupon Code"
                  placeholder="e.g. ABCD-2345"
                  value={text}
                  onChange={(event) => {
                    setText(event.currentTarget.value);
                    setProblem(null);
                  }}
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  maxLength={2000}
                  styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.08em' } }}
                  style={{ flex: '1 1 200px' }}
                />
                <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />} loading={preview.isPending}>
                  Look Up
                </Button>
              </Group>
            </form>
            <Group gap="sm" wrap="wrap">
              <Button variant="light" leftSection={<IconCamera size={16} aria-hidden />} onClick={() => setScanning(true)}>
                Scan QR
              </Button>
              <Button
                variant="light"
                leftSection={<IconPhoto size={16} aria-hidden />}
                loading={readingImage}
                onClick={() => fileRef.current?.click()}
              >
                Choose QR image
              </Button>
              <input
                ref={fileRef}
                type="file"
                accept="image/*"
                aria-label="QR image file"
                hidden
                onChange={(event) => void onImage(event)}
              />
            </Group>
          </>
        )}

        {problem && (
          <Alert color="red" variant="light" title={showingCoupon ? 'Not redeemed' : undefined} role="alert">
            {problem}
          </Alert>
        )}

        {showingCoupon && reply && coupon && (
          <>
            <Divider />
            {fuel && <FuelCouponPreview request={fuel} />}
            {job && <JobCouponPreview request={job} />}
            {!reply.redeemable ? (
              <>
                <Alert
                  color="orange"
                  variant="light"
                  title={job ? 'This work order cannot be completed' : 'This coupon cannot be redeemed'}
                  role="alert"
                >
                  {reply.message}
                </Alert>
                <Group justify="flex-end">
                  <Button variant="default" onClick={startOver}>
                    Start Over
                  </Button>
                </Group>
              </>
            ) : fuel ? (
              <FuelRedeemForm
                key={fuel.id}
                request={fuel}
                coupon={coupon}
                driverConfirmationRequired={reply.driverConfirmationRequired}
                vehicleScanRequired={reply.vehicleScanRequired}
                odometerRequired={reply.odometerRequired}
                odometerPhotoRequired={reply.odometerPhotoRequired}
                onDone={startOver}
                onCancel={startOver}
                onError={setProblem}
              />
            ) : job ? (
              <JobRedeemForm key={job.id} request={job} coupon={coupon} onDone={startOver} onCancel={startOver} onError={setProblem} />
            ) : null}
          </>
        )}
      </Stack>
      <CameraScanner opened={scanning} onClose={() => setScanning(false)} onDetected={onScanned} />
    </Paper>
  );
}
