/**
 * The Add/Update Client form. Fields are the strings the inputs hold plus the chosen logo; validation
 * builds the request body and runs the contract's own schema on it, so the form cannot accept what
 * the API would refuse. The body travels as multipart form data, the logo in the `image` field.
 */
import { z } from 'zod';
import { MESSAGES, organizationCreateBodySchema, organizationUpdateBodySchema, type Organization, type Plan } from '@fleetfuel/contract';
import { imageFileError } from '@/lib/image-file';

export type ClientFormMode = 'create' | 'edit';

const formFieldsSchema = z.object({
  name: z.string(),
  type: z.string(),
  address: z.string(),
  status: z.string(),
  domain: z.string(),
  subscriptionId: z.string(),
  image: z.custom<File | null>((value) => value === null || value instanceof Blob),
});

export type ClientFormValues = z.infer<typeof formFieldsSchema>;

const TEXT_FIELDS = ['name', 'type', 'address', 'status', 'domain', 'subscriptionId'] as const;

function draftBody(values: ClientFormValues): Record<string, string> {
  const body: Record<string, string> = {};
  for (const field of TEXT_FIELDS) body[field] = values[field];
  return body;
}

export function clientFormSchema(mode: ClientFormMode) {
  const bodySchema = mode === 'create' ? organizationCreateBodySchema : organizationUpdateBodySchema;
  return formFieldsSchema.superRefine((values, ctx) => {
    if (values.type === '') ctx.addIssue({ code: 'custom', path: ['type'], message: MESSAGES.required });
    if (values.status === '') ctx.addIssue({ code: 'custom', path: ['status'], message: MESSAGES.required });
    const imageError = imageFileError(values.image);
    if (imageError) ctx.addIssue({ code: 'custom', path: ['image'], message: imageError });
    const result = bodySchema.safeParse(draftBody(values));
    if (result.success) return;
    for (const issue of result.error.issues) {
      const [field] = issue.path;
      // An empty choice already says "required" above, in plainer words than the enum's.
      if ((field === 'type' || field === 'status') && values[field] === '') continue;
      ctx.addIssue({ code: 'custom', path: issue.path.map(String), message: issue.message });
    }
  });
}

/** The multipart body: every field (an empty one clears it on the server), and the logo when one was chosen. */
export function toClientFormData(values: ClientFormValues): FormData {
  const form = new FormData();
  for (const [field, value] of Object.entries(draftBody(values))) form.append(field, value.trim());
  if (values.image) form.append('image', values.image);
  return form;
}

export function emptyClientForm(): ClientFormValues {
  return { name: '', type: '', address: '', status: 'ACTIVE', domain: '', subscriptionId: '', image: null };
}

export function clientToForm(client: Organization): ClientFormValues {
  return {
    name: client.name,
    type: client.type,
    address: client.address ?? '',
    status: client.status,
    domain: client.domain ?? '',
    subscriptionId: client.subscriptionId ?? '',
    image: null,
  };
}

export interface PlanOption {
  value: string;
  label: string;
  disabled: boolean;
}

/** Inactive plans are shown but cannot be chosen, except the one the client already holds. */
export function planOptions(plans: readonly Pick<Plan, 'id' | 'name' | 'status'>[], currentId: string): PlanOption[] {
  return plans.map((plan) => {
    const active = plan.status === 'ACTIVE';
    return {
      value: plan.id,
      label: active ? plan.name : `${plan.name} (Inactive)`,
      disabled: !active && plan.id !== currentId,
    };
  });
}
