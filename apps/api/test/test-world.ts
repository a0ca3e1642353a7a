/**
 * One set-up for an API test file: `useTestApp({...})` at the top of the file registers the
 * `beforeAll` that builds the file's own app (a private database copy, as `createTestApp` does),
 * signs the named demo accounts in, looks the file's ids up and runs its own `setUp`, and the
 * `afterAll` that closes the app. Tests read `world.t`, `world.token(email)` and `world.ids`.
 *
 *   const world = useTestApp({
 *     signIn: ['orgadmin@acme.test'],
 *     ids: async (find) => ({ hilux: await find.vehicle('LND-451-KJ') }),
 *   });
 *   it('…', async () => { await world.t.call('GET', '/api/vehicles', { token: world.token('orgadmin@acme.test') }); });
 */
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './harness.js';
import { demoIds, signInAll } from './demo-world.js';

/** The lookups of demo ids by name: `find.vehicle(plate)`, `find.station(name)`, `find.organization(name)`. */
type DemoFind = ReturnType<typeof demoIds>;

type ConfigOverrides = NonNullable<Parameters<typeof createTestApp>[0]>;
type InstanceDeps = NonNullable<Parameters<typeof createTestApp>[1]>;

export interface TestWorldOptions<Ids extends Record<string, string>> {
  /**
   * Overrides of the test configuration, as `createTestApp`'s first argument; a function is called
   * in the `beforeAll`, for a file whose own earlier `beforeAll` starts what the app points at.
   */
  config?: ConfigOverrides | (() => ConfigOverrides);
  /** The instance's clock, payment provider, mailer or SMS provider, as `createTestApp`'s second argument; a function likewise. */
  deps?: InstanceDeps | (() => InstanceDeps);
  /** Demo accounts to sign in, in this order, after the app is built: `world.token(email)`. */
  signIn?: readonly string[];
  /** The file's ids, looked up after signing in: `world.ids`. */
  ids?: (find: DemoFind, t: TestApp) => Promise<Ids>;
  /** Anything else the file's tests need in place, run last (after `signIn` and `ids`). */
  setUp?: (world: TestWorld<Ids>) => Promise<void>;
}

export interface TestWorld<Ids extends Record<string, string>> {
  /** The file's app; reading it before the set-up has run throws. */
  readonly t: TestApp;
  /** Bearer tokens of the `signIn` accounts by e-mail. */
  readonly tokens: Readonly<Record<string, string>>;
  /** What `ids` returned. */
  readonly ids: Ids;
  /** The bearer token of a `signIn` account; throws for an e-mail that was not signed in. */
  token(this: void, email: string): string;
  /**
   * Signs an account in (again, after a test ended its sessions or changed its password) and keeps
   * the new token for `token(email)`.
   */
  signIn(this: void, email: string, password?: string): Promise<string>;
}

export function useTestApp<Ids extends Record<string, string> = Record<string, never>>(
  options: TestWorldOptions<Ids> = {},
): TestWorld<Ids> {
  let app: TestApp | undefined;
  let tokens: Record<string, string> | undefined;
  let ids: Ids | undefined;
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`useTestApp: ${what} was read before the file's beforeAll set it up`);
    return value;
  };

  const world: TestWorld<Ids> = {
    get t() {
      return ready(app, 'world.t');
    },
    get tokens() {
      return ready(tokens, 'world.tokens');
    },
    get ids() {
      return ready(ids, 'world.ids');
    },
    token(email) {
      const token = ready(tokens, `world.token('${email}')`)[email];
      if (token === undefined) throw new Error(`useTestApp: ${email} is not among the accounts signed in (signIn)`);
      return token;
    },
    async signIn(email, password) {
      const token = await world.t.login(email, password);
      ready(tokens, `world.signIn('${email}')`)[email] = token;
      return token;
    },
  };

  beforeAll(async () => {
    const { config, deps } = options;
    const t = await createTestApp(typeof config === 'function' ? config() : config, typeof deps === 'function' ? deps() : deps);
    app = t;
    tokens = await signInAll(t, options.signIn ?? []);
    ids = options.ids ? await options.ids(demoIds(t), t) : ({} as Ids);
    await options.setUp?.(world);
  });
  afterAll(async () => {
    await app?.close();
  });

  return world;
}
