import { describe, expect, it } from 'vitest';
import {
  departmentFormSchema,
  emptyDepartmentForm,
  toDepartmentCreateBody,
  toDepartmentUpdateBody,
  type DepartmentFormOptions,
  type DepartmentFormValues,
} from './department-form';

const ORG_ID = '6f1c2b1e-8a51-4d8e-9c39-3f7f0c1d2e3a';

function issues(options: DepartmentFormOptions, values: DepartmentFormValues): Record<string, string> {
  const result = departmentFormSchema(options).safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

const operations: DepartmentFormValues = { ...emptyDepartmentForm(), name: 'Operations', maxDailyConsumption: '200' };

describe('group form', () => {
  it('accepts a group with a daily cap in litres', () => {
    expect(issues({ mode: 'create', chooseOrganization: false }, operations)).toEqual({});
    expect(toDepartmentCreateBody(operations, false)).toEqual({ name: 'Operations', status: 'ACTIVE', maxDailyConsumption: 200 });
  });

  it('reads an empty cap as no cap (0)', () => {
    expect(toDepartmentUpdateBody({ ...operations, maxDailyConsumption: '' })).toMatchObject({ maxDailyConsumption: 0 });
  });

  it('refuses a missing name and a negative cap', () => {
    expect(issues({ mode: 'edit', chooseOrganization: false }, { ...operations, name: ' ', maxDailyConsumption: '-1' })).toEqual({
      name: 'This field is required',
      maxDailyConsumption: 'Must be at least 0',
    });
  });

  it('needs the organization from the platform admin', () => {
    const admin = { mode: 'create', chooseOrganization: true } as const;
    expect(issues(admin, operations)).toMatchObject({ organizationId: 'This field is required' });
    expect(toDepartmentCreateBody({ ...operations, organizationId: ORG_ID }, true)).toMatchObject({ organizationId: ORG_ID });
  });
});
