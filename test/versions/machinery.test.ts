import { isLosslessNumber, LosslessNumber, parse as parseLossless } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AccountSchema } from '../../src/model/account.js';
import { decimal, identifier, oneOf } from '../../src/model/fields.js';
import { InvoiceSchema } from '../../src/model/invoice.js';
import { RoutingCodesSchema } from '../../src/model/routingCodes.js';
import { TaxReportSchema } from '../../src/model/taxReport.js';
import { TransportSchema } from '../../src/model/transport.js';
import { API_VERSIONS, type ApiVersion, LATEST_API_VERSION } from '../../src/versions/apiVersion.js';
import { changesAfter, VERSION_CHAIN } from '../../src/versions/chain.js';
import {
  addedFields,
  type DowngradeContext,
  type ResourceChange,
  removedField,
  renamedField,
  type UpgradeContext,
} from '../../src/versions/change.js';
import { type JsonObject, omitPath, pathsOf, renamePath, updatePath } from '../../src/versions/fieldPath.js';
import { fieldsOf } from '../../src/versions/fieldsOf.js';
import { normalizeRequest } from '../../src/versions/normalize.js';
import { listResponseHasMeta, wrapperNames } from '../../src/versions/protocol.js';
import { KINDS, RESOURCE_KINDS, type ResourceKind } from '../../src/versions/resourceKind.js';
import { schemaPaths } from '../../src/versions/schemaPaths.js';
import { serialize, serializeList, toJson } from '../../src/versions/serialize.js';
import {
  storedAccount,
  storedInvoice,
  validAccountBody,
  validContactBody,
  validInvoiceBody,
} from '../support/fixtures.js';
import {
  storedKsefTaxReport,
  storedResourcesByKind,
  storedSiiTaxReport,
} from '../support/storedResources.js';
import { validKsefBody, validSiiBody } from '../support/taxReportFixtures.js';

/**
 * The versions machinery itself (DESIGN.md "Versions are a chain of changes"): field paths, schema
 * paths, the chain, the change builders, list responses, `include`, and how amounts leave. Written
 * against `VERSION_CHAIN` and `KINDS`, so it holds whatever concrete changes `changes/*.ts` declare;
 * the builders are tested on small synthetic inputs.
 */

/** Freezes a value deeply, so that a function that mutates its input throws in strict mode. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

const ALL_EXPANDABLE = (kind: ResourceKind) => [...KINDS[kind].expandable];
const downgradeContext: DowngradeContext = { version: '2026-03-02', view: 'full' };
const upgradeContext: UpgradeContext = { version: '2026-03-02', operation: 'create' };

/** The downgrade of a change, failing the test when it has none. */
function downgradeOf(change: ResourceChange) {
  const downgrade = change.downgrade;
  if (downgrade === undefined) throw new Error(`${change.description}: no downgrade`);
  return (response: JsonObject) => downgrade(response, downgradeContext);
}

/** The upgrade of a change, failing the test when it has none. */
function upgradeOf(change: ResourceChange) {
  const upgrade = change.upgrade;
  if (upgrade === undefined) throw new Error(`${change.description}: no upgrade`);
  return (request: JsonObject) => upgrade(request, upgradeContext);
}

describe('fieldPath: updatePath', () => {
  const set = (parent: JsonObject, key: string): JsonObject => ({ ...parent, [key]: 'X' });

  it('rewrites a top-level field and a nested one', () => {
    expect(updatePath({ a: 1, b: 2 }, 'a', set)).toEqual({ a: 'X', b: 2 });
    expect(updatePath({ contact: { cin_value: '1', name: 'N' } }, 'contact.cin_value', set)).toEqual({
      contact: { cin_value: 'X', name: 'N' },
    });
  });

  it('reaches every element through [] (also nested arrays)', () => {
    const input = {
      lines: [
        { price: '1', taxes: [{ percent: '21' }, { percent: '10' }] },
        { price: '2', taxes: [] },
        { price: '3', taxes: [{ percent: '4' }] },
      ],
    };
    expect(updatePath(input, 'lines[].price', set)).toEqual({
      lines: [
        { price: 'X', taxes: [{ percent: '21' }, { percent: '10' }] },
        { price: 'X', taxes: [] },
        { price: 'X', taxes: [{ percent: '4' }] },
      ],
    });
    expect(updatePath(input, 'lines[].taxes[].percent', set)).toEqual({
      lines: [
        { price: '1', taxes: [{ percent: 'X' }, { percent: 'X' }] },
        { price: '2', taxes: [] },
        { price: '3', taxes: [{ percent: 'X' }] },
      ],
    });
  });

  it('leaves missing or mistyped parents alone', () => {
    const input = deepFreeze({ a: null, lines: { price: '1' }, contact: [{ name: 'A' }], n: 5 });
    expect(updatePath(input, 'missing.x', set)).toEqual(input);
    expect(updatePath(input, 'a.x', set)).toEqual(input);
    expect(updatePath(input, 'lines[].price', set)).toEqual(input); // an object where an array is expected
    expect(updatePath(input, 'contact.name', set)).toEqual(input); // an array where an object is expected
    expect(updatePath(input, 'n.x', set)).toEqual(input);
  });

  it('calls the update even when the key is absent (the caller decides), once per parent', () => {
    const seen: string[] = [];
    const result = updatePath({ lines: [{}, { x: 1 }] }, 'lines[].x', (parent, key) => {
      seen.push(key);
      return { ...parent, [key]: Object.hasOwn(parent, key) ? 'had' : 'added' };
    });
    expect(seen).toEqual(['x', 'x']);
    expect(result).toEqual({ lines: [{ x: 'added' }, { x: 'had' }] });
  });

  it('never mutates its input and shares the untouched branches', () => {
    const input = deepFreeze({ lines: [{ price: '1' }], other: { deep: { value: 1 } } });
    const result = updatePath(input, 'lines[].price', set);
    expect(input.lines[0]?.price).toBe('1');
    expect(result).not.toBe(input);
    expect(result.other).toBe(input.other);
  });
});

