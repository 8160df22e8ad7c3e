import { z } from 'zod';
import { AccountCreateSchema, AccountUpdateSchema } from '../model/account.js';
import { BankAccountCreateSchema } from '../model/bankAccountRecord.js';
import { ContactCreateSchema, ContactUpdateSchema } from '../model/contact.js';
import { DespatchAdviceCreateSchema } from '../model/despatchAdvice.js';
import { InvoiceCreateSchema, InvoiceUpdateSchema } from '../model/invoice.js';
import { KsefTaxReportCreateSchema, KsefTaxReportUpdateSchema } from '../model/ksefTaxReport.js';
import { OrderCreateSchema } from '../model/order.js';
import type { Operation } from '../model/parse.js';
import { SiiTaxReportCreateSchema, SiiTaxReportUpdateSchema } from '../model/siiTaxReport.js';
import { TransportCreateSchema, TransportUpdateSchema } from '../model/transport.js';
import {
  WebhookSubscriptionCreateSchema,
  WebhookSubscriptionUpdateSchema,
} from '../model/webhookSubscription.js';
import type { ApiVersion } from '../versions/apiVersion.js';
import { changesAfter } from '../versions/chain.js';
import type { ResourceChange } from '../versions/change.js';
import type { JsonObject } from '../versions/fieldPath.js';
import type { ResourceKind } from '../versions/resourceKind.js';
import { cloneJson, type JsonSchema, jsonSchemaOf } from './jsonSchema.js';
import { alternatives, removeSchemaAt, schemaAt, schemaFieldPaths, setSchemaAt } from './schemaTree.js';

/**
 * The canonical (newest version) request body of each kind that is written through the versions
 * module, by operation: `create` is the body of POST (the whole resource), `update` the body of
 * PATCH and PUT (any subset: PUT is a partial update, issue #19), as the model's parsers read them. A tax report is either type (spec
 * §2.7); on create `type` picks the schema, on update the stored report's type does.
 *
 * @example
 * ```ts
 * REQUEST_BODIES.invoice?.create === InvoiceCreateSchema; // true
 * ```
 */
export const REQUEST_BODIES: Readonly<Partial<Record<ResourceKind, Readonly<Record<Operation, z.ZodType>>>>> =
  {
    account: { create: AccountCreateSchema, update: AccountUpdateSchema },
    contact: { create: ContactCreateSchema, update: ContactUpdateSchema },
    bank_account: { create: BankAccountCreateSchema, update: BankAccountCreateSchema },
    invoice: { create: InvoiceCreateSchema, update: InvoiceUpdateSchema },
    tax_report: {
      create: z.discriminatedUnion('type', [SiiTaxReportCreateSchema, KsefTaxReportCreateSchema]),
      update: z.union([SiiTaxReportUpdateSchema, KsefTaxReportUpdateSchema]),
    },
    transport: { create: TransportCreateSchema, update: TransportUpdateSchema },
    order: { create: OrderCreateSchema, update: OrderCreateSchema },
    despatch_advice: { create: DespatchAdviceCreateSchema, update: DespatchAdviceCreateSchema },
    web_hook: { create: WebhookSubscriptionCreateSchema, update: WebhookSubscriptionUpdateSchema },
  };

/**
 * Where a request names a field differently from the response that the version changes describe
 * (`removed` lists response paths): an invoice's lines are `lines` in a response and
 * `invoice_lines_attributes` in a request (spec §2.4).
 */
const REQUEST_PREFIXES: Readonly<Partial<Record<ResourceKind, readonly (readonly [string, string])[]>>> = {
  invoice: [['lines[]', 'invoice_lines_attributes[]']],
};

function requestPath(kind: ResourceKind, responsePath: string): string {
  for (const [response, request] of REQUEST_PREFIXES[kind] ?? [])
    if (responsePath.startsWith(`${response}.`)) return request + responsePath.slice(response.length);
  return responsePath;
}

/** The probe value: a string nothing rewrites, or an object carrying it as a key. */
const MARK = 'x-fiscalkit-openapi-probe';

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A value of the field's own JSON type that can be found again after an upgrade: an object for an
 * object field (an upgrade may treat a string there as an older scalar form, as the contact's
 * `bank_account` shows), an array of them for an array, else the marker string. The second value is
 * the path suffix where the marker sits (`[]` inside an array).
 */
function probeValue(field: JsonSchema | undefined): [unknown, string] {
  const branches = field === undefined ? [] : alternatives(field);
  if (branches.some((branch) => 'properties' in branch)) return [{ [MARK]: true }, ''];
  const array = branches.find((branch) => branch.type === 'array');
  if (array !== undefined) {
    const items = typeof array.items === 'object' && array.items !== null ? (array.items as JsonSchema) : {};
    const [element] = probeValue(items);
    return [[element], '[]'];
  }
  return [MARK, ''];
}

