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
 * Redemptions by vehicles that had no driver are counted in `analytics_driver_months` (migration
 * 0029) under sixteen reserved driver ids, `…0000` to `…000f` (migration 0031 spread them so that
 * no single row is shared by all such fills), which are read back together as "No driver". Every
 * driver id below this bound is one of them; users' ids (version 4) never are.
 */
export const NO_DRIVER_IDS_BELOW = '00000000-0000-0000-0000-000000000010';
