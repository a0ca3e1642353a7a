/**
 * `POST /drivers/import`: each row checked as `POST /drivers` checks its body; duplicates reported;
 * all rows or none. A row without a password makes an account no password opens and invites the
 * driver to choose one with a 7-day token of the password reset.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { eventually, movableClock } from '../../../test/harness.js';
import { useTestApp } from '../../../test/test-world.js';
import { multipart } from '../../../test/multipart.js';
import { countStatements } from '../../../test/statement-count.js';
import { NO_PASSWORD_YET } from '../../platform/auth/passwords.js';
import { INVALID_RESET_TOKEN_MESSAGE } from '../auth/index.js';

// Moved by the invitation's expiry test; standing still otherwise.
const clock = movableClock();

const world = useTestApp({ deps: { clock }, signIn: ['orgadmin@acme.test'] });

const csvOf = (lines: string[]) => ['Name,Email,Phone,Password,Group,Status', ...lines].join('\n');

function upload(csv: string, dryRun = false) {
  const form = multipart({ file: { filename: 'drivers.csv', contentType: 'text/csv', data: Buffer.from(csv) } });
  return world.t.call('POST', '/api/drivers/import', {
    token: world.token('orgadmin@acme.test'),
    ...(dryRun ? { query: { dryRun: 'true' } } : {}),
    body: form.body,
    headers: form.headers,
  });
}

const driverCount = async () =>
  Number(
    (
      await world.t.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('role', '=', 'DRIVER')
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('driver import', () => {
  it('a dry run reports field errors, duplicates in the file and against every account, and writes nothing', async () => {
    const before = await driverCount();
    const res = await upload(
      csvOf([
        'Ada Obi,ADA.OBI@Example.com,,Strong-Pass-2026,Operations,',
        ',noname@example.com,,Strong-Pass-2026,,',
        'No Contact,,,Strong-Pass-2026,,',
        'Bad Phone,,12345,Strong-Pass-2026,,',
        'Common Pass,common@example.com,,password123,,',
        'Ada Again,ada.obi@example.com,,Strong-Pass-2026,,',
        'Musa Copy,driver@acme.test,,Strong-Pass-2026,,',
      ]),
      true,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { rows, summary } = res.json();
    expect(summary).toEqual({ total: 7, ok: 1, errors: 4, duplicates: 2 });
    expect(rows[0]).toMatchObject({ row: 2, status: 'ok', value: { name: 'Ada Obi', email: 'ADA.OBI@Example.com' } });
    expect(rows[1].errors).toEqual([{ field: 'name', message: 'This field is required' }]);
    expect(rows[2].errors).toEqual([{ field: 'email', message: 'Enter an email or a phone number' }]);
    expect(rows[3].errors[0].field).toBe('phone');
    expect(rows[4].errors[0]).toMatchObject({ field: 'password' });
    expect(rows[5]).toMatchObject({
      status: 'duplicate',
      errors: [{ field: 'email', message: 'This email is already on line 2 of the file' }],
    });
    expect(rows[6]).toMatchObject({
      status: 'duplicate',
      errors: [{ field: 'email', message: 'An account with this email already exists' }],
    });
    expect(await driverCount()).toBe(before);
  });

  it('one bad row and nothing is written; a clean file creates drivers who can sign in', async () => {
    const before = await driverCount();
    const refused = await upload(csvOf(['Kemi Ade,kemi.ade@example.com,,Strong-Pass-2026,,', 'Broken,,,Strong-Pass-2026,,']));
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ created: 0, summary: { errors: 1 } });
    expect(await driverCount()).toBe(before);

    const res = await upload(
      csvOf(['Kemi Ade,kemi.ade@example.com,,Strong-Pass-2026,logistics,', 'Tunde Bello,,0803 555 0101,Strong-Pass-2026,,INACTIVE']),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: 2 });
    expect(await driverCount()).toBe(before + 2);
    const kemi = await world.t.call('GET', '/api/drivers', { token: world.token('orgadmin@acme.test'), query: { search: 'kemi' } });
    expect(kemi.json().data[0]).toMatchObject({ role: 'DRIVER', department: { name: 'Logistics' }, status: 'ACTIVE' });
    expect(await world.t.login('kemi.ade@example.com', 'Strong-Pass-2026')).toBeTruthy();
    const tunde = await world.t.db
      .selectFrom('users')
      .select(['phone', 'status'])
      .where('name', '=', 'Tunde Bello')
      .executeTakeFirstOrThrow();
    expect(tunde).toEqual({ phone: '+2348035550101', status: 'INACTIVE' });
  });

  it('the plan limit counts the active drivers of the whole import', async () => {
    const beta = await world.t.login('orgadmin@beta.test');
    const form = multipart({
      file: {
        filename: 'drivers.csv',
        contentType: 'text/csv',
        data: Buffer.from(csvOf(Array.from({ length: 30 }, (_, i) => `Driver ${i},limit.${i}@example.com,,Strong-Pass-2026,,`))),
      },
    });
    const res = await world.t.call('POST', '/api/drivers/import', {
      token: beta,
      query: { dryRun: 'true' },
      body: form.body,
      headers: form.headers,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'LIMIT_REACHED', message: expect.stringContaining('this import would add 30') });
  });
});

/** The stored password hash and the invitation tokens of the account holding `contact` (an e-mail or a +234 number). */
async function credentialsOf(contact: string) {
  const user = await world.t.db
    .selectFrom('users')
    .select(['id', 'password_hash', 'status'])
    .where((eb) => eb.or([eb('email', '=', contact), eb('phone', '=', contact)]))
    .executeTakeFirstOrThrow();
  const tokens = await world.t.db
    .selectFrom('password_reset_tokens')
    .select(['token_hash', 'created_at', 'expires_at', 'used_at'])
    .where('user_id', '=', user.id)
    .execute();
  return { ...user, tokens };
}

