// Builds an SII ledger (sii.md §2, §6, §11): four records of two books — three issued invoices
// (`Expedida`) and one received (`Recibida`) — grouped into one `SuministroLR…` message per book
// (`groupSiiMessages`), each built as XML (`buildSiiMessage`) and validated:
//   1. with fiscalkit's structural validator (the default `SchemaValidator`, no WebAssembly), both the
//      whole message and record by record (`validateSiiRecords`: each record in a one-record message
//      with the real header, so that an error names its record, sii.md §11);
//   2. with the official AEAT XSD through `fiscalkit/xsd` (libxml2-wasm) when the schemas are at hand:
//      `$FISCALKIT_SHARED/xsd/sii`, or `../shared/xsd/sii` beside the checkout; skipped otherwise.
// The message is also read back (`importSiiMessage`) to check that every record survives.
// Prints a summary and the first lines of each message; the exit code is 1 if anything is not valid.
// Run it with `npm run example:sii`.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSiiTaxReport } from 'fiscalkit/model';
import type { SchemaValidator } from 'fiscalkit/ports';
import {
  buildSiiMessage,
  groupSiiMessages,
  importSiiMessage,
  type SiiMessage,
  type SiiMessageEntry,
  type SiiTitular,
  structuralSiiValidator,
  validateSiiRecords,
} from 'fiscalkit/sii';
import { createXsdSchemaValidator, type XsdSchemaValidator } from 'fiscalkit/xsd';

/** The taxpayer whose books these are (`Cabecera/Titular`): the account, its NIF without `ES`. */
const titular: SiiTitular = { name: 'Test company', nif: 'U2687761C' };

/** Every record of this ledger is a first registration (`A0`) in March 2026. */
const header = { type: 'SiiDocument', communication_type: 'A0', period_year: 2026, period: '03' } as const;

const customer = {
  customer_party_name: 'EMPRESA EJEMPLO SL',
  customer_party_tax_id: 'B12345674',
  customer_party_tax_scheme: '9920',
  customer_party_country: 'ES',
} as const;

/** The records as a client POSTs them (`SiiDocument` tax reports, spec §2.8). */
const BODIES: unknown[] = [
  // An issued invoice: goods at 21 % with recargo de equivalencia 5.2 %, and an exempt service (E1).
  {
    ...header,
    book_type: 'Expedida',
    invoice_number: '2026-A-000123',
    invoice_date: '2026-03-15',
    invoice_type_code: 'F1',
    special_regime_key: '01',
    description: 'Venta de mercaderías y formación',
    tax_inclusive_amount: '1462.00',
    ...customer,
    tax_breakdowns: [
      {
        operation_type: 'goods',
        non_exemption_code: 'S1',
        percent: '21.00',
        taxable_base: '1000.00',
        tax_amount: '210.00',
        surcharge_percent: '5.20',
        surcharge_amount: '52.00',
      },
      { operation_type: 'services', reason_vat_exempt: 'E1', taxable_base: '200.00' },
    ],
  },
  // A simplified invoice (F2, a ticket): no counterparty.
  {
    ...header,
    book_type: 'Expedida',
    invoice_number: 'T-2026-0042',
    invoice_date: '2026-03-16',
    invoice_type_code: 'F2',
    special_regime_key: '01',
    description: 'Venta al por menor',
    tax_inclusive_amount: '60.50',
    tax_breakdowns: [{ non_exemption_code: 'S1', percent: '21', taxable_base: '50.00', tax_amount: '10.50' }],
  },
  // A corrective invoice by differences (R1, `I`): −100.00 at 21 %.
  {
    ...header,
    book_type: 'Expedida',
    invoice_number: '2026-R-000001',
    invoice_date: '2026-03-20',
    invoice_type_code: 'R1',
    corrective_type: 'I',
    corrected_invoices: [{ number: '2026-A-000100', date: '2026-02-10' }],
    special_regime_key: '01',
    description: 'Rectificación de la factura 2026-A-000100',
    tax_inclusive_amount: '-121.00',
    ...customer,
    tax_breakdowns: [
      { non_exemption_code: 'S1', percent: '21.00', taxable_base: '-100.00', tax_amount: '-21.00' },
    ],
  },
  // A received invoice: a reverse-charge line and an ordinary one, with the deductible VAT.
  {
    ...header,
    book_type: 'Recibida',
    supplier_party_name: 'PROVEEDOR EJEMPLO SA',
    supplier_party_tax_id: 'A58818501',
    supplier_party_tax_scheme: '9920',
    supplier_party_country: 'ES',
    invoice_number: 'FP-2026/0815',
    invoice_date: '2026-03-02',
    invoice_type_code: 'F1',
    special_regime_key: '01',
    description: 'Compra de material',
    tax_inclusive_amount: '341.00',
    tax_breakdowns: [
      {
        non_exemption_code: 'S2',
        reverse_charge: true,
        percent: '21',
        taxable_base: '100.00',
        tax_amount: '21.00',
      },
      { non_exemption_code: 'S1', percent: '10', taxable_base: '200.00', tax_amount: '20.00' },
    ],
    accounting_date: '2026-03-04',
    deductible_tax_amount: '41.00',
  },
];