describe('fieldPath: omitPath', () => {
  it('removes a top-level field, a nested one, and one in every array element', () => {
    expect(omitPath({ a: 1, b: 2 }, 'a')).toEqual({ b: 2 });
    expect(omitPath({ contact: { cin_value: 'X', name: 'A' } }, 'contact.cin_value')).toEqual({
      contact: { name: 'A' },
    });
    expect(omitPath({ lines: [{ a: 1, b: 1 }, { a: 2 }, { b: 3 }] }, 'lines[].a')).toEqual({
      lines: [{ b: 1 }, {}, { b: 3 }],
    });
  });

  it('removes a field whose value is null or undefined too (the key goes, not only the value)', () => {
    const result = omitPath({ a: null, b: undefined, c: 1 }, 'a');
    expect(Object.keys(result)).toEqual(['b', 'c']);
    expect(Object.keys(omitPath(result, 'b'))).toEqual(['c']);
  });

  it('leaves an object without the field as it is, and never mutates its input', () => {
    const input = deepFreeze({ a: 1, lines: [{ b: 1 }] });
    expect(omitPath(input, 'z')).toEqual(input);
    expect(omitPath(input, 'lines[].z')).toEqual(input);
    expect(omitPath(input, 'a')).toEqual({ lines: [{ b: 1 }] });
    expect(input).toEqual({ a: 1, lines: [{ b: 1 }] });
  });
});

describe('fieldPath: renamePath', () => {
  it('renames a field keeping its value (also null and lossless numbers, by identity)', () => {
    const amount = new LosslessNumber('10.50');
    expect(renamePath({ old: amount, keep: 1 }, 'old', 'new')).toEqual({ keep: 1, new: amount });
    expect(renamePath({ old: amount }, 'old', 'new').new).toBe(amount);
    expect(renamePath({ old: null }, 'old', 'new')).toEqual({ new: null });
    expect(Object.hasOwn(renamePath({ old: null }, 'old', 'new'), 'old')).toBe(false);
  });

  it('renames in every array element and in nested objects; the new name is a name, not a path', () => {
    expect(
      renamePath(
        { lines: [{ clasification_code_scheme: 'CPV' }, { clasification_code_scheme: null }, {}] },
        'lines[].clasification_code_scheme',
        'classification_code_scheme',
      ),
    ).toEqual({
      lines: [{ classification_code_scheme: 'CPV' }, { classification_code_scheme: null }, {}],
    });
    expect(renamePath({ contact: { contact: 'Ann' } }, 'contact.contact', 'contact_person')).toEqual({
      contact: { contact_person: 'Ann' },
    });
  });

  it('the new name wins when both are present: the old one is dropped', () => {
    expect(renamePath({ old: 'stale', new: 'fresh' }, 'old', 'new')).toEqual({ new: 'fresh' });
    expect(renamePath({ old: 'stale', new: null }, 'old', 'new')).toEqual({ new: null });
    expect(renamePath({ lines: [{ old: 'a', new: 'b' }, { old: 'c' }] }, 'lines[].old', 'new')).toEqual({
      lines: [{ new: 'b' }, { new: 'c' }],
    });
  });

  it('leaves an object without the old name as it is, and never mutates its input', () => {
    const input = deepFreeze({ new: 1, lines: [{ a: 1 }] });
    expect(renamePath(input, 'old', 'new')).toEqual(input);
    expect(renamePath(input, 'lines[].old', 'new')).toEqual(input);
    const withOld = deepFreeze({ old: 1 });
    expect(renamePath(withOld, 'old', 'new')).toEqual({ new: 1 });
    expect(withOld).toEqual({ old: 1 });
  });
});

describe('fieldPath: pathsOf', () => {
  it('lists nested objects with dots, parents before children', () => {
    expect(pathsOf({ a: 1, b: { c: 2, d: { e: 3 } } })).toEqual(['a', 'b', 'b.c', 'b.d', 'b.d.e']);
  });

  it('lists array elements as [], the union of every element’s fields, each path once', () => {
    expect(
      pathsOf({ lines: [{ price: '1' }, { price: '2', unit: 'h' }, { taxes: [{ percent: '21' }] }] }),
    ).toEqual(['lines', 'lines[].price', 'lines[].unit', 'lines[].taxes', 'lines[].taxes[].percent']);
  });

  it('arrays of scalars and empty arrays contribute only their own path', () => {
    expect(pathsOf({ events: ['a', 'b'], ids: [], nested: [[{ deep: 1 }]] })).toEqual([
      'events',
      'ids',
      'nested',
    ]);
  });

  it('null and undefined values are paths (the field is there), scalars have none below', () => {
    expect(pathsOf({ a: null, b: undefined, c: 'x', d: false })).toEqual(['a', 'b', 'c', 'd']);
  });

  it('a lossless number is a leaf, whether a LosslessNumber or a plain lookalike', () => {
    expect(
      pathsOf({
        total: new LosslessNumber('121.00'),
        lines: [{ price: new LosslessNumber('1.5') }],
        rate: new LosslessNumber('1'),
      }),
    ).toEqual(['total', 'lines', 'lines[].price', 'rate']);
    expect(pathsOf(new LosslessNumber('1'))).toEqual([]);
  });

  it('has no paths for a value that is not an object, and honours a prefix', () => {
    expect(pathsOf(null)).toEqual([]);
    expect(pathsOf('text')).toEqual([]);
    expect(pathsOf([{ a: 1 }])).toEqual([]);
    expect(pathsOf({ a: { b: 1 } }, 'root')).toEqual(['root.a', 'root.a.b']);
  });

  it('reads back what the path helpers address: every path of pathsOf can be omitted', () => {
    const value = { a: { b: [{ c: 1, d: { e: 2 } }] }, f: null };
    for (const path of pathsOf(value)) expect(pathsOf(omitPath(value, path))).not.toContain(path);
  });
});

