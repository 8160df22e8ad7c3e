// Builds and validates a KSeF FA(3) invoice of every type code (ksef-fa3.md §3 `TRodzajFaktury`):
// VAT, KOR, ZAL, ROZ, UPR, KOR_ZAL, KOR_ROZ. Run it with `npm run example:ksef`.
//
// Each invoice goes the "create directly" path of a Ksef tax report (spec §2.7, `createKsefTaxReport`:
// the body a client would POST), is written as FA(3) XML (`buildFa3`), and is then judged three ways:
//   1. fiscalkit's own checks: `fa3Issues` (everything the XSD would refuse, said per field) and an
//      import round trip (`importFa3` reads the XML back; building that report again must give the
//      very same document);
//   2. the official FA(3) XSD through `fiscalkit/xsd` (libxml2-wasm), when the schemas are at hand:
//      `$FISCALKIT_SHARED/xsd/ksef-fa3`, or `../shared/xsd/ksef-fa3` beside the checkout. Without
//      them the XSD step is skipped, and the example says so.
// One line per type code with its verdict; the exit code is 1 if any invoice is not valid.
//
// The figures follow the Ministry of Finance's FA(3) samples (ksef-fa3.md §11 names them); the NIPs
// are the samples' (9999999999, 1111111111: repdigits pass the NIP checksum).
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { KsefTypeCode } from 'fiscalkit';
import { buildFa3, createKsefTaxReport, fa3Issues, importFa3 } from 'fiscalkit/ksef';
import type { KsefTaxReportCreate } from 'fiscalkit/model';
import { createXsdSchemaValidator, type XsdSchemaValidator } from 'fiscalkit/xsd';

/** When the documents are made (`Naglowek/DataWytworzeniaFa`); a host passes its clock's now. */
const NOW = new Date('2026-03-15T09:00:00Z');

/** A KSeF number of an invoice already in KSeF (MF sample 18). */
const KSEF_NUMBER = '9999999999-20230908-8BEF280C8D35-4D';

// ─── The seven invoices, as a client would POST them ───────────────────────────────────────────────

const seller = {
  supplier_party_tax_id: '9999999999',
  supplier_party_name: 'ABC AGD sp. z o. o.',
  supplier_party_address: 'ul. Kwiatowa 1 m. 2',
  supplier_party_postalcode: '00-001',
  supplier_party_city: 'Warszawa',
  supplier_party_country: 'PL',
};

const buyer = {
  customer_party_tax_id: '1111111111',
  customer_party_name: 'F.H.U. Jan Kowalski',
  customer_party_address: 'ul. Polna 1',
  customer_party_postalcode: '00-001',
  customer_party_city: 'Warszawa',
  customer_party_country: 'PL',
};

/** What every invoice here shares: a Polish seller and buyer, in złoty. */
const common = {
  type: 'Ksef',
  currency: 'PLN',
  ...seller,
  ...buyer,
  prepayment_references: [],
} satisfies Partial<KsefTaxReportCreate>;

