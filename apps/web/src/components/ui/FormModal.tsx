import { Modal, type ModalProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/** Phones (below Mantine's `xs`, 576 px): a long form gets the whole screen rather than a cut-off card. */
const PHONE_QUERY = '(max-width: 36em)';

/** A modal for a long form: centred on wide screens, full screen on phones. */
export function FormModal(props: ModalProps) {
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  return <Modal centered size="lg" {...props} fullScreen={phone} />;
}