describe('schemaPaths', () => {
  it('nested objects and arrays of objects, in declaration order', () => {
    const schema = z.object({
      a: z.string(),
      b: z.object({ c: z.number(), d: z.object({ e: z.boolean() }) }),
      lines: z.array(z.object({ price: z.string(), taxes: z.array(z.object({ percent: z.string() })) })),
    });
    expect(schemaPaths(schema)).toEqual([
      'a',
      'b',
      'b.c',
      'b.d',
      'b.d.e',
      'lines',
      'lines[].price',
      'lines[].taxes',
      'lines[].taxes[].percent',
    ]);
  });

  it('arrays of scalars contribute only their own path', () => {
    expect(schemaPaths(z.object({ events: z.array(z.string()), ids: z.array(identifier()) }))).toEqual([
      'events',
      'ids',
    ]);
  });

  it('looks through optional, nullable, nullish, default and readonly wrappers (on objects and arrays)', () => {
    const schema = z.object({
      a: z.object({ x: z.string() }).nullish(),
      b: z.array(z.object({ y: z.string() })).optional(),
      c: z.object({ z: z.string() }).nullable().default(null),
      d: z.object({ w: z.string() }).readonly(),
      e: z.array(z.object({ v: z.string().nullish() }).nullable()).nullish(),
    });
    expect(schemaPaths(schema)).toEqual(['a', 'a.x', 'b', 'b[].y', 'c', 'c.z', 'd', 'd.w', 'e', 'e[].v']);
    expect(schemaPaths(schema.nullish())).toEqual(schemaPaths(schema));
  });

  it('looks through preprocess and pipe fields: decimals, ids and enums are leaves; wrapped objects are walked', () => {
    const schema = z.object({
      amount: decimal().nullish(),
      id: identifier(),
      kind: oneOf(['a', 'b']),
      pre: z.preprocess((value) => value, z.object({ inner: z.string() })),
      piped: z.object({ raw: z.string() }).transform((value) => value),
      routing_codes: RoutingCodesSchema.nullish(),
    });
    const paths = schemaPaths(schema);
    expect(paths.slice(0, 7)).toEqual(['amount', 'id', 'kind', 'pre', 'pre.inner', 'piped', 'piped.raw']);
    expect(paths).toContain('routing_codes.cin1_value');
    expect(paths).toContain('routing_codes.cin5_scheme');
    expect(paths.filter((path) => path.startsWith('routing_codes.'))).toHaveLength(10);
  });

  it('unions contribute the paths of every option, each once', () => {
    const union = z.union([
      z.object({ a: z.string(), b: z.string() }),
      z.object({ b: z.number(), c: z.string() }),
    ]);
    expect(schemaPaths(union)).toEqual(['a', 'b', 'c']);
    expect(schemaPaths(z.object({ u: union.nullish() }))).toEqual(['u', 'u.a', 'u.b', 'u.c']);
    const discriminated = z.discriminatedUnion('type', [
      z.object({ type: z.literal('A'), onlyA: z.string() }),
      z.object({ type: z.literal('B'), onlyB: z.object({ deep: z.string() }) }),
    ]);
    expect(schemaPaths(discriminated)).toEqual(['type', 'onlyA', 'onlyB', 'onlyB.deep']);
  });

  it('a schema that is not an object has no paths', () => {
    expect(schemaPaths(z.string())).toEqual([]);
    expect(schemaPaths(z.array(z.object({ a: z.string() })))).toEqual([]);
  });

  it('walks the real resource schemas: nested, arrays, unions of tax report types, refined objects', () => {
    const invoice = schemaPaths(InvoiceSchema);
    for (const path of [
      'lines[].taxes_attributes[].percent',
      'lines[].classification_code_scheme',
      'contact.cin_scheme',
      'third_party.country',
      'invoice_references[].reference_type',
      'bank_account.iban',
      'total',
    ])
      expect(invoice).toContain(path);
    expect(invoice).not.toContain('invoice_lines_attributes');
    expect(invoice).not.toContain('total_amount_due');
    expect(schemaPaths(AccountSchema)).toContain('routing_codes.cin3_scheme');
    const taxReport = schemaPaths(TaxReportSchema);
    expect(taxReport).toContain('book_type');
    expect(taxReport).toContain('tax_breakdowns[].taxable_base');
    expect(taxReport).toContain('prepayment_references[].registration_code');
    expect(taxReport.filter((path) => path === 'type')).toHaveLength(1);
    expect(schemaPaths(TransportSchema)).toContain('reception_document_types[].code');
  });
});

