/**
 * The readers of the FA(3) frame: `Naglowek` (the form code, checked, not mapped: the builder writes
 * its own header) and `Stopka` (footer text and registers; ksef-fa3.md §6.11).
 *
 * @module
 */
import type { Fa3Element, ImportContext, ReportDraft } from './xmlTree.js';

/**
 * Reads `Naglowek` (ksef-fa3.md §1): `KodFormularza` must be `FA` (its attributes are checked
 * first, by `formCodeIssue`), `WariantFormularza` `3`, and `DataWytworzeniaFa` must be there. The report has no field for the creation time or `SystemInfo` (the builder writes its own),
 * so both go to `ignored`.
 *
 * @example
 * ```ts
 * readNaglowek(root.requiredChild('Naglowek'), context);
 * context.issues; // [] for any of the 40 samples
 * ```
 */
export function readNaglowek(naglowek: Fa3Element | null, context: ImportContext): void {
  if (naglowek === null) return;
  // The attributes were checked before the sections were read (`formCodeIssue` in `importFa3`).
  const formText = naglowek.requiredText('KodFormularza');
  if (formText !== null && formText !== 'FA') {
    context.invalid(naglowek.pathOf('KodFormularza'), `must be FA, not ${JSON.stringify(formText)}`);
  }
  const variant = naglowek.requiredText('WariantFormularza');
  if (variant !== null && variant !== '3') {
    context.invalid(
      naglowek.pathOf('WariantFormularza'),
      `must be 3 in FA(3), not ${JSON.stringify(variant)}`,
    );
  }
  naglowek.expect('DataWytworzeniaFa');
}

/**
 * Reads `Stopka` (ksef-fa3.md §6.11): the first `Informacje/StopkaFaktury` → `footer_text`, the
 * first `Rejestry` → `supplier_party_krs`, `supplier_party_regon`, `supplier_party_bdo`. Further
 * `Informacje` and `Rejestry`, and `Rejestry/PelnaNazwa`, have no field (→ `ignored`).
 *
 * @example
 * ```ts
 * readStopka(root.child('Stopka'), report);
 * report.data.supplier_party_krs; // '0000099999' (MF sample 1: leading zeros kept)
 * ```
 */
export function readStopka(stopka: Fa3Element | null, draft: ReportDraft): void {
  if (stopka === null) return;
  const information = stopka.child('Informacje');
  if (information !== null) draft.text('footer_text', information, 'StopkaFaktury');
  const registers = stopka.child('Rejestry');
  if (registers !== null) {
    draft.text('supplier_party_krs', registers, 'KRS');
    draft.text('supplier_party_regon', registers, 'REGON');
    draft.text('supplier_party_bdo', registers, 'BDO');
  }
}
