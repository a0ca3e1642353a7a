import { FileInput } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { DOCUMENT_ACCEPT } from '../document-file';

export interface DocumentUploadFieldProps {
  label: string;
  value: File | null;
  onChange: (file: File | null) => void;
  error?: string | null;
  description?: string;
}

/** A file picker for a policy document: a PDF or an image. */
export function DocumentUploadField({ label, value, onChange, error, description }: DocumentUploadFieldProps) {
  return (
    <FileInput
      label={label}
      description={description ?? 'PDF or image (PNG, JPEG, WebP, GIF), up to 10 MB'}
      placeholder="Choose a file"
      accept={DOCUMENT_ACCEPT}
      clearable
      value={value}
      onChange={onChange}
      error={error}
      leftSection={<IconPaperclip size={16} aria-hidden />}
    />
  );
}