const INVOICES: Record<KsefTypeCode, KsefTaxReportCreate> = {
  // A basic invoice: two rates (23 % and 5 %), paid by transfer (MF sample 1).
  VAT: {
    ...common,
    invoice_type_code: 'VAT',
    number: 'FV2026/02/150',
    date: '2026-02-15',
    tax_breakdowns: [
      { bucket: '1', taxable_base: '1666.66', tax_amount: '383.33' },
      { bucket: '3', taxable_base: '0.95', tax_amount: '0.05' },
    ],
    total_amount: '2051',
    lines: [
      {
        description: 'lodówka Zimnotech mk1',
        unit: 'szt.',
        quantity: '1',
        price: '1626.01',
        net_amount: '1626.01',
        tax_category: '23',
      },
      {
        description: 'wniesienie sprzętu',
        unit: 'szt.',
        quantity: '1',
        price: '40.65',
        net_amount: '40.65',
        tax_category: '23',
      },
      {
        description: 'promocja lodówka pełna mleka',
        unit: 'szt.',
        quantity: '1',
        price: '0.95',
        net_amount: '0.95',
        tax_category: '5',
      },
    ],
    paid: true,
    payment_date: '2026-02-15',
    payment_method: '6',
  },
  // A correction as a before/after pair of the same line: the price lowered (MF sample 2).
  KOR: {
    ...common,
    invoice_type_code: 'KOR',
    number: 'FK2026/03/200',
    date: '2026-03-15',
    tax_breakdowns: [{ bucket: '1', taxable_base: '-162.60', tax_amount: '-37.40' }],
    total_amount: '-200',
    correction_reason: 'obniżka ceny',
    correction_type: '2',
    corrected_invoices: [{ date: '2026-02-15', number: 'FV2026/02/150', registration_code: KSEF_NUMBER }],
    lines: [
      {
        line_number: 1,
        description: 'lodówka Zimnotech mk1',
        unit: 'szt.',
        quantity: '1',
        price: '1626.01',
        net_amount: '1626.01',
        tax_category: '23',
        before_correction: true,
      },
      {
        line_number: 1,
        description: 'lodówka Zimnotech mk1',
        unit: 'szt.',
        quantity: '1',
        price: '1463.41',
        net_amount: '1463.41',
        tax_category: '23',
      },
    ],
  },
  // An advance: the order it is paid on (`Zamowienie`), no invoice lines (MF sample 10).
  ZAL: {
    ...common,
    invoice_type_code: 'ZAL',
    number: 'FZ2026/02/1',
    date: '2026-02-15',
    tax_breakdowns: [{ bucket: '1', taxable_base: '16260.16', tax_amount: '3739.84' }],
    total_amount: '20000',
    paid: true,
    payment_date: '2026-02-10',
    payment_method: '6',
    order_total_amount: '375150',
    order_lines: [
      {
        description: 'dom jednorodzinny',
        unit: 'szt.',
        quantity: '1',
        price: '305000',
        net_amount: '305000',
        tax_amount: '70150',
        tax_category: '23',
      },
    ],
  },
  // The settlement after advances: the remainder in the buckets, the advances referenced (MF sample 14).
  ROZ: {
    ...common,
    invoice_type_code: 'ROZ',
    number: 'FV2026/08/12',
    date: '2026-08-17',
    tax_breakdowns: [
      { bucket: '1', taxable_base: '4100.16', tax_amount: '943.04' },
      { bucket: '2', taxable_base: '280177.59', tax_amount: '22414.21' },
    ],
    total_amount: '307635',
    prepayment_references: [{ registration_code: KSEF_NUMBER }, { number: 'FZ/2026/01/7' }],
    lines: [
      {
        description: 'mieszkanie 50m2',
        unit: 'szt.',
        quantity: '1',
        price: '307500',
        net_amount: '307500',
        tax_category: '8',
        gtu: 'GTU_10',
      },
      {
        description: 'garaż',
        unit: 'szt.',
        quantity: '1',
        price: '4500',
        net_amount: '4500',
        tax_category: '23',
      },
    ],
  },
  // A simplified invoice (up to 450 zł): the buyer is a bare NIP (MF samples 15–16).
  UPR: {
    type: 'Ksef',
    currency: 'PLN',
    ...seller,
    customer_party_tax_id: '1111111111',
    invoice_type_code: 'UPR',
    number: 'FV2026/02/151',
    date: '2026-02-15',
    tax_breakdowns: [{ bucket: '1', taxable_base: '81.30', tax_amount: '18.70' }],
    total_amount: '100',
    lines: [{ description: 'paliwo', tax_category: '23' }],
    prepayment_references: [],
  },
  // A correction of an advance: raised from 20000 to 30000, at a new rate (MF sample 12).
  KOR_ZAL: {
    ...common,
    invoice_type_code: 'KOR_ZAL',
    number: 'FKZ2026/03/1',
    date: '2026-03-01',
    tax_breakdowns: [
      { bucket: '1', taxable_base: '133.28', tax_amount: '30.65' },
      { bucket: '2', taxable_base: '9107.47', tax_amount: '728.60' },
    ],
    total_amount: '10000',
    correction_reason: 'zwiększenie zaliczki',
    correction_type: '2',
    corrected_invoices: [{ date: '2026-02-15', number: 'FZ2026/02/1' }],
    previous_advance_total: '20000',
    order_total_amount: '375150',
    order_lines: [
      {
        line_number: 1,
        description: 'dom jednorodzinny',
        quantity: '1',
        price: '305000',
        net_amount: '305000',
        tax_amount: '70150',
        tax_category: '23',
        before_correction: true,
      },
      {
        line_number: 1,
        description: 'dom jednorodzinny',
        quantity: '1',
        price: '305000',
        net_amount: '305000',
        tax_amount: '24400',
        tax_category: '8',
      },
    ],
  },
  // A correction of a settlement: `P_15ZK` is the amount due before it (MF sample 18).
  KOR_ROZ: {
    ...common,
    invoice_type_code: 'KOR_ROZ',
    number: 'FK2026/09/1',
    date: '2026-08-17',
    tax_breakdowns: [
      { bucket: '1', taxable_base: '101.76', tax_amount: '23.41' },
      { bucket: '2', taxable_base: '6953.54', tax_amount: '556.29' },
    ],
    total_amount: '7635',
    correction_reason: 'błędne zafakturowanie kwoty pozostałej do zapłaty',
    correction_type: '1',
    corrected_invoices: [{ date: '2026-08-17', number: 'FV2026/08/12', registration_code: KSEF_NUMBER }],
    previous_advance_total: '300000',
    prepayment_references: [{ registration_code: KSEF_NUMBER }],
    lines: [
      {
        line_number: 1,
        description: 'mieszkanie 50m^2',
        quantity: '1',
        price: '307500',
        net_amount: '307500',
        tax_category: '8',
        before_correction: true,
      },
      {
        line_number: 1,
        description: 'mieszkanie 50m2',
        quantity: '1',
        price: '307500',
        net_amount: '307500',
        tax_category: '8',
      },
    ],
  },
};

