/**
 * Both engines return values in the same JavaScript types: int8 and numeric as strings (money and
 * counts are converted at one place, never through floats), `date` as its YYYY-MM-DD text (a Date
 * would shift by the server's time zone).
 */
const PG_OID = { INT8: 20, NUMERIC: 1700, DATE: 1082 } as const;

const asText = (value: string): string => value;

export const PG_TYPE_PARSERS: Record<number, (value: string) => unknown> = {
  [PG_OID.INT8]: asText,
  [PG_OID.NUMERIC]: asText,
  [PG_OID.DATE]: asText,
};
