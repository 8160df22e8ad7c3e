import { LosslessNumber } from 'lossless-json';
import { ApiError, isApiError } from '../../errors/ApiError.js';
import { isDecimalString } from '../../money/fixedPoint.js';
import { isLosslessNumber } from '../../money/losslessNumber.js';
import { flatToAllowanceCharges } from '../../totals/flatFields.js';
import type { TotalsAllowanceChargeInput, TotalsLineAllowanceChargeInput } from '../../totals/input.js';
import { unitPrice } from '../../totals/unitPrice.js';
import type { ResourceChange } from '../change.js';
import type { JsonObject } from '../fieldPath.js';
import { withOrigins, withRefused } from '../requestMarks.js';

/**
 * v2026-03-02's money model of the invoice (api-notes.md §3.2; B2Brouter/b2brouter-php CHANGELOG
 * 1.1.0; issue #19), the one place the versions before it meet `allowance_charges_attributes`:
 *
 * - **Older requests.** The flat discount and charge fields of a line (`discount_percent`,
 *   `discount_amount`, `discount_text`, `charge_amount`, `charge_percent`, `charge_reason`) and of the
 *   invoice (the same plus `apply_taxes_to_charge`, `charge_is_reimbursable_expense`) become the
 *   line's and the invoice's `allowance_charges_attributes`, mapped by the totals engine's
 *   `flatToAllowanceCharges` (docs/totals.md §2.4): an invoice discount is spread over the lines'
 *   VAT rates, a line's `discount_amount` is a magnitude following the sign of the line. A PATCH of
 *   a stored line (or of the invoice) that sends some flat fields keeps the others as the stored
 *   entries show them; entries that no flat field can show cannot be edited through them (422 at the
 *   flat field sent). A line `price` sent by an older client is the unit price (older versions return
 *   `price / base_quantity` there), so it comes with `base_quantity: null`. The fields the older
 *   versions did not have and that would change an amount (`base_quantity`,
 *   `allowance_charges_attributes`, `payments_on_account`) are refused, not ignored (`~refused`,
 *   `invoiceAmountFieldIssues`).
 * - **Older responses.** `price` is the effective unit price (`unit_price`, `price / base_quantity`
 *   to 8 decimals, api-notes.md §3.2), without `base_quantity` and `unit_price`; the entries are
 *   shown as the flat fields where they can be (at most one allowance and one charge per line, no
 *   `base_amount`; at invoice level no tax of their own either), else those fields are null (the
 *   totals, `subtotal`, `taxes` and each line's `amount`, which every version returns, still carry
 *   them); `payments_on_account` is left out (`prepaid_amount` carries their sum).
 *
 * @example
 * ```ts
 * moneyModelChange().upgrade?.({ discount_percent: '5', invoice_lines_attributes: [] }, { version: '2025-10-13', operation: 'create' });
 * // { invoice_lines_attributes: [], allowance_charges_attributes: [{ allowance_charge_indicator: 'allowance', percentage: '5' }], '~origins': {…} }
 * ```
 */
export function moneyModelChange(): ResourceChange {
  return {
    kind: 'invoice',
    description:
      'api-notes.md §3.2: base_quantity and allowance_charges_attributes replace the flat discount and charge fields of invoices and lines; payments_on_account is new',
    added: [
      'lines[].base_quantity',
      'lines[].unit_price',
      'lines[].allowance_charges_attributes',
      'allowance_charges_attributes',
      'payments_on_account',
    ],
    removed: [...LINE_FLAT.map((field) => `lines[].${field}`), ...INVOICE_FLAT],
    downgrade: (response) => downgradeInvoice(response),
    upgrade: (request, context) => upgradeInvoice(request, (context.stored ?? null) as JsonObject | null),
  };
}

/** The flat fields of a line in older versions. */
export const LINE_FLAT = [
  'discount_percent',
  'discount_amount',
  'discount_text',
  'charge_amount',
  'charge_percent',
  'charge_reason',
] as const;

/** The flat fields of an invoice in older versions. */
export const INVOICE_FLAT = [
  ...LINE_FLAT,
  'apply_taxes_to_charge',
  'charge_is_reimbursable_expense',
] as const;

type Flat = Partial<Record<(typeof INVOICE_FLAT)[number], unknown>>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !isLosslessNumber(value);
}

/** A decimal as text (a lossless number's digits, a string as it is), else null. */
function decimalText(value: unknown): string | null {
  if (isLosslessNumber(value)) return value.value;
  return typeof value === 'string' ? value.trim() : null;
}

function present(value: unknown): boolean {
  return value !== null && value !== undefined;
}

/** A value written back in the kind it came in (a lossless number stays one). */
function like(template: unknown, text: string): unknown {
  return isLosslessNumber(template) ? new LosslessNumber(text) : text;
}

