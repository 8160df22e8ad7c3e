/**
 * Issue #19: the official PHP client (B2Brouter/b2brouter-php 1.2.0, MIT, vendored unchanged in
 * test/php/vendor/b2brouter-php): "its examples that stay within the spec run unchanged against
 * `npm start` with no warnings and no errors". Set-up as the issue gives it: PHP 8 from Debian (php-cli,
 * php-curl, php-mbstring; `.ci/php.sh` installs them in CI), a five-line PSR-4 autoloader in place of
 * Composer (test/php/autoload.php), and `B2B_API_BASE` pointed at the server.
 *
 * The server is `npm start` itself (test/support/npmStart.ts): memory storage, the sandbox key it makes
 * up and prints, default rate limit and worker. The examples need an account (`B2B_ACCOUNT_ID`, made
 * in B2Brouter's web application): it is made here with POST /accounts, as a user of `npm start` does
 * once. `accounts_edocexchange <id>` archives the account it is given, so it gets one of its own.
 *
 * Each example runs with every PHP diagnostic shown (`error_reporting=E_ALL`, on stderr) and passes
 * when it exits 0 and neither PHP (Warning, Notice, Deprecated, Fatal error) nor the example (`✗ Error`,
 * `Error: …`: several catch the client's exception, print it and still exit 0) reports a problem.
 * Without PHP the suite skips, saying so.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type NpmStart, startNpmStart } from '../support/npmStart.js';
import { type PhpRun, phpUnavailable, problems, runPhp } from '../support/php.js';
import { PROJECT_ROOT } from '../support/shared.js';

const CLIENT = join(PROJECT_ROOT, 'test', 'php', 'vendor', 'b2brouter-php');
/** The version the client sends by default (B2BRouterClient::$apiVersion); the examples keep it. */
const CLIENT_VERSION = '2026-03-02';

interface Upstream {
  repository: string;
  commit: string;
  files: Record<string, string>;
}

/** The git blob hash of a file's bytes (what `git hash-object` prints). */
function blobHash(bytes: Buffer): string {
  return createHash('sha1')
    .update(`blob ${String(bytes.length)}\0`)
    .update(bytes)
    .digest('hex');
}

function filesUnder(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? filesUnder(join(directory, entry.name))
      : [relative(CLIENT, join(directory, entry.name))],
  );
}

describe('the vendored PHP client (issue #19)', () => {
  it('is B2Brouter/b2brouter-php at the commit upstream.json names, unchanged, with its MIT license', () => {
    const upstream = JSON.parse(readFileSync(join(CLIENT, 'upstream.json'), 'utf8')) as Upstream;
    const changed = Object.entries(upstream.files)
      .filter(([path, blob]) => blobHash(readFileSync(join(CLIENT, path))) !== blob)
      .map(([path]) => path);
    expect(changed).toEqual([]);
    // Nothing else is in the copy but fiscalkit's three files (README.md says which and why).
    const ours = ['README.md', 'upstream.json', join('vendor', 'autoload.php')];
    const extra = filesUnder(CLIENT).filter((path) => !(path in upstream.files) && !ours.includes(path));
    expect(extra).toEqual([]);
    expect(readFileSync(join(CLIENT, 'LICENSE'), 'utf8')).toMatch(/^Copyright 2025 B2Brouter Global\n/);
  });
});

const missing = phpUnavailable();
const suite = 'the official PHP client runs unchanged against npm start (issue #19)';
if (missing !== null)
  console.warn(`[fiscalkit tests] ${suite}: skipped, ${missing} (bash .ci/php.sh installs it)`);

describe.skipIf(missing !== null)(suite, () => {
  let server: NpmStart;
  /** The account of B2B_ACCOUNT_ID. */
  let account: number;
  /** The account `accounts_edocexchange` is given, and archives. */
  let exchangeAccount: number;

  async function createAccount(name: string, nif: string): Promise<number> {
    const response = await fetch(`${server.url}/accounts`, {
      method: 'POST',
      headers: {
        'X-B2B-API-Key': server.key,
        'X-B2B-API-Version': CLIENT_VERSION,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ account: { name, country: 'ES', tin_scheme: '9920', tin_value: nif } }),
    });
    const text = await response.text();
    if (response.status !== 201) throw new Error(`account not created: ${String(response.status)} ${text}`);
    return (JSON.parse(text) as { account: { id: number } }).account.id;
  }

  beforeAll(async () => {
    server = await startNpmStart();
    account = await createAccount('PHP client test company', 'B12345674');
    exchangeAccount = await createAccount('PHP client eDocExchange company', 'U2687761C');
  });

  afterAll(async () => {
    await server?.stop();
  });

  /** Runs `php examples/<example>.php ...args` in the client's directory, as its README says. */
  function example(name: string, args: readonly string[] = []): Promise<PhpRun> {
    return runPhp(join('examples', `${name}.php`), args, {
      cwd: CLIENT,
      env: { B2B_API_KEY: server.key, B2B_ACCOUNT_ID: String(account), B2B_API_BASE: server.url },
    });
  }

  /** Exit 0 and no problem; the message shows everything the example printed. */
  function expectClean(run: PhpRun): void {
    expect(
      { status: run.status, problems: problems(run) },
      `stdout:\n${run.stdout}\nstderr:\n${run.stderr}`,
    ).toEqual({ status: 0, problems: [] });
  }

  it('create_simple_invoice', async () => {
    expectClean(await example('create_simple_invoice'));
  });

  it('create_detailed_invoice', async () => {
    expectClean(await example('create_detailed_invoice'));
  });

  it('list_invoices', async () => {
    expectClean(await example('list_invoices'));
  });

  it('paginate_all_invoices', async () => {
    expectClean(await example('paginate_all_invoices'));
  });

  it('contacts', async () => {
    expectClean(await example('contacts'));
  });

  it('accounts_edocsync', async () => {
    expectClean(await example('accounts_edocsync'));
  });

  it('accounts_edocexchange <id>', async () => {
    expectClean(await example('accounts_edocexchange', [String(exchangeAccount)]));
  });

  it('use_previous_api_version', async () => {
    expectClean(await example('use_previous_api_version'));
  });

  // Issue #23: validate, send (the contact has no transport: nothing to deliver, said in the invoice's
  // state), mark as sent and delete; and the workflow of create, validate, update, mark as sent.
  it('invoices', async () => {
    expectClean(await example('invoices'));
  });

  it('invoice_workflow', async () => {
    expectClean(await example('invoice_workflow'));
  });
});
