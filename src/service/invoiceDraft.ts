import type { InvoiceUpdate } from '../model/invoice.js';
import type { InvoiceLine, InvoiceLinePatch } from '../model/invoiceLine.js';
import type { InvoiceReference, InvoiceReferenceWrite } from '../model/invoiceReference.js';
import type { IdGenerator } from '../ports.js';
import { nextIds } from './nextIds.js';

/** The lines of an invoice after a request, and where each came from in it. */
export interface MergedLines {
  lines: InvoiceLine[];
  /** `invoice_lines_attributes[i]` for a line the request sent, null for a stored line it did not. */
  line_params: (string | null)[];
}

/** The fields of a sent element without the edit markers (`id`, `_destroy`) and without absent keys. */
function fieldsOf<T extends { id?: unknown; _destroy?: unknown }>(element: T): Omit<T, 'id' | '_destroy'> {
  const { id: _id, _destroy, ...fields } = element;
  for (const key of Object.keys(fields) as (keyof typeof fields)[])
    if (fields[key] === undefined) delete fields[key];
  return fields;
}

/**
 * The invoice's lines once a request is applied (spec §2.4 `invoice_lines_attributes`, edited by
 * `id` like the references of §2.6). The rules (`invoiceLineIssues`) have already checked every `id`.
 *
 * - `replace` (POST, PUT): the request's lines are the invoice's lines, in its order. A line sent with
 *   the `id` of a stored line keeps that id (a GET → PUT round trip keeps the line ids); a line
 *   without one gets a new id; `_destroy: true` lines and stored lines not sent are gone.
 * - `merge` (PATCH): no `invoice_lines_attributes` keeps the stored lines; otherwise the stored lines
 *   in their order, each edited by the element with its `id` (the sent fields over the stored ones,
 *   `null` clearing one) or removed by `_destroy: true`, then the new lines (no `id`) in the order sent.
 *
 * @example
 * ```ts
 * const { lines } = await mergeLines(ids, [{ id: 5, price: '12.00' }], stored.lines, 'merge');
 * ```
 */
export async function mergeLines(
  ids: IdGenerator,
  sent: readonly InvoiceLinePatch[] | null | undefined,
  stored: readonly InvoiceLine[],
  mode: 'replace' | 'merge',
): Promise<MergedLines> {
  if (sent === null || sent === undefined) return { lines: [...stored], line_params: stored.map(() => null) };
  const param = (index: number) => `invoice_lines_attributes[${String(index)}]`;
  const storedById = new Map(stored.map((line) => [line.id, line]));
  if (mode === 'replace') {
    const kept = sent.flatMap((line, index) => (line._destroy === true ? [] : [{ line, index }]));
    const keptId = ({ line }: { line: InvoiceLinePatch }) =>
      line.id !== undefined && line.id !== null && storedById.has(line.id) ? line.id : null;
    // Every new line's id in one go (one round trip to a database sequence), in the order sent.
    const fresh = (
      await nextIds(ids, 'invoice_line', kept.filter((entry) => keptId(entry) === null).length)
    ).values();
    const lines = kept.map((entry) => ({
      ...(fieldsOf(entry.line) as Omit<InvoiceLine, 'id'>),
      id: keptId(entry) ?? (fresh.next().value as number),
    }));
    return { lines, line_params: kept.map(({ index }) => param(index)) };
  }
  const edits = new Map<number, { line: InvoiceLinePatch; index: number }>();
  const added: { line: InvoiceLinePatch; index: number }[] = [];
  for (const [index, line] of sent.entries()) {
    if (line.id === undefined || line.id === null) added.push({ line, index });
    else edits.set(line.id, { line, index });
  }
  const lines: InvoiceLine[] = [];
  const line_params: (string | null)[] = [];
  for (const line of stored) {
    const edit = edits.get(line.id);
    if (edit === undefined) {
      lines.push(line);
      line_params.push(null);
    } else if (edit.line._destroy !== true) {
      lines.push({ ...line, ...fieldsOf(edit.line), id: line.id } as InvoiceLine);
      line_params.push(param(edit.index));
    }
  }
  const adding = added.filter(({ line }) => line._destroy !== true);
  const fresh = await nextIds(ids, 'invoice_line', adding.length);
  for (const [position, { line, index }] of adding.entries()) {
    lines.push({ ...(fieldsOf(line) as Omit<InvoiceLine, 'id'>), id: fresh[position] as number });
    line_params.push(param(index));
  }
  return { lines, line_params };
}

