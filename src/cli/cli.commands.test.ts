import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, startTestApp, type TestApp } from '../../tests/support/app.js';
import { createCliWorkspace, jsonOf, type CliResult, type CliWorkspace } from '../../tests/support/cli-process.js';

// The CLI process and the HTTP app share one data folder and database: what the operator
// does on the command line must be exactly what the API then sees.
// Each test runs a few real processes one after the other; on a busy 2-core machine that takes a while.
const SLOW = { timeout: 60_000 };
let ws: CliWorkspace;
let t: TestApp;
let firstMigration: CliResult;
let counter = 0;
const email = (label: string) => `${label}-${++counter}@example.com`;

beforeAll(async () => {
  ws = await createCliWorkspace();
  // Migrating first, alone, also creates the shared secrets before anything runs in parallel.
  firstMigration = await ws.run(['migrate', '--json']);
  t = await startTestApp(ws.env);
});
afterAll(async () => {
  await t?.close();
  await ws?.close();
});

const quarry = (...args: string[]) => ws.run(args);
/** `quarry users create … --password-stdin` with the password piped in, as a script would. */
const createUser = (password: string, ...args: string[]) => ws.run(['users', 'create', '--password-stdin', ...args], {}, `${password}\n`);
const loginStatus = async (address: string, password = PASSWORD) =>
  (await t.quarry.app.inject({ method: 'POST', url: '/api/v1/auth/jwt/create/', payload: { email: address, password } })).statusCode;
