/**
 * "Fuel by driver", the overview's ten leading drivers of the months shown, kept as it changes
 * (issue 16). It summed the scope's driver-months (0029) for every driver at every read: 46,000
 * rows for the 20,000-vehicle fleet's twelve months, 137,000 for the platform's, a cost that grew
 * with the fleet while the rest of the overview reads a few rollup rows.
 *
 * A list is one scope's drivers since one month (`since_month`: the overview's first month), and
 * tracks up to its capacity of them with their totals, the best first by (volume, then driver id)
 * as the overview orders them, plus the sixteen "no driver" keys (0031), which are always tracked because
 * the overview shows their sum as one row. What keeps it exact is one invariant: every driver
 * not tracked ranks below every tracked one (a `complete` list tracks every driver it has seen).
 * The driver-months' trigger keeps it as each redemption changes a total:
 *
 * - a tracked driver's total moves by the change, whichever way;
 * - an untracked driver that went up has its total since the list's month summed (one probe of
 *   the driver-months a month) and joins the list if it now ranks above the lowest tracked driver
 *   (or the list is complete); past the capacity the lowest leaves and the list is no longer complete;
 * - a tracked driver that went down below every other tracked driver leaves an incomplete list
 *   (the invariant held for it before and holds for it after);
 * - an untracked driver that went down needs nothing.
 *
 * Going up is what nearly every change does (a redemption), and of those only the ones that join
 * the list, or change a tracked total, write to it; the rest read it. Joining and leaving happen
 * under the list's row lock; the lowest driver is locked and checked again before it leaves, as
 * a concurrent change can only have raised it. A list answers for the first N drivers while it
 * tracks at least N drivers with redemptions, or is complete; otherwise, or where no list exists
 * yet, the reader builds it (`analytics_top_drivers_build`, the same sum the overview ran): once
 * per scope and first month in a Lagos month, as changes follow, and readers use, only the lists
 * built in the current one. Building takes the scope's advisory lock exclusively and every change
 * of a driver-month takes it shared, so no change that began before a build can commit unseen by it.
 */
