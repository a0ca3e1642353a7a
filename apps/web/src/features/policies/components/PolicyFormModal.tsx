import { NativeSelect, Radio, Stack } from '@mantine/core';
// The enforcement radios' sheet: no other screen uses radios, so it comes with this one (app/shell/signed-in-styles.ts).
import '@mantine/core/styles/Radio.css';
import { useController, useFormState, useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import { POLICY_ENFORCEMENTS, type FuelPolicyView } from '@fleetfuel/contract';
import { FormActions, SELECT_PLACEHOLDER, SelectField } from '@/components/ui/FormFields';
import { RecordFormModal, type RecordFormProps, type RecordModalProps } from '@/components/ui/RecordFormModal';
import { useRecordForm } from '@/lib/record-form';
import { useCreatePolicy, useDriverChoices, useGroupChoices, useUpdatePolicy, useVehicleChoices } from '../api';
import { ENFORCEMENT_DESCRIPTIONS, ENFORCEMENT_LABELS, RULE_OPTIONS, SCOPE_LABELS, SCOPE_OPTIONS } from '../policy-labels';
import {
  emptyPolicyForm,
  isRecordScope,
  namingFormField,
  policyFormSchema,
  policyToForm,
  toPolicyBody,
  valueKind,
  type PolicyFormValues,
} from '../policy-form';
import { PolicyValueField } from './PolicyValueField';

const TITLES = { create: 'Add Fuel Policy', edit: 'Edit Fuel Policy' };

export function PolicyFormModal(props: RecordModalProps<FuelPolicyView>) {
  return <RecordFormModal {...props} titles={TITLES} Form={PolicyForm} />;
}

/** A field's visible error, as FormFields show it: once touched, or once a submit was tried. */
function useChoice(control: Control<PolicyFormValues>, name: 'enforcement' | 'scopeType') {
  const { field, fieldState } = useController({ control, name });
  const { isSubmitted } = useFormState({ control });
  return {
    ref: field.ref,
    name: field.name,
    value: field.value,
    /** A choice is made at once: it counts as touched. */
    choose: (value: string) => {
      field.onChange(value);
      field.onBlur();
    },
    onBlur: field.onBlur,
    error: fieldState.isTouched || isSubmitted ? fieldState.error?.message : undefined,
  };
}

function EnforcementField({ control }: { control: Control<PolicyFormValues> }) {
  const { value, choose, error } = useChoice(control, 'enforcement');
  return (
    <Radio.Group label="When the rule is broken" withAsterisk value={value} onChange={choose} error={error}>
      <Stack gap="sm" mt="xs">
        {POLICY_ENFORCEMENTS.map((enforcement) => (
          <Radio
            key={enforcement}
            value={enforcement}
            label={ENFORCEMENT_LABELS[enforcement]}
            description={ENFORCEMENT_DESCRIPTIONS[enforcement]}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}

/** Who the policy applies to; choosing another kind of scope clears the record chosen for the last one. */
function ScopeTypeField({ control, setValue }: { control: Control<PolicyFormValues>; setValue: UseFormSetValue<PolicyFormValues> }) {
  const { ref, name, value, choose, onBlur, error } = useChoice(control, 'scopeType');
  return (
    <NativeSelect
      ref={ref}
      name={name}
      label="Applies to"
      withAsterisk
      value={value}
      onChange={(event) => {
        choose(event.currentTarget.value);
        setValue('scopeId', '', { shouldValidate: true });
      }}
      onBlur={onBlur}
      error={error}
      data={[{ value: '', label: SELECT_PLACEHOLDER }, ...SCOPE_OPTIONS]}
    />
  );
}

/** The group, driver or vehicle of the policy; an edited policy's own keeps its name if it is not among the first 100. */
function ScopeRecordField({ control, policy }: { control: Control<PolicyFormValues>; policy: FuelPolicyView | null }) {
  const scopeType = useWatch({ control, name: 'scopeType' });
  const groups = useGroupChoices(scopeType === 'GROUP');
  const drivers = useDriverChoices(scopeType === 'DRIVER');
  const vehicles = useVehicleChoices(scopeType === 'VEHICLE');
  if (!isRecordScope(scopeType)) return null;
  const choices = {
    GROUP: { query: groups, options: groups.data?.data.map((group) => ({ value: group.id, label: group.name })) },
    DRIVER: { query: drivers, options: drivers.data?.data.map((driver) => ({ value: driver.id, label: driver.name })) },
    VEHICLE: {
      query: vehicles,
      options: vehicles.data?.data.map((vehicle) => ({
        value: vehicle.id,
        label: vehicle.plateNumber ?? `${vehicle.make} ${vehicle.model}`,
      })),
    },
  }[scopeType];
  const options = choices.options ?? [];
  const own =
    policy?.scope.type === scopeType && policy.scope.id !== null ? { value: policy.scope.id, label: policy.scope.name ?? '' } : null;
  const all = own && !options.some((option) => option.value === own.value) ? [own, ...options] : options;
  return (
    <SelectField
      control={control}
      name="scopeId"
      label={SCOPE_LABELS[scopeType]}
      withAsterisk
      options={all}
      disabled={choices.query.isPending}
    />
  );
}

function PolicyForm({ mode, record: policy, onDone }: RecordFormProps<FuelPolicyView>) {
  const createPolicy = useCreatePolicy();
  const updatePolicy = useUpdatePolicy();
  const { control, onSubmit, setValue } = useRecordForm({
    mode,
    record: policy,
    onDone,
    schema: policyFormSchema,
    toForm: policyToForm,
    empty: emptyPolicyForm,
    create: async (values) => {
      const reply = await createPolicy.mutateAsync(toPolicyBody(values)).catch((error: unknown) => {
        throw namingFormField(error, values);
      });
      return reply.message;
    },
    update: async (record, values) => {
      const reply = await updatePolicy.mutateAsync({ id: record.id, body: toPolicyBody(values) }).catch((error: unknown) => {
        throw namingFormField(error, values);
      });
      return reply.message;
    },
  });
  const rule = useWatch({ control, name: 'rule' });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={mode === 'create' ? 'Add fuel policy' : 'Edit fuel policy'}>
      <Stack gap="md">
        <SelectField control={control} name="rule" label="Rule" withAsterisk options={RULE_OPTIONS} />
        <PolicyValueField control={control} kind={valueKind(rule)} rule={rule} />
        <EnforcementField control={control} />
        <ScopeTypeField control={control} setValue={setValue} />
        <ScopeRecordField control={control} policy={policy} />
        <FormActions control={control} onCancel={onDone} submitLabel={mode === 'create' ? 'Add Policy' : 'Save Policy'} />
      </Stack>
    </form>
  );
}
