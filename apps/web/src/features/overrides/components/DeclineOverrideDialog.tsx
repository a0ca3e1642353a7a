import type { PolicyOverride } from '@fleetfuel/contract';
import { NoteDialog } from '@/components/ui/NoteDialog';

export interface DeclineOverrideDialogProps {
  /** The override being declined; null when the dialog is closed. */
  override: PolicyOverride | null;
  loading: boolean;
  onConfirm: (note: string) => void;
  onCancel: () => void;
}

/** Declining asks for an optional note, which the attendant reads at the pump. */
export function DeclineOverrideDialog({ override, ...actions }: DeclineOverrideDialogProps) {
  const plate = override && (override.vehicle.plateNumber ?? `${override.vehicle.make} ${override.vehicle.model}`);
  return (
    <NoteDialog
      {...actions}
      opened={override !== null}
      title="Decline this fill"
      message={
        override &&
        `${plate} at ${override.station.name} will not get ${override.dispensedVolume} L. The attendant may dispense less and try again.`
      }
      noteDescription="The attendant sees it at the pump."
      noteMax={300}
      confirmLabel="Decline"
    />
  );
}
