/**
 * The readers of the FA(3) `Fa` section: header and buckets, `Adnotacje`, the correction block, the
 * lines (`FaWiersz`) and the advance order (`Zamowienie`), each the inverse of the builder's section
 * (ksef-fa3.md §5 for the element order, §6.4, §6.5, §6.6, §6.7, §6.8, §6.9 for the mapping). Every value is
 * kept as the document's text.
 *
 * @module
 */
import {
  KSEF_BUCKETS,
  KSEF_BUCKETS_WITH_LOCAL_TAX,
  KSEF_BUCKETS_WITH_TAX,
} from '../../codelists/ksefRates.js';
import type { Fa3Element, ImportContext, ReportDraft } from './xmlTree.js';

/**
 * Reads the buckets `P_13_x` (net), `P_14_x` (VAT) and `P_14_xW` (VAT in PLN) into `tax_breakdowns`,
 * one entry per bucket present, in schema order (ksef-fa3.md §6.5). A `P_14_x` without its `P_13_x`
 * is an issue at `Fa/P_13_x` (the XSD pairs them).
 */
function readBuckets(fa: Fa3Element, draft: ReportDraft, context: ImportContext): void {
  const breakdowns: Record<string, unknown>[] = [];
  for (const bucket of KSEF_BUCKETS) {
    const net = `P_13_${bucket}`;
    const tax = KSEF_BUCKETS_WITH_TAX.includes(bucket) ? `P_14_${bucket}` : null;
    const pln = KSEF_BUCKETS_WITH_LOCAL_TAX.includes(bucket) ? `P_14_${bucket}W` : null;
    if (!fa.has(net)) {
      if ((tax !== null && fa.has(tax)) || (pln !== null && fa.has(pln))) context.missing(fa.pathOf(net));
      continue;
    }
    const param = `tax_breakdowns[${String(breakdowns.length)}]`;
    const entry: Record<string, unknown> = { bucket };
    const set = (field: string, name: string | null) => {
      const value = name === null ? null : fa.text(name);
      if (value === null || name === null) return;
      entry[field] = value;
      context.sources.set(`${param}.${field}`, fa.pathOf(name));
    };
    context.sources.set(`${param}.bucket`, fa.pathOf(net));
    set('taxable_base', net);
    set('tax_amount', tax);
    set('tax_amount_pln', pln);
    breakdowns.push(entry);
  }
  if (breakdowns.length > 0) draft.put('tax_breakdowns', breakdowns, fa.pathOf('P_13_1'));
}

/**
 * Reads the header of `Fa` (ksef-fa3.md §6.4): `KodWaluty`, `P_1`, `P_1M`, `P_2`, the first `WZ`
 * (`despatch_advice_reference`; further ones → `ignored`), `P_6` or `OkresFa`, the buckets, `P_15`,
 * `KursWalutyZ`, `RodzajFaktury`, `FP`, `TP`, `DodatkowyOpis` and `FakturaZaliczkowa`. `ZaliczkaCzesciowa`,
 * `ZwrotAkcyzy` and `Rozliczenie` have no field (→ `ignored`).
 *
 * @example
 * ```ts
 * readFaHeader(root.requiredChild('Fa'), report, context);
 * report.data.total_amount; // '2051' (MF sample 1: the document's text, never a JS number)
 * ```
 */
