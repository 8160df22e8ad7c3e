/**
 * `npm run bench:fuzz` (issue #24 "a repeat of a 20,000-request fuzz run with 0 × 5xx"): the real
 * server (`examples/http/server.ts`, as `npm start` runs it; on PostgreSQL with `--pg` and
 * DATABASE_URL) takes 20,000 requests made from its own OpenAPI document — every operation of the
 * newest and the legacy version, with path ids that exist, that belong to nobody, and that are not
 * ids; bodies that are valid, mutated, random JSON, deeply nested, huge, XML (with DOCTYPEs, entity
 * references and the repeat attack), binary, or of a content type the route does not take — from a
 * fixed seed, 16 at a time. It prints the answers by status and exits 1 on any 5xx, listing them.
 *
 * Usage: `npm run bench:fuzz [-- --requests N --seed S --pg --base http://127.0.0.1:3000]`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fc from 'fast-check';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? (args[index + 1] ?? fallback) : fallback;
};
const REQUESTS = Number(option('requests', '20000')); // money-safe: a request count
const SEED = Number(option('seed', '24')); // money-safe: a seed
const POSTGRES = args.includes('--pg');
/** A server already running (its key must be the fuzzer's), instead of starting one. */
const BASE = option('base', '');
const CONCURRENCY = 16;
const KEY = 'test_fuzz_key_24';
const ROOT = new URL('../../', import.meta.url).pathname;

if (POSTGRES && !process.env.DATABASE_URL) {
  console.error('--pg needs DATABASE_URL');
  process.exit(2);
}

/** A small seeded generator (mulberry32): the same seed makes the same run. */
class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  /** An integer in [min, max]. */
  nextInt(min = -0x80000000, max = 0x7fffffff): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const unit = ((t ^ (t >>> 14)) >>> 0) / 4294967296; // money-safe: a random fraction
    return min + Math.floor(unit * (max - min + 1)); // money-safe: an index
  }
}

/** Starts the server; resolves with its base URL once it prints its key. */
async function startServer(): Promise<{ base: string; child: ChildProcess; log: string[] }> {
  const { DATABASE_URL, ...rest } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'examples/http/server.ts'], {
    cwd: ROOT,
    env: {
      ...rest,
      ...(POSTGRES ? { DATABASE_URL } : {}),
      PORT: '0',
      FISCALKIT_API_KEY: KEY,
      FISCALKIT_RATE_LIMIT: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  const base = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const port = /\(port (\d+)/.exec(output)?.[1];
      if (port !== undefined && output.includes('API key')) resolve(`http://127.0.0.1:${port}`);
    });
    child.on('exit', (code) => reject(new Error(`the server exited with ${String(code)}: ${log.join('')}`)));
  });
  return { base, child, log };
}

interface Operation {
  method: string;
  path: string;
  hasBody: boolean;
}

/** Every operation of a version's OpenAPI document. */
async function operations(base: string, version: string): Promise<Operation[]> {
  const document = (await (await fetch(`${base}/openapi.json?version=${version}`)).json()) as {
    paths: Record<string, Record<string, { requestBody?: unknown }>>;
  };
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        hasBody: operation.requestBody !== undefined,
      })),
  );
}

/** What the fuzzer knows exists: ids made through the API before the run. */
interface Seeds {
  account: number;
  contact: number;
  invoice: number;
}