describe('the chain of changes', () => {
  it('lists every version after the legacy one, oldest first, each once', () => {
    expect(VERSION_CHAIN.map((entry) => entry.version)).toEqual(API_VERSIONS.slice(1));
  });

  it('every change names a resource kind and says what changed', () => {
    for (const entry of VERSION_CHAIN)
      for (const change of entry.changes) {
        expect(RESOURCE_KINDS).toContain(change.kind);
        expect(change.description.trim().length).toBeGreaterThan(10);
        expect(change.downgrade !== undefined || change.upgrade !== undefined).toBe(true);
      }
  });

  /** Where each change sits in the chain: its version's index and its position in that version. */
  const position = new Map<ResourceChange, [number, number]>();
  for (const entry of VERSION_CHAIN)
    entry.changes.forEach((change, index) => {
      position.set(change, [API_VERSIONS.indexOf(entry.version), index]);
    });

  it.each(API_VERSIONS)('changesAfter(%s): only newer versions, only the kind, oldest first', (version) => {
    for (const kind of RESOURCE_KINDS) {
      const changes = changesAfter(version, kind);
      const expected = VERSION_CHAIN.flatMap((entry) => entry.changes).filter(
        (change) => change.kind === kind && (position.get(change)?.[0] ?? -1) > API_VERSIONS.indexOf(version),
      );
      expect(new Set(changes)).toEqual(new Set(expected));
      expect(changes).toHaveLength(expected.length);
      // Oldest first, then in declaration order: positions as one rank each, strictly increasing.
      const ranks = changes.map((change) => {
        const [versionIndex, index] = position.get(change) ?? [-1, -1];
        return versionIndex * 10_000 + index;
      });
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
      expect(new Set(ranks).size).toBe(ranks.length);
    }
  });

  it('changesAfter(V) is the next version’s changes followed by changesAfter(next)', () => {
    for (const kind of RESOURCE_KINDS)
      for (let index = 0; index + 1 < API_VERSIONS.length; index++) {
        const version = API_VERSIONS[index] as ApiVersion;
        const next = API_VERSIONS[index + 1] as ApiVersion;
        const own = VERSION_CHAIN.find((entry) => entry.version === next)?.changes ?? [];
        expect(changesAfter(version, kind)).toEqual([
          ...own.filter((change) => change.kind === kind),
          ...changesAfter(next, kind),
        ]);
      }
  });

  it('no change comes after the newest version', () => {
    for (const kind of RESOURCE_KINDS) expect(changesAfter(LATEST_API_VERSION, kind)).toEqual([]);
    expect(LATEST_API_VERSION).toBe(API_VERSIONS[API_VERSIONS.length - 1]);
  });

  it('2026-06-26 declares no change: it is v2026-04-20 in every shape (api-notes.md §3.4)', () => {
    expect(VERSION_CHAIN.find((entry) => entry.version === '2026-06-26')?.changes).toEqual([]);
    for (const kind of RESOURCE_KINDS) {
      expect(changesAfter('2026-04-20', kind)).toEqual([]);
      expect(fieldsOf('2026-06-26', kind)).toEqual(fieldsOf('2026-04-20', kind));
    }
  });

  it.each(RESOURCE_KINDS)('2026-06-26 serializes %s exactly as 2026-04-20 (full and list entry)', (kind) => {
    for (const resource of storedResourcesByKind()[kind]) {
      for (const view of ['full', 'list_entry'] as const) {
        const options = { include: ALL_EXPANDABLE(kind), view };
        const newest = serialize(kind, resource, { ...options, version: '2026-06-26' });
        const previous = serialize(kind, resource, { ...options, version: '2026-04-20' });
        expect(newest).toStrictEqual(previous);
        expect(toJson(newest)).toBe(toJson(previous));
      }
      const list = (version: ApiVersion) =>
        toJson(serializeList(kind, [resource], { total_count: 1, offset: 0, limit: 25 }, { version }));
      expect(list('2026-06-26')).toBe(list('2026-04-20'));
    }
  });

  it('2026-06-26 reads every request exactly as 2026-04-20', () => {
    const bodies: [ResourceKind, JsonObject][] = [
      ['account', validAccountBody()],
      ['contact', validContactBody()],
      ['invoice', validInvoiceBody()],
      ['tax_report', validKsefBody('KOR_ROZ')],
      ['tax_report', validSiiBody('Recibida')],
      ['transport', { transport_type_code: 'peppol', standard_documents: ['x'], enabled: true }],
      ['web_hook', { url: 'https://example.com/h', events: ['sii_batch.finished'] }],
    ];
    for (const [kind, resources] of Object.entries(storedResourcesByKind()) as [ResourceKind, object[]][])
      for (const resource of resources)
        bodies.push([
          kind,
          serialize(kind, resource, { version: '2026-04-20', include: ALL_EXPANDABLE(kind) }),
        ]);
    for (const [kind, body] of bodies)
      for (const operation of ['create', 'update'] as const)
        expect(normalizeRequest(kind, body, { version: '2026-06-26', operation })).toEqual(
          normalizeRequest(kind, body, { version: '2026-04-20', operation }),
        );
  });
});

describe('fieldsOf', () => {
  const within = (path: string, ancestor: string) =>
    path === ancestor || path.startsWith(`${ancestor}.`) || path.startsWith(`${ancestor}[]`);

  it.each(RESOURCE_KINDS)(
    'the newest version of %s has the canonical schema’s paths minus the write-only ones',
    (kind) => {
      const { schema, writeOnly } = KINDS[kind];
      const expected = schemaPaths(schema).filter(
        (path) => !writeOnly.some((hidden) => within(path, hidden)),
      );
      expect(fieldsOf(LATEST_API_VERSION, kind)).toEqual(new Set(expected));
      expect(expected.length).toBeGreaterThan(0);
    },
  );

  it('write-only fields are fields of no version; expandable ones are fields when included', () => {
    expect(KINDS.invoice.writeOnly.length).toBeGreaterThan(0);
    for (const version of API_VERSIONS)
      for (const kind of RESOURCE_KINDS) {
        const fields = [...fieldsOf(version, kind)];
        for (const hidden of KINDS[kind].writeOnly)
          expect(fields.filter((path) => within(path, hidden))).toEqual([]);
      }
    for (const expandable of KINDS.invoice.expandable)
      expect(fieldsOf(LATEST_API_VERSION, 'invoice')).toContain(expandable);
  });

  it('each change’s removed paths are fields of the version before it; its added paths are not (unless that same version removes them again)', () => {
    for (let index = 1; index < API_VERSIONS.length; index++) {
      const version = API_VERSIONS[index] as ApiVersion;
      const previous = API_VERSIONS[index - 1] as ApiVersion;
      const changes = VERSION_CHAIN.find((entry) => entry.version === version)?.changes ?? [];
      for (const change of changes) {
        const before = fieldsOf(previous, change.kind);
        const removedHere = changes
          .filter((other) => other.kind === change.kind)
          .flatMap((other) => other.removed ?? []);
        for (const path of change.removed ?? []) expect(before, `${version}: ${path}`).toContain(path);
        for (const path of change.added ?? [])
          if (!removedHere.includes(path)) expect(before, `${version}: ${path}`).not.toContain(path);
      }
    }
  });
});

