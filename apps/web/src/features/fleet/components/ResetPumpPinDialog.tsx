import type { Driver } from '@fleetfuel/contract';
import { ConfirmWriteDialog } from '@/components/ui/ConfirmDialog';
import { useResetPumpPin } from '../api';

/** Confirms resetting a driver's pump PIN (a forgotten or exposed PIN); the driver then sets a new one. */
export function ResetPumpPinDialog({ driver, onClose }: { driver: Driver | null; onClose: () => void }) {
  const reset = useResetPumpPin();
  return (
    <ConfirmWriteDialog
      record={driver}
      write={reset}
      onClose={onClose}
      title="Reset pump PIN"
      message={(d) =>
        `Reset the pump PIN of ${d.name}? Until ${d.name} sets a new PIN on the Account page, the station texts a one-time code to confirm fuel.`
      }
      confirmLabel="Reset PIN"
    />
  );
}
