import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { DriverFuelRequests, FuelTracking } from '@/features/requests';
import { useAuth } from '@/lib/auth';

const GENERATE_ACTION = 'generate-coupon';

/** Fuel Tracking; `?action=generate-coupon` opens the Generate Coupon modal (spec section 2). */
export function FuelPage() {
  const [params, setParams] = useSearchParams();
  const opened = params.get('action') === GENERATE_ACTION;

  const setAction = useCallback(
    (open: boolean) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (open) next.set('action', GENERATE_ACTION);
          else next.delete('action');
          return next;
        },
        { replace: !open },
      );
    },
    [setParams],
  );

  return <FuelTracking generateOpened={opened} onOpenGenerate={() => setAction(true)} onCloseGenerate={() => setAction(false)} />;
}

/**
 * /fuel/generate-coupon: a driver's request form with its own requests; a fleet manager's Fuel
 * Tracking with the Generate Coupon modal open.
 */
export function GenerateCouponPage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  if (!user) return null;
  if (user.role === 'DRIVER') return <DriverFuelRequests />;
  return (
    <FuelTracking
      generateOpened
      onOpenGenerate={() => undefined}
      onCloseGenerate={() => {
        void navigate('/fuel');
      }}
    />
  );
}