/** How many lines of each message's XML to show. */
const PREVIEW_LINES = 14;

// ─── The official XSD, when the schemas are at hand ────────────────────────────────────────────────

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const shared = process.env.FISCALKIT_SHARED ?? resolve(root, '..', 'shared');
const siiSchemas = join(shared, 'xsd', 'sii');

async function officialXsd(): Promise<XsdSchemaValidator | null> {
  if (!existsSync(join(siiSchemas, 'SuministroLR.xsd'))) {
    console.log(
      `XSD check skipped: ${join(siiSchemas, 'SuministroLR.xsd')} not found (set FISCALKIT_SHARED or put shared/ beside the checkout)`,
    );
    return null;
  }
  return createXsdSchemaValidator({ directory: siiSchemas });
}

// ─── Parse, group, build, validate ─────────────────────────────────────────────────────────────────

function plural(count: number, noun: string): string {
  return `${String(count)} ${noun}${count === 1 ? '' : 's'}`;
}

let problems = 0;
function problem(message: string): void {
  problems += 1;
  console.log(`  INVALID: ${message}`);
}

/** The message's verdict by `validator`, whole and record by record; true when all is valid. */
function judge(validator: SchemaValidator, xml: string, message: SiiMessage): string {
  const whole = validator.validateSii(xml);
  for (const error of whole.errors.slice(0, 3))
    problem(`${validator.name}: line ${String(error.line)}: ${error.message}`);
  const records = validateSiiRecords(validator, message);
  for (const verdict of records.filter((record) => !record.valid))
    problem(`${validator.name}: record ${String(verdict.index)}: ${verdict.errors[0]?.message ?? ''}`);
  const valid = records.filter((record) => record.valid).length;
  return `${validator.name} ${whole.valid ? 'valid' : 'INVALID'} (records ${String(valid)}/${String(records.length)} valid)`;
}

const entries: SiiMessageEntry[] = [];
for (const [index, body] of BODIES.entries()) {
  const parsed = parseSiiTaxReport(body, 'create');
  if (parsed.success) entries.push({ report: parsed.data, titular });
  else
    problem(
      `body ${String(index)}: ${parsed.issues.map((issue) => `${issue.param}: ${issue.message}`).join('; ')}`,
    );
}

const messages = groupSiiMessages(entries);
const structural = structuralSiiValidator();
const xsd = await officialXsd();
try {
  console.log(
    `SII ledger of ${titular.name} (${titular.nif}): ${String(entries.length)} records in ${String(messages.length)} messages`,
  );
  for (const message of messages) {
    console.log(
      `\n${message.book_type} (${message.kind}, ${String(message.communication_type)}): ${plural(message.records.length, 'record')}`,
    );
    const built = buildSiiMessage(message);
    if (!built.success) {
      for (const issue of built.issues) problem(`buildSiiMessage: ${issue.param}: ${issue.message}`);
      continue;
    }
    const xml = built.data;
    const verdicts = [judge(structural, xml, message)];
    verdicts.push(xsd === null ? 'XSD skipped' : judge(xsd, xml, message));

    const back = importSiiMessage(xml);
    if (!back.success) problem(`importSiiMessage: ${back.issues[0]?.message ?? ''}`);
    else if (back.data.message.records.length !== message.records.length)
      problem(`importSiiMessage read ${String(back.data.message.records.length)} records`);
    else verdicts.push(`import round trip ${plural(back.data.message.records.length, 'record')}`);

    console.log(`  ${String(new TextEncoder().encode(xml).length)} bytes; ${verdicts.join('; ')}`);
    const lines = xml.split('\n');
    for (const line of lines.slice(0, PREVIEW_LINES)) console.log(`  | ${line}`);
    console.log(`  | … (${String(lines.length - PREVIEW_LINES)} more lines)`);
  }
} finally {
  xsd?.dispose();
}

console.log(problems === 0 ? '\nSII ledger valid' : `\n${String(problems)} problems`);
if (problems > 0) process.exitCode = 1;
