import { FlagsPanel } from '@/features/flags';
import { FuelRequestDecision } from '@/features/requests';

/** Issue 44's review queue: the anomaly flags, with a pending request's Approve and Reject in a flag's details. */
export function FlagsPage() {
  return <FlagsPanel requestActions={(flag) => <FuelRequestDecision key={flag.request.id} requestId={flag.request.id} />} />;
}
