/**
 * `POST /drivers/import`: drivers from a CSV file, each row checked as `POST /drivers` checks its
 * body (same schema, the same refusal of common passwords) except that its Password may be left
 * blank, its Group named rather than chosen, its e-mail and phone compared with the file's other
 * rows and with every account (both are unique across the platform). A real import hashes each
 * given password as `POST /drivers` does; a driver without one gets an account no password opens
 * and an invitation to choose one (issue 14: 10,000 hashes take minutes, and a file of passwords
 * is a risk of its own). Every account and invitation token is written in one transaction, a
 * batch per statement, after one plan-limit check for all the active drivers; any bad row and
 * nothing is written. The invitations are sent after the commit, in the background.
 */
import { randomUUID } from 'node:crypto';
import { DRIVER_IMPORT_COLUMNS, driverImportRowSchema, type ImportReply, type ImportRow } from '@fleetfuel/contract';
import { assertPasswordAllowed, hashPassword, NO_PASSWORD_YET } from '../../platform/auth/passwords.js';
import { batchesOf, checkRow, importHasProblems, importReply, importRow, readImportFile } from '../../platform/csv-import.js';
import type { ImportFieldError } from '../../platform/csv-import.js';
import { AppError } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/actor.js';
import type { UploadedFile } from '../../platform/http/uploads.js';
import { owningOrganization } from '../../platform/tenancy/organization-scope.js';
import { auditTrail } from '../audit/index.js';
import type { Accounts, UsersDeps } from './accounts.service.js';
import { invitationChannel } from './password-invitations.js';
import * as repository from './users.repository.js';
import type { UserInsert } from './users.repository.js';

/** Passwords hashed at once: argon2 runs on libuv's thread pool, which this keeps busy without flooding it. */
const HASHING_AT_ONCE = 4;

/** Each row's password hashed, or the mark of an account without one where the row left it blank. */
async function hashAll(passwords: readonly (string | undefined)[]): Promise<string[]> {
  const hashes: string[] = [];
  for (const group of batchesOf(passwords, HASHING_AT_ONCE)) {
    hashes.push(...(await Promise.all(group.map(async (password) => (password === undefined ? NO_PASSWORD_YET : hashPassword(password))))));
  }
  return hashes;
}

/** The first line of the file each value was seen on, to name it when a later row repeats it. */
function firstLines() {
  const seen = new Map<string, number>();
  return (value: string | null | undefined, line: number): number | undefined => {
    if (!value) return undefined;
    const earlier = seen.get(value);
    if (earlier === undefined) seen.set(value, line);
    return earlier;
  };
}

type DriverRow = Omit<UserInsert, 'passwordHash' | 'organizationId' | 'fuelStationId' | 'role'> & { password: string | undefined };

/** The file's rows, each with its Group apart and its other cells checked as `POST /drivers` checks its body. */
function checkDriverRows(file: UploadedFile | undefined) {
  return readImportFile(file, DRIVER_IMPORT_COLUMNS).map((input) => {
    const { group, ...fields } = input.cells;
    return { ...input, group, checked: checkRow(driverImportRowSchema, fields) };
  });
}

type CheckedDriverRow = ReturnType<typeof checkDriverRows>[number];
type DriverBody = NonNullable<CheckedDriverRow['checked']['body']>;

/** The refusal of a password the row gives, as `POST /drivers` refuses it, as the row's error. */
function passwordProblems(body: DriverBody | null): ImportFieldError[] {
  if (body?.password === undefined) return [];
  try {
    assertPasswordAllowed(body.password);
    return [];
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return [{ field: 'password', message: error.message }];
  }
}

/** A row's e-mail and phone when an account has it already, else when an earlier line of the file has it. */
function contactDuplicates(
  body: DriverBody | null,
  line: number,
  taken: { emails: Set<string>; phones: Set<string> },
  earlier: { email: ReturnType<typeof firstLines>; phone: ReturnType<typeof firstLines> },
): ImportFieldError[] {
  const duplicates: ImportFieldError[] = [];
  const emailLine = earlier.email(body?.email, line);
  const phoneLine = earlier.phone(body?.phone, line);
  if (body?.email && taken.emails.has(body.email)) {
    duplicates.push({ field: 'email', message: 'An account with this email already exists' });
  } else if (emailLine !== undefined) {
    duplicates.push({ field: 'email', message: `This email is already on line ${emailLine} of the file` });
  }
  if (body?.phone && taken.phones.has(body.phone)) {
    duplicates.push({ field: 'phone', message: 'An account with this phone number already exists' });
  } else if (phoneLine !== undefined) {
    duplicates.push({ field: 'phone', message: `This phone number is already on line ${phoneLine} of the file` });
  }
  return duplicates;
}

/**
 * Each row's entry in the reply, and the drivers of the rows with nothing wrong: a Group that
 * exists, a password the rules allow, an e-mail and a phone on no account and on no earlier line.
 */