import { sql, type Kysely } from 'kysely';
import { NO_DRIVER_IDS_BELOW, PLATFORM_SCOPE_ID } from '../../platform/db/rollups.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE analytics_top_driver_lists (
      scope text NOT NULL CHECK (scope IN ('PLATFORM', 'ORGANIZATION', 'STATION')),
      scope_id uuid NOT NULL,
      since_month text NOT NULL CHECK (since_month ~ '^[0-9]{4}-[0-9]{2}$'),
      complete boolean NOT NULL,
      capacity integer NOT NULL CHECK (capacity > 0),
      built_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (scope, scope_id, since_month)
    )`.execute(db);
  await sql`
    CREATE TABLE analytics_top_driver_totals (
      scope text NOT NULL,
      scope_id uuid NOT NULL,
      since_month text NOT NULL,
      driver_id uuid NOT NULL,
      redemptions bigint NOT NULL,
      dispensed_volume numeric(16, 2) NOT NULL,
      PRIMARY KEY (scope, scope_id, since_month, driver_id),
      FOREIGN KEY (scope, scope_id, since_month) REFERENCES analytics_top_driver_lists ON DELETE CASCADE
    )`.execute(db);

  // The advisory lock of a scope's lists: shared by every change of its totals, exclusive to a build.
  await sql`
    CREATE FUNCTION analytics_top_drivers_lock(scope text, scope_id uuid) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
      SELECT hashtextextended('analytics_top_drivers:' || scope || ':' || scope_id::text, 0)
    $$`.execute(db);

  // A driver's total in a scope since a month (the platform's drivers are its organizations').
  // A driver's rows of months past both the change and today can exist only with a clock moved
  // ahead; a year of margin covers those too without reading the scope's other drivers.
  await sql`
    CREATE FUNCTION analytics_driver_total(source_scope text, source_id uuid, driver uuid, since text, latest text,
      OUT redemptions bigint, OUT dispensed_volume numeric) LANGUAGE sql STABLE AS $$
      SELECT coalesce(sum(m.redemptions), 0)::bigint, coalesce(sum(m.dispensed_volume), 0)
      FROM analytics_driver_months m
      WHERE m.scope = source_scope AND m.scope_id = source_id AND m.driver_id = driver
        AND m.month = ANY (ARRAY(
          SELECT to_char(g, 'YYYY-MM') FROM generate_series(to_date(since, 'YYYY-MM'),
            to_date(greatest(latest, analytics_month(now())), 'YYYY-MM') + interval '12 months', interval '1 month') g))
    $$`.execute(db);

  // Whether a tracked driver of the list, other than `driver`, ranks below (volume, driver): the
  // order the overview shows (more litres first, then the smaller id). The invariant's one test.
  await sql`
    CREATE FUNCTION analytics_top_drivers_any_below(list analytics_top_driver_lists, volume numeric, driver uuid)
      RETURNS boolean LANGUAGE sql STABLE AS $$
      SELECT EXISTS (SELECT 1 FROM analytics_top_driver_totals t
        WHERE t.scope = list.scope AND t.scope_id = list.scope_id AND t.since_month = list.since_month
          AND t.driver_id >= '${sql.raw(NO_DRIVER_IDS_BELOW)}'::uuid AND t.driver_id <> driver
          AND (t.dispensed_volume < volume OR (t.dispensed_volume = volume AND t.driver_id > driver)))
    $$`.execute(db);

  /*
   * One list follows one change of one driver's total. `row_driver` is a driver-months key: a
   * "no driver" key is always tracked, so it only ever takes the first branch.
   */
  await sql`
    CREATE FUNCTION analytics_top_drivers_follow(list analytics_top_driver_lists, source_scope text, source_id uuid,
      row_driver uuid, row_month text, delta_redemptions bigint, delta_volume numeric) RETURNS void LANGUAGE plpgsql AS $$
    DECLARE
      tracked analytics_top_driver_totals;
      lowest analytics_top_driver_totals;
      total record;
      is_complete boolean;
    BEGIN
      -- One change of a driver's totals in a list at a time (they meet on one driver-month row
      -- anyway, but for a correction of another month), so a driver's total summed below counts
      -- every change committed before it.
      PERFORM pg_advisory_xact_lock(hashtextextended(list.scope || ':' || list.scope_id::text || ':' || row_driver::text, 0));
      IF delta_volume < 0 AND row_driver >= '${sql.raw(NO_DRIVER_IDS_BELOW)}'::uuid THEN
        -- Going down may make it leave: the list's lock first, as joining takes it before the totals' rows.
        SELECT l.complete INTO is_complete FROM analytics_top_driver_lists l
          WHERE l.scope = list.scope AND l.scope_id = list.scope_id AND l.since_month = list.since_month FOR UPDATE;
      END IF;
      UPDATE analytics_top_driver_totals t SET redemptions = t.redemptions + delta_redemptions,
          dispensed_volume = t.dispensed_volume + delta_volume
        WHERE t.scope = list.scope AND t.scope_id = list.scope_id AND t.since_month = list.since_month AND t.driver_id = row_driver
        RETURNING * INTO tracked;
      IF FOUND THEN
        IF delta_volume >= 0 OR row_driver < '${sql.raw(NO_DRIVER_IDS_BELOW)}'::uuid OR is_complete THEN
          RETURN;
        END IF;
        -- Went down: if it now ranks below every other tracked driver of an incomplete list, it leaves.
        IF NOT analytics_top_drivers_any_below(list, tracked.dispensed_volume, row_driver) THEN
          DELETE FROM analytics_top_driver_totals t
            WHERE t.scope = list.scope AND t.scope_id = list.scope_id AND t.since_month = list.since_month AND t.driver_id = row_driver;
        END IF;
        RETURN;
      END IF;

      IF delta_volume <= 0 AND delta_redemptions <= 0 THEN
        RETURN; -- untracked and lower than it was: still below every tracked driver
      END IF;
      total := analytics_driver_total(source_scope, source_id, row_driver, list.since_month, row_month);
      SELECT l.complete INTO is_complete FROM analytics_top_driver_lists l
        WHERE l.scope = list.scope AND l.scope_id = list.scope_id AND l.since_month = list.since_month;
      IF NOT is_complete AND NOT analytics_top_drivers_any_below(list, total.dispensed_volume, row_driver) THEN
        RETURN; -- ranks below the lowest tracked driver (read without a lock: the lowest only rises)
      END IF;

      -- Joins, under the list's lock, summed and checked again there (a list that changed while
      -- this waited has committed).
      SELECT l.complete INTO is_complete FROM analytics_top_driver_lists l
        WHERE l.scope = list.scope AND l.scope_id = list.scope_id AND l.since_month = list.since_month FOR UPDATE;
      total := analytics_driver_total(source_scope, source_id, row_driver, list.since_month, row_month);
      IF NOT is_complete AND NOT analytics_top_drivers_any_below(list, total.dispensed_volume, row_driver) THEN
        RETURN;
      END IF;
      INSERT INTO analytics_top_driver_totals (scope, scope_id, since_month, driver_id, redemptions, dispensed_volume)
        VALUES (list.scope, list.scope_id, list.since_month, row_driver, total.redemptions, total.dispensed_volume);
      IF (SELECT count(*) FROM analytics_top_driver_totals t
          WHERE t.scope = list.scope AND t.scope_id = list.scope_id AND t.since_month = list.since_month
            AND t.driver_id >= '${sql.raw(NO_DRIVER_IDS_BELOW)}'::uuid) <= list.capacity THEN
        RETURN;
      END IF;
      -- One too many: the lowest leaves. Locked first, then checked to still be the lowest (a
      -- change that had it locked can only have raised it); if not, the next lowest is tried.
      LOOP
        SELECT * INTO lowest FROM analytics_top_driver_totals t
          WHERE t.scope = list.scope AND t.scope_id = list.scope_id AND t.since_month = list.since_month
            AND t.driver_id >= '${sql.raw(NO_DRIVER_IDS_BELOW)}'::uuid
          ORDER BY t.dispensed_volume, t.driver_id DESC LIMIT 1 FOR UPDATE;
        EXIT WHEN NOT analytics_top_drivers_any_below(list, lowest.dispensed_volume, lowest.driver_id);
      END LOOP;
      DELETE FROM analytics_top_driver_totals t
        WHERE t.scope = list.scope AND t.scope_id = list.scope_id AND t.since_month = list.since_month AND t.driver_id = lowest.driver_id;
      UPDATE analytics_top_driver_lists l SET complete = false
        WHERE l.scope = list.scope AND l.scope_id = list.scope_id AND l.since_month = list.since_month;
    END $$`.execute(db);

  // Every change of a driver-month: its scope's lists, and for an organization's, the platform's.
  await sql`
    CREATE FUNCTION analytics_driver_months_top_drivers() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      changed analytics_driver_months;
      delta_redemptions bigint;
      delta_volume numeric;
      target record;
      list analytics_top_driver_lists;
    BEGIN
      IF current_setting('analytics.rebuilding', true) = 'on' THEN
        RETURN NULL; -- the rebuild drops every list
      END IF;
      IF TG_OP = 'DELETE' THEN
        changed := OLD;
        delta_redemptions := -OLD.redemptions;
        delta_volume := -OLD.dispensed_volume;
      ELSIF TG_OP = 'INSERT' THEN
        changed := NEW;
        delta_redemptions := NEW.redemptions;
        delta_volume := NEW.dispensed_volume;
      ELSE
        changed := NEW;
        delta_redemptions := NEW.redemptions - OLD.redemptions;
        delta_volume := NEW.dispensed_volume - OLD.dispensed_volume;
      END IF;
      IF delta_redemptions = 0 AND delta_volume = 0 THEN
        RETURN NULL;
      END IF;
      FOR target IN
        SELECT changed.scope AS scope, changed.scope_id AS scope_id
        UNION ALL
        SELECT 'PLATFORM', '${sql.raw(PLATFORM_SCOPE_ID)}'::uuid WHERE changed.scope = 'ORGANIZATION'
      LOOP
        PERFORM pg_advisory_xact_lock_shared(analytics_top_drivers_lock(target.scope, target.scope_id));
        FOR list IN SELECT * FROM analytics_top_driver_lists l
            WHERE l.scope = target.scope AND l.scope_id = target.scope_id AND l.since_month <= changed.month
              AND analytics_month(l.built_at) = analytics_month(clock_timestamp()) LOOP
          PERFORM analytics_top_drivers_follow(list, changed.scope, changed.scope_id, changed.driver_id, changed.month,
            delta_redemptions, delta_volume);
        END LOOP;
      END LOOP;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER analytics_driver_months_top_drivers AFTER INSERT OR UPDATE OR DELETE ON analytics_driver_months
    FOR EACH ROW EXECUTE FUNCTION analytics_driver_months_top_drivers()`.execute(db);

  /*
   * Whether a list answers for the first `needed` drivers: it tracks that many with redemptions, or
   * all; and it was built this (Lagos) month. The trigger follows only this month's lists, so that
   * a scope's changes follow as many lists as windows were read this month, not every window read
   * since it began: the first read of a window each month builds its list again (the overview's
   * first month moves with the month anyway). The clock is the statement's own, not the
   * transaction's start: a change that runs after a build (it waited for the build's lock) sees
   * the build's month, so no change of the new month misses a list built in it.
   */
  await sql`
    CREATE FUNCTION analytics_top_drivers_usable(list_scope text, list_scope_id uuid, since text, needed integer)
      RETURNS boolean LANGUAGE sql VOLATILE AS $$
      SELECT coalesce(bool_or(l.complete OR (SELECT count(*) FROM analytics_top_driver_totals t
          WHERE t.scope = l.scope AND t.scope_id = l.scope_id AND t.since_month = l.since_month
            AND t.driver_id >= '${sql.raw(NO_DRIVER_IDS_BELOW)}'::uuid AND t.redemptions > 0) >= needed), false)
      FROM analytics_top_driver_lists l WHERE l.scope = list_scope AND l.scope_id = list_scope_id AND l.since_month = since
        AND analytics_month(l.built_at) = analytics_month(clock_timestamp())
    $$`.execute(db);

  /*
   * A scope's list since a month, from its driver-months (what the overview summed before), under
   * the scope's exclusive lock: the `capacity` best real drivers and the sixteen "no driver" keys;
   * nothing if a build that this one waited for already made it usable. The scope's lists of
   * earlier months (no longer followed) go with it.
   */
  await sql`
    CREATE FUNCTION analytics_top_drivers_build(list_scope text, list_scope_id uuid, since text, needed integer, capacity integer)
      RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_advisory_xact_lock(analytics_top_drivers_lock(list_scope, list_scope_id));
      IF analytics_top_drivers_usable(list_scope, list_scope_id, since, needed) THEN
        RETURN;
      END IF;
      DELETE FROM analytics_top_driver_lists l WHERE l.scope = list_scope AND l.scope_id = list_scope_id
        AND (l.since_month = since OR analytics_month(l.built_at) <> analytics_month(clock_timestamp()));
      WITH sums AS (
        SELECT m.driver_id, sum(m.redemptions) AS redemptions, sum(m.dispensed_volume) AS dispensed_volume,
          m.driver_id >= '${sql.raw(NO_DRIVER_IDS_BELOW)}'::uuid AS real_driver
        FROM analytics_driver_months m
        WHERE m.scope = CASE WHEN list_scope = 'PLATFORM' THEN 'ORGANIZATION' ELSE list_scope END
          AND (list_scope = 'PLATFORM' OR m.scope_id = list_scope_id) AND m.month >= since
        GROUP BY m.driver_id
      ), list AS (
        INSERT INTO analytics_top_driver_lists (scope, scope_id, since_month, complete, capacity, built_at)
        SELECT list_scope, list_scope_id, since, count(*) FILTER (WHERE real_driver) <= capacity, capacity, clock_timestamp() FROM sums
        RETURNING scope
      )
      INSERT INTO analytics_top_driver_totals (scope, scope_id, since_month, driver_id, redemptions, dispensed_volume)
      SELECT list_scope, list_scope_id, since, best.driver_id, best.redemptions, best.dispensed_volume FROM (
        SELECT * FROM sums WHERE real_driver ORDER BY dispensed_volume DESC, driver_id LIMIT capacity) best
      UNION ALL
      SELECT list_scope, list_scope_id, since, k.driver_id, coalesce(sums.redemptions, 0), coalesce(sums.dispensed_volume, 0)
      FROM (SELECT ('00000000-0000-0000-0000-00000000000' || to_hex(n))::uuid AS driver_id FROM generate_series(0, 15) n) k
      LEFT JOIN sums ON sums.driver_id = k.driver_id;
    END $$`.execute(db);

  // The rebuild of the driver-months (bulk loaders) drops every list rather than follow each row.
  await sql`ALTER FUNCTION analytics_redemptions_rebuild() RENAME TO analytics_redemptions_rebuild_rows`.execute(db);
  await sql`
    CREATE FUNCTION analytics_redemptions_rebuild() RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM analytics_top_driver_lists;
      PERFORM set_config('analytics.rebuilding', 'on', true);
      PERFORM analytics_redemptions_rebuild_rows();
      PERFORM set_config('analytics.rebuilding', 'off', true);
    END $$`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are never rolled back; write a new migration instead.'));
}