/** The magnitude of a decimal text. */
function magnitude(text: string): string {
  return text.startsWith('-') ? text.slice(1) : text;
}

/** The sign of a decimal text: −1, 0 or 1 (1 for what is not a decimal). */
function signOf(text: string | null): -1 | 0 | 1 {
  if (text === null || !isDecimalString(text, 16)) return 1;
  if (/^-?0*\.?0*$/.test(text)) return 0;
  return text.startsWith('-') ? -1 : 1;
}

// ─── Older responses ───────────────────────────────────────────────────────────────────────────────

const NULL_LINE_FLAT: Flat = Object.fromEntries(LINE_FLAT.map((field) => [field, null]));
const NULL_INVOICE_FLAT: Flat = Object.fromEntries(INVOICE_FLAT.map((field) => [field, null]));

/** The text an entry shows: its `reason`, else the `description` some clients send. */
function reasonOf(entry: JsonObject): unknown {
  return present(entry.reason) ? entry.reason : (entry.description ?? null);
}

/**
 * A line's entries as the flat fields, or null when they cannot be shown that way: more than one
 * allowance or charge, a `base_amount`, or a fixed allowance against the sign of the line (the flat
 * `discount_amount` is a magnitude following the line).
 *
 * @example
 * ```ts
 * lineFlatView({ quantity: '-2', price: '10', allowance_charges_attributes: [{ allowance_charge_indicator: 'allowance', amount: '-1.50' }] });
 * // { discount_percent: null, discount_amount: '1.50', discount_text: null, charge_amount: null, … }
 * ```
 */
export function lineFlatView(line: JsonObject): Flat | null {
  const entries = line.allowance_charges_attributes;
  const flat: Flat = { ...NULL_LINE_FLAT };
  if (!Array.isArray(entries)) return flat;
  let allowances = 0;
  let charges = 0;
  // money-safe: a product of signs (−1, 0, 1), not of amounts.
  const lineSign = signOf(decimalText(line.quantity)) * signOf(decimalText(line.price));
  for (const entry of entries) {
    if (!isObject(entry) || present(entry.base_amount)) return null;
    const percentage = present(entry.percentage) ? entry.percentage : null;
    const amount = present(entry.amount) ? entry.amount : null;
    if (entry.allowance_charge_indicator === 'allowance') {
      allowances += 1;
      if (percentage !== null) flat.discount_percent = percentage;
      else {
        const text = decimalText(amount);
        if (text === null) return null;
        const sign = signOf(text);
        if (sign !== 0 && lineSign !== 0 && sign !== lineSign) return null;
        flat.discount_amount = like(amount, magnitude(text));
      }
      flat.discount_text = reasonOf(entry);
    } else if (entry.allowance_charge_indicator === 'charge') {
      charges += 1;
      if (percentage !== null) flat.charge_percent = percentage;
      else flat.charge_amount = amount;
      flat.charge_reason = reasonOf(entry);
    } else return null;
  }
  return allowances > 1 || charges > 1 ? null : flat;
}

/**
 * The invoice's entries as the flat fields, or null when they cannot be shown that way: more than one
 * allowance or charge, an entry with a tax of its own or a `base_amount`, an untaxed or reimbursable
 * allowance.
 *
 * @example
 * ```ts
 * invoiceFlatView({ allowance_charges_attributes: [{ allowance_charge_indicator: 'charge', amount: '25.00', apply_taxes: false }] });
 * // { …, charge_amount: '25.00', apply_taxes_to_charge: false, charge_is_reimbursable_expense: false }
 * ```
 */
export function invoiceFlatView(invoice: JsonObject): Flat | null {
  const entries = invoice.allowance_charges_attributes;
  const flat: Flat = { ...NULL_INVOICE_FLAT };
  if (!Array.isArray(entries)) return flat;
  let allowances = 0;
  let charges = 0;
  for (const entry of entries) {
    if (
      !isObject(entry) ||
      present(entry.base_amount) ||
      (Array.isArray(entry.taxes_attributes) && entry.taxes_attributes.length > 0) ||
      present(entry.tax_attributes)
    )
      return null;
    const percentage = present(entry.percentage) ? entry.percentage : null;
    if (entry.allowance_charge_indicator === 'allowance') {
      allowances += 1;
      if (entry.apply_taxes === false || entry.is_reimbursable_expense === true) return null;
      if (percentage !== null) flat.discount_percent = percentage;
      else flat.discount_amount = entry.amount ?? null;
      flat.discount_text = reasonOf(entry);
    } else if (entry.allowance_charge_indicator === 'charge') {
      charges += 1;
      if (percentage !== null) flat.charge_percent = percentage;
      else flat.charge_amount = entry.amount ?? null;
      flat.charge_reason = reasonOf(entry);
      const reimbursable = entry.is_reimbursable_expense === true;
      flat.charge_is_reimbursable_expense = reimbursable;
      flat.apply_taxes_to_charge = reimbursable ? false : entry.apply_taxes !== false;
    } else return null;
  }
  return allowances > 1 || charges > 1 ? null : flat;
}