function judgeDriverRows(
  checkedRows: readonly CheckedDriverRow[],
  groups: Map<string, string>,
  taken: { emails: Set<string>; phones: Set<string> },
): { rows: ImportRow[]; toWrite: DriverRow[] } {
  const earlier = { email: firstLines(), phone: firstLines() };
  const toWrite: DriverRow[] = [];
  const rows: ImportRow[] = checkedRows.map(({ line, cells, problems, group, checked }) => {
    const errors = [...problems, ...checked.errors];
    const departmentId = group === undefined ? null : groups.get(group.toLowerCase());
    if (departmentId === undefined) errors.push({ field: 'group', message: `No group named "${group}" in this organization` });
    const body = checked.body;
    errors.push(...passwordProblems(body));
    const duplicates = contactDuplicates(body, line, taken, earlier);

    const written = body !== null && errors.length === 0 && duplicates.length === 0;
    if (written) {
      toWrite.push({
        name: body.name,
        title: body.title ?? null,
        email: body.email ?? null,
        phone: body.phone ?? null,
        password: body.password,
        status: body.status ?? 'ACTIVE',
        departmentId,
      });
    }
    const shown = { name: cells.name ?? '', email: cells.email ?? '', phone: cells.phone ?? '' };
    const row = importRow(line, shown, errors, duplicates);
    return written && body.password === undefined ? { ...row, invitation: invitationChannel({ email: body.email ?? null }) } : row;
  });
  return { rows, toWrite };
}

export function createDriverImport(
  deps: Pick<UsersDeps, 'db' | 'usage' | 'departments' | 'invitations'>,
  accounts: Pick<Accounts, 'writeOrConflict'>,
) {
  const { db, usage, departments, invitations } = deps;

  /** The file's rows judged, their groups and the contacts already taken read at once. */
  async function readDrivers(organizationId: string, file: UploadedFile | undefined) {
    const checkedRows = checkDriverRows(file);
    const [groups, taken] = await Promise.all([
      departments.idsByName(
        db,
        organizationId,
        checkedRows.flatMap((row) => row.group ?? []),
      ),
      repository.takenContacts(
        db,
        checkedRows.flatMap((row) => row.checked.body?.email ?? []),
        checkedRows.flatMap((row) => row.checked.body?.phone ?? []),
      ),
    ]);
    return judgeDriverRows(checkedRows, groups, taken);
  }

  /**
   * Checks the plan for the active drivers and, unless a dry run, writes every account and
   * invitation token in one transaction; returns the invitations to send after the commit.
   */
  async function writeDrivers(
    actor: Actor,
    organizationId: string,
    toWrite: readonly DriverRow[],
    options: { dryRun: boolean; filename: string | undefined },
  ) {
    const activeDrivers = toWrite.filter((row) => row.status === 'ACTIVE').length;
    // Hashing is the slow part, so it runs before the transaction that holds the organization's lock.
    const hashes = options.dryRun ? [] : await hashAll(toWrite.map((row) => row.password));
    return accounts.writeOrConflict(() =>
      db.transaction().execute(async (trx) => {
        if (activeDrivers > 0) await usage.assertCanAdd(trx, organizationId, 'drivers', activeDrivers);
        else await usage.assertWritable(trx, organizationId, 'no new accounts can be added');
        if (options.dryRun) return [];
        // Ids chosen here, so that the invitations' tokens can name their accounts without reading them back.
        const accountsToInsert = toWrite.map(({ password: _password, ...row }, index) => ({
          ...row,
          id: randomUUID(),
          role: 'DRIVER',
          organizationId,
          fuelStationId: null,
          passwordHash: hashes[index] as string,
        }));
        for (const batch of batchesOf(accountsToInsert)) await repository.insertUsersWithIds(trx, batch);
        const invited = await invitations.issue(
          trx,
          accountsToInsert
            .filter((account) => account.passwordHash === NO_PASSWORD_YET)
            .map((account) => ({ userId: account.id, name: account.name, email: account.email, phone: account.phone })),
        );
        await auditTrail.record(trx, {
          actor,
          action: 'driver.imported',
          entityId: organizationId,
          organizationId,
          after: { count: toWrite.length, invited: invited.length },
          note:
            `Imported ${toWrite.length} drivers from ${(options.filename ?? 'a CSV file').slice(0, 200)}` +
            (invited.length > 0 ? `; ${invited.length} invited to choose a password` : ''),
        });
        return invited;
      }),
    );
  }

  return {
    async importDrivers(
      actor: Actor,
      options: { dryRun: boolean; organizationId: string | null | undefined },
      file: UploadedFile | undefined,
    ): Promise<ImportReply> {
      const organizationId = owningOrganization(actor, options.organizationId);
      const { rows, toWrite } = await readDrivers(organizationId, file);
      const checkedReply = importReply(rows, options.dryRun, 0);
      if (importHasProblems(checkedReply)) return checkedReply;
      const issued = await writeDrivers(actor, organizationId, toWrite, { dryRun: options.dryRun, filename: file?.filename });
      invitations.send(issued);
      return options.dryRun ? checkedReply : importReply(rows, false, toWrite.length);
    },
  };
}
