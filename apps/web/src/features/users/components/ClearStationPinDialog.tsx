import type { User } from '@fleetfuel/contract';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { toastReply } from '@/lib/toast';
import { useClearStationPin } from '../api';

/** Confirms clearing an attendant's forgotten station PIN; they set a new one on their Account page. */
export function ClearStationPinDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const clear = useClearStationPin();

  const confirm = async () => {
    if (!user) return;
    // A refusal reaches the user as the query client's error toast, and the dialog stays open.
    if (!(await toastReply(clear.mutateAsync(user.id)))) return;
    onClose();
  };

  return (
    <ConfirmDialog
      opened={user !== null}
      title="Clear station PIN"
      message={
        user
          ? `Clear the station PIN of ${user.name}? Until ${user.name} sets a new one under Account › Security, nobody can hand the station's shared phone to them.`
          : ''
      }
      confirmLabel="Clear PIN"
      loading={clear.isPending}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}
