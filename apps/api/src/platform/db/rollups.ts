/**
 * The monthly rollups (`analytics_monthly_totals`, migration 0011) that the analytics overview and
 * the request lists' first screens read, keyed by scope and scope id.
 */

/**
 * The scope id of the platform's own rollup rows, so that the key needs no NULL. Migration 0011's
 * `analytics_add` wrote every existing platform row with it (and 0028's keeps doing so): it can
 * never change.
 */
export const PLATFORM_SCOPE_ID = '00000000-0000-0000-0000-000000000000';

/**
 * The driver id of redemptions by vehicles that had no driver in `analytics_driver_months`
 * (migration 0029), which reads it back as "No driver". Fixed by the migration, like the above.
 */
export const NO_DRIVER_ID = '00000000-0000-0000-0000-000000000000';