export function readFaHeader(fa: Fa3Element, draft: ReportDraft, context: ImportContext): void {
  draft.requiredText('currency', fa, 'KodWaluty');
  draft.requiredText('date', fa, 'P_1');
  draft.text('issue_place', fa, 'P_1M');
  draft.requiredText('number', fa, 'P_2');
  draft.text('despatch_advice_reference', fa, 'WZ');
  draft.text('tax_point_date', fa, 'P_6');
  const period = fa.child('OkresFa');
  if (period !== null) {
    draft.requiredText('invoicing_period_start', period, 'P_6_Od');
    draft.requiredText('invoicing_period_end', period, 'P_6_Do');
  }
  readBuckets(fa, draft, context);
  draft.requiredText('total_amount', fa, 'P_15');
  const type = draft.requiredText('invoice_type_code', fa, 'RodzajFaktury');
  // `KursWalutyZ` is the rate of an advance (ZAL) in another currency (ksef-fa3.md §6.6), the only
  // place the builder writes it; elsewhere the report's `exchange_rate` would become every line's
  // `KursWaluty`, so there it stays unread and is listed in `ignored`.
  if (type === 'ZAL' && draft.data.currency !== 'PLN') draft.text('exchange_rate', fa, 'KursWalutyZ');
  if (fa.has('FP')) draft.put('receipt_invoice', fa.marker('FP'), fa.pathOf('FP'));
  if (fa.has('TP')) draft.put('related_parties', fa.marker('TP'), fa.pathOf('TP'));
  draft.list('additional_info', fa.children('DodatkowyOpis'), fa.pathOf('DodatkowyOpis'), (note, item) => {
    item.text('line_number', note, 'NrWiersza');
    item.requiredText('key', note, 'Klucz');
    item.requiredText('value', note, 'Wartosc');
  });
  draft.list(
    'prepayment_references',
    fa.children('FakturaZaliczkowa'),
    fa.pathOf('FakturaZaliczkowa'),
    (advance, item) => {
      // `NrKSeFFaZaliczkowej`, or `NrKSeFZN=1` + `NrFaZaliczkowej` for an advance invoice issued
      // outside KSeF (ksef-fa3.md §6.9); the flag is implied by the number.
      if (advance.has('NrKSeFZN')) advance.marker('NrKSeFZN');
      item.text('registration_code', advance, 'NrKSeFFaZaliczkowej');
      item.text('number', advance, 'NrFaZaliczkowej');
      if (!advance.has('NrKSeFFaZaliczkowej') && !advance.has('NrFaZaliczkowej')) {
        context.missing(advance.pathOf('NrKSeFFaZaliczkowej'));
      }
    },
  );
}

/** The margin-scheme markers of `PMarzy` and their `margin_scheme` codes (`KSEF_MARGIN_SCHEMES`). */
const MARGIN_SCHEMES: ReadonlyArray<readonly [element: string, code: string]> = [
  ['P_PMarzy_2', '2'],
  ['P_PMarzy_3_1', '3_1'],
  ['P_PMarzy_3_2', '3_2'],
  ['P_PMarzy_3_3', '3_3'],
];

/** `Zwolnienie`: `P_19=1` + `P_19A|B|C` (the legal basis) or `P_19N=1`. */
function readExemption(exemption: Fa3Element, draft: ReportDraft, context: ImportContext): void {
  if (exemption.has('P_19')) {
    exemption.marker('P_19');
    const type = ['A', 'B', 'C'].find((letter) => exemption.has(`P_19${letter}`));
    if (type === undefined) {
      context.missing(exemption.pathOf('P_19A'));
      return;
    }
    draft.requiredText('exemption_basis', exemption, `P_19${type}`);
    draft.put('exemption_basis_type', type, exemption.pathOf(`P_19${type}`));
  } else if (exemption.has('P_19N')) {
    exemption.marker('P_19N');
  } else {
    context.invalid(exemption.path, 'needs P_19 with P_19A, P_19B or P_19C, or P_19N');
  }
}

/** `PMarzy`: `P_PMarzy=1` + one of `P_PMarzy_2`, `_3_1`, `_3_2`, `_3_3`, or `P_PMarzyN=1`. */
function readMargin(margin: Fa3Element, draft: ReportDraft, context: ImportContext): void {
  if (margin.has('P_PMarzy')) {
    margin.marker('P_PMarzy');
    const scheme = MARGIN_SCHEMES.find(([element]) => margin.has(element));
    if (scheme === undefined) {
      context.invalid(margin.path, 'needs one of P_PMarzy_2, P_PMarzy_3_1, P_PMarzy_3_2, P_PMarzy_3_3');
      return;
    }
    margin.marker(scheme[0]);
    draft.put('margin_scheme', scheme[1], margin.pathOf(scheme[0]));
  } else if (margin.has('P_PMarzyN')) {
    margin.marker('P_PMarzyN');
  } else {
    context.invalid(margin.path, 'needs P_PMarzy with its kind, or P_PMarzyN');
  }
}

