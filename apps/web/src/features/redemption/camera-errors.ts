/** What went wrong with the camera, in words a station attendant can act on. */

const CAMERA_ALTERNATIVE = 'Type the code or choose a QR image instead.';

export function cameraErrorMessage(error: unknown): string {
  const name = error instanceof Error || (typeof DOMException !== 'undefined' && error instanceof DOMException) ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return `Camera access was denied. Allow the camera for this site in the browser's settings, or ${lowerFirst(CAMERA_ALTERNATIVE)}`;
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return `No camera was found on this device. ${CAMERA_ALTERNATIVE}`;
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return `The camera could not be started; another app may be using it. ${CAMERA_ALTERNATIVE}`;
    default:
      return `The camera could not be used. ${CAMERA_ALTERNATIVE}`;
  }
}

/** Browsers offer the camera only to secure pages (https or localhost). */
export const CAMERA_UNAVAILABLE = `The camera is not available in this browser or on this connection (it needs a secure https page). ${CAMERA_ALTERNATIVE}`;

export const QR_READER_FAILED = 'The QR reader could not be started in this browser. Type the code instead.';

export const NO_QR_IN_IMAGE = 'No QR code was found in this image. Choose a sharper picture of the coupon, or type the code.';

export const NOT_A_COUPON = 'This QR code is not a FleetFuel coupon.';

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
