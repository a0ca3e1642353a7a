import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { CAMERA_UNAVAILABLE, QR_READER_FAILED, cameraErrorMessage } from '../camera-errors';
import { loadQrDecoder, type QrDecoder } from '../qr/load';

export interface CameraScannerProps {
  opened: boolean;
  onClose: () => void;
  /** The text of the first QR code seen; the camera is stopped before this is called. */
  onDetected: (text: string) => void;
}

/** How often a video frame is looked at: often enough to feel instant, rarely enough to keep a phone cool. */
const SCAN_INTERVAL_MS = 250;

/** "Scan QR": the device camera (the back one on a phone) until a QR code is seen. */
export function CameraScanner({ opened, onClose, onDetected }: CameraScannerProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Scan QR" centered>
      {opened && <Scanner onClose={onClose} onDetected={onDetected} />}
    </Modal>
  );
}

function Scanner({ onClose, onDetected }: Omit<CameraScannerProps, 'opened'>) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const detectedRef = useRef(onDetected);
  const [error, setError] = useState<string | null>(null);
  const [scanning, setScanning] = useState(false);

  useEffect(() => {
    detectedRef.current = onDetected;
  }, [onDetected]);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer = 0;
    let stopped = false;
    const stop = () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };

    const start = async () => {
      if (typeof navigator.mediaDevices?.getUserMedia !== 'function') {
        setError(CAMERA_UNAVAILABLE);
        return;
      }
      let media: MediaStream;
      try {
        media = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
      } catch (cause) {
        if (!stopped) setError(cameraErrorMessage(cause));
        return;
      }
      if (stopped) {
        media.getTracks().forEach((track) => track.stop());
        return;
      }
      stream = media;
      let decodeQr: QrDecoder;
      try {
        decodeQr = await loadQrDecoder();
      } catch {
        stop();
        setError(QR_READER_FAILED);
        return;
      }
      const video = videoRef.current;
      if (stopped || !video) return;
      video.srcObject = media;
      try {
        await video.play();
      } catch (cause) {
        stop();
        setError(cameraErrorMessage(cause));
        return;
      }
      setScanning(true);

      const tick = async () => {
        if (stopped) return;
        if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
          const text = await decodeQr(video).catch(() => null);
          if (stopped) return;
          if (text) {
            stop();
            detectedRef.current(text);
            return;
          }
        }
        timer = window.setTimeout(() => void tick(), SCAN_INTERVAL_MS);
      };
      void tick();
    };

    void start();
    return stop;
  }, []);

  return (
    <Stack gap="md">
      {error ? (
        <Alert color="red" variant="light" title="Camera not available">
          {error}
        </Alert>
      ) : (
        <>
          <Box pos="relative" bg="dark.8" style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden', aspectRatio: '4 / 3' }}>
            <video
              ref={videoRef}
              muted
              playsInline
              aria-label="Camera view"
              style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
            />
            {!scanning && (
              <Group pos="absolute" inset={0} justify="center" align="center">
                <Loader color="white" size="sm" aria-label="Starting the camera" />
              </Group>
            )}
          </Box>
          <Text size="sm" c="dimmed">
            Hold the coupon's QR code steady in front of the camera.
          </Text>
        </>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {error ? 'Close' : 'Cancel'}
        </Button>
      </Group>
    </Stack>
  );
}
