import { Paper, Text } from '@mantine/core';
import { PageHeader } from '../../components/ui/PageHeader';

export interface PlannedPageProps {
  title: string;
  /** What the page will hold, in the words of the spec's screen list. */
  upcoming: string;
}

/**
 * An area whose screen is not built yet. It says so plainly: no sample figures stand in for data
 * the product does not have.
 */
export function PlannedPage({ title, upcoming }: PlannedPageProps) {
  return (
    <>
      <PageHeader title={title} />
      <Paper withBorder radius="md" p="lg">
        <Text fw={500}>This page is not available yet.</Text>
        <Text c="dimmed" size="sm" mt={4}>
          It will show {upcoming}.
        </Text>
      </Paper>
    </>
  );
}