function downgradeLine(line: unknown): unknown {
  if (!isObject(line)) return line;
  const { base_quantity, unit_price, allowance_charges_attributes: _entries, ...rest } = line;
  const flat = lineFlatView(line) ?? NULL_LINE_FLAT;
  let price = rest.price;
  const base = decimalText(base_quantity);
  if (present(unit_price)) price = unit_price;
  else if (base !== null && decimalText(price) !== null && isDecimalString(base, 6) && signOf(base) > 0) {
    // A stored line always has its unit_price; this is for a request shown as a response (the
    // `fiscalkit/testing` downgrade), with the default rounding method.
    const text = decimalText(price) as string;
    if (isDecimalString(text, 8)) price = like(rest.price, unitPrice(text, base, 'half_up'));
  }
  return { ...rest, price, ...flat };
}

function downgradeInvoice(response: JsonObject): JsonObject {
  const { allowance_charges_attributes: _entries, payments_on_account: _payments, ...rest } = response;
  const flat = invoiceFlatView(response) ?? NULL_INVOICE_FLAT;
  const lines = Array.isArray(rest.lines) ? rest.lines.map(downgradeLine) : rest.lines;
  return { ...rest, ...flat, lines };
}

// ─── Older requests ────────────────────────────────────────────────────────────────────────────────

const REFUSED_MESSAGE =
  'exists from v2026-03-02 (api-notes.md §3.2); send the X-B2B-API-Version 2026-03-02 header to use it, or the flat discount and charge fields of this version';

/** A flat value as the engine's mapping reads it: a lossless number as its digits. */
function flatValue(value: unknown): unknown {
  return isLosslessNumber(value) ? value.value : value;
}

/** The flat fields a body sends (own keys, null included). */
function sentFlat(body: JsonObject, fields: readonly string[]): Flat {
  const sent: Flat = {};
  for (const field of fields)
    if (Object.hasOwn(body, field)) sent[field as keyof Flat] = flatValue(body[field]);
  return sent;
}

function withoutKeys(body: JsonObject, keys: readonly string[]): JsonObject {
  const rest = { ...body };
  for (const key of keys) delete rest[key];
  return rest;
}

/** The request param an engine mapping param stands for (`lines[0].discount_amount` → the line's). */
function mappedError(error: unknown, linePrefix: string | null): never {
  if (!isApiError(error)) throw error;
  const param = error.param ?? '';
  const line = /^lines\[\d+\]\.(.*)$/.exec(param);
  const mapped =
    line !== null && linePrefix !== null
      ? `${linePrefix}.${(line[1] ?? '').replace(/^allowance_charges/, 'allowance_charges_attributes')}`
      : param.replace(/^allowance_charges/, 'allowance_charges_attributes');
  const message =
    param !== '' && error.message.startsWith(param)
      ? `${mapped}${error.message.slice(param.length)}`
      : error.message;
  throw new ApiError(error.code, message, { param: mapped, rule: error.rule });
}

/** Where each flat field lands in an entry (`discount_percent` → the allowance's `percentage`). */
function originsOf(
  entries: readonly (TotalsLineAllowanceChargeInput | TotalsAllowanceChargeInput)[],
  prefix: string,
  origin: string,
): Record<string, string> {
  const origins: Record<string, string> = {};
  entries.forEach((entry, index) => {
    const at = `${prefix}allowance_charges_attributes[${String(index)}]`;
    const kind = entry.allowance_charge_indicator === 'allowance' ? 'discount' : 'charge';
    if (present(entry.percentage)) origins[`${at}.percentage`] = `${origin}${kind}_percent`;
    if (present(entry.amount)) origins[`${at}.amount`] = `${origin}${kind}_amount`;
    if (present(entry.reason))
      origins[`${at}.reason`] = `${origin}${kind === 'discount' ? 'discount_text' : 'charge_reason'}`;
    origins[at] = `${origin}${kind}_${present(entry.percentage) ? 'percent' : 'amount'}`;
  });
  return origins;
}

/** The stored line with `id` of the stored invoice (canonical shape), when there is one. */
function storedLine(stored: JsonObject | null, id: unknown): JsonObject | null {
  if (stored === null || !Array.isArray(stored.lines)) return null;
  const key = decimalText(id) ?? id;
  const found = stored.lines.find(
    (line) => isObject(line) && (line.id === key || String(line.id) === String(key)),
  );
  return isObject(found) ? found : null;
}

