import { z } from 'zod';
import type { Validated } from '../errors/validationIssue.js';
import { countryCode, decimal, identifier, isoDate, optional, requiredText, text } from './fields.js';
import { parseWith } from './parse.js';

/**
 * Despatch advices (spec §4.6: POST /accounts/{account}/despatch_advices). The spec shows no field
 * (§2.1 "not shown"), so the fields are **fiscalkit's**, after UBL 2.1 / Peppol BIS Despatch Advice 3
 * (`DespatchAdvice`): its number and despatch date, the order it fulfils (`OrderReference`), the
 * counterparty (the delivery customer), where the goods go, and the delivered lines, each possibly
 * naming the order line it delivers. A despatch advice has no state: nothing in spec §4.6 moves it.
 */

/** Most lines in one despatch advice (the order's limit). */
export const MAX_DESPATCH_ADVICE_LINES = 10_000;

/**
 * One delivered line as written (UBL `DespatchLine`): the `quantity` delivered (greater than zero),
 * and either what it is (`description`, `unit`, `item_code`) or the `order_line_number` of the
 * order line it delivers, from which the missing ones are taken.
 */
export const DespatchLineWriteSchema = z.object({
  description: text(2048).nullish(),
  quantity: decimal({ maxDecimals: 6, sign: 'positive' }),
  unit: text(32).nullish(),
  item_code: text(64).nullish(),
  order_line_number: optional(identifier()),
});

/** A despatch line as sent. */
export type DespatchLineWrite = z.output<typeof DespatchLineWriteSchema>;

/** A despatch line as stored and returned, numbered from 1 (UBL `DespatchLine/ID`). */
export const DespatchLineSchema = z.object({
  line_number: z.number().int().min(1).max(MAX_DESPATCH_ADVICE_LINES),
  description: requiredText(2048),
  quantity: decimal({ maxDecimals: 6, sign: 'positive' }),
  unit: text(32).nullable(),
  item_code: text(64).nullable(),
  order_line_number: identifier().nullable(),
});

/** A stored despatch line. */
export type DespatchLine = z.output<typeof DespatchLineSchema>;

/**
 * The writable fields of a despatch advice. `order_id` names an order of the account; the free-text
 * `order_reference` names the buyer's order when it is not in fiscalkit (and defaults to the named
 * order's number). `contact_id` defaults to the order's contact; one of the two is required. The
 * delivery address fields say where the goods go (UBL `Shipment/Delivery/DeliveryAddress`).
 */
const writable = {
  number: requiredText(),
  date: isoDate(),
  delivery_date: optional(isoDate()),
  order_id: optional(identifier()),
  order_reference: text().nullish(),
  contact_id: optional(identifier()),
  delivery_address: text().nullish(),
  delivery_city: text().nullish(),
  delivery_postalcode: text(32).nullish(),
  delivery_country: optional(countryCode()),
  notes: text(4096).nullish(),
  lines: z.array(DespatchLineWriteSchema).min(1).max(MAX_DESPATCH_ADVICE_LINES),
};

/** Body of POST /accounts/{account}/despatch_advices (the object inside `{"despatch_advice": …}`). */
export const DespatchAdviceCreateSchema = z.object(writable);

/** A despatch advice as sent on create. */
export type DespatchAdviceCreate = z.output<typeof DespatchAdviceCreateSchema>;

/** A despatch advice as stored and returned (newest version's shape), every optional field null when unset. */
export const DespatchAdviceSchema = z.object({
  id: identifier(),
  account_id: identifier(),
  number: requiredText(),
  date: isoDate(),
  delivery_date: isoDate().nullable(),
  order_id: identifier().nullable(),
  order_reference: text().nullable(),
  contact_id: identifier(),
  delivery_address: text().nullable(),
  delivery_city: text().nullable(),
  delivery_postalcode: text(32).nullable(),
  delivery_country: countryCode().nullable(),
  notes: text(4096).nullable(),
  lines: z.array(DespatchLineSchema).min(1).max(MAX_DESPATCH_ADVICE_LINES),
});

/** A stored despatch advice. */
export type DespatchAdvice = z.output<typeof DespatchAdviceSchema>;

/**
 * Parses a despatch advice request body (the object inside `{"despatch_advice": …}`): structure and
 * field values; the order, its lines and the contact are checked by the despatch advice service.
 *
 * @example
 * ```ts
 * const result = parseDespatchAdvice({
 *   number: 'DA-1', date: '2026-04-21', order_id: 12,
 *   lines: [{ order_line_number: 1, quantity: '4' }],
 * });
 * result.success && result.data.lines[0]?.quantity; // '4'
 * ```
 */
export function parseDespatchAdvice(input: unknown): Validated<DespatchAdviceCreate> {
  return parseWith(DespatchAdviceCreateSchema, input);
}
