import { describe, expect, it } from 'vitest';
import { clientFormSchema, clientToForm, emptyClientForm, planOptions, toClientFormData } from './client-form';

const PLAN_ID = '94cb85cc-25c6-4506-9be9-59adf829a7f6';

function messages(result: ReturnType<ReturnType<typeof clientFormSchema>['safeParse']>): Record<string, string> {
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('client form', () => {
  it('needs a name and a type', () => {
    const errors = messages(clientFormSchema('create').safeParse(emptyClientForm()));
    expect(errors.name).toBeDefined();
    expect(errors.type).toBe('This field is required');
  });

  it('accepts a complete client and checks the domain with the contract', () => {
    const values = { ...emptyClientForm(), name: 'Delta Couriers', type: 'transport_logistics_company', subscriptionId: PLAN_ID };
    expect(clientFormSchema('create').safeParse(values).success).toBe(true);
    const errors = messages(clientFormSchema('create').safeParse({ ...values, domain: 'not a domain' }));
    expect(errors.domain).toBe('Must be a domain such as acme.com.ng');
  });

  it('refuses a logo that is not an accepted image', () => {
    const values = {
      ...emptyClientForm(),
      name: 'Delta Couriers',
      type: 'other',
      image: new File(['%PDF'], 'logo.pdf', { type: 'application/pdf' }),
    };
    expect(messages(clientFormSchema('create').safeParse(values)).image).toBe('Choose a PNG, JPEG, WebP or GIF image');
  });

  it('sends every field as multipart, with the logo in `image`', () => {
    const logo = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
    const form = toClientFormData({ ...emptyClientForm(), name: ' Delta ', type: 'other', image: logo });
    expect(form.get('name')).toBe('Delta');
    expect(form.get('type')).toBe('other');
    expect(form.get('status')).toBe('ACTIVE');
    expect(form.get('subscriptionId')).toBe('');
    expect(form.get('image')).toBeInstanceOf(File);
    expect(toClientFormData(emptyClientForm()).has('image')).toBe(false);
  });

  it('starts an edit from the client', () => {
    const values = clientToForm({
      id: PLAN_ID,
      name: 'Acme',
      type: 'other',
      address: null,
      status: 'SUSPENDED',
      subscriptionId: null,
      subscription: null,
      domain: 'acme.test',
      nextBilling: null,
      imageUrl: null,
      vehiclesCount: 0,
      driversCount: 0,
      createdAt: '2026-01-01T00:00:00Z',
    });
    expect(values).toMatchObject({ name: 'Acme', address: '', status: 'SUSPENDED', domain: 'acme.test', subscriptionId: '' });
  });

  it('shows inactive plans as disabled choices, except the one the client holds', () => {
    const plans = [
      { id: 'a', name: 'Starter', status: 'ACTIVE' as const },
      { id: 'b', name: 'Legacy', status: 'INACTIVE' as const },
      { id: 'c', name: 'Old', status: 'INACTIVE' as const },
    ];
    expect(planOptions(plans, 'c')).toEqual([
      { value: 'a', label: 'Starter', disabled: false },
      { value: 'b', label: 'Legacy (Inactive)', disabled: true },
      { value: 'c', label: 'Old (Inactive)', disabled: false },
    ]);
  });
});
