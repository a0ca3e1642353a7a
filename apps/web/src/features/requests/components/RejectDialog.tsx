import type { ReactNode } from 'react';
import { NoteDialog } from '@/components/ui/NoteDialog';

export interface RejectDialogProps {
  opened: boolean;
  title: string;
  /** What is being rejected, in a sentence. */
  message: ReactNode;
  loading: boolean;
  onConfirm: (note: string) => void;
  onCancel: () => void;
}

/** Rejecting asks for an optional note, which the requester reads with the request. */
export function RejectDialog(props: RejectDialogProps) {
  return (
    <NoteDialog {...props} noteDescription="Why the request is rejected; the requester sees it." noteMax={500} confirmLabel="Reject" />
  );
}