const linkToken = (text: string) => /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
const mailTo = (email: string) => world.t.outbox().filter((mail) => mail.to === email);
const textsTo = (phone: string) => world.t.smsOutbox().filter((sms) => sms.to === phone);
/** Messages in the mail and SMS outboxes, counted by their files (reading 10,000 of them would be slow). */
const messagesSent = () =>
  [world.t.config.mail.outboxDir, world.t.config.sms.outboxDir].reduce((sum, dir) => {
    try {
      return sum + readdirSync(dir).filter((file) => file.endsWith('.json')).length;
    } catch {
      return sum;
    }
  }, 0);
const signIn = (username: string, password: string) => world.t.call('POST', '/api/auth/login', { body: { username, password } });
const choosePassword = (resetToken: string | undefined, password: string) =>
  world.t.call('POST', '/api/auth/reset-password', { body: { token: resetToken, password } });

describe('drivers imported without a password', () => {
  it('a dry run says who would be invited and how, and writes and sends nothing', async () => {
    const tokenCount = async () => (await world.t.db.selectFrom('password_reset_tokens').select('id').execute()).length;
    const before = {
      drivers: await driverCount(),
      tokens: await tokenCount(),
      mails: world.t.outbox().length,
      texts: world.t.smsOutbox().length,
    };
    const res = await upload(
      csvOf([
        'Dry Pass,dry.pass@example.com,,Strong-Pass-2026,,',
        'Dry Mail,dry.mail@example.com,0803 555 0301,,,',
        'Dry Text,,0803 555 0302,,,',
      ]),
      true,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { rows, summary, created } = res.json();
    expect({ summary, created }).toEqual({ summary: { total: 3, ok: 3, errors: 0, duplicates: 0 }, created: 0 });
    expect(rows.map((row: { invitation?: string }) => row.invitation ?? null)).toEqual([null, 'email', 'sms']);

    await world.t.app.background.idle();
    expect(await driverCount()).toBe(before.drivers);
    expect(await tokenCount()).toBe(before.tokens);
    expect(
      await world.t.db.selectFrom('users').select('id').where('email', 'in', ['dry.pass@example.com', 'dry.mail@example.com']).execute(),
    ).toEqual([]);
    expect({ mails: world.t.outbox().length, texts: world.t.smsOutbox().length }).toEqual({ mails: before.mails, texts: before.texts });
  });

  it('mixes rows with and without passwords: the invited cannot sign in until they choose one through their link', async () => {
    const before = await driverCount();
    const res = await upload(
      csvOf([
        'Pass Holder,pass.holder@example.com,,Strong-Pass-2026,,',
        'Invited Mail,invited.mail@example.com,,,,',
        'Invited Text,,0803 555 0202,,,',
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: 3, summary: { ok: 3 } });
    expect(res.json().rows.map((row: { invitation?: string }) => row.invitation ?? null)).toEqual([null, 'email', 'sms']);
    expect(await driverCount()).toBe(before + 3);

    const holder = await credentialsOf('pass.holder@example.com');
    const mailed = await credentialsOf('invited.mail@example.com');
    const texted = await credentialsOf('+2348035550202');
    expect(holder.password_hash).toMatch(/^\$argon2id\$/);
    expect(holder.tokens).toEqual([]);
    for (const invited of [mailed, texted]) {
      expect(invited).toMatchObject({ password_hash: NO_PASSWORD_YET, status: 'ACTIVE' });
      expect(invited.tokens).toHaveLength(1);
      expect(invited.tokens[0]?.expires_at.getTime()).toBe(clock.now().getTime() + 7 * 24 * 60 * 60_000);
    }

    // No password opens an invited account, not even the stored mark, and the answer is a wrong password's.
    const wrongForOther = await signIn('pass.holder@example.com', 'Not-The-Password-1');
    expect(wrongForOther.statusCode).toBe(401);
    for (const password of [NO_PASSWORD_YET, 'Strong-Pass-2026']) {
      expect((await signIn('invited.mail@example.com', password)).json(), password).toEqual(wrongForOther.json());
    }
    expect(await world.t.login('pass.holder@example.com', 'Strong-Pass-2026')).toBeTruthy();

    await world.t.app.background.idle();
    expect(mailTo('pass.holder@example.com')).toEqual([]);
    const [mail] = mailTo('invited.mail@example.com');
    expect(mail).toMatchObject({ subject: 'Choose your FleetFuel password' });
    expect(mail?.text).toContain('Hello Invited Mail,');
    expect(mail?.text).toContain('http://app.test/reset-password?token=');
    expect(mail?.text).toContain('within 7 days');
    const [text] = textsTo('+2348035550202');
    expect(text?.text).toMatch(/^FleetFuel: .*within 7 days: http:\/\/app\.test\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
    expect(text?.text.length).toBeLessThanOrEqual(160);

    // Only the hash is stored, and each link chooses the password once.
    const mailToken = linkToken(mail?.text ?? '');
    const textToken = linkToken(text?.text ?? '');
    expect(mailed.tokens.map((row) => row.token_hash)).not.toContain(mailToken);
    expect((await choosePassword(mailToken, 'Mail-Chosen-2026')).statusCode).toBe(200);
    expect(await world.t.login('invited.mail@example.com', 'Mail-Chosen-2026')).toBeTruthy();
    const again = await choosePassword(mailToken, 'Another-Pass-2026');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ field: 'token', error: INVALID_RESET_TOKEN_MESSAGE });
    expect(await world.t.login('invited.mail@example.com', 'Mail-Chosen-2026')).toBeTruthy();

    expect((await choosePassword(textToken, 'Text-Chosen-2026')).statusCode).toBe(200);
    expect(await world.t.login('0803 555 0202', 'Text-Chosen-2026')).toBeTruthy();
    expect((await credentialsOf('+2348035550202')).tokens.every((row) => row.used_at !== null)).toBe(true);

    const audit = await world.t.db
      .selectFrom('audit_log')
      .select('note')
      .where('action', '=', 'driver.imported')
      .orderBy('occurred_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.note).toBe('Imported 3 drivers from drivers.csv; 2 invited to choose a password');
  });

  it('an invitation opens the reset page for 7 days, not a minute more', async () => {
    const res = await upload(csvOf(['Late Starter,late.starter@example.com,,,,', 'Later Starter,later.starter@example.com,,,,']));
    expect(res.statusCode, res.body).toBe(200);
    await world.t.app.background.idle();
    const [onTime, tooLate] = ['late.starter@example.com', 'later.starter@example.com'].map((email) =>
      linkToken(mailTo(email)[0]?.text ?? ''),
    );
    const issuedAt = clock.now();
    try {
      clock.set(new Date(issuedAt.getTime() + 7 * 24 * 60 * 60_000 - 60_000));
      expect((await choosePassword(onTime, 'On-Time-Pass-2026')).statusCode).toBe(200);
      clock.set(new Date(issuedAt.getTime() + 7 * 24 * 60 * 60_000 + 60_000));
      const expired = await choosePassword(tooLate, 'Too-Late-Pass-2026');
      expect(expired.statusCode).toBe(400);
      expect(expired.json().error).toBe(INVALID_RESET_TOKEN_MESSAGE);
    } finally {
      clock.set(issuedAt);
    }
    expect(await world.t.login('late.starter@example.com', 'On-Time-Pass-2026')).toBeTruthy();
    expect((await signIn('later.starter@example.com', 'Too-Late-Pass-2026')).statusCode).toBe(401);
  });

  it('imports 10,000 drivers without passwords in seconds, with a handful of statements, every one invited', async () => {
    const acme = await world.t.db.selectFrom('organizations').select('id').where('name', '=', 'Acme Logistics').executeTakeFirstOrThrow();
    const enterprise = await world.t.db
      .selectFrom('subscription_plans')
      .select('id')
      .where('name', '=', 'Enterprise')
      .executeTakeFirstOrThrow();
    await world.t.db.updateTable('organizations').set({ subscription_plan_id: enterprise.id }).where('id', '=', acme.id).execute();
    const before = await driverCount();
    const sentBefore = messagesSent();
    // Half reached by e-mail, half by SMS (unique mobile numbers 0813 000 0000 upwards).
    const lines = Array.from({ length: 10_000 }, (_, i) =>
      i % 2 === 0 ? `Bulk Driver ${i},bulk.${i}@example.com,,,,` : `Bulk Driver ${i},,0813${String(i).padStart(7, '0')},,,`,
    );
    const form = multipart({ file: { filename: 'drivers.csv', contentType: 'text/csv', data: Buffer.from(csvOf(lines)) } });
    const counter = await countStatements(world.t);
    try {
      const started = Date.now();
      const { statements, reply } = await counter.send(
        { method: 'POST', url: '/api/drivers/import', payload: form.body, headers: form.headers },
        world.token('orgadmin@acme.test'),
      );
      const elapsedMs = Date.now() - started;
      expect(reply.statusCode, reply.body.slice(0, 300)).toBe(200);
      expect(reply.json()).toMatchObject({ created: 10_000, summary: { ok: 10_000 } });
      expect(statements).toBeLessThan(40);
      // Hashing 10,000 passwords takes minutes on two cores; without them the import is a matter of seconds.
      expect(elapsedMs).toBeLessThan(60_000);
    } finally {
      await counter.close();
    }
    expect(await driverCount()).toBe(before + 10_000);
    const invitations = await world.t.db
      .selectFrom('password_reset_tokens as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select((eb) => [eb.fn.countAll<string>().as('tokens'), eb.fn.count<string>('u.id').distinct().as('drivers')])
      .where('u.name', 'like', 'Bulk Driver %')
      .where('u.password_hash', '=', NO_PASSWORD_YET)
      .where('p.used_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect({ tokens: Number(invitations.tokens), drivers: Number(invitations.drivers) }).toEqual({ tokens: 10_000, drivers: 10_000 });
    // Sent after the reply, by the counting app's background work.
    await eventually(() => (messagesSent() >= sentBefore + 10_000 ? true : undefined), 60_000);
    expect(messagesSent()).toBe(sentBefore + 10_000);
  }, 180_000);
});
