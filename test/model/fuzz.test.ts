import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/errors/ApiError.js';
import { ERROR_CATALOG, isErrorCode } from '../../src/errors/catalog.js';
import type { ValidationIssue } from '../../src/errors/validationIssue.js';
import { apiErrorFromIssues, type Validated } from '../../src/errors/validationIssue.js';
import { parseAccount } from '../../src/model/account.js';
import { parseContact } from '../../src/model/contact.js';
import { EventSchema } from '../../src/model/event.js';
import { parseInvoice } from '../../src/model/invoice.js';
import type { KsefTaxReportUpdate } from '../../src/model/ksefTaxReport.js';
import { parseWith } from '../../src/model/parse.js';
import type { SiiTaxReportUpdate } from '../../src/model/siiTaxReport.js';
import { parseTaxReport } from '../../src/model/taxReport.js';
import { parseTaxReportBatch } from '../../src/model/taxReportBatch.js';
import { parseTinVerificationRequest } from '../../src/model/tinVerification.js';
import { parseTransport } from '../../src/model/transport.js';
import { parseWebhookSubscription } from '../../src/model/webhookSubscription.js';
import { accountIssues } from '../../src/rules/account.js';
import { contactIssues } from '../../src/rules/contact.js';
import { validateInvoice } from '../../src/rules/invoice.js';
import { ksefTaxReportIssues } from '../../src/rules/ksefTaxReport.js';
import { siiTaxReportIssues } from '../../src/rules/siiTaxReport.js';
import { batchRecordIssues } from '../../src/rules/taxReportBatchRecord.js';
import { transportIssues } from '../../src/rules/transport.js';
import { lossless, validAccountBody, validContactBody, validInvoiceBody } from '../support/fixtures.js';
import { validKsefBody, validSiiBody } from '../support/taxReportFixtures.js';

/**
 * The fuzz property of issue 3: arbitrary JSON into every resource parser (and the rules behind it)
 * yields a value or issues with catalogued codes, never anything thrown. Inputs are either arbitrary
 * JSON or a valid body with a few random mutations (a field replaced by arbitrary JSON or a lossless
 * number, a field deleted, a field wrapped in an array or object, an unknown field added), so the
 * deep paths of each schema are reached, not only the top-level type check.
 */

const RUNS = 10_000;

/** JSON values plus the lossless numbers the HTTP edge produces. */
const jsonish: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  {
    weight: 1,
    arbitrary: fc
      .oneof(fc.string({ maxLength: 12 }), fc.double().map(String), fc.bigInt().map(String))
      .map((value) => lossless(value)),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '0',
      '-1',
      '1e400',
      '2026-02-30',
      'ES',
      'es',
      'XX',
      '9920',
      '7',
      'VAT',
      '12.345678901',
    ),
  },
);

type Path = (string | number)[];

function pathsOf(value: unknown, prefix: Path = [], out: Path[] = []): Path[] {
  out.push(prefix);
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) pathsOf(item, [...prefix, index], out);
  } else if (typeof value === 'object' && value !== null)
    for (const [key, item] of Object.entries(value)) pathsOf(item, [...prefix, key], out);
  return out;
}

type Mutation = { at: number; op: 'set' | 'delete' | 'wrap' | 'add'; value: unknown; key: string };

function applyMutation(root: unknown, mutation: Mutation): unknown {
  const paths = pathsOf(root);
  const path = paths[mutation.at % paths.length] ?? [];
  if (path.length === 0) {
    if (mutation.op === 'set') return mutation.value;
    if (mutation.op === 'wrap') return [root];
    if (mutation.op === 'add' && typeof root === 'object' && root !== null && !Array.isArray(root))
      return { ...root, [mutation.key]: mutation.value };
    return root;
  }
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let parent: Record<string | number, unknown> = copy;
  for (const segment of path.slice(0, -1)) parent = parent[segment] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  switch (mutation.op) {
    case 'set':
      parent[last] = mutation.value;
      break;
    case 'delete':
      if (Array.isArray(parent)) parent.splice(Number(last), 1);
      else delete parent[last];
      break;
    case 'wrap':
      parent[last] = mutation.key.length % 2 === 0 ? [parent[last]] : { value: parent[last] };
      break;
    case 'add': {
      const target = parent[last];
      if (typeof target === 'object' && target !== null && !Array.isArray(target))
        (target as Record<string, unknown>)[mutation.key] = mutation.value;
      else parent[last] = mutation.value;
      break;
    }
  }
  return copy;
}

