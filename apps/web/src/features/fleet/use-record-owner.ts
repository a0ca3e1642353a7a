import { useEffect, useRef } from 'react';
import { useWatch, type Control, type FieldValues, type Path, type PathValue, type UseFormSetValue } from 'react-hook-form';
import type { RecordFormMode } from '@/components/ui/RecordFormModal';
import { useAuth } from '@/lib/auth';
import { useOrganizationChoices } from '@/lib/organization-options';

/**
 * Whether a fleet form names the client of its record: the platform admin does for a new asset,
 * driver or group (from `organizations`); an edited record keeps its own, and everyone else's is theirs.
 */
export function useOrganizationChoice(mode: RecordFormMode) {
  const { user: me } = useAuth();
  const chooseOrganization = mode === 'create' && me?.role === 'ADMIN';
  const organizations = useOrganizationChoices(chooseOrganization);
  return { chooseOrganization, organizations };
}

interface RecordOwnerOptions<T extends FieldValues> {
  record: { organizationId: string | null } | null;
  chooseOrganization: boolean;
  control: Control<T>;
  setValue: UseFormSetValue<T>;
  /** The choices that belong to one client (its groups, its drivers): a change of client clears them. */
  dependents: readonly Path<T>[];
}

/**
 * The client whose groups and drivers a fleet form offers: the edited record's, or the one chosen
 * (`ownerKnown` is false until the platform admin has chosen one). Another client's groups and
 * drivers are not this one's, so a change of client clears the `dependents`.
 */
export function useRecordOwner<T extends FieldValues & { organizationId: string }>({
  record,
  chooseOrganization,
  control,
  setValue,
  dependents,
}: RecordOwnerOptions<T>) {
  const organizationId = useWatch({ control, name: 'organizationId' as Path<T> }) as string;
  const previousOrganization = useRef(organizationId);
  useEffect(() => {
    if (previousOrganization.current === organizationId) return;
    previousOrganization.current = organizationId;
    for (const field of dependents) setValue(field, '' as PathValue<T, Path<T>>, { shouldValidate: true });
  }, [organizationId, setValue, dependents]);
  const ownerId = record?.organizationId ?? (chooseOrganization ? organizationId : undefined);
  return { ownerId: ownerId || undefined, ownerKnown: !chooseOrganization || organizationId !== '' };
}
