import { FlagsPanel } from '@/features/flags';
import { OverridesWaiting } from '@/features/overrides';
import { FuelRequestDecision } from '@/features/requests';

/**
 * Issue 44's review queue: the overrides waiting at the pump on top, then the anomaly flags, with a
 * pending request's Approve and Reject in a flag's details.
 */
export function FlagsPage() {
  return (
    <FlagsPanel
      waiting={<OverridesWaiting />}
      requestActions={(flag) => <FuelRequestDecision key={flag.request.id} requestId={flag.request.id} />}
    />
  );
}
