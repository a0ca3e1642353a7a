/**
 * The roles of spec section 3, in a module without zod: the web app checks a stored session's role
 * on the sign-in page, which must not download zod (issue 16). `enums.ts` builds `roleSchema` on it.
 */
export const ROLES = ['ADMIN', 'ADMINISTRATOR', 'ASST_ADMINISTRATOR', 'DRIVER', 'ATTENDANT', 'STATION_REP'] as const;
