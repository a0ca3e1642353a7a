import { describe, expect, it } from 'vitest';
import { fileQueryString, filenameFromDisposition } from './download';

describe('filenameFromDisposition', () => {
  it('reads the quoted file name the API sends', () => {
    expect(
      filenameFromDisposition('attachment; filename="comprehensive-report-acme-logistics-2026-01-01-to-2026-03-31.pdf"', 'report.pdf'),
    ).toBe('comprehensive-report-acme-logistics-2026-01-01-to-2026-03-31.pdf');
  });

  it('prefers the RFC 5987 name and decodes it', () => {
    expect(
      filenameFromDisposition(`attachment; filename="fallback.pdf"; filename*=UTF-8''service%20term%E2%80%94acme.pdf`, 'report.pdf'),
    ).toBe('service term—acme.pdf');
  });

  it('reads a bare name', () => {
    expect(filenameFromDisposition('attachment; filename=insurance-status.pdf', 'report.pdf')).toBe('insurance-status.pdf');
  });

  it('falls back when the header is missing or names nothing usable', () => {
    expect(filenameFromDisposition(null, 'vehicles-and-drivers.pdf')).toBe('vehicles-and-drivers.pdf');
    expect(filenameFromDisposition('attachment', 'report.pdf')).toBe('report.pdf');
    expect(filenameFromDisposition('attachment; filename=".."', 'report.pdf')).toBe('report.pdf');
  });

  it('keeps folders and control characters out of the name', () => {
    expect(filenameFromDisposition('attachment; filename="../../etc/report.pdf"', 'x.pdf')).toBe('report.pdf');
    expect(filenameFromDisposition('attachment; filename="a\u0007b.pdf"', 'x.pdf')).toBe('ab.pdf');
  });
});

describe('fileQueryString', () => {
  it('builds the query of a report, leaving blanks out', () => {
    expect(fileQueryString(undefined)).toBe('');
    expect(fileQueryString({})).toBe('');
    expect(fileQueryString({ startDate: '2026-01-01', endDate: '2026-01-31', organizationId: undefined })).toBe(
      '?startDate=2026-01-01&endDate=2026-01-31',
    );
    expect(fileQueryString({ organizationId: '', months: 6, other: null })).toBe('?months=6');
  });
});
