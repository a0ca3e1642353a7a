import { Center, Loader } from '@mantine/core';
import { useHoldsPrerenderedDashboard } from '@/prerender/prerendered-dashboard';

/** The screen while a chunk of the app or a page downloads; it holds the prerendered Dashboard meanwhile. */
export function FullPageLoader({ label = 'Loading' }: { label?: string }) {
  useHoldsPrerenderedDashboard();
  return (
    <Center h="100dvh" role="status" aria-label={label}>
      <Loader />
    </Center>
  );
}
