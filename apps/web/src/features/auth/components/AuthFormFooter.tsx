import { Anchor, Center } from '@mantine/core';
import type { Control, FieldValues } from 'react-hook-form';
import { Link } from 'react-router';
import { SubmitButton } from '@/components/ui/FormFields';

/** The foot of the password forms (forgot, reset): Continue, ready once the form is valid, and the way back to sign in. */
export function AuthFormFooter<T extends FieldValues>({ control }: { control: Control<T> }) {
  return (
    <>
      <SubmitButton control={control} fullWidth>
        Continue
      </SubmitButton>
      <Center>
        <Anchor component={Link} to="/login" size="sm">
          Back to Login
        </Anchor>
      </Center>
    </>
  );
}
