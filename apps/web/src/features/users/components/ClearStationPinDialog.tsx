import type { User } from '@fleetfuel/contract';
import { ConfirmWriteDialog } from '@/components/ui/ConfirmDialog';
import { useClearStationPin } from '../api';

/** Confirms clearing an attendant's forgotten station PIN; they set a new one on their Account page. */
export function ClearStationPinDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const clear = useClearStationPin();
  return (
    <ConfirmWriteDialog
      record={user}
      write={clear}
      onClose={onClose}
      title="Clear station PIN"
      message={(u) =>
        `Clear the station PIN of ${u.name}? Until ${u.name} sets a new one under Account › Security, nobody can hand the station's shared phone to them.`
      }
      confirmLabel="Clear PIN"
    />
  );
}
