/** The create-key form: the contract's body schema, with a scope picked from a list. */
import { z } from 'zod';
import { MESSAGES, apiKeyCreateBodySchema, type ApiKeyScope } from '@fleetfuel/contract';

export const apiKeyFormSchema = z.object({ name: z.string(), scope: z.string() }).superRefine((values, ctx) => {
  if (values.scope === '') ctx.addIssue({ code: 'custom', path: ['scope'], message: MESSAGES.required });
  const result = apiKeyCreateBodySchema.safeParse(values);
  if (result.success) return;
  for (const issue of result.error.issues) {
    if (issue.path[0] === 'scope' && values.scope === '') continue;
    ctx.addIssue({ code: 'custom', path: issue.path.map(String), message: issue.message });
  }
});
export type ApiKeyFormValues = z.infer<typeof apiKeyFormSchema>;

export const EMPTY_API_KEY_FORM: ApiKeyFormValues = { name: '', scope: '' };

export const SCOPE_LABELS: Record<ApiKeyScope, string> = {
  read: 'Read only',
  request: 'Read and raise requests',
};

export const SCOPE_OPTIONS = (Object.keys(SCOPE_LABELS) as ApiKeyScope[]).map((value) => ({ value, label: SCOPE_LABELS[value] }));

export const toApiKeyBody = (values: ApiKeyFormValues) => apiKeyCreateBodySchema.parse(values);
