import { Center, Loader, Stack } from '@mantine/core';
import { useHoldsPrerenderedDashboard } from '@/prerender/prerendered-dashboard';
import { Wordmark } from './Wordmark';

/**
 * The screen while a stored session is restored: the product's name over a loader. index.html draws
 * the same markup, rendered at build time (src/prerender), from the moment the page arrives until
 * the app's code has run, so a phone on a slow network shows FleetFuel at once instead of a blank
 * page for seconds (issue 16).
 */
export function SessionLoader() {
  useHoldsPrerenderedDashboard();
  return (
    <Center h="100dvh" role="status" aria-label="Loading your session">
      <Stack align="center" gap="xl">
        <Wordmark size="lg" />
        <Loader />
      </Stack>
    </Center>
  );
}
