import { describe, expect, it } from 'vitest';
import {
  driverFields,
  driverFormSchema,
  emptyDriverForm,
  toDriverFormData,
  type DriverFormOptions,
  type DriverFormValues,
} from './driver-form';

const ORG_ID = '6f1c2b1e-8a51-4d8e-9c39-3f7f0c1d2e3a';
const create: DriverFormOptions = { mode: 'create', chooseOrganization: false };
const edit: DriverFormOptions = { mode: 'edit', chooseOrganization: false };

function issues(options: DriverFormOptions, values: DriverFormValues): Record<string, string> {
  const result = driverFormSchema(options).safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

const musa: DriverFormValues = { ...emptyDriverForm(), name: 'Musa Ibrahim', phone: '0803 000 0004', password: 'Long-enough-1' };

describe('driver form', () => {
  it('accepts a driver with a phone number and a password', () => {
    expect(issues(create, musa)).toEqual({});
  });

  it('needs a name, a password, and an email or a phone number', () => {
    expect(issues(create, emptyDriverForm())).toMatchObject({
      name: 'This field is required',
      password: 'This field is required',
      email: 'Enter an email or a phone number',
    });
    expect(issues(create, { ...musa, password: 'short' })).toMatchObject({ password: 'Must be at least 8 characters' });
    expect(issues(create, { ...musa, phone: '12345' })).toMatchObject({ phone: 'Must be a valid Nigerian phone number' });
  });

  it('keeps the password on an edit unless a new one is typed', () => {
    expect(issues(edit, { ...musa, password: '' })).toEqual({});
    expect(driverFields({ ...musa, password: '' }, edit)).not.toHaveProperty('password');
    expect(driverFields(musa, edit)).toMatchObject({ password: 'Long-enough-1' });
  });

  it('does not let an edit take away the only username', () => {
    expect(issues(edit, { ...musa, phone: '', email: '' })).toMatchObject({ email: 'Enter an email or a phone number' });
  });

  it('names the organization only for the platform admin creating a driver', () => {
    const admin = { ...create, chooseOrganization: true };
    expect(issues(admin, musa)).toMatchObject({ organizationId: 'This field is required' });
    expect(driverFields({ ...musa, organizationId: ORG_ID }, admin)).toMatchObject({ organizationId: ORG_ID });
    expect(driverFields({ ...musa, organizationId: ORG_ID }, { mode: 'edit', chooseOrganization: true })).not.toHaveProperty(
      'organizationId',
    );
  });

  it('clears the group on an edit and leaves it out of a new driver', () => {
    expect(driverFields(musa, create)).not.toHaveProperty('departmentId');
    expect(toDriverFormData(musa, edit, null).get('departmentId')).toBe('');
  });
});
