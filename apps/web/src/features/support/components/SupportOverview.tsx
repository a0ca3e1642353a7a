import { Accordion, Anchor, Grid, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClock, IconMail, IconPhone } from '@tabler/icons-react';
import type { Role } from '@fleetfuel/contract';
import { useSupportContact } from '../api';
import { faqFor } from '../faq';

/** The common questions for the caller's role, and how to reach the FleetFuel team. */
export function SupportOverview({ role }: { role: Role }) {
  const entries = faqFor(role);
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} h="100%">
          <Title order={3} size="h4" mb="sm">
            Common questions
          </Title>
          <Accordion variant="separated" radius="md">
            {entries.map((entry) => (
              <Accordion.Item key={entry.question} value={entry.question}>
                <Accordion.Control>
                  <Text fw={500} size="sm">
                    {entry.question}
                  </Text>
                </Accordion.Control>
                <Accordion.Panel>
                  <Text size="sm" c="dimmed">
                    {entry.answer}
                  </Text>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <ContactCard />
      </Grid.Col>
    </Grid>
  );
}

function ContactCard() {
  const contact = useSupportContact();
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} h="100%">
      <Title order={3} size="h4" mb="sm">
        Contact us
      </Title>
      {contact.isPending && <Skeleton height={96} radius="md" />}
      {contact.data && (
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" color="teal" radius="md" size={36}>
              <IconMail size={18} aria-hidden />
            </ThemeIcon>
            <div style={{ minWidth: 0 }}>
              <Text size="xs" c="dimmed">
                Email
              </Text>
              <Anchor href={`mailto:${contact.data.email}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {contact.data.email}
              </Anchor>
            </div>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" color="teal" radius="md" size={36}>
              <IconPhone size={18} aria-hidden />
            </ThemeIcon>
            <div>
              <Text size="xs" c="dimmed">
                Phone
              </Text>
              <Anchor href={`tel:${contact.data.phone.replace(/\s/g, '')}`} size="sm">
                {contact.data.phone}
              </Anchor>
            </div>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" color="teal" radius="md" size={36}>
              <IconClock size={18} aria-hidden />
            </ThemeIcon>
            <div>
              <Text size="xs" c="dimmed">
                Hours
              </Text>
              <Text size="sm">{contact.data.hours}</Text>
            </div>
          </Group>
        </Stack>
      )}
    </Paper>
  );
}