async function seed(base: string): Promise<Seeds> {
  const headers = {
    'X-B2B-API-Key': KEY,
    'X-B2B-API-Version': '2026-04-20',
    'Content-Type': 'application/json',
  };
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    const json = (await response.json()) as Record<string, { id: number }>;
    if (response.status >= 300)
      throw new Error(`seeding ${path}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  };
  const account = (
    await post('/accounts', {
      account: { name: 'Fuzz SL', country: 'ES', tin_scheme: '9920', tin_value: 'B12345674' },
    })
  ).account?.id as number;
  const contact = (
    await post(`/accounts/${String(account)}/contacts`, {
      contact: { name: 'Client SA', country: 'ES', tin_scheme: '9920', tin_value: 'A58818501' },
    })
  ).contact?.id as number;
  const invoice = (
    await post(`/accounts/${String(account)}/invoices`, {
      invoice: {
        type: 'IssuedInvoice',
        number: 'F-1',
        date: '2026-01-15',
        currency: 'EUR',
        contact_id: contact,
        invoice_lines_attributes: [
          {
            description: 'Work',
            quantity: '1',
            price: '100',
            taxes_attributes: [{ name: 'IVA', percent: '21' }],
          },
        ],
      },
    })
  ).invoice?.id as number;
  return { account, contact, invoice };
}

const xmlBodies = [
  '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>',
  `<Faktura xmlns="http://crd.gov.pl/wzor/2025/06/25/13775/">${'<x/>'.repeat(20_000)}</Faktura>`,
  `<SuministroLRFacturasEmitidas xmlns="https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/ssii/fact/ws/SuministroLR.xsd">${'<x/>'.repeat(20_000)}</SuministroLRFacturasEmitidas>`,
  '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><ID>1</ID></Invoice>',
  '<a><b></a>',
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
];

/** A body of one of the kinds of the file comment, from `random`. */
function body(random: Rng, operation: Operation, seeds: Seeds): { text: string | Uint8Array; type: string } {
  const pick = random.nextInt(0, 11);
  const json = (value: unknown) => ({ text: JSON.stringify(value), type: 'application/json' });
  const resource =
    operation.path
      .split('/')
      .filter((part) => part !== '' && !part.startsWith('{'))
      .at(-1) ?? 'x';
  const singular = resource.replace(/ies$/, 'y').replace(/s$/, '');
  switch (pick) {
    case 0:
      return json({ [singular]: fc.sample(fc.jsonValue(), { seed: random.nextInt(), numRuns: 1 })[0] });
    case 1:
      return json(fc.sample(fc.jsonValue({ maxDepth: 4 }), { seed: random.nextInt(), numRuns: 1 })[0]);
    case 2: {
      const depth = random.nextInt(50, 5000);
      return { text: `${'['.repeat(depth)}${']'.repeat(depth)}`, type: 'application/json' };
    }
    case 3:
      return { text: `[${'1,'.repeat(random.nextInt(1000, 300_000))}1]`, type: 'application/json' };
    case 4:
      return json({ [singular]: { name: 'x'.repeat(random.nextInt(1, 2_000_000)) } });
    case 5:
      return { text: xmlBodies[random.nextInt(0, xmlBodies.length - 1)] as string, type: 'application/xml' };
    case 6: {
      const bytes = new Uint8Array(random.nextInt(0, 4096));
      for (let i = 0; i < bytes.length; i += 1) bytes[i] = random.nextInt(0, 255);
      return {
        text: bytes,
        type: ['application/octet-stream', 'image/svg+xml', 'application/json', 'multipart/form-data'][
          random.nextInt(0, 3)
        ] as string,
      };
    }
    case 7:
      return json({
        [singular]: {
          number: `F-${String(random.nextInt(0, 1e6))}`,
          date: ['2026-01-15', '2026-13-45', '', null, 5][random.nextInt(0, 4)],
          contact_id: [seeds.contact, 999_999, -1, 'x'][random.nextInt(0, 3)],
          lines: [
            { quantity: ['1', 1, -1, 1e308, '1e5', null][random.nextInt(0, 5)], price: '10.005', taxes: [] },
          ],
          state: ['new', 'sent', 'zzz'][random.nextInt(0, 2)],
        },
      });
    case 8:
      return { text: '{"a":1,"a":2}', type: 'application/json' };
    case 9:
      return { text: '{"a":', type: 'application/json' };
    case 10:
      return json({
        [singular]: { name: 'ACME', country: 'PL', tin_scheme: 'VAT', tin_value: '5260250274' },
      });
    default:
      return { text: '', type: 'text/plain' };
  }
}

/** A path with its parameters filled: a seeded id, another tenant's, a missing one, or no id at all. */
function fill(random: Rng, path: string, seeds: Seeds): string {
  return path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const known =
      name === 'account'
        ? seeds.account
        : name === 'id'
          ? [seeds.invoice, seeds.contact][random.nextInt(0, 1)]
          : 1;
    return String([known, known, 1, 999_999_999, 'abc', '-1', '1e3', '%00'][random.nextInt(0, 7)]);
  });
}

async function main() {
  const { base, child, log } =
    BASE === ''
      ? await startServer()
      : { base: BASE, child: null as ChildProcess | null, log: [] as string[] };
  const started = Date.now();
  try {
    const seeds = await seed(base);
    const newest = await operations(base, '2026-04-20');
    const legacy = await operations(base, '2025-01-01');
    const random = new Rng(SEED);
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    let next = 0;
    const one = async () => {
      for (;;) {
        const index = next;
        next += 1; // money-safe: a request counter
        if (index >= REQUESTS) return;
        const useLegacy = random.nextInt(0, 4) === 0;
        const list = useLegacy ? legacy : newest;
        const operation = list[random.nextInt(0, list.length - 1)] as Operation;
        const method =
          random.nextInt(0, 9) === 0
            ? (['GET', 'POST', 'PUT', 'PATCH', 'DELETE'][random.nextInt(0, 4)] as string)
            : operation.method;
        const path = fill(random, operation.path, seeds);
        const query =
          random.nextInt(0, 5) === 0
            ? `?limit=${['abc', '-1', '100000', '10'][random.nextInt(0, 3)]}&offset=${['x', '0', '-5'][random.nextInt(0, 2)]}`
            : '';
        const headers: Record<string, string> = {
          'X-B2B-API-Key': random.nextInt(0, 30) === 0 ? 'wrong' : KEY,
          'X-B2B-API-Version': useLegacy
            ? '2025-01-01'
            : (['2026-04-20', '2026-03-02', '2025-10-13', 'garbage'][random.nextInt(0, 3)] as string),
        };
        let payload: string | Uint8Array | undefined;
        if (method !== 'GET' && method !== 'DELETE' && (operation.hasBody || random.nextInt(0, 3) === 0)) {
          const made = body(random, operation, seeds);
          payload = made.text;
          headers['Content-Type'] = made.type;
        }
        try {
          const response = await fetch(`${base}${path}${query}`, {
            method,
            headers,
            ...(payload === undefined ? {} : { body: payload }),
          });
          const text = await response.text();
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          if (response.status >= 500 && failures.length < 20)
            failures.push(
              `${String(response.status)} ${method} ${path}${query} ${headers['Content-Type'] ?? ''} → ${text.slice(0, 200)}`,
            );
        } catch (error) {
          // A body the server refused before reading it all (a 413 by its declared size, a 404 or 401
          // answered first) is not read further, and a client still sending it then fails with EPIPE
          // instead of reading the answer (undici does; curl reads it). Counted apart: the server did
          // answer, with a 4xx.
          const cause = (error as { cause?: { code?: unknown } }).cause;
          const code = cause?.code === 'EPIPE' && payload !== undefined ? -1 : 0;
          statuses.set(code, (statuses.get(code) ?? 0) + 1);
          if (failures.length < 20 && code === 0)
            failures.push(
              `no answer: ${method} ${path} ${headers['Content-Type'] ?? ''} ${String(typeof payload === 'string' ? payload.length : payload?.length)} bytes: ${String(error)} ${String(cause)}`,
            );
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, one));
    const seconds = (Date.now() - started) / 1000; // money-safe: a duration
    const fivexx = [...statuses]
      .filter(([status]) => status >= 500 || status === 0)
      .reduce((sum, [, n]) => sum + n, 0);
    console.log(
      `\nfuzz: ${String(REQUESTS)} requests, seed ${String(SEED)}, ${POSTGRES ? 'PostgreSQL' : 'memory'}, ${seconds.toFixed(1)} s`,
    );
    console.log('| status | answers |\n|---|---|');
    const label = (status: number) =>
      status === 0 ? 'no answer' : status === -1 ? 'refused while still sending (EPIPE)' : String(status);
    for (const [status, count] of [...statuses].sort((a, b) => a[0] - b[0]))
      console.log(`| ${label(status)} | ${String(count)} |`);
    console.log(`\n5xx or no answer: ${String(fivexx)}`);
    for (const failure of failures) console.log(`  ${failure}`);
    if (fivexx > 0) {
      console.log(log.join('').slice(-4000));
      process.exitCode = 1;
    }
  } finally {
    child?.kill('SIGTERM');
  }
}

await main();