/**
 * Reads `Fa/Adnotacje`, all of whose children are mandatory (ksef-fa3.md §5): `P_16`, `P_17`,
 * `P_18`, `P_18A`, `P_23` (`1` → true, `2` → false), `Zwolnienie` (`exemption_basis` +
 * `exemption_basis_type` from `P_19A|B|C`), `NoweSrodkiTransportu` (new means of transport have no
 * field: with `P_22` content the whole element goes to `ignored`) and `PMarzy` (`margin_scheme`).
 *
 * @example
 * ```ts
 * readAdnotacje(fa.requiredChild('Adnotacje'), report, context);
 * report.data.exemption_basis; // 'art. 43 ust. 1 pkt 37 ustawy VAT' (MF sample 9)
 * ```
 */
export function readAdnotacje(
  adnotacje: Fa3Element | null,
  draft: ReportDraft,
  context: ImportContext,
): void {
  if (adnotacje === null) return;
  const flags: ReadonlyArray<readonly [element: string, field: string]> = [
    ['P_16', 'cash_accounting'],
    ['P_17', 'self_billing'],
    ['P_18', 'reverse_charge'],
    ['P_18A', 'split_payment'],
  ];
  for (const [element, field] of flags)
    draft.put(field, adnotacje.requiredFlag(element), adnotacje.pathOf(element));
  const exemption = adnotacje.requiredChild('Zwolnienie');
  if (exemption !== null) readExemption(exemption, draft, context);
  const transport = adnotacje.requiredChild('NoweSrodkiTransportu');
  if (transport !== null) {
    if (transport.has('P_22')) transport.ignoreAll();
    else if (transport.has('P_22N')) transport.marker('P_22N');
    else context.invalid(transport.path, 'needs P_22 with the means of transport, or P_22N');
  }
  draft.put('triangular_procedure', adnotacje.requiredFlag('P_23'), adnotacje.pathOf('P_23'));
  const margin = adnotacje.requiredChild('PMarzy');
  if (margin !== null) readMargin(margin, draft, context);
}

/**
 * Reads the correction block of `Fa` (ksef-fa3.md §6.7): `PrzyczynaKorekty`, `TypKorekty`, every
 * `DaneFaKorygowanej` (`date`, `number`, and `registration_code` from `NrKSeFFaKorygowanej`, null
 * for `NrKSeFN`), `OkresFaKorygowanej` and `P_15ZK` (`previous_advance_total`). `NrFaKorygowany`,
 * `Podmiot1K`, `Podmiot2K` and `KursWalutyZK` have no field (→ `ignored`).
 *
 * @example
 * ```ts
 * readCorrection(fa, report, context);
 * report.data.corrected_invoices; // [{ date: '2026-02-15', number: 'FV2026/02/150', registration_code: '9999999999-20230908-8BEF280C8D35-4D' }]
 * ```
 */
export function readCorrection(fa: Fa3Element, draft: ReportDraft, context: ImportContext): void {
  draft.text('correction_reason', fa, 'PrzyczynaKorekty');
  draft.text('correction_type', fa, 'TypKorekty');
  draft.list(
    'corrected_invoices',
    fa.children('DaneFaKorygowanej'),
    fa.pathOf('DaneFaKorygowanej'),
    (corrected, item) => {
      item.requiredText('date', corrected, 'DataWystFaKorygowanej');
      item.requiredText('number', corrected, 'NrFaKorygowanej');
      if (corrected.has('NrKSeF') || corrected.has('NrKSeFFaKorygowanej')) {
        corrected.marker('NrKSeF');
        item.requiredText('registration_code', corrected, 'NrKSeFFaKorygowanej');
      } else if (corrected.has('NrKSeFN')) {
        corrected.marker('NrKSeFN');
        item.data.registration_code = null;
      } else {
        context.invalid(corrected.path, 'needs NrKSeF with NrKSeFFaKorygowanej, or NrKSeFN');
      }
    },
  );
  draft.text('corrected_period', fa, 'OkresFaKorygowanej');
  draft.text('previous_advance_total', fa, 'P_15ZK');
}

