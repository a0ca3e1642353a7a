import { useSearchParams } from 'react-router';
import { idSchema } from '@fleetfuel/contract';
import { RecordHistory } from '@/features/audit';
import { ASSET_TABS, AssetDetails, AssetsPanel, type AssetTab } from '@/features/fleet';

export function AssetsPage() {
  return <AssetsPanel />;
}

function asTab(value: string | null): AssetTab {
  return ASSET_TABS.find((tab) => tab === value) ?? 'details';
}

/** /assets/details?id=…&tab=…: the tab lives in the address so that a link can open it. */
export function AssetDetailsPage() {
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  // An address that names no valid id is as unknown as a missing asset; it never reaches the API.
  const validId = id !== null && idSchema.safeParse(id).success ? id : null;
  return (
    <AssetDetails
      id={validId}
      history={validId === null ? null : <RecordHistory entityType="vehicle" entityId={validId} />}
      tab={asTab(params.get('tab'))}
      onTabChange={(tab) =>
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            if (tab === 'details') next.delete('tab');
            else next.set('tab', tab);
            return next;
          },
          { replace: true },
        )
      }
    />
  );
}
