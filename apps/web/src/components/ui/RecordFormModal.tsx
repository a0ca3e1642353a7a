import type { ComponentType } from 'react';
import { Modal, type ModalProps } from '@mantine/core';
import { FormModal } from './FormModal';

export type RecordFormMode = 'create' | 'edit';

/** What the form inside a RecordFormModal is given. */
export interface RecordFormProps<Record> {
  mode: RecordFormMode;
  /** The record being edited; null when adding one. */
  record: Record | null;
  /** Closes the modal: after a save, or on Cancel. */
  onDone: () => void;
}

export interface RecordFormModalProps<Record extends { id: string }> {
  opened: boolean;
  onClose: () => void;
  /** The record being edited; absent when adding one. */
  record?: Record | null;
  titles: { create: string; edit: string };
  Form: ComponentType<RecordFormProps<Record>>;
  /** A short form sits in a plain centred dialog; a long one (the default) in FormModal, full screen on phones. */
  short?: boolean;
  size?: ModalProps['size'];
}

/** What opens one registry's add/edit modal; its titles and form are the registry's own. */
export type RecordModalProps<Record extends { id: string }> = Pick<RecordFormModalProps<Record>, 'opened' | 'onClose' | 'record'>;

/** The add/edit modal of a registry record: the title follows the mode, and each opening starts a fresh form. */
export function RecordFormModal<Record extends { id: string }>({
  opened,
  onClose,
  record,
  titles,
  Form,
  short,
  size,
}: RecordFormModalProps<Record>) {
  const mode: RecordFormMode = record ? 'edit' : 'create';
  const title = mode === 'create' ? titles.create : titles.edit;
  // Keyed so that each opening starts from the record it is about.
  const form = opened && <Form key={record?.id ?? 'new'} mode={mode} record={record ?? null} onDone={onClose} />;
  if (short) {
    return (
      <Modal opened={opened} onClose={onClose} title={title} centered>
        {form}
      </Modal>
    );
  }
  return (
    <FormModal opened={opened} onClose={onClose} title={title} {...(size ? { size } : {})}>
      {form}
    </FormModal>
  );
}