describe('the change builders', () => {
  it('addedFields: older responses leave the fields out (top level, nested, every array element)', () => {
    const change = addedFields(
      'invoice',
      ['exchange_rate', 'contact.cin_value', 'lines[].base_quantity'],
      'synthetic',
    );
    expect(change.kind).toBe('invoice');
    expect(change.added).toEqual(['exchange_rate', 'contact.cin_value', 'lines[].base_quantity']);
    expect(change.removed).toBeUndefined();
    const response = deepFreeze({
      number: 'F-1',
      exchange_rate: new LosslessNumber('1.1'),
      contact: { cin_value: 'X', name: 'A' },
      lines: [{ price: 1, base_quantity: 2 }, { price: 2 }],
    });
    expect(downgradeOf(change)(response)).toEqual({
      number: 'F-1',
      contact: { name: 'A' },
      lines: [{ price: 1 }, { price: 2 }],
    });
  });

  it('addedFields: older requests that send them are read without them; requestPaths name them in request shape', () => {
    const change = addedFields('invoice', ['lines[].base_quantity'], 'synthetic', {
      requestPaths: ['invoice_lines_attributes[].base_quantity'],
    });
    const request = deepFreeze({
      invoice_lines_attributes: [{ price: '1', base_quantity: '2' }],
      lines: [{ base_quantity: 1 }],
    });
    expect(upgradeOf(change)(request)).toEqual({
      invoice_lines_attributes: [{ price: '1' }],
      lines: [{ base_quantity: 1 }],
    });
    // The response side still uses the response paths.
    expect(downgradeOf(change)({ lines: [{ base_quantity: 3, price: 1 }] })).toEqual({
      lines: [{ price: 1 }],
    });
  });

  it('addedFields: acceptedInOlderRequests keeps them in older requests', () => {
    const change = addedFields('invoice', ['total_amount_due'], 'synthetic', {
      acceptedInOlderRequests: true,
    });
    expect(upgradeOf(change)({ total_amount_due: '10.00', number: 'F' })).toEqual({
      total_amount_due: '10.00',
      number: 'F',
    });
    expect(downgradeOf(change)({ total_amount_due: '10.00', number: 'F' })).toEqual({ number: 'F' });
  });

  it('renamedField: older responses carry the old name, older requests may send either (the new name wins)', () => {
    const change = renamedField(
      'invoice',
      'lines[].clasification_code_scheme',
      'classification_code_scheme',
      'synthetic',
      {
        requestOldPath: 'invoice_lines_attributes[].clasification_code_scheme',
      },
    );
    expect(change.added).toEqual(['lines[].classification_code_scheme']);
    expect(change.removed).toEqual(['lines[].clasification_code_scheme']);
    const response = deepFreeze({ lines: [{ classification_code_scheme: 'CPV', id: 1 }, { id: 2 }] });
    expect(downgradeOf(change)(response)).toEqual({
      lines: [{ id: 1, clasification_code_scheme: 'CPV' }, { id: 2 }],
    });
    const upgrade = upgradeOf(change);
    expect(upgrade({ invoice_lines_attributes: [{ clasification_code_scheme: 'CPV' }] })).toEqual({
      invoice_lines_attributes: [{ classification_code_scheme: 'CPV' }],
    });
    expect(upgrade({ invoice_lines_attributes: [{ classification_code_scheme: 'CPV' }] })).toEqual({
      invoice_lines_attributes: [{ classification_code_scheme: 'CPV' }],
    });
    expect(
      upgrade({
        invoice_lines_attributes: [{ clasification_code_scheme: 'OLD', classification_code_scheme: 'NEW' }],
      }),
    ).toEqual({ invoice_lines_attributes: [{ classification_code_scheme: 'NEW' }] });
    // Without requestOldPath the request is renamed at the response path.
    const topLevel = renamedField('invoice', 'type_document', 'type_code', 'synthetic');
    expect(topLevel.added).toEqual(['type_code']);
    expect(topLevel.removed).toEqual(['type_document']);
    expect(downgradeOf(topLevel)({ type_code: '380', number: 'F' })).toEqual({
      number: 'F',
      type_document: '380',
    });
    expect(upgradeOf(topLevel)({ type_document: '380' })).toEqual({ type_code: '380' });
    expect(upgradeOf(topLevel)({ type_document: '381', type_code: '380' })).toEqual({ type_code: '380' });
  });

  it('renamedField: a nested field keeps its parent', () => {
    const change = renamedField('contact', 'bank_account.bank', 'bank_name', 'synthetic');
    expect(change.added).toEqual(['bank_account.bank_name']);
    expect(downgradeOf(change)({ bank_account: { bank_name: 'B', iban: 'I' } })).toEqual({
      bank_account: { iban: 'I', bank: 'B' },
    });
  });

  it('removedField: older responses carry the field with the value derived from the newer response; older requests drop it', () => {
    const change = removedField('invoice', 'payment_method_info', 'synthetic', (response) =>
      typeof response.payment_method === 'string' ? `via ${response.payment_method}` : null,
    );
    expect(change.removed).toEqual(['payment_method_info']);
    expect(change.added).toBeUndefined();
    const downgrade = downgradeOf(change);
    expect(downgrade(deepFreeze({ payment_method: 'transfer' }))).toEqual({
      payment_method: 'transfer',
      payment_method_info: 'via transfer',
    });
    expect(downgrade({})).toEqual({ payment_method_info: null });
    expect(upgradeOf(change)(deepFreeze({ payment_method_info: 'x', number: 'F' }))).toEqual({ number: 'F' });
  });
});

