import { useState } from 'react';
import { Divider, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/lib/toast';
import { ROLE_LABELS, type SessionUser } from '@fleetfuel/contract';
import { FormCard } from '@/components/ui/FormCard';
import { useResettingForm } from '@/lib/resetting-form';
import { ImageUploadField } from '@/components/ui/ImageUploadField';
import { PasswordField, SelectField, SubmitButton, TextField } from '@/components/ui/FormFields';
import { imageFileError } from '@/lib/image-file';
import { useAuth } from '@/lib/auth';
import { useChangeEmail, useUpdateProfile } from '../api';
import { LANGUAGE_OPTIONS, emailFormSchema, profileFormSchema, profileToForm, toProfileFormData } from '../account-forms';
import { showFieldError } from '@/lib/form-errors';

/** General tab: the user's own name, phone, title, language and picture, and the e-mail in a form of its own. */
export function ProfileForm({ user }: { user: SessionUser }) {
  return (
    <Stack gap="lg">
      <ProfileDetails key={`${user.id}:${user.imageUrl ?? ''}`} user={user} />
      <EmailForm user={user} />
    </Stack>
  );
}

function ProfileDetails({ user }: { user: SessionUser }) {
  const { replaceUser } = useAuth();
  const updateProfile = useUpdateProfile();
  const [image, setImage] = useState<File | null>(null);
  const imageError = imageFileError(image);
  const { control, handleSubmit, reset, setError, getValues, formState } = useForm({
    resolver: zodResolver(profileFormSchema),
    mode: 'all',
    defaultValues: profileToForm(user),
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const reply = await updateProfile.mutateAsync(toProfileFormData(values, image));
      replaceUser(reply.user);
      reset(profileToForm(reply.user));
      setImage(null);
      toast.success(reply.message);
    } catch (error) {
      showFieldError(error, getValues(), setError);
    }
  });

  return (
    <FormCard
      title="Profile"
      formLabel="Profile"
      description={
        <>
          {ROLE_LABELS[user.role]}
          {user.organization ? ` · ${user.organization.name}` : ''}
          {user.fuelStation ? ` · ${user.fuelStation.name}` : ''}
        </>
      }
      onSubmit={onSubmit}
      submit={
        <SubmitButton control={control} disabled={imageError !== null || (!formState.isDirty && image === null)}>
          Save Profile
        </SubmitButton>
      }
    >
      <ImageUploadField
        label="Profile picture"
        value={image}
        onChange={setImage}
        currentUrl={user.imageUrl}
        fallbackName={user.name}
        error={imageError ?? undefined}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextField control={control} name="name" label="Name" withAsterisk autoComplete="name" />
        <TextField control={control} name="title" label="Title" placeholder="e.g. Fleet Manager" autoComplete="organization-title" />
        <TextField control={control} name="phone" type="tel" label="Phone" placeholder="0803 123 4567" autoComplete="tel" />
        <SelectField
          control={control}
          name="language"
          label="Language"
          description="Your texts, e-mails, coupons and USSD menu come in this language"
          options={LANGUAGE_OPTIONS}
        />
      </SimpleGrid>
    </FormCard>
  );
}

function EmailForm({ user }: { user: SessionUser }) {
  const { replaceUser } = useAuth();
  const changeEmail = useChangeEmail();
  const { control, onSubmit } = useResettingForm({
    schema: emailFormSchema,
    empty: { email: '', currentPassword: '' },
    save: async (values) => {
      const reply = await changeEmail.mutateAsync(values);
      replaceUser(reply.user);
      return reply.message;
    },
  });

  return (
    <FormCard
      title="Email address"
      formLabel="Email address"
      description="You sign in with this address. Confirm the change with your current password."
      onSubmit={onSubmit}
      submit={<SubmitButton control={control}>Change Email</SubmitButton>}
    >
      <TextInput label="Current email" value={user.email ?? 'None'} readOnly variant="filled" />
      <Divider />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextField control={control} name="email" type="email" label="New email" withAsterisk autoComplete="email" />
        <PasswordField control={control} name="currentPassword" label="Current password" withAsterisk autoComplete="current-password" />
      </SimpleGrid>
    </FormCard>
  );
}
