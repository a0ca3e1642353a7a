import { useCallback, useMemo, useState } from 'react';
import { Text } from '@mantine/core';
import { hasPermission, type FuelRequest, type Role } from '@fleetfuel/contract';
import { formatCalendarDate, formatCurrency, formatVolume } from '@/lib/format';
import { useApproveFuelRequest, useDocumentDownload, useOrganizationApprovalRules, useRejectFuelRequest, useStationOptions } from './api';
import { estimatedCost, priceLabel, vehicleName } from './request-labels';
import { ApproveDialog } from '@/components/ui/ApproveDialog';
import { CouponCodeModal } from './components/CouponCodeModal';
import { FuelRequestDetails } from './components/FuelRequestDetails';
import type { FuelRequestActions } from './components/FuelRequestsTable';
import { RejectDialog } from './components/RejectDialog';
import { useRequestDecisions, useRequestDialog } from './use-request-decisions';

/**
 * The actions of a fuel request row and the dialogs they open: view, approve, reject, download the
 * coupon and show its code. Returns the table's action set and the dialogs to render once.
 */
export function useFuelRequestActions(role: Role, showOrganization: boolean) {
  const canApprove = hasPermission(role, 'requests.approve');
  const canCoupon = hasPermission(role, 'coupons.download');
  const viewing = useRequestDialog<FuelRequest>();
  const showing = useRequestDialog<FuelRequest>();
  const [approveNote, setApproveNote] = useState('');
  const approve = useApproveFuelRequest();
  const reject = useRejectFuelRequest();
  const { approving, rejecting, startApprove, approveDialog, rejectDialog } = useRequestDecisions<FuelRequest>({
    // The note is asked for only beside flags; an unflagged request is approved without one.
    approve: (request) => approve.mutateAsync({ id: request.id, note: request.flags.length > 0 ? approveNote.trim() : '' }),
    reject: (request, note) => reject.mutateAsync({ id: request.id, note }),
    pending: { approve: approve.isPending, reject: reject.isPending },
  });
  const { open: openViewing } = viewing;
  const { open: openRejecting } = rejecting;
  const { open: openShowing } = showing;
  const download = useDocumentDownload();
  const stations = useStationOptions(canApprove);
  const approvalRules = useOrganizationApprovalRules(canApprove);

  const { mutate: downloadDocument } = download;
  const onDownload = useCallback((request: FuelRequest) => downloadDocument({ kind: 'fuel', id: request.id }), [downloadDocument]);

  const actions = useMemo<FuelRequestActions>(
    () => ({
      canApprove,
      canCoupon,
      onView: openViewing,
      onApprove: (request) => {
        setApproveNote('');
        startApprove(request);
      },
      onReject: openRejecting,
      onDownload,
      onShowCode: openShowing,
      downloadingId: download.isPending ? (download.variables?.id ?? null) : null,
    }),
    [canApprove, canCoupon, openViewing, startApprove, openRejecting, onDownload, openShowing, download.isPending, download.variables],
  );

  const approvingRequest = approving.request;
  const station = approvingRequest ? stations.data?.stations.find((s) => s.id === approvingRequest.station.id) : undefined;
  const price = approvingRequest ? station?.prices.find((p) => p.fuelType === approvingRequest.fuelType) : undefined;

  const dialogs = (
    <>
      <FuelRequestDetails
        request={viewing.request}
        opened={viewing.opened}
        onClose={viewing.close}
        showOrganization={showOrganization}
        canCoupon={canCoupon}
        onDownload={onDownload}
        downloading={download.isPending}
      />
      <CouponCodeModal
        request={showing.request}
        opened={showing.opened}
        onClose={showing.close}
        onDownload={onDownload}
        downloading={download.isPending}
      />
      <ApproveDialog
        {...approveDialog}
        title="Approve fuel request"
        flags={approvingRequest?.flags ?? []}
        note={{
          value: approveNote,
          onChange: setApproveNote,
          // Until the settings arrive the server's rule stands; its refusal shows in the dialog.
          required: approvalRules.data?.requireNoteForFlaggedApproval ?? false,
        }}
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
        {...rejectDialog}
        title="Reject fuel request"
        message={
          rejecting.request && (
            <>
              Reject {formatVolume(rejecting.request.volume, rejecting.request.unit)} of {rejecting.request.fuelType} for{' '}
              <strong>{vehicleName(rejecting.request.vehicle)}</strong>, requested by {rejecting.request.requestedBy.name}?
            </>
          )
        }
      />
    </>
  );

  return { actions, dialogs };
}