/**
 * The flat fields of an edit over those the stored entries show; null when the stored entries cannot
 * be shown as flat fields (then the edit would have to guess what to keep).
 */
function editedFlat(
  sent: Flat,
  stored: JsonObject | null,
  view: (body: JsonObject) => Flat | null,
): Flat | null {
  if (stored === null) return sent;
  const shown = view(stored);
  if (shown === null) return null;
  const base: Flat = {};
  for (const [field, value] of Object.entries(shown))
    if (present(value)) base[field as keyof Flat] = flatValue(value);
  return { ...base, ...sent };
}

function upgradeLine(
  line: unknown,
  index: number,
  stored: JsonObject | null,
  marks: { refused: { param: string; message: string }[]; origins: Record<string, string> },
): unknown {
  if (!isObject(line)) return line;
  const at = `invoice_lines_attributes[${String(index)}]`;
  let result: JsonObject = line;
  for (const field of ['base_quantity', 'allowance_charges_attributes'] as const)
    if (Object.hasOwn(result, field)) {
      if (present(result[field])) marks.refused.push({ param: `${at}.${field}`, message: REFUSED_MESSAGE });
      result = withoutKeys(result, [field]);
    }
  // The older client's price of a stored line is the unit price its version returned (`price /
  // base_quantity`): the line's base quantity goes with it. (A new line has none anyway.)
  if (Object.hasOwn(result, 'price') && present(result.id)) result = { ...result, base_quantity: null };
  const sent = sentFlat(result, LINE_FLAT);
  if (Object.keys(sent).length === 0) return result;
  result = withoutKeys(result, LINE_FLAT);
  const previous = present(line.id) ? storedLine(stored, line.id) : null;
  const flat = editedFlat(sent, previous, lineFlatView);
  if (flat === null) {
    const [first] = Object.keys(sent);
    marks.refused.push({
      param: `${at}.${first ?? 'discount_percent'}`,
      message:
        'cannot be edited as a flat field: the line has allowances or charges that older versions cannot show (several, or a percentage of a base amount); edit them with X-B2B-API-Version 2026-03-02',
    });
    return result;
  }
  const quantity = flatValue(Object.hasOwn(line, 'quantity') ? line.quantity : previous?.quantity);
  const price = flatValue(
    Object.hasOwn(line, 'price') ? line.price : (previous?.unit_price ?? previous?.price),
  );
  let mapped: ReturnType<typeof flatToAllowanceCharges>;
  try {
    mapped = flatToAllowanceCharges({
      currency: 'EUR',
      lines: [{ quantity, price, taxes: [], ...flat } as never],
    });
  } catch (error) {
    mappedError(error, at);
  }
  const entries = mapped.lines[0]?.allowance_charges ?? [];
  Object.assign(marks.origins, originsOf(entries, `${at}.`, `${at}.`));
  return { ...result, allowance_charges_attributes: entries };
}

function upgradeInvoice(request: JsonObject, stored: JsonObject | null): JsonObject {
  const marks = {
    refused: [] as { param: string; message: string }[],
    origins: {} as Record<string, string>,
  };
  let result: JsonObject = request;
  for (const field of ['allowance_charges_attributes', 'payments_on_account'] as const)
    if (Object.hasOwn(result, field)) {
      if (present(result[field])) marks.refused.push({ param: field, message: REFUSED_MESSAGE });
      result = withoutKeys(result, [field]);
    }
  if (Array.isArray(result.invoice_lines_attributes))
    result = {
      ...result,
      invoice_lines_attributes: result.invoice_lines_attributes.map((line, index) =>
        upgradeLine(line, index, stored, marks),
      ),
    };
  const sent = sentFlat(result, INVOICE_FLAT);
  if (Object.keys(sent).length > 0) {
    result = withoutKeys(result, INVOICE_FLAT);
    const flat = editedFlat(sent, stored, invoiceFlatView);
    if (flat === null) {
      const [first] = Object.keys(sent);
      marks.refused.push({
        param: first ?? 'discount_percent',
        message:
          'cannot be edited as a flat field: the invoice has allowances or charges that older versions cannot show (several, with a tax of their own, or of a base amount); edit them with X-B2B-API-Version 2026-03-02',
      });
    } else {
      let mapped: ReturnType<typeof flatToAllowanceCharges>;
      try {
        mapped = flatToAllowanceCharges({ currency: 'EUR', lines: [], ...flat } as never);
      } catch (error) {
        mappedError(error, null);
      }
      const entries = mapped.allowance_charges ?? [];
      Object.assign(marks.origins, originsOf(entries, '', ''));
      result = { ...result, allowance_charges_attributes: entries };
    }
  }
  for (const refused of marks.refused) result = withRefused(result, refused);
  return withOrigins(result, marks.origins);
}