/** `FaWiersz` element → line field (ksef-fa3.md §6.5), in schema order. */
const LINE_ELEMENTS: ReadonlyArray<readonly [element: string, field: string]> = [
  ['UU_ID', 'uuid'],
  ['P_6A', 'tax_point_date'],
  ['P_7', 'description'],
  ['Indeks', 'item_code'],
  ['GTIN', 'gtin'],
  ['PKWiU', 'pkwiu'],
  ['CN', 'cn'],
  ['PKOB', 'pkob'],
  ['P_8A', 'unit'],
  ['P_8B', 'quantity'],
  ['P_9A', 'price'],
  ['P_9B', 'gross_price'],
  ['P_10', 'discount'],
  ['P_11', 'net_amount'],
  ['P_11A', 'gross_amount'],
  ['P_11Vat', 'tax_amount'],
  ['P_12', 'tax_category'],
  ['P_12_XII', 'oss_percent'],
  ['GTU', 'gtu'],
  ['Procedura', 'procedure'],
  ['KursWaluty', 'exchange_rate'],
];

/**
 * Reads one `FaWiersz` into a line (ksef-fa3.md §6.5): `NrWierszaFa` (mandatory) → `line_number`,
 * the elements of `LINE_ELEMENTS`, `StanPrzed=1` → `before_correction`. `P_12_Zal_15` and
 * `KwotaAkcyzy` have no field (→ `ignored`).
 *
 * @example
 * ```ts
 * report.list('lines', fa.children('FaWiersz'), 'Fa/FaWiersz', readFaWiersz);
 * ```
 */
export function readFaWiersz(line: Fa3Element, draft: ReportDraft): void {
  draft.requiredText('line_number', line, 'NrWierszaFa');
  for (const [element, field] of LINE_ELEMENTS) draft.text(field, line, element);
  if (line.has('StanPrzed'))
    draft.put('before_correction', line.marker('StanPrzed'), line.pathOf('StanPrzed'));
}

/** `ZamowienieWiersz` element → order line field (ksef-fa3.md §6.8), in schema order. */
const ORDER_LINE_ELEMENTS: ReadonlyArray<readonly [element: string, field: string]> = [
  ['UU_IDZ', 'uuid'],
  ['P_7Z', 'description'],
  ['IndeksZ', 'item_code'],
  ['GTINZ', 'gtin'],
  ['PKWiUZ', 'pkwiu'],
  ['CNZ', 'cn'],
  ['PKOBZ', 'pkob'],
  ['P_8AZ', 'unit'],
  ['P_8BZ', 'quantity'],
  ['P_9AZ', 'price'],
  ['P_11NettoZ', 'net_amount'],
  ['P_11VatZ', 'tax_amount'],
  ['P_12Z', 'tax_category'],
  ['P_12Z_XII', 'oss_percent'],
  ['GTUZ', 'gtu'],
  ['ProceduraZ', 'procedure'],
];

/**
 * Reads `Fa/Zamowienie`, the order of an advance (ksef-fa3.md §6.8): `WartoscZamowienia` (mandatory)
 * → `order_total_amount`, as the document states it (no business rule checks it is gross: KSEF_07
 * carries a net value and imports as it is), and every `ZamowienieWiersz` → `order_lines`
 * (`NrWierszaZam`, the `…Z` elements, `StanPrzedZ=1` → `before_correction`). `P_12Z_Zal_15` and
 * `KwotaAkcyzyZ` have no field (→ `ignored`).
 *
 * @example
 * ```ts
 * readZamowienie(fa.child('Zamowienie'), report, context);
 * report.data.order_total_amount; // '375150' (MF sample 10)
 * ```
 */
export function readZamowienie(
  zamowienie: Fa3Element | null,
  draft: ReportDraft,
  context: ImportContext,
): void {
  if (zamowienie === null) return;
  draft.requiredText('order_total_amount', zamowienie, 'WartoscZamowienia');
  const rows = zamowienie.children('ZamowienieWiersz');
  if (rows.length === 0) context.missing(zamowienie.pathOf('ZamowienieWiersz'));
  draft.list('order_lines', rows, zamowienie.pathOf('ZamowienieWiersz'), (row, item) => {
    item.requiredText('line_number', row, 'NrWierszaZam');
    for (const [element, field] of ORDER_LINE_ELEMENTS) item.text(field, row, element);
    if (row.has('StanPrzedZ'))
      item.put('before_correction', row.marker('StanPrzedZ'), row.pathOf('StanPrzedZ'));
  });
}
