/**
 * The SII simple types as the importer reads them (sii.md §6), the inverse of the builder's
 * `src/sii/build/formats.ts`: dates `dd-mm-yyyy` → `YYYY-MM-DD`; amounts (`ImporteSgn12.2Type`) and
 * rates (`Tipo2.2Type`) kept as the document's text (`100` stays `100`, `100.00` stays `100.00`),
 * except for the two spellings the XSD allows and a decimal string does not — a leading `+` and a
 * trailing dot (`+12.` → `12`), which change nothing of the value; closed code lists checked against
 * their values.
 *
 * @module
 */
import { isIsoDate } from '../../model/isoDate.js';
import type { ElementReader, ReportDraft } from '../../xml/reader.js';

const SII_DATE = /^(\d{2})-(\d{2})-(\d{4})$/;

/**
 * A `fecha` (`dd-mm-yyyy`, sii.md §6) as a `YYYY-MM-DD` calendar date, or null when the text is not
 * one.
 *
 * @example
 * ```ts
 * isoDateOf('15-03-2026'); // '2026-03-15'
 * isoDateOf('2026-03-15'); // null: not the SII spelling
 * isoDateOf('30-02-2026'); // null: no such day
 * ```
 */
export function isoDateOf(text: string): string | null {
  const match = SII_DATE.exec(text);
  if (match === null) return null;
  const iso = `${match[3] ?? ''}-${match[2] ?? ''}-${match[1] ?? ''}`;
  return isIsoDate(iso) ? iso : null;
}

/**
 * The date in child `name` of `element` as `YYYY-MM-DD`; null when absent (an issue at its path when
 * `required`) or not a `dd-mm-yyyy` calendar date (a `parameter_invalid` at its path).
 *
 * @example
 * ```ts
 * readDate(idFactura, 'FechaExpedicionFacturaEmisor', true); // '2020-01-01' for `01-01-2020`
 * ```
 */
export function readDate(element: ElementReader, name: string, required = false): string | null {
  const text = required ? element.requiredText(name) : element.text(name);
  if (text === null) return null;
  const date = isoDateOf(text);
  if (date === null)
    element.context.invalid(
      element.pathOf(name),
      `must be a date written dd-mm-yyyy (sii.md §6), not ${JSON.stringify(text)}`,
    );
  return date;
}

/**
 * An amount or rate as the document writes it, with the two XSD-only spellings a decimal string does
 * not have removed: a leading `+` (`ImporteSgn12.2Type` allows it) and a trailing dot (`\.\d{0,2}`
 * allows `12.`). Anything else stays as written, for the report's own check to judge.
 *
 * @example
 * ```ts
 * decimalText('100'); // '100'
 * decimalText('+12.'); // '12'
 * decimalText('-0.50'); // '-0.50'
 * ```
 */
export function decimalText(text: string): string {
  return text.replace(/^\+(?=\d)/, '').replace(/^(-?\d+)\.$/, '$1');
}

/**
 * Puts the amount or rate in child `name` of `element` ({@link decimalText}) into `field` of `draft`,
 * and returns it; null when absent (an issue at its path when `required`).
 *
 * @example
 * ```ts
 * putDecimal(row, 'taxable_base', detalle, 'BaseImponible', true); // '200' for `<BaseImponible>200</BaseImponible>`
 * ```
 */
export function putDecimal(
  draft: ReportDraft,
  field: string,
  element: ElementReader,
  name: string,
  required = false,
): string | null {
  const text = required ? element.requiredText(name) : element.text(name);
  const value = text === null ? null : decimalText(text);
  draft.put(field, value, element.pathOf(name));
  return value;
}

/**
 * Puts the date in child `name` of `element` ({@link readDate}: `dd-mm-yyyy` → `YYYY-MM-DD`) into
 * `field` of `draft`, and returns it.
 *
 * @example
 * ```ts
 * putDate(draft, 'accounting_date', factura, 'FechaRegContable', true); // '2020-10-01'
 * ```
 */
export function putDate(
  draft: ReportDraft,
  field: string,
  element: ElementReader,
  name: string,
  required = false,
): string | null {
  const value = readDate(element, name, required);
  draft.put(field, value, element.pathOf(name));
  return value;
}

/**
 * The value of child `name` of `element` when it is one of `values` (an XSD enumeration that has no
 * report field to be checked by); null when absent (an issue at its path when `required`) or another
 * value (a `parameter_invalid` at its path naming the values).
 *
 * @example
 * ```ts
 * readCode(noExenta, 'TipoNoExenta', ['S1', 'S2', 'S3'], true); // 'S1'
 * ```
 */
export function readCode<const T extends string>(
  element: ElementReader,
  name: string,
  values: readonly T[],
  required = false,
): T | null {
  const text = required ? element.requiredText(name) : element.text(name);
  if (text === null) return null;
  if ((values as readonly string[]).includes(text)) return text as T;
  element.context.invalid(
    element.pathOf(name),
    `must be one of ${values.join(', ')}, not ${JSON.stringify(text)}`,
  );
  return null;
}

/**
 * Puts an `S`/`N` flag of child `name` of `element` (`SimplificadaCualificadaType`, `CuponType`, …)
 * into `field` of `draft` as a boolean (`S` → true, `N` → false; issue #18 item 17), the inverse of the
 * builder's `siiFlag`; absent leaves the field unset, another value is a `parameter_invalid` at its
 * path.
 *
 * @example
 * ```ts
 * putFlag(draft, 'coupon', factura, 'Cupon'); // true for `<Cupon>S</Cupon>`
 * ```
 */
export function putFlag(draft: ReportDraft, field: string, element: ElementReader, name: string): void {
  const code = readCode(element, name, ['S', 'N']);
  if (code !== null) draft.put(field, code === 'S', element.pathOf(name));
}
