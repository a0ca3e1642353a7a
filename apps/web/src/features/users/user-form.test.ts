import { describe, expect, it } from 'vitest';
import { emptyUserForm, toCreateBody, toUpdateBody, userFormSchema, type UserFormValues } from './user-form';

const ORG_ID = '6f1c2b1e-8a51-4d8e-9c39-3f7f0c1d2e3a';
const STATION_ID = '0b4f7a2c-1d3e-4f5a-8b6c-7d8e9f0a1b2c';

function issues(mode: 'create' | 'edit', values: UserFormValues): Record<string, string> {
  const result = userFormSchema(mode).safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

const driver: UserFormValues = {
  ...emptyUserForm(),
  name: 'Musa Ibrahim',
  email: 'musa@acme.test',
  role: 'DRIVER',
  password: 'Long-enough-1',
  organizationId: ORG_ID,
};

describe('user form', () => {
  it('accepts a complete account', () => {
    expect(issues('create', driver)).toEqual({});
  });

  it('asks for the role, and for the tenant the role belongs to', () => {
    expect(issues('create', { ...driver, role: '' })).toMatchObject({ role: 'This field is required' });
    expect(issues('create', { ...driver, organizationId: '' })).toMatchObject({
      organizationId: 'This field is required',
    });
    expect(issues('create', { ...driver, role: 'ATTENDANT' })).toMatchObject({
      fuelStationId: 'This field is required',
    });
  });

  it("uses the contract's messages", () => {
    expect(issues('create', { ...driver, email: 'nope' })).toMatchObject({ email: 'Must be a valid email' });
    expect(issues('create', { ...driver, password: 'short' })).toMatchObject({
      password: 'Must be at least 8 characters',
    });
    expect(issues('create', { ...driver, email: '', phone: '' })).toMatchObject({
      email: 'Enter an email or a phone number',
    });
  });

  it('needs a password only when creating', () => {
    expect(issues('edit', { ...driver, password: '' })).toEqual({});
    expect(toUpdateBody({ ...driver, password: '' })).not.toHaveProperty('password');
  });

  it('sends only the tenant of the chosen role', () => {
    const created = toCreateBody({ ...driver, fuelStationId: STATION_ID });
    expect(created).toMatchObject({ organizationId: ORG_ID });
    expect(created).not.toHaveProperty('fuelStationId');

    const moved = toUpdateBody({ ...driver, role: 'ATTENDANT', fuelStationId: STATION_ID });
    expect(moved).toMatchObject({ role: 'ATTENDANT', organizationId: null, fuelStationId: STATION_ID });
  });
});
