import { describe, expect, it } from 'vitest';
import { DATE_ORDER_MESSAGE, REPORTS, reportQuery } from './report-definitions';

const ORG = '76f5f502-7ece-4159-b682-61f06f94698f';
const combined = { needsDates: true };
const plain = { needsDates: false };
const none = { organizationId: null, startDate: '', endDate: '' };

describe('reportQuery', () => {
  it('lists the four reports of the spec', () => {
    expect(REPORTS.map((r) => r.title)).toEqual(['Comprehensive', 'Insurance Status', 'Service Term', 'Vehicle & Drivers']);
    expect(REPORTS.filter((r) => r.needsDates).map((r) => r.kind)).toEqual(['combined']);
  });

  it('needs nothing for an organization admin’s plain report', () => {
    expect(reportQuery(plain, none, false)).toEqual({ ready: true, query: {} });
  });

  it('sends no organization for anyone but ADMIN, even if one is set', () => {
    expect(reportQuery(plain, { ...none, organizationId: ORG }, false)).toEqual({ ready: true, query: {} });
  });

  it('waits for ADMIN to choose an organization, then sends it', () => {
    expect(reportQuery(plain, none, true)).toEqual({ ready: false, reason: 'Choose an organization first.' });
    expect(reportQuery(plain, { ...none, organizationId: ORG }, true)).toEqual({ ready: true, query: { organizationId: ORG } });
  });

  it('waits for both dates of the Comprehensive report', () => {
    expect(reportQuery(combined, { ...none, startDate: '2026-01-01' }, false)).toMatchObject({ ready: false });
    expect(reportQuery(combined, { ...none, endDate: '2026-01-31' }, false)).toMatchObject({ ready: false });
    expect(reportQuery(combined, { ...none, startDate: '2026-01-01', endDate: '2026-01-31' }, false)).toEqual({
      ready: true,
      query: { startDate: '2026-01-01', endDate: '2026-01-31' },
    });
  });

  it('refuses a From date after the To date with the API’s words', () => {
    expect(reportQuery(combined, { ...none, startDate: '2026-02-01', endDate: '2026-01-31' }, false)).toEqual({
      ready: false,
      reason: DATE_ORDER_MESSAGE,
    });
    expect(reportQuery(combined, { ...none, startDate: '2026-01-31', endDate: '2026-01-31' }, false)).toMatchObject({ ready: true });
  });

  it('puts the dates and the organization together for ADMIN', () => {
    expect(reportQuery(combined, { organizationId: ORG, startDate: '2026-01-01', endDate: '2026-03-31' }, true)).toEqual({
      ready: true,
      query: { startDate: '2026-01-01', endDate: '2026-03-31', organizationId: ORG },
    });
  });
});