const mutation: fc.Arbitrary<Mutation> = fc.record({
  at: fc.nat(),
  op: fc.constantFrom('set', 'delete', 'wrap', 'add'),
  value: jsonish,
  key: fc.oneof(
    fc.string({ maxLength: 8 }),
    fc.constantFrom('__proto__', 'constructor', 'state', 'cin6_value', '_destroy', 'id'),
  ),
});

/** Arbitrary JSON, or a valid body with 1–4 mutations. */
function inputs(valid: () => unknown): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 1, arbitrary: jsonish },
    {
      weight: 3,
      arbitrary: fc
        .array(mutation, { minLength: 1, maxLength: 4 })
        .map((mutations) => mutations.reduce(applyMutation, valid())),
    },
  );
}

/**
 * Fails unless a list of issues is one a service can answer with: non-empty, catalogued codes,
 * string params and messages, and one `ApiError` with the catalogue's status. Plain checks rather
 * than `expect` in this hot loop (100,000+ calls).
 */
function assertAnswerable(issues: readonly ValidationIssue[]): void {
  if (issues.length === 0) throw new Error('a failed result without issues');
  for (const issue of issues) {
    if (!isErrorCode(issue.code)) throw new Error(`uncatalogued code ${String(issue.code)}`);
    if (typeof issue.param !== 'string') throw new Error(`param is not a string: ${String(issue.param)}`);
    if (typeof issue.message !== 'string' || issue.message === '')
      throw new Error(`no message for ${issue.param}`);
  }
  const error = apiErrorFromIssues(issues);
  if (!(error instanceof ApiError) || error.status !== ERROR_CATALOG[error.code].status)
    throw new Error(`not answerable: ${JSON.stringify(issues[0])}`);
}

/** Checks a parse result; on success runs the resource's rules too and checks what they return. */
async function check<T>(
  result: Validated<T>,
  rules?: (data: T) => ValidationIssue[] | Promise<ValidationIssue[]>,
): Promise<void> {
  if (!result.success) {
    assertAnswerable(result.issues);
    tally.rejected += 1;
    return;
  }
  if (result.data === undefined) throw new Error('a successful result without data');
  tally.parsed += 1;
  if (rules === undefined) return;
  const issues = await rules(result.data);
  if (issues.length > 0) assertAnswerable(issues);
}

/** How many inputs of the current test parsed and how many were rejected. */
const tally = { parsed: 0, rejected: 0 };

/**
 * Runs a fuzz property and then checks that the inputs reached both outcomes, so the property is
 * not vacuously true (all inputs rejected at the top-level type check, say).
 */
async function fuzz<Ts extends unknown[]>(property: fc.IAsyncPropertyWithHooks<Ts>): Promise<void> {
  tally.parsed = 0;
  tally.rejected = 0;
  await fc.assert(property, options);
  expect(tally.parsed).toBeGreaterThan(RUNS / 50);
  expect(tally.rejected).toBeGreaterThan(RUNS / 50);
}

const options = { numRuns: RUNS };
/** Ten thousand runs take seconds, not the default 5 s budget of a test. */
const TIMEOUT = 120_000;

