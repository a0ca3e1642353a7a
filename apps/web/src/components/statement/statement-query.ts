/**
 * What the Statement control asks the server for: today, or a Lagos date range (both days
 * included), as PDF or CSV, of the wallet it sits beside. The wallet is named by its owner so
 * ADMIN, who may open any wallet, gets that one; a station rep or an organization's admin naming
 * its own is the same as naming none.
 */
export type StatementPeriod = 'today' | 'range';
export type StatementFormat = 'pdf' | 'csv';

export interface StatementOwner {
  kind: 'STATION' | 'ORGANIZATION';
  id: string;
}

export type StatementQueryState = { ready: true; query: Record<string, string> } | { ready: false; reason: string };

export function statementQuery(
  input: { period: StatementPeriod; from: string; to: string; format: StatementFormat; owner?: StatementOwner | undefined },
  today: string,
): StatementQueryState {
  const ownerQuery: Record<string, string> = input.owner
    ? input.owner.kind === 'STATION'
      ? { stationId: input.owner.id }
      : { organizationId: input.owner.id }
    : {};
  if (input.period === 'today') return { ready: true, query: { ...ownerQuery, from: today, to: today, format: input.format } };
  if (!input.from || !input.to) return { ready: false, reason: 'Choose the start and end dates' };
  if (input.from > input.to) return { ready: false, reason: 'The start date must be on or before the end date' };
  return { ready: true, query: { ...ownerQuery, from: input.from, to: input.to, format: input.format } };
}
