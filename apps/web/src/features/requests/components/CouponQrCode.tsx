import { Box, Loader, Text } from '@mantine/core';
import { useEffect, useState } from 'react';

export interface CouponQrCodeProps {
  /** The signed payload from the request's reply (`qrPayload`). */
  payload: string;
  /** Rendered width and height in pixels. */
  size: number;
}

interface Matrix {
  size: number;
  dark: (x: number, y: number) => boolean;
}

/** Modules of white border the QR specification asks for, so a phone camera finds the code. */
const QUIET_ZONE = 4;

/**
 * The coupon's QR code drawn on screen from its signed payload, black on white for a scanner in
 * sunlight. The encoder loads only when a coupon is shown; the drawing is one SVG path, so it
 * stays sharp at any size.
 */
export function CouponQrCode({ payload, size }: CouponQrCodeProps) {
  // What the encoder made, and of which payload: another payload's code is not this one's.
  const [drawn, setDrawn] = useState<{ payload: string; matrix: Matrix | null; failed: boolean } | null>(null);

  useEffect(() => {
    let current = true;
    import('qrcode')
      .then(({ default: QRCode }) => {
        const { modules } = QRCode.create(payload, { errorCorrectionLevel: 'M' });
        if (current) setDrawn({ payload, matrix: { size: modules.size, dark: (x, y) => Boolean(modules.get(y, x)) }, failed: false });
      })
      .catch(() => current && setDrawn({ payload, matrix: null, failed: true }));
    return () => {
      current = false;
    };
  }, [payload]);

  const matrix = drawn?.payload === payload ? drawn.matrix : null;
  const failed = drawn?.payload === payload && drawn.failed;
  if (failed) return <Text c="red">The QR code could not be drawn; read out the coupon code instead.</Text>;
  if (!matrix) return <Loader aria-label="Drawing the QR code" />;

  const extent = matrix.size + QUIET_ZONE * 2;
  let path = '';
  for (let y = 0; y < matrix.size; y += 1) {
    for (let x = 0; x < matrix.size; x += 1) {
      if (matrix.dark(x, y)) path += `M${x + QUIET_ZONE} ${y + QUIET_ZONE}h1v1h-1z`;
    }
  }
  return (
    <Box component="figure" m={0} style={{ lineHeight: 0 }}>
      <svg
        role="img"
        aria-label="Coupon QR code"
        width={size}
        height={size}
        viewBox={`0 0 ${extent} ${extent}`}
        shapeRendering="crispEdges"
        style={{ background: '#fff', maxWidth: '100%', height: 'auto' }}
      >
        <rect width={extent} height={extent} fill="#fff" />
        <path d={path} fill="#000" />
      </svg>
    </Box>
  );
}