/**
 * The invoice's references once a request is applied (spec §2.6: read-only `id`; `{id, _destroy:
 * true}` deletes one). On every write (POST, PUT, PATCH) the sent elements edit the stored references
 * by `id` (the sent fields over the stored ones), delete them (`_destroy`), or add new ones (no `id`,
 * a new id); references not sent are kept. fiscalkit's reading for PUT too: versions before
 * v2026-04-20 can only express the one `amend` reference (through the flat amendment fields, spec
 * §2.4 rule 2), so a PUT from such a client must not wipe the `prepayment` references it cannot see.
 * The rules (`invoiceReferenceIssues`) have already checked ids, types and the one-amend limit.
 *
 * @example
 * ```ts
 * await mergeReferences(ids, [{ reference_type: 'amend', number: 'F-1' }], []);
 * // [{ id: <new>, reference_type: 'amend', number: 'F-1' }]
 * ```
 */
export async function mergeReferences(
  ids: IdGenerator,
  sent: readonly InvoiceReferenceWrite[] | null | undefined,
  stored: readonly InvoiceReference[],
): Promise<InvoiceReference[]> {
  if (sent === null || sent === undefined) return [...stored];
  const edits = new Map<number, InvoiceReferenceWrite>();
  const added: InvoiceReferenceWrite[] = [];
  for (const reference of sent) {
    if (reference.id === undefined || reference.id === null) added.push(reference);
    else edits.set(reference.id, reference);
  }
  const references: InvoiceReference[] = [];
  for (const reference of stored) {
    const edit = edits.get(reference.id);
    if (edit === undefined) references.push(reference);
    else if (edit._destroy !== true)
      references.push({
        ...reference,
        ...fieldsOf(edit),
        id: reference.id,
        reference_type: edit.reference_type ?? reference.reference_type,
      });
  }
  const adding = added.filter(
    (reference) =>
      reference._destroy !== true &&
      reference.reference_type !== undefined &&
      reference.reference_type !== null,
  );
  const fresh = await nextIds(ids, 'invoice_reference', adding.length);
  for (const [position, reference] of adding.entries())
    references.push({
      ...fieldsOf(reference),
      id: fresh[position] as number,
      reference_type: reference.reference_type as InvoiceReference['reference_type'],
    });
  return references;
}

/** The fields of a request that are not set one by one (lines, references, the counterparty, …). */
const SPECIAL_FIELDS: ReadonlySet<string> = new Set([
  'invoice_lines_attributes',
  'invoice_references',
  'total_amount_due',
  'contact',
  'contact_id',
  'type',
]);

/**
 * The plain fields a request sets (everything but lines, references, the counterparty, `type` and
 * `total_amount_due`, which the service resolves on their own): the sent ones only, `null` kept (it
 * clears the field), absent ones left out so the stored value stays. A blank `series_code` is stored
 * as null, so that the number's uniqueness (per series) does not tell `""` from no series.
 *
 * @example
 * ```ts
 * sentFields({ number: 'F-2', notes: null, invoice_lines_attributes: [] }); // { number: 'F-2', notes: null }
 * ```
 */
export function sentFields(request: InvoiceUpdate): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(request))
    if (value !== undefined && !SPECIAL_FIELDS.has(key)) fields[key] = value;
  if (typeof fields.series_code === 'string' && fields.series_code.trim() === '') fields.series_code = null;
  return fields;
}