describe('normalizeRequest and serialize leave their inputs alone', () => {
  it('a body that is not an object is returned as it is, for the parser to refuse', () => {
    for (const version of API_VERSIONS)
      for (const body of [null, [1], 'text', 3, undefined])
        expect(normalizeRequest('invoice', body, { version, operation: 'create' })).toBe(body);
  });

  it('the newest version reads a request unchanged', () => {
    const body = validInvoiceBody();
    expect(normalizeRequest('invoice', body, { version: LATEST_API_VERSION, operation: 'create' })).toBe(
      body,
    );
  });

  it('no version mutates a request body or a stored resource', () => {
    const bodies: [ResourceKind, JsonObject][] = [
      ['account', deepFreeze(validAccountBody())],
      ['contact', deepFreeze(validContactBody())],
      ['invoice', deepFreeze(validInvoiceBody())],
      ['tax_report', deepFreeze(validKsefBody('ROZ'))],
    ];
    for (const version of API_VERSIONS) {
      for (const [kind, body] of bodies)
        expect(() => normalizeRequest(kind, body, { version, operation: 'create' })).not.toThrow();
      for (const [kind, resources] of Object.entries(storedResourcesByKind()) as [ResourceKind, object[]][])
        for (const resource of resources) {
          const frozen = deepFreeze(resource);
          const before = structuredClone(frozen);
          serialize(kind, frozen, { version, include: ALL_EXPANDABLE(kind) });
          expect(frozen).toEqual(before);
        }
    }
  });
});

describe('serializeList: {<plural>: [...], meta: {total_count, offset, limit}} (spec §2.1)', () => {
  it('every kind has its plural (webhook and account events share `events`)', () => {
    expect(Object.fromEntries(RESOURCE_KINDS.map((kind) => [kind, KINDS[kind].plural]))).toEqual({
      account: 'accounts',
      contact: 'contacts',
      invoice: 'invoices',
      tax_report: 'tax_reports',
      ledger: 'ledgers',
      transport: 'transports',
      tin_verification: 'tin_verifications',
      tax_report_batch: 'tax_report_batches',
      web_hook: 'web_hooks',
      event: 'events',
      // GET /accounts/{account}/events lists account events (spec §4.6) under the same key.
      account_event: 'events',
      bank_account: 'bank_accounts',
      order: 'orders',
      despatch_advice: 'despatch_advices',
      web_hook_delivery: 'web_hook_deliveries',
    });
  });

  it.each(RESOURCE_KINDS)(
    'a page of %s: the plural key and meta, nothing else (legacy: the page beside the list); entries are list entries',
    (kind) => {
      const resources = storedResourcesByKind()[kind];
      for (const version of API_VERSIONS) {
        const meta = { total_count: 120, offset: 50, limit: 25 };
        const list = serializeList(kind, resources, meta, { version });
        const { plural } = wrapperNames(version, kind);
        if (listResponseHasMeta(version)) {
          expect(Object.keys(list)).toEqual([plural, 'meta']);
          expect(list.meta).toStrictEqual({ total_count: 120, offset: 50, limit: 25, total: 120 });
        } else {
          // Spec §9: `meta` came with v2025-10-13; the legacy page sits beside the list (migration guide).
          expect(Object.keys(list)).toEqual([plural, 'total_count', 'offset', 'limit']);
          expect(list).toMatchObject(meta);
        }
        expect(list[plural]).toStrictEqual(
          resources.map((resource) => serialize(kind, resource, { version, view: 'list_entry' })),
        );
        const parsed = JSON.parse(toJson(list)) as Record<string, unknown>;
        expect(listResponseHasMeta(version) ? parsed.meta : parsed).toMatchObject(meta);
        expect(parsed[plural]).toHaveLength(resources.length);
      }
    },
  );

  it('an empty page is an empty list with its meta, and meta carries only its three fields', () => {
    const meta = { total_count: 0, offset: 0, limit: 25, extra: 1 } as {
      total_count: number;
      offset: number;
      limit: number;
    };
    expect(serializeList('invoice', [], meta, { version: '2026-04-20' })).toStrictEqual({
      invoices: [],
      meta: { total_count: 0, offset: 0, limit: 25, total: 0 },
    });
  });

  it.each(RESOURCE_KINDS)(
    '%s list entries carry no field the full resource lacks, and none of omittedFromListEntries',
    (kind) => {
      for (const resource of storedResourcesByKind()[kind])
        for (const version of API_VERSIONS) {
          const full = pathsOf(serialize(kind, resource, { version }));
          const entry = pathsOf(serialize(kind, resource, { version, view: 'list_entry' }));
          for (const path of entry) expect(full).toContain(path);
          for (const path of KINDS[kind].omittedFromListEntries) expect(entry).not.toContain(path);
        }
    },
  );

  it.each(API_VERSIONS)(
    'spec §2.2 rule 4 (%s): account list entries omit auto_remittance; full responses have it where the version does',
    (version) => {
      const account = storedAccount({ auto_remittance: true, skip_line_taxable_base_rounding: false });
      const entry = serializeList('account', [account], { total_count: 1, offset: 0, limit: 25 }, { version })
        .accounts as JsonObject[];
      expect(entry[0]).toBeDefined();
      expect(Object.hasOwn(entry[0] ?? {}, 'auto_remittance')).toBe(false);
      expect(toJson(entry)).not.toContain('auto_remittance');
      const fields = fieldsOf(version, 'account');
      const full = serialize('account', account, { version });
      expect(Object.hasOwn(full, 'auto_remittance')).toBe(fields.has('auto_remittance'));
      for (const kept of ['routing_codes', 'skip_line_taxable_base_rounding'])
        expect(Object.hasOwn(entry[0] ?? {}, kept)).toBe(fields.has(kept));
    },
  );

  it('spec §2.2 rule 4: in the newest version account responses return auto_remittance, list entries do not', () => {
    const account = storedAccount({ auto_remittance: true });
    expect(serialize('account', account, { version: LATEST_API_VERSION }).auto_remittance).toBe(true);
    expect(
      serialize('account', account, { version: LATEST_API_VERSION, view: 'list_entry' }),
    ).not.toHaveProperty('auto_remittance');
  });

  it.each(API_VERSIONS)(
    'spec §4.6 (%s): invoice list entries carry contact.cin_value and cin_scheme where the version has them',
    (version) => {
      const invoice = storedInvoice({
        contact: {
          id: 7,
          name: 'Norte',
          tin_value: 'B76543214',
          tin_scheme: '9920',
          cin_value: '8498765432105',
          cin_scheme: '88',
        },
      });
      const [entry] = serializeList(
        'invoice',
        [invoice],
        { total_count: 1, offset: 0, limit: 25 },
        { version },
      ).invoices as JsonObject[];
      const contact = (entry?.contact ?? {}) as JsonObject;
      const fields = fieldsOf(version, 'invoice');
      expect(contact.cin_value === '8498765432105').toBe(fields.has('contact.cin_value'));
      expect(contact.cin_scheme === '0088').toBe(fields.has('contact.cin_scheme'));
      if (version === LATEST_API_VERSION)
        expect(contact).toMatchObject({ cin_value: '8498765432105', cin_scheme: '0088' });
    },
  );
});

