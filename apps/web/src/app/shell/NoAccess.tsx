import { ThemeIcon } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { PageNotice } from './PageNotice';

export function NoAccess() {
  return (
    <PageNotice
      title="You do not have access to this page"
      icon={
        <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden>
          <IconLock size={26} />
        </ThemeIcon>
      }
    >
      Your role does not include this part of FleetFuel. If you need it, ask your administrator.
    </PageNotice>
  );
}
