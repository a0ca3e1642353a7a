import { toastReply } from '@/lib/toast';
import type { Driver } from '@fleetfuel/contract';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { useResetPumpPin } from '../api';

/** Confirms resetting a driver's pump PIN (a forgotten or exposed PIN); the driver then sets a new one. */
export function ResetPumpPinDialog({ driver, onClose }: { driver: Driver | null; onClose: () => void }) {
  const reset = useResetPumpPin();

  const confirm = async () => {
    if (!driver) return;
    // A refusal reaches the user as the query client's error toast, and the dialog stays open.
    if (!(await toastReply(reset.mutateAsync(driver.id)))) return;
    onClose();
  };

  return (
    <ConfirmDialog
      opened={driver !== null}
      title="Reset pump PIN"
      message={
        driver
          ? `Reset the pump PIN of ${driver.name}? Until ${driver.name} sets a new PIN on the Account page, the station texts a one-time code to confirm fuel.`
          : ''
      }
      confirmLabel="Reset PIN"
      loading={reset.isPending}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}