describe(`fuzz: ${RUNS.toLocaleString('en')} arbitrary inputs per resource parser never escape`, () => {
  it(
    'account (create and update) and its rules',
    async () => {
      await fuzz(
        fc.asyncProperty(
          inputs(validAccountBody),
          fc.constantFrom('create', 'update'),
          async (body, operation) => {
            await check(parseAccount(body, operation), accountIssues);
          },
        ),
      );
    },
    TIMEOUT,
  );

  it(
    'contact (create and update) and its rules',
    async () => {
      await fuzz(
        fc.asyncProperty(
          inputs(validContactBody),
          fc.constantFrom('create', 'update'),
          async (body, operation) => {
            await check(parseContact(body, operation), (data) =>
              contactIssues(data, { version: '2026-04-20' }),
            );
          },
        ),
      );
    },
    TIMEOUT,
  );

  it(
    'invoice (validateInvoice: parse, raw-body rule, rules, uniqueness)',
    async () => {
      await fuzz(
        fc.asyncProperty(
          inputs(validInvoiceBody),
          fc.constantFrom('create', 'update'),
          async (body, operation) => {
            await check(
              await validateInvoice(body, {
                version: '2026-04-20',
                operation,
                account_id: 1,
                findInvoiceByNumber: () => null,
              }),
            );
            await check(parseInvoice(body, operation));
          },
        ),
      );
    },
    TIMEOUT,
  );

  it(
    'Ksef tax report (create and update) and its rules',
    async () => {
      await fuzz(
        fc.asyncProperty(
          inputs(() => validKsefBody('ZAL')),
          fc.constantFrom('create', 'update'),
          async (body, operation) => {
            const result =
              operation === 'create'
                ? parseTaxReport(body, 'create')
                : parseTaxReport(body, 'update', 'Ksef');
            await check(result, (data) =>
              data.type === 'Ksef' ? ksefTaxReportIssues(data as KsefTaxReportUpdate) : [],
            );
          },
        ),
      );
    },
    TIMEOUT,
  );

  it(
    'SiiDocument tax report (create and update) and its rules',
    async () => {
      await fuzz(
        fc.asyncProperty(
          inputs(() => validSiiBody('Expedida')),
          fc.constantFrom('create', 'update'),
          async (body, operation) => {
            const result =
              operation === 'create'
                ? parseTaxReport(body, 'create')
                : parseTaxReport(body, 'update', 'SiiDocument');
            await check(result, (data) =>
              data.type === 'SiiDocument' ? siiTaxReportIssues(data as SiiTaxReportUpdate) : [],
            );
          },
        ),
      );
    },
    TIMEOUT,
  );

  it(
    'tax report batch envelope, then every record on its own',
    async () => {
      const validBatch = () => ({
        tax_reports: [validSiiBody('Expedida'), validSiiBody('Recibida'), validKsefBody('VAT')],
      });
      await fuzz(
        fc.asyncProperty(inputs(validBatch), async (body) => {
          await check(parseTaxReportBatch(body), (data) =>
            data.tax_reports.flatMap((record, index) => batchRecordIssues(record, index)),
          );
        }),
      );
    },
    TIMEOUT,
  );

  it(
    'TIN verification request (query and bare-array body)',
    async () => {
      const validPairs = () => [
        { tin: 'B12345674', name: 'EMPRESA EJEMPLO SL' },
        { tin: 'ES 12345678-Z', name: 'Ana' },
      ];
      await fuzz(
        fc.asyncProperty(inputs(validPairs), fc.oneof(fc.constant('es'), jsonish), async (body, country) => {
          await check(parseTinVerificationRequest({ country, body }));
        }),
      );
    },
    TIMEOUT,
  );

  it(
    'webhook subscription (create and update)',
    async () => {
      const valid = () => ({ url: 'https://example.com/hooks', events: ['tin_verification.finished'] });
      await fuzz(
        fc.asyncProperty(inputs(valid), fc.constantFrom('create', 'update'), async (body, operation) => {
          await check(parseWebhookSubscription(body, operation));
        }),
      );
    },
    TIMEOUT,
  );

  it(
    'transport (create and update) and its rules',
    async () => {
      const valid = () => ({
        transport_type_code: 'peppol',
        enabled: true,
        pin_scheme: '9920',
        pin_value: 'B12345674',
      });
      await fuzz(
        fc.asyncProperty(inputs(valid), fc.constantFrom('create', 'update'), async (body, operation) => {
          await check(parseTransport(body, operation), (data) =>
            transportIssues(data, { account_id: 1, findTransportByType: () => null }),
          );
        }),
      );
    },
    TIMEOUT,
  );

  it(
    'event envelope',
    async () => {
      const valid = () => ({
        code: 'tin_verification.finished',
        triggered_at: 1_776_643_200,
        data: { id: 1, status: 'success' },
      });
      await fuzz(
        fc.asyncProperty(inputs(valid), async (body) => {
          await check(parseWith(EventSchema, body));
        }),
      );
    },
    TIMEOUT,
  );
});
