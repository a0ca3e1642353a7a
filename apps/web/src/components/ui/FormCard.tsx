import type { FormEvent, ReactNode } from 'react';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';

export interface FormCardProps {
  /** The card's heading. */
  title: string;
  /** The form's accessible name. */
  formLabel: string;
  /** What the form changes, under the heading. */
  description: ReactNode;
  /** react-hook-form's `handleSubmit(...)`. */
  onSubmit: (event?: FormEvent) => Promise<void>;
  /** The submit button at the card's foot; omitted when the form is read only. */
  submit?: ReactNode;
  children: ReactNode;
}

/** A settings page's form in a card of its own: a heading and what it does, the fields, then its submit. */
export function FormCard({ title, formLabel, description, onSubmit, submit, children }: FormCardProps) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={formLabel}>
        <Stack gap="md">
          <div>
            <Title order={3} size="h4">
              {title}
            </Title>
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          </div>
          {children}
          {submit && <Group justify="flex-end">{submit}</Group>}
        </Stack>
      </form>
    </Paper>
  );
}