/** A request holding `value` at `path`, through objects and one-element arrays. */
function requestWith(path: string, value: unknown): JsonObject {
  const parts = path.split('.');
  let current: unknown = value;
  for (let index = parts.length - 1; index >= 0; index -= 1) {
    const part = parts[index] ?? '';
    current = part.endsWith('[]') ? { [part.slice(0, -2)]: [current] } : { [part]: current };
  }
  return current as JsonObject;
}

/** Every path where the marker ended up (as the string, or as an object holding it). */
function markerPaths(value: unknown, prefix = ''): string[] {
  if (value === MARK) return [prefix];
  if (Array.isArray(value)) return value.flatMap((item) => markerPaths(item, `${prefix}[]`));
  if (!isObject(value)) return [];
  if (Object.hasOwn(value, MARK)) return [prefix];
  return Object.entries(value).flatMap(([key, child]) =>
    markerPaths(child, prefix === '' ? key : `${prefix}.${key}`),
  );
}

function parentPath(path: string): string {
  const at = path.lastIndexOf('.');
  return at < 0 ? '' : path.slice(0, at).replace(/\[\]$/, '');
}

/**
 * The request body of resource `kind` (the object inside `{"invoice": …}`) that API `version`
 * accepts, found by running the version's own request upgrades (`src/versions/changes/*.ts`) on
 * probes, so the document cannot drift from what the binding reads. Starting from the canonical body
 * (`REQUEST_BODIES`), each newer version's change is undone, newest first:
 *
 * - a field the change's upgrade drops is one the older version does not accept (v2026-04-20's
 *   additions are "ignored in older requests", spec §9): it is left out;
 * - an older field the upgrade turns into a newer one (`clasification_code_scheme`, `taxcode`,
 *   the flat amendment fields) is accepted: it is described, marked `deprecated`, with the schema of
 *   the field it is read as (both forms when the older version used the same name for another
 *   shape, as the contact's `bank_account` string);
 * - an older field the upgrade only drops (`payment_method_info`) is not described.
 *
 * @example
 * ```ts
 * const lines = requestSchema('2026-03-02', 'invoice', 'create').properties.invoice_lines_attributes;
 * // lines.items.properties has classification_code_scheme and the deprecated clasification_code_scheme
 * ```
 */
export function requestSchema(version: ApiVersion, kind: ResourceKind, operation: Operation): JsonSchema {
  const body = REQUEST_BODIES[kind]?.[operation];
  if (body === undefined) throw new TypeError(`openapi: ${kind} has no request body`);
  const schema = jsonSchemaOf(body, 'input');
  const context = { version, operation, stored: null };
  for (const change of changesAfter(version, kind).reverse()) {
    const upgrade = change.upgrade;
    if (upgrade === undefined) continue;
    const before = cloneJson(schema);
    const lost = schemaFieldPaths(before).filter((path) => {
      const [value, suffix] = probeValue(schemaAt(before, path));
      return !markerPaths(upgrade(requestWith(path, value), context)).includes(`${path}${suffix}`);
    });
    for (const path of lost) removeSchemaAt(schema, path);
    for (const path of olderFields(change, kind)) {
      const read = markerPaths(upgrade(requestWith(path, MARK), context)).find((found) => found !== path);
      const target = read === undefined ? undefined : schemaAt(before, read.replace(/\[\]$/, ''));
      const parent = parentPath(path);
      if (target === undefined || (parent !== '' && schemaAt(schema, parent) === undefined)) continue;
      const why = `read as \`${read}\` (${change.description})`;
      const existing = schemaAt(schema, path);
      // The older version used the same name for another shape (the contact's `bank_account`
      // string): the field takes either, and is not deprecated as a whole.
      setSchemaAt(
        schema,
        path,
        existing === undefined
          ? {
              ...target,
              deprecated: true,
              description: `Older form, still accepted in this version: ${why}.`,
            }
          : { anyOf: [existing, target], description: `Either form; the older one is ${why}.` },
      );
    }
  }
  return schema;
}

/** The older request fields a change maps: its `removed` response fields, in request shape, top ones only. */
function olderFields(change: ResourceChange, kind: ResourceKind): string[] {
  const removed = change.removed ?? [];
  return removed
    .filter((path) => !removed.some((other) => path.startsWith(`${other}.`) || path.startsWith(`${other}[]`)))
    .map((path) => requestPath(kind, path));
}