// ─── The official XSD, when the schemas are at hand ────────────────────────────────────────────────

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const shared = process.env.FISCALKIT_SHARED ?? resolve(root, '..', 'shared');
const fa3Schemas = join(shared, 'xsd', 'ksef-fa3');
const FA3_ENTRY = 'schemat_FA(3)_v1-0E.xsd';

/**
 * `fiscalkit/xsd` compiles any entry schema of a directory (`entry`), so the FA(3) schema and the
 * `bazowe/` types it imports are judged by libxml2 just as the SII ones are; `validateSii` is the
 * port's one method and validates whatever document it is given against that schema.
 */
async function officialXsd(): Promise<XsdSchemaValidator | null> {
  if (!existsSync(join(fa3Schemas, FA3_ENTRY))) {
    console.log(
      `XSD check skipped: ${join(fa3Schemas, FA3_ENTRY)} not found (set FISCALKIT_SHARED or put shared/ beside the checkout)`,
    );
    return null;
  }
  return createXsdSchemaValidator({ directory: fa3Schemas, entry: FA3_ENTRY });
}

// ─── Build and judge each one ──────────────────────────────────────────────────────────────────────

/** The first few issues of a failed step, one line. */
function describeIssues(issues: readonly { param: string | null; message: string }[]): string {
  return issues
    .slice(0, 3)
    .map((issue) => `${issue.param ?? '(input)'}: ${issue.message}`)
    .join('; ');
}

function plural(count: number, noun: string): string {
  return `${String(count)} ${noun}${count === 1 ? '' : 's'}`;
}

/** The verdict on one invoice: null when valid, else why not. */
async function judge(
  code: KsefTypeCode,
  body: KsefTaxReportCreate,
  xsd: XsdSchemaValidator | null,
): Promise<{ problem: string | null; details: string }> {
  // A body arrives as JSON: what the client sends has no `undefined` fields.
  const created = createKsefTaxReport(JSON.parse(JSON.stringify(body)));
  if (!created.success) return { problem: `refused: ${describeIssues(created.issues)}`, details: '' };
  const report = created.data;
  if (report.invoice_type_code !== code)
    return { problem: `created as ${String(report.invoice_type_code)}`, details: '' };

  const own = fa3Issues(report);
  if (own.length > 0) return { problem: `fa3Issues: ${describeIssues(own)}`, details: '' };
  const built = buildFa3(report, { now: NOW });
  if (!built.success) return { problem: `buildFa3: ${describeIssues(built.issues)}`, details: '' };
  const xml = built.data;

  const back = importFa3(xml);
  if (!back.success) return { problem: `importFa3: ${describeIssues(back.issues)}`, details: '' };
  // The header's creation time and system name are the builder's, not the report's: the import lists
  // them as having no field. Anything else it could not hold would be content lost on the way.
  const lost = back.data.ignored.filter((path) => !path.startsWith('Naglowek/'));
  if (lost.length > 0) return { problem: `importFa3 has no field for ${lost.join(', ')}`, details: '' };
  const rebuilt = buildFa3(back.data.report, { now: NOW });
  if (!rebuilt.success || rebuilt.data !== xml)
    return { problem: 'the imported report does not build the same document', details: '' };

  const lines = report.lines?.length ?? 0;
  const orderLines = report.order_lines?.length ?? 0;
  const details = [
    orderLines > 0 ? plural(orderLines, 'order line') : plural(lines, 'line'),
    `P_15 ${String(report.total_amount)} ${String(report.currency)}`,
    `${String(new TextEncoder().encode(xml).length)} bytes`,
    'fa3Issues none',
    'import round trip identical',
  ];
  if (xsd === null) return { problem: null, details: [...details, 'XSD skipped'].join(', ') };
  const verdict = xsd.validateSii(xml);
  if (!verdict.valid)
    return {
      problem: `XSD: ${verdict.errors
        .slice(0, 3)
        .map((error) => `line ${String(error.line)}: ${error.message}`)
        .join('; ')}`,
      details: '',
    };
  return { problem: null, details: [...details, 'XSD valid'].join(', ') };
}

const xsd = await officialXsd();
let invalid = 0;
try {
  for (const [code, body] of Object.entries(INVOICES) as [KsefTypeCode, KsefTaxReportCreate][]) {
    const { problem, details } = await judge(code, body, xsd);
    if (problem === null) console.log(`FA(3) ${code.padEnd(7)} valid    ${details}`);
    else {
      invalid += 1;
      console.log(`FA(3) ${code.padEnd(7)} INVALID  ${problem}`);
    }
  }
} finally {
  xsd?.dispose();
}

console.log(
  invalid === 0
    ? `all ${String(Object.keys(INVOICES).length)} type codes valid`
    : `${plural(invalid, 'invoice')} not valid`,
);
if (invalid > 0) process.exitCode = 1;
