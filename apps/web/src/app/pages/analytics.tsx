import { useSearchParams } from 'react-router';
import { AnalyticsView, readAnalyticsFilters, writeAnalyticsFilters } from '@/features/analytics';
import { useAuth } from '@/lib/auth';

/** /analytics?months=…&organizationId=…: the filters live in the address so that a link keeps them. */
export function AnalyticsPage() {
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const filters = readAnalyticsFilters(params, user?.role === 'ADMIN');
  return (
    <AnalyticsView
      filters={filters}
      onFiltersChange={(next) => setParams((current) => writeAnalyticsFilters(current, next), { replace: true })}
    />
  );
}
