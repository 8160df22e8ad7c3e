/**
 * The examples of issue #9 ("each runnable with one `npm run example:<name>` and checked in CI by
 * running it"): every `example:<name>` script of package.json is run as npm would run it — the file
 * its `tsx examples/…` command names, in a child `node --import tsx` from the project root — and must
 * exit 0 and print what shows it did its work. The official-XSD steps of the KSeF and SII examples
 * need `shared/xsd/`; without it they print that they skipped it, and that path is also run here on
 * purpose (with `FISCALKIT_SHARED` pointing at an empty directory), so it cannot break unnoticed.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { KSEF_TYPE_CODES } from '../../src/codelists/invoiceTypes.js';
import { PROJECT_ROOT, SHARED_DIR } from '../support/shared.js';

/** Generous: a cold `tsx` start, 1,000 TINs or libxml2-wasm compiling the schemas. Never asserted on. */
const TIMEOUT_MS = 60_000;

const scripts = (
  JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts;

/** The example file `npm run example:<name>` runs, read from its script (`tsx examples/<file>.ts`). */
function exampleFile(name: string): string {
  const script = scripts[`example:${name}`];
  const file = /^tsx (examples\/[\w/]+\.ts)$/.exec(script ?? '')?.[1];
  if (file === undefined) throw new Error(`package.json has no "example:${name}": "tsx examples/…" script`);
  return file;
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs an example as `npm run example:<name>` does, with `env` added to this process's environment. */
function runExample(name: string, env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', exampleFile(name)], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Exit code 0, with the output attached to the failure message when it is not. */
function expectSuccess(run: Run): string[] {
  expect(run.code, `stdout:\n${run.stdout}\nstderr:\n${run.stderr}`).toBe(0);
  return run.stdout.split('\n');
}

const hasKsefXsd = existsSync(join(SHARED_DIR, 'xsd', 'ksef-fa3', 'schemat_FA(3)_v1-0E.xsd'));
const hasSiiXsd = existsSync(join(SHARED_DIR, 'xsd', 'sii', 'SuministroLR.xsd'));

/** A directory with no `xsd/` in it: the examples must skip the XSD step there, not fail. */
const noShared = mkdtempSync(join(tmpdir(), 'fiscalkit-no-shared-'));
afterAll(() => rmSync(noShared, { recursive: true, force: true }));

/** The line of the KSeF example for `code`. */
function typeLine(lines: readonly string[], code: string): string | undefined {
  return lines.find((line) => line.startsWith(`FA(3) ${code.padEnd(7)} `));
}

describe('every example:<name> script names an example file that exists', () => {
  it.each(['totals', 'ksef', 'sii', 'tin-webhook', 'embed'])('example:%s', (name) => {
    expect(existsSync(join(PROJECT_ROOT, exampleFile(name)))).toBe(true);
  });
});

describe('npm run example:totals', () => {
  it(
    'prints the totals in the three modes',
    async () => {
      const lines = expectSuccess(await runExample('totals'));
      for (const mode of ['accumulated', 'per_line', 'per_line_unrounded'])
        expect(lines.some((line) => line.startsWith(`${mode} (`))).toBe(true);
    },
    TIMEOUT_MS,
  );
});

describe('npm run example:ksef', () => {
  it(
    'prints one valid line per FA(3) type code',
    async () => {
      const lines = expectSuccess(await runExample('ksef'));
      const typeLines = lines.filter((line) => line.startsWith('FA(3) '));
      expect(typeLines).toHaveLength(KSEF_TYPE_CODES.length);
      for (const code of KSEF_TYPE_CODES) {
        const line = typeLine(lines, code);
        expect(line, code).toMatch(/ valid {4}.*fa3Issues none, import round trip identical, XSD /);
        // With the schemas at hand the official XSD judged it; without them the example says so.
        expect(line, code).toContain(hasKsefXsd ? 'XSD valid' : 'XSD skipped');
      }
      expect(lines).toContain(`all ${String(KSEF_TYPE_CODES.length)} type codes valid`);
    },
    TIMEOUT_MS,
  );

  it(
    'skips the XSD step, and says so, when shared/ is absent',
    async () => {
      const lines = expectSuccess(await runExample('ksef', { FISCALKIT_SHARED: noShared }));
      expect(lines.some((line) => line.startsWith('XSD check skipped: '))).toBe(true);
      for (const code of KSEF_TYPE_CODES)
        expect(typeLine(lines, code), code).toMatch(/ valid .*XSD skipped$/);
    },
    TIMEOUT_MS,
  );
});

describe('npm run example:sii', () => {
  it(
    'builds two books into two valid messages and shows their XML',
    async () => {
      const run = await runExample('sii');
      const lines = expectSuccess(run);
      expect(lines).toContain('SII ledger of Test company (U2687761C): 4 records in 2 messages');
      expect(lines).toContain('Expedida (alta, A0): 3 records');
      expect(lines).toContain('Recibida (alta, A0): 1 record');
      const verdicts = lines.filter((line) => line.includes(' bytes; '));
      expect(verdicts).toHaveLength(2);
      for (const verdict of verdicts) {
        expect(verdict).toContain('structural valid');
        expect(verdict).toContain(hasSiiXsd ? 'xsd valid' : 'XSD skipped');
      }
      expect(lines).toContain('  | <?xml version="1.0" encoding="UTF-8"?>');
      expect(run.stdout).toContain('<siiLR:SuministroLRFacturasRecibidas ');
      expect(lines).toContain('SII ledger valid');
    },
    TIMEOUT_MS,
  );

  it(
    'skips the XSD step, and says so, when shared/ is absent',
    async () => {
      const lines = expectSuccess(await runExample('sii', { FISCALKIT_SHARED: noShared }));
      expect(lines.some((line) => line.startsWith('XSD check skipped: '))).toBe(true);
      expect(lines.filter((line) => line.includes('XSD skipped'))).toHaveLength(2);
      expect(lines).toContain('SII ledger valid');
    },
    TIMEOUT_MS,
  );
});

describe('npm run example:tin-webhook', () => {
  it(
    'verifies 1,000 TINs and receives the signed webhook over HTTP',
    async () => {
      const run = await runExample('tin-webhook');
      const lines = expectSuccess(run);
      expect(run.stdout).toContain(
        'verification success: 1000 results, 800 format-valid, 200 format-invalid',
      );
      expect(run.stdout).toMatch(/ \d+ census matches\n/);
      expect(run.stdout).toMatch(
        /webhook received: tin_verification\.finished \{"id":\d+,"status":"success"\}/,
      );
      expect(lines).toContain('signature verified');
      expect(run.stdout).toContain('forged delivery answered 400: signature_mismatch');
      expect(lines).toContain('deliveries: delivered (204)');
      expect(lines).toContain('TIN webhook example passed');
    },
    TIMEOUT_MS,
  );
});

describe('npm run example:embed', () => {
  it(
    'runs fiscalkit on the host ports: the invoice total, its events, what the ports saw',
    async () => {
      const run = await runExample('embed');
      const lines = expectSuccess(run);
      // 10 × 45.50 + 120.00 = 575.00 net; IVA 21 % 120.75; IRPF −15 % of 120.00 = −18.00.
      expect(run.stdout).toMatch(
        /^invoice 4000001 F-2026\/0001: total 677\.75 EUR, payable 677\.75, state sent$/m,
      );
      expect(lines).toContain('another group: 404 resource_missing');
      expect(run.stdout).toMatch(/AccountEvent {2}created {7}1000001\n/);
      expect(run.stdout).toMatch(/InvoiceEvent {2}state_changed 4000001 → sent\n/);
      expect(run.stdout).toContain(
        'issued_invoice.state_change {"invoice_id":4000001,"state":"sent","version":3}',
      );
      expect(run.stdout).toContain('invoices.update ×2');
      // The repair job of the state change (issue #24) is queued before it, due a minute later.
      expect(run.stdout).toContain(
        'jobs: queued event_dispatch job 1; queued webhook_delivery job 2; completed webhook_delivery job 2',
      );
      expect(run.stdout).toMatch(
        /webhooks: POST https:\/\/erp\.example\.com\/hooks\/fiscalkit \{"id":\d+,"code":"issued_invoice\.state_change",/,
      );
      expect(lines).toContain('embedded fiscalkit ran on the host ports');
    },
    TIMEOUT_MS,
  );
});
