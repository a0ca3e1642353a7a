import { useCallback, useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { toast, toastReply } from '@/lib/toast';

/** A dialog about one request. Its request outlives `opened`, so the dialog keeps its content while it closes. */
export interface RequestDialog<Request> {
  opened: boolean;
  request: Request | null;
  open: (request: Request) => void;
  close: () => void;
}

export function useRequestDialog<Request>(): RequestDialog<Request> {
  const [state, setState] = useState<{ opened: boolean; request: Request | null }>({ opened: false, request: null });
  const open = useCallback((request: Request) => setState({ opened: true, request }), []);
  const close = useCallback(() => setState((current) => ({ ...current, opened: false })), []);
  return { ...state, open, close };
}

export interface RequestDecisionCalls<Request> {
  /** Approves the request; resolves to the server's reply, whose message is the success toast. */
  approve: (request: Request) => Promise<{ message: string }>;
  /** Rejects the request with the note. */
  reject: (request: Request, note: string) => Promise<{ message: string }>;
  /** Whether each call is under way (its dialog's button spins). */
  pending: { approve: boolean; reject: boolean };
}

/**
 * Approving and rejecting a pending request, fuel or maintenance: the two dialogs, and their
 * confirmations. A confirmed decision toasts the server's message and closes its dialog; a refused
 * approval also keeps its reason in the dialog, beside the request it is about (the query client's
 * toast says it too), and a refused rejection leaves the dialog open.
 */
export function useRequestDecisions<Request>({ approve, reject, pending }: RequestDecisionCalls<Request>) {
  const approving = useRequestDialog<Request>();
  const rejecting = useRequestDialog<Request>();
  const [approveError, setApproveError] = useState<string | null>(null);
  const { open: openApproving } = approving;

  const startApprove = useCallback(
    (request: Request) => {
      setApproveError(null);
      openApproving(request);
    },
    [openApproving],
  );

  const confirmApprove = async () => {
    const request = approving.request;
    if (!request) return;
    try {
      const reply = await approve(request);
      toast.success(reply.message);
      approving.close();
    } catch (error) {
      setApproveError(errorMessage(error));
    }
  };

  const confirmReject = async (note: string) => {
    const request = rejecting.request;
    if (!request) return;
    if (await toastReply(reject(request, note))) rejecting.close();
  };

  return {
    approving,
    rejecting,
    startApprove,
    /** What `ApproveDialog` takes besides its title and content. */
    approveDialog: {
      opened: approving.opened,
      error: approveError,
      loading: pending.approve,
      onConfirm: () => void confirmApprove(),
      onCancel: approving.close,
    },
    /** What `RejectDialog` takes besides its title and message. */
    rejectDialog: {
      opened: rejecting.opened,
      loading: pending.reject,
      onConfirm: (note: string) => void confirmReject(note),
      onCancel: rejecting.close,
    },
  };
}