describe('include: expandable invoice fields are absent unless named (spec §2.5 rule 3)', () => {
  const expandable = KINDS.invoice.expandable;
  const invoices = [
    storedInvoice(),
    storedInvoice({
      apply_to_local_government_unit: true,
      third_party: { role: 'local_government_unit_recipient', name: 'Gmina', country: 'PL' },
    }),
  ];

  it('the expandable fields are the three of spec §2.4 / §2.5', () => {
    expect([...expandable]).toEqual([
      'apply_to_local_government_unit',
      'apply_to_vat_group_member',
      'third_party',
    ]);
  });

  it.each(API_VERSIONS)('%s: none without include, even when false or null', (version) => {
    for (const invoice of invoices)
      for (const include of [undefined, [], ['total'], ['unknown']]) {
        const response = serialize('invoice', invoice, { version, include });
        for (const field of expandable) expect(Object.hasOwn(response, field)).toBe(false);
        expect(toJson(response)).not.toMatch(/apply_to_|third_party/);
      }
  });

  it.each(API_VERSIONS)(
    '%s: exactly the named ones (where the version has them), in full and list views',
    (version) => {
      const fields = fieldsOf(version, 'invoice');
      const subsets = [[0], [1], [2], [0, 2], [0, 1, 2]].map((indices) =>
        indices.map((index) => expandable[index] as string),
      );
      for (const invoice of invoices)
        for (const include of subsets) {
          const full = serialize('invoice', invoice, { version, include });
          const [entry] = serializeList(
            'invoice',
            [invoice],
            { total_count: 1, offset: 0, limit: 25 },
            { version, include },
          ).invoices as JsonObject[];
          for (const field of expandable) {
            const expected = include.includes(field) && fields.has(field);
            expect(Object.hasOwn(full, field), `${field} with include ${include.join(',')}`).toBe(expected);
            expect(Object.hasOwn(entry ?? {}, field)).toBe(expected);
          }
        }
    },
  );

  it('the newest version returns the named fields with their stored values (false and null included)', () => {
    const [plain, addressed] = invoices;
    const all = [...expandable];
    expect(serialize('invoice', plain ?? {}, { version: LATEST_API_VERSION, include: all })).toMatchObject({
      apply_to_local_government_unit: false,
      apply_to_vat_group_member: false,
      third_party: null,
    });
    expect(
      serialize('invoice', addressed ?? {}, { version: LATEST_API_VERSION, include: all }),
    ).toMatchObject({
      apply_to_local_government_unit: true,
      third_party: { role: 'local_government_unit_recipient', name: 'Gmina', country: 'PL' },
    });
  });
});

