import { useCallback, useMemo, useState } from 'react';
import { Text } from '@mantine/core';
import { toast } from 'react-toastify';
import { hasPermission, type FuelRequest, type Role } from '@fleetfuel/contract';
import { errorMessage } from '@/lib/api-client';
import { formatCalendarDate, formatCurrency, formatVolume } from '@/lib/format';
import { useApproveFuelRequest, useDocumentDownload, useOrganizationApprovalRules, useRejectFuelRequest, useStationOptions } from './api';
import { estimatedCost, priceLabel, vehicleName } from './request-labels';
import { ApproveDialog } from '@/components/ui/ApproveDialog';
import { CouponCodeModal } from './components/CouponCodeModal';
import { FuelRequestDetails } from './components/FuelRequestDetails';
import type { FuelRequestActions } from './components/FuelRequestsTable';
import { RejectDialog } from './components/RejectDialog';

/** A dialog's subject outlives `opened`, so the dialog keeps its content while it closes. */
interface Dialog {
  opened: boolean;
  request: FuelRequest | null;
}
const closed: Dialog = { opened: false, request: null };

/**
 * The actions of a fuel request row and the dialogs they open: view, approve, reject, download the
 * coupon and show its code. Returns the table's action set and the dialogs to render once.
 */
export function useFuelRequestActions(role: Role, showOrganization: boolean) {
  const canApprove = hasPermission(role, 'requests.approve');
  const canCoupon = hasPermission(role, 'coupons.download');
  const [viewing, setViewing] = useState<Dialog>(closed);
  const [approving, setApproving] = useState<Dialog>(closed);
  const [rejecting, setRejecting] = useState<Dialog>(closed);
  const [showing, setShowing] = useState<Dialog>(closed);
  const [approveError, setApproveError] = useState<string | null>(null);
  const [approveNote, setApproveNote] = useState('');
  const approve = useApproveFuelRequest();
  const reject = useRejectFuelRequest();
  const download = useDocumentDownload();
  const stations = useStationOptions(canApprove);
  const approvalRules = useOrganizationApprovalRules(canApprove);

  const { mutate: downloadDocument } = download;
  const onDownload = useCallback((request: FuelRequest) => downloadDocument({ kind: 'fuel', id: request.id }), [downloadDocument]);

  const actions = useMemo<FuelRequestActions>(
    () => ({
      canApprove,
      canCoupon,
      onView: (request) => setViewing({ opened: true, request }),
      onApprove: (request) => {
        setApproveError(null);
        setApproveNote('');
        setApproving({ opened: true, request });
      },
      onReject: (request) => setRejecting({ opened: true, request }),
      onDownload,
      onShowCode: (request) => setShowing({ opened: true, request }),
      downloadingId: download.isPending ? (download.variables?.id ?? null) : null,
    }),
    [canApprove, canCoupon, onDownload, download.isPending, download.variables],
  );

  const confirmApprove = async () => {
    const request = approving.request;
    if (!request) return;
    try {
      // The note is asked for only beside flags; an unflagged request is approved without one.
      const reply = await approve.mutateAsync({ id: request.id, note: request.flags.length > 0 ? approveNote.trim() : '' });
      toast.success(reply.message);
      setApproving((current) => ({ ...current, opened: false }));
    } catch (error) {
      // The toast says it too; the dialog keeps the reason beside the request it is about.
      setApproveError(errorMessage(error));
    }
  };

  const confirmReject = async (note: string) => {
    const request = rejecting.request;
    if (!request) return;
    const reply = await reject.mutateAsync({ id: request.id, note }).catch(() => null);
    if (!reply) return;
    toast.success(reply.message);
    setRejecting((current) => ({ ...current, opened: false }));
  };

  const approvingRequest = approving.request;
  const station = approvingRequest ? stations.data?.stations.find((s) => s.id === approvingRequest.station.id) : undefined;
  const price = approvingRequest ? station?.prices.find((p) => p.fuelType === approvingRequest.fuelType) : undefined;

  const dialogs = (
    <>
      <FuelRequestDetails
        request={viewing.request}
        opened={viewing.opened}
        onClose={() => setViewing((current) => ({ ...current, opened: false }))}
        showOrganization={showOrganization}
        canCoupon={canCoupon}
        onDownload={onDownload}
        downloading={download.isPending}
      />
      <CouponCodeModal
        request={showing.request}
        opened={showing.opened}
        onClose={() => setShowing((current) => ({ ...current, opened: false }))}
        onDownload={onDownload}
        downloading={download.isPending}
      />
      <ApproveDialog
        opened={approving.opened}
        title="Approve fuel request"
        flags={approvingRequest?.flags ?? []}
        note={{
          value: approveNote,
          onChange: setApproveNote,
          // Until the settings arrive the server's rule stands; its refusal shows in the dialog.
          required: approvalRules.data?.requireNoteForFlaggedApproval ?? false,
        }}
        error={approveError}
        loading={approve.isPending}
        onConfirm={() => void confirmApprove()}
        onCancel={() => setApproving((current) => ({ ...current, opened: false }))}
      >
        {approvingRequest && (
          <>
            <Text size="sm">
              Approve {formatVolume(approvingRequest.volume, approvingRequest.unit)} of {approvingRequest.fuelType} for{' '}
              <strong>{vehicleName(approvingRequest.vehicle)}</strong> at {approvingRequest.station.name}, supply date{' '}
              {formatCalendarDate(approvingRequest.supplyDate)}?
            </Text>
            <Text size="sm" c="dimmed">
              {price
                ? `At the station's current price (${priceLabel(price)}) about ${formatCurrency(estimatedCost(approvingRequest.volume, price))} is held on the wallet until the coupon is redeemed.`
                : "The cost at the station's price is held on the wallet until the coupon is redeemed."}
            </Text>
          </>
        )}
      </ApproveDialog>
      <RejectDialog
        opened={rejecting.opened}
        title="Reject fuel request"
        message={
          rejecting.request && (
            <>
              Reject {formatVolume(rejecting.request.volume, rejecting.request.unit)} of {rejecting.request.fuelType} for{' '}
              <strong>{vehicleName(rejecting.request.vehicle)}</strong>, requested by {rejecting.request.requestedBy.name}?
            </>
          )
        }
        loading={reject.isPending}
        onConfirm={(note) => void confirmReject(note)}
        onCancel={() => setRejecting((current) => ({ ...current, opened: false }))}
      />
    </>
  );

  return { actions, dialogs };
}
