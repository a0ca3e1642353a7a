import { useEffect, useState } from 'react';
import { Avatar, FileInput, Group } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { IMAGE_ACCEPT } from '@/lib/image-file';

export interface ImageUploadFieldProps {
  label: string;
  value: File | null;
  onChange: (file: File | null) => void;
  onBlur?: () => void;
  /** The image already stored, shown until another file is chosen. */
  currentUrl?: string | null;
  /** Initials shown when there is no image at all. */
  fallbackName?: string;
  error?: string | undefined;
  description?: string;
}

/** An image picker with a preview of the chosen file (or of the stored image). */
export function ImageUploadField({ label, value, onChange, onBlur, currentUrl, fallbackName, error, description }: ImageUploadFieldProps) {
  // The chosen file's object URL, made and revoked with the file: it pins the file in memory until revoked.
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);

  useEffect(() => {
    if (!value) return undefined;
    const url = URL.createObjectURL(value);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the URL is an external resource the effect owns and revokes; it cannot be made while rendering
    setPreview({ file: value, url });
    return () => URL.revokeObjectURL(url);
  }, [value]);

  // A preview of another file (or of none) is stale: the stored image shows until the new one is made.
  const shown = (value && preview?.file === value ? preview.url : null) ?? currentUrl ?? null;

  return (
    <Group align="flex-start" gap="md" wrap="nowrap">
      <Avatar src={shown} name={fallbackName} size={56} radius="md" color="teal" alt="" mt={24}>
        {!fallbackName && <IconPhoto size={24} aria-hidden />}
      </Avatar>
      <FileInput
        style={{ flex: 1, minWidth: 0 }}
        label={label}
        placeholder="Choose an image"
        description={description ?? 'PNG, JPEG, WebP or GIF, up to 10 MB'}
        accept={IMAGE_ACCEPT}
        clearable
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        error={error}
        leftSection={<IconPhoto size={16} aria-hidden />}
      />
    </Group>
  );
}