describe('amounts leave as JSON numbers with the currency’s decimals, never through a float', () => {
  /** The JSON text of the newest version’s invoice response. */
  const invoiceJson = (overrides: Record<string, unknown>) =>
    toJson(serialize('invoice', storedInvoice(overrides), { version: LATEST_API_VERSION }));

  it('totals carry the currency’s decimals: EUR 2, JPY 0, BHD 3', () => {
    expect(invoiceJson({ currency: 'EUR', total: '121', payable_amount: '121.5' })).toContain(
      '"total":121.00',
    );
    expect(invoiceJson({ currency: 'EUR', total: '121', payable_amount: '121.5' })).toContain(
      '"payable_amount":121.50',
    );
    expect(invoiceJson({ currency: 'JPY', total: '121', payable_amount: '121' })).toContain('"total":121,');
    expect(invoiceJson({ currency: 'BHD', total: '121', payable_amount: '121.5' })).toContain(
      '"total":121.000',
    );
    expect(invoiceJson({ currency: 'BHD', total: '121', payable_amount: '121.5' })).toContain(
      '"payable_amount":121.500',
    );
    expect(invoiceJson({ currency: 'eur', total: '-0.5' })).toContain('"total":-0.50');
  });

  it.each(API_VERSIONS)(
    '%s: where the version has total, it is written with the currency’s decimals',
    (version) => {
      const text = toJson(
        serialize('invoice', storedInvoice({ currency: 'BHD', total: '121.5' }), { version }),
      );
      if (fieldsOf(version, 'invoice').has('total')) expect(text).toContain('"total":121.500');
      expect(text).not.toMatch(/"total":"/);
    },
  );

  it('an amount is padded, never rounded or trimmed', () => {
    expect(invoiceJson({ currency: 'EUR', total: '121.005' })).toContain('"total":121.005');
    expect(invoiceJson({ currency: 'JPY', total: '121.50' })).toContain('"total":121.50');
    expect(invoiceJson({ currency: 'EUR', total: '121.1000' })).toContain('"total":121.1000');
  });

  it('without a known currency an amount keeps the decimals it was stored with', () => {
    expect(invoiceJson({ currency: null, total: '121' })).toContain('"total":121,');
  });

  it('prices, quantities, percents and rates keep their given decimals (not padded, not trimmed)', () => {
    const text = invoiceJson({
      exchange_rate: '4.3',
      lines: [
        { id: 1, quantity: '10', price: '10.12345678', taxes_attributes: [{ name: 'IVA', percent: '21' }] },
        {
          id: 2,
          quantity: '1.500000',
          price: '45.50',
          taxes_attributes: [{ name: 'IRPF', percent: '-15.00' }],
        },
      ],
    });
    for (const fragment of [
      '"price":10.12345678',
      '"price":45.50',
      '"quantity":10,',
      '"quantity":1.500000',
      '"percent":21}',
      '"percent":-15.00',
      '"exchange_rate":4.3,',
    ])
      expect(text).toContain(fragment);
  });

  it('a 17-significant-digit amount survives toJson digit for digit (a float would not)', () => {
    const amounts = [
      ['EUR', '987654321098765.43'],
      ['BHD', '12345678901234.567'],
    ] as const;
    for (const [currency, total] of amounts) {
      // money-safe: shows what a float would have written.
      expect(String(Number(total))).not.toBe(total);
      const text = invoiceJson({ currency, total, payable_amount: total });
      expect(text).toContain(`"total":${total}`);
      expect(text).toContain(`"payable_amount":${total}`);
      const back = parseLossless(text) as Record<string, unknown>;
      expect(isLosslessNumber(back.total)).toBe(true);
      expect(String(back.total)).toBe(total);
    }
    const price = '1234567890123456.7';
    expect(
      invoiceJson({
        lines: [{ id: 1, quantity: '1', price, taxes_attributes: [] }],
      }),
    ).toContain(`"price":${price}`);
  });

  it('a decimal stored with leading zeros still leaves as a valid JSON number, with its decimals', () => {
    const text = invoiceJson({
      currency: 'EUR',
      total: '0121.5',
      lines: [
        { id: 1, quantity: '007', price: '010.50', taxes_attributes: [{ name: 'IVA', percent: '-00.5' }] },
      ],
    });
    expect(text).toContain('"total":121.50');
    expect(text).toContain('"price":10.50');
    expect(text).toContain('"quantity":7');
    expect(text).toContain('"percent":-0.5');
    expect(() => JSON.parse(text)).not.toThrow();
  });

  it('tax report amounts leave as numbers too (Ksef and SII, nested ones included)', () => {
    const ksef = toJson(
      serialize('tax_report', storedKsefTaxReport('KOR_ZAL'), { version: LATEST_API_VERSION }),
    );
    expect(ksef).toContain('"order_total_amount":12300.00');
    expect(ksef).toContain('"previous_advance_total":1230.00');
    const sii = toJson(serialize('tax_report', storedSiiTaxReport(), { version: LATEST_API_VERSION }));
    expect(sii).toContain('"tax_inclusive_amount":1462.00');
    expect(sii).toContain('"taxable_base":1000.00');
    expect(sii).toContain('"surcharge_percent":5.20');
  });

  /** The leaf schemas of an object schema, by path (the walk of `schemaPaths`, keeping the schema). */
  function leafSchemas(schema: z.ZodType): Map<string, z.ZodType> {
    type Def = {
      type: string;
      shape?: Record<string, z.ZodType>;
      innerType?: z.ZodType;
      element?: z.ZodType;
      in?: z.ZodType;
      out?: z.ZodType;
      options?: readonly z.ZodType[];
    };
    const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;
    const unwrap = (s: z.ZodType): z.ZodType => {
      const def = defOf(s);
      if (def.innerType !== undefined) return unwrap(def.innerType);
      if (def.type === 'pipe' && def.in !== undefined && def.out !== undefined)
        return unwrap(defOf(def.out).type === 'transform' ? def.in : def.out);
      return s;
    };
    const leaves = new Map<string, z.ZodType>();
    const walk = (node: z.ZodType, prefix: string) => {
      const def = defOf(unwrap(node));
      if (def.type === 'union') for (const option of def.options ?? []) walk(option, prefix);
      for (const [key, child] of Object.entries(def.type === 'object' ? (def.shape ?? {}) : {})) {
        const path = prefix === '' ? key : `${prefix}.${key}`;
        const childDef = defOf(unwrap(child));
        if (childDef.type === 'array' && childDef.element !== undefined) walk(childDef.element, `${path}[]`);
        else if (childDef.type === 'object' || childDef.type === 'union') walk(child, path);
        else leaves.set(path, child);
      }
    };
    walk(schema, '');
    return leaves;
  }

  it.each(RESOURCE_KINDS)(
    'every decimal field of %s is listed among its JSON numbers (DESIGN.md: amounts are JSON numbers)',
    (kind) => {
      const listed = KINDS[kind].numbers.map((entry) => entry.path);
      const decimals = [...leafSchemas(KINDS[kind].schema)]
        .filter(([, schema]) => {
          // A decimal field: reads both a decimal string and a lossless number, and keeps the text.
          const asText = schema.safeParse('12.50');
          const asNumber = schema.safeParse(new LosslessNumber('12.50'));
          return asText.success && asText.data === '12.50' && asNumber.success && asNumber.data === '12.50';
        })
        .map(([path]) => path);
      expect(decimals.filter((path) => !listed.includes(path))).toEqual([]);
      for (const path of listed) expect(schemaPaths(KINDS[kind].schema)).toContain(path);
    },
  );

  it('SII capital good amounts leave as numbers (spec §2.1: amounts are JSON numbers)', () => {
    const report = storedSiiTaxReport();
    const withGood = {
      ...report,
      capital_good: {
        identification: 'Nave 3',
        start_date: '2024-01-10',
        annual_proration: '80.00',
        annual_regularization: '-125.40',
      },
    };
    const text = toJson(serialize('tax_report', withGood, { version: LATEST_API_VERSION }));
    expect(text).toContain('"annual_proration":80.00');
    expect(text).toContain('"annual_regularization":-125.40');
  });

  it('a field stored as undefined is written like an absent one: present, null', () => {
    const absent = storedAccount();
    delete (absent as Partial<typeof absent>).phone;
    const undefinedPhone = { ...storedAccount(), phone: undefined };
    for (const version of API_VERSIONS) {
      const a = serialize('account', absent, { version });
      const b = serialize('account', undefinedPhone, { version });
      expect(b).toStrictEqual(a);
      if (fieldsOf(version, 'account').has('phone')) expect(toJson(b)).toContain('"phone":null');
    }
  });
});