const getWithToken = async (access: string, url: string) =>
  (await t.quarry.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${access}` } })).json() as Record<string, unknown>;

describe('quarry migrate', SLOW, () => {
  it('applies every migration to a fresh database and lists them, then finds nothing to apply', async () => {
    expect(firstMigration.code).toBe(0);
    const first = jsonOf<{ dialect: string; applied: string[] }>(firstMigration);
    expect(first.dialect).toBe(ws.env.DATABASE_URL ? 'postgres' : 'sqlite');
    expect(first.applied.slice(0, 2)).toEqual(['0001-accounts-and-keys', '0002-ledger']);
    expect([...first.applied].sort()).toEqual(first.applied);

    const again = await quarry('migrate');
    expect(again).toEqual({ code: 0, stdout: `The ${first.dialect} database is up to date; nothing to apply.\n`, stderr: '' });
  });
});

describe('quarry users', SLOW, () => {
  it('creates an active account with credits that can log in and sees them', async () => {
    const address = email('ada');
    const result = await createUser(PASSWORD, '--email', address.toUpperCase(), '--credits', '40', '--json');
    expect(result.code).toBe(0);
    expect(jsonOf(result)).toEqual({
      id: expect.any(Number),
      email: address,
      is_active: true,
      is_staff: false,
      date_joined: expect.any(String),
      credits_remaining: 40,
    });

    const { access } = await t.login(address, PASSWORD);
    expect(await getWithToken(access, '/api/v1/auth/users/me/')).toMatchObject({ email: address, is_active: true, credits_remaining: 40 });
    const ledger = await getWithToken(access, '/api/v1/credits/ledger/');
    expect(ledger).toMatchObject({ count: 1, results: [{ amount: 40, kind: 'grant', balance_after: 40 }] });
  });

  it('says what it created in one line and refuses a second account with the same email', async () => {
    const address = email('grace');
    const created = await createUser(PASSWORD, '--email', address);
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(new RegExp(`^Created user \\d+ ${address} \\(active\\) with 0 credits\\.\\n$`));

    const duplicate = await createUser(PASSWORD, '--email', address);
    expect(duplicate).toEqual({ code: 1, stdout: '', stderr: 'quarry users create: email: user with this email already exists.\n' });
  });

  it('applies the registration rules to email and password', async () => {
    const result = await createUser('12345678', '--email', 'not-an-email', '--json');
    expect(result.code).toBe(1);
    expect(jsonOf(result)).toEqual({
      error: expect.stringContaining('email: Enter a valid email address.'),
      fields: {
        email: ['Enter a valid email address.'],
        password: expect.arrayContaining(['This password is too common.', 'This password is entirely numeric.']),
      },
    });
  });

  it('leaves an --inactive account unable to log in until the mailed link is used', async () => {
    const address = email('inactive');
    const result = await createUser(PASSWORD, '--email', address, '--inactive', '--json');
    expect(result.code).toBe(0);
    expect(jsonOf(result)).toMatchObject({ is_active: false, credits_remaining: 0 });
    // Without SMTP the activation mail goes to the outbox, and the CLI says so on stderr.
    expect(result.stderr).toContain('outbox');
    expect(await loginStatus(address)).toBe(401);

    const handle = ws.openDatabase();
    const mail = await handle.db.selectFrom('mail_outbox').select('body').where('recipient', '=', address).executeTakeFirstOrThrow();
    await handle.close();
    const [, uid, token] = /\/activate\/([^/\s]+)\/([^/\s]+)/.exec(mail.body) ?? [];
    const activation = await t.quarry.app.inject({ method: 'POST', url: '/api/v1/auth/users/activation/', payload: { uid, token } });
    expect(activation.statusCode, activation.body).toBe(204);
    expect(await loginStatus(address)).toBe(200);
  });

  it('makes a staff account with --staff, which may read the staff-only engine list', async () => {
    const address = email('staff');
    const result = await createUser(PASSWORD, '--email', address, '--staff', '--json');
    expect(result.code).toBe(0);
    expect(jsonOf(result)).toMatchObject({ email: address, is_active: true, is_staff: true });
    const { access } = await t.login(address, PASSWORD);
    const engines = await t.quarry.app.inject({ method: 'GET', url: '/api/v1/search/engines/', headers: { authorization: `Bearer ${access}` } });
    expect(engines.statusCode).toBe(200);

    const plain = await t.createUser(email('notstaff'));
    const refused = await t.quarry.app.inject({
      method: 'GET',
      url: '/api/v1/search/engines/',
      headers: { authorization: `Bearer ${(await t.login(plain.email, plain.password)).access}` },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('reads the whole password from stdin, spaces included, and refuses an empty one', async () => {
    const address = email('stdin');
    const spaced = 'a long passphrase with spaces';
    expect((await createUser(spaced, '--email', address)).code).toBe(0);
    expect(await loginStatus(address, spaced)).toBe(200);

    const empty = await ws.run(['users', 'create', '--password-stdin', '--email', email('empty')], {}, '');
    expect(empty).toEqual({
      code: 2,
      stdout: '',
      stderr: 'quarry users create: --password-stdin: standard input was empty (see quarry users create --help)\n',
    });
  });

  // util-linux `script` gives the CLI a real terminal, so the prompt path runs as a person sees it.
  const hasScript = spawnSync('script', ['--version']).status === 0;
  it.skipIf(!hasScript)('asks for the password on a terminal without echoing it', async () => {
    const address = email('tty');
    const bin = fileURLToPath(new URL('../../bin/quarry.js', import.meta.url));
    const child = spawn('script', ['-qec', `${process.execPath} ${bin} users create --email ${address} --json`, '/dev/null'], {
      env: { PATH: process.env.PATH ?? '', ...ws.env },
    });
    let output = '';
    const prompted = new Promise<void>((resolve) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString('utf8');
        if (output.includes('Password: ')) resolve();
      });
    });
    const exited = once(child, 'exit');
    await prompted;
    child.stdin.write(`${PASSWORD}\r`);
    const [code] = (await exited) as [number];
    expect(code).toBe(0);
    expect(output).not.toContain(PASSWORD);
    expect(output).toContain(`"email": "${address}"`);
    expect(await loginStatus(address)).toBe(200);
  });

  it('locks an account out of logging in and unlocks it again', async () => {
    const { email: address } = await t.createUser(email('locked'));

    const locked = await quarry('users', 'lock', '--email', address, '--json');
    expect(locked.code).toBe(0);
    expect(jsonOf(locked)).toEqual({ id: expect.any(Number), email: address, locked: true });
    expect(await loginStatus(address)).toBe(401);

    const unlocked = await quarry('users', 'unlock', '--email', address);
    expect(unlocked.code).toBe(0);
    expect(unlocked.stdout).toMatch(/^Unlocked user \d+ /);
    expect(await loginStatus(address)).toBe(200);
  });

  it('exits 1 for an account that does not exist', async () => {
    const result = await quarry('credits', 'grant', '--email', 'nobody@example.com', '--amount', '5', '--json');
    expect(result.code).toBe(1);
    expect(jsonOf(result)).toEqual({ error: 'no user with email nobody@example.com' });
  });
});

describe('quarry mail list', SLOW, () => {
  it("shows the outbox newest first, with each mail's link, as a table and as JSON", async () => {
    const first = email('outbox');
    const second = email('outbox');
    for (const address of [first, second]) expect((await createUser(PASSWORD, '--email', address, '--inactive')).code).toBe(0);

    const listed = await quarry('mail', 'list', '--json', '--limit', '50');
    expect(listed.code).toBe(0);
    const mails = jsonOf<{ id: number; to: string; subject: string; link: string; body: string }[]>(listed).filter((m) => m.to === first || m.to === second);
    expect(mails.map((m) => m.to)).toEqual([second, first]);
    expect(mails[0]).toMatchObject({
      subject: 'Activate your Quarry account',
      link: expect.stringMatching(/^http:\/\/127\.0\.0\.1:8000\/activate\/\S+\/\S+$/),
    });
    expect(mails[0]!.body).toContain(mails[0]!.link);

    const table = await quarry('mail', 'list', '--to', first.toUpperCase());
    expect(table.code).toBe(0);
    const [header, row, extra] = table.stdout.trimEnd().split('\n');
    expect(header).toMatch(/^ID\s+CREATED\s+TO\s+SUBJECT\s+LINK$/);
    expect(row).toContain(first);
    expect(row).toContain(mails[1]!.link);
    expect(extra).toBeUndefined();

    // The listed link carries what the dashboard's activation page sends to the API.
    const [, , uid, token] = new URL(mails[1]!.link).pathname.split('/');
    const activation = await t.quarry.app.inject({ method: 'POST', url: '/api/v1/auth/users/activation/', payload: { uid, token } });
    expect(activation.statusCode, activation.body).toBe(204);
    expect(await loginStatus(first)).toBe(200);
  });

  it('says so when nothing matches', async () => {
    expect(await quarry('mail', 'list', '--to', 'nobody@example.com')).toEqual({ code: 0, stdout: 'The outbox is empty.\n', stderr: '' });
  });
});

describe('quarry keys create', SLOW, () => {
  it('prints only the secret on stdout, and the secret works as X-API-KEY', async () => {
    const { email: address } = await t.createUser(email('keys'), 7);
    const result = await quarry('keys', 'create', '--email', address, '--name', 'nightly batch');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^qk_\S+\n$/);
    expect(result.stderr).toContain('"nightly batch"');
    expect(result.stderr).toContain('shown only now');

    const balance = await t.quarry.app.inject({ method: 'GET', url: '/api/v1/account/credits/', headers: { 'x-api-key': result.stdout.trim() } });
    expect(balance.statusCode).toBe(200);
    expect(balance.json()).toEqual({ credits_remaining: 7 });
  });

  it('prints the whole key object with --json, as the API would', async () => {
    const { email: address, password } = await t.createUser(email('keysjson'));
    const result = await quarry('keys', 'create', '--email', address, '--name', 'ci', '--json');
    expect(result.code).toBe(0);
    const key = jsonOf<{ id: number; key: string; prefix: string }>(result);
    expect(key).toEqual({
      id: expect.any(Number),
      name: 'ci',
      prefix: expect.any(String),
      created: expect.any(String),
      last_used: null,
      is_active: true,
      revealable: true,
      key: expect.stringMatching(/^qk_/),
    });
    expect(key.key.startsWith(key.prefix)).toBe(true);

    const { access } = await t.login(address, password);
    const listed = await getWithToken(access, '/api/v1/api-keys/');
    expect(listed).toMatchObject({ count: 1, results: [{ id: key.id, name: 'ci' }] });
  });

  it('refuses a name the API would refuse', async () => {
    const { email: address } = await t.createUser(email('keysbad'));
    const long = await quarry('keys', 'create', '--email', address, '--name', 'x'.repeat(101), '--json');
    expect(long.code).toBe(1);
    expect(jsonOf(long)).toMatchObject({ fields: { name: ['Ensure this field has no more than 100 characters.'] } });
  });
});

describe('quarry credits grant', SLOW, () => {
  it('adds a grant entry with its note to the ledger', async () => {
    const { email: address, password } = await t.createUser(email('grant'), 5);
    const result = await quarry('credits', 'grant', '--email', address, '--amount', '120', '--note', 'invoice 17');
    expect(result).toEqual({ code: 0, stdout: `Granted 120 credits to ${address}; balance 125.\n`, stderr: '' });

    const { access } = await t.login(address, password);
    const ledger = await getWithToken(access, '/api/v1/credits/ledger/');
    expect(ledger).toMatchObject({ count: 2, results: [{ amount: 120, kind: 'grant', balance_after: 125, note: 'invoice 17' }, { amount: 5 }] });
  });

  it('applies a grant once per idempotency key, however often it is repeated', async () => {
    const { email: address, password } = await t.createUser(email('idem'));
    const first = await quarry('credits', 'grant', '--email', address, '--amount', '50', '--idempotency-key', 'order-9', '--json');
    expect(first.code).toBe(0);
    expect(jsonOf(first)).toEqual({
      user_id: expect.any(Number),
      email: address,
      amount: 50,
      applied: true,
      credits_remaining: 50,
      idempotency_key: 'order-9',
    });

    const repeat = await quarry('credits', 'grant', '--email', address, '--amount', '50', '--idempotency-key', 'order-9');
    expect(repeat).toEqual({ code: 0, stdout: `Nothing granted: idempotency key "order-9" was used before. ${address} has 50 credits.\n`, stderr: '' });
    const { access } = await t.login(address, password);
    expect(await getWithToken(access, '/api/v1/auth/users/me/')).toMatchObject({ credits_remaining: 50 });
  });
});
