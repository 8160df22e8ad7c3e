/**
 * The tax report and ledger use cases (spec §2.7, §4.2; api-notes.md §9) on memory ports: create
 * (Ksef and SII), import, list, PATCH, DELETE, download, generate from an invoice, the ledgers' reads
 * and import — with the ledger an SII report sits in, the states and events, and tenancy.
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { memoryPorts } from '../../src/adapters/memory/index.js';
import type { MemoryPorts } from '../../src/adapters/memory/memoryPorts.js';
import { isApiError } from '../../src/errors/ApiError.js';
import { importFa3 } from '../../src/ksef/import/importFa3.js';
import { type KsefTaxReport, KsefTaxReportSchema } from '../../src/model/ksefTaxReport.js';
import type { Ledger } from '../../src/model/ledger.js';
import { LedgerSchema } from '../../src/model/ledger.js';
import { type SiiTaxReport, SiiTaxReportSchema } from '../../src/model/siiTaxReport.js';
import { TaxReportSchema } from '../../src/model/taxReport.js';
import { type SchemaValidator, VersionConflictError } from '../../src/ports.js';
import { createFiscalkit, type Fiscalkit } from '../../src/service/fiscalkit.js';
import { buildSiiMessage } from '../../src/sii/build/buildSiiMessage.js';
import { importSiiTaxReport, oneRecordImportIssue } from '../../src/sii/import/importSiiMessage.js';
import { jstReport, rozReport, vatReport, zalReport } from '../support/ksefReports.js';
import { hasShared } from '../support/shared.js';
import { siiAccount } from '../support/siiInvoices.js';
import { builtSiiMessage, siiMessage } from '../support/siiMessages.js';
import { cobrosEmitidas, expedidaF1, metalico, recibida, siiTitular } from '../support/siiReports.js';
import { validKsefBody } from '../support/taxReportFixtures.js';
import {
  asJson,
  callerOf,
  ES_ACCOUNT,
  fa3Of,
  JST_INVOICE,
  KSEF_INVOICE,
  OTHER_ACCOUNT,
  OTHER_INVOICE,
  PL_ACCOUNT,
  SII_INVOICE,
  seedWorld,
} from '../support/taxReportWorld.js';
import {
  type CompiledSchema,
  compileSchema,
  disposeSchemas,
  formatXsdErrors,
  validateWith,
  validateXml,
} from '../support/xsd.js';

afterAll(disposeSchemas);

const caller = callerOf(1);
const other = callerOf(2);

let ports: MemoryPorts;
let fiscalkit: Fiscalkit;

/** An XML document the service produced during the tests, with the schema that judges it. */
interface Produced {
  schema: 'ksef-fa3' | 'sii' | 'sii-response';
  xml: string;
}

/**
 * Every XML the service produces in these tests — downloads of reports, ledgers and responses, and
 * the messages submitted to the memory AEAT — is kept here and validated against the official schema
 * by the last test of this file (DESIGN.md "The official XSDs judge the XML").
 */
const produced: Produced[] = [];

/** Keeps the service's XML outputs in {@link produced} as they are answered. */
function recordOutputs(service: Fiscalkit['taxReports']): void {
  const { download, downloadLedger, downloadLedgerResponse } = service;
  Object.assign(service, {
    download: async (...args: Parameters<typeof download>) => {
      const file = await download(...args);
      produced.push({ schema: file.body.includes('<Faktura') ? 'ksef-fa3' : 'sii', xml: file.body });
      return file;
    },
    downloadLedger: async (...args: Parameters<typeof downloadLedger>) => {
      const xml = await downloadLedger(...args);
      produced.push({ schema: 'sii', xml });
      return xml;
    },
    downloadLedgerResponse: async (...args: Parameters<typeof downloadLedgerResponse>) => {
      const xml = await downloadLedgerResponse(...args);
      produced.push({ schema: 'sii-response', xml });
      return xml;
    },
  });
}

async function world(schemaValidator?: SchemaValidator) {
  if (ports !== undefined)
    for (const submission of ports.taxAuthority.submissions)
      produced.push({ schema: 'sii', xml: submission.xml });
  ports = memoryPorts(schemaValidator === undefined ? {} : { schemaValidator });
  await seedWorld(ports);
  fiscalkit = createFiscalkit(ports, { base_url: 'https://api.example.test' });
  recordOutputs(fiscalkit.taxReports);
}

beforeEach(async () => {
  await world();
});

/** The ApiError a promise rejects with, as `{code, status, param}`. */
async function rejection(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isApiError(error))
      return {
        code: error.code,
        status: error.status,
        param: error.param,
        message: error.message,
        rule: error.rule,
      };
    throw error;
  }
  throw new Error('expected an ApiError');
}

/** A rejection's `[code, param]`. */
async function codeOf(promise: Promise<unknown>) {
  const { code, param } = await rejection(promise);
  return [code, param];
}

/** The account's ledgers, oldest first. */
async function ledgersOf(account_id = ES_ACCOUNT): Promise<Ledger[]> {
  return (await ports.store.ledgers.list(account_id, { offset: 0, limit: 100 })).items.map(
    (item) => item.value,
  );
}

/** The `[resource_id, name, state]` of the account's TaxReportEvents. */
async function reportEvents(account_id: number) {
  const events = await ports.store.accountEvents.list(account_id, { offset: 0, limit: 100 });
  return events.items
    .filter((item) => item.value.type === 'TaxReportEvent')
    .map((item) => [item.value.resource_id, item.value.name, item.value.state]);
}

/** The `[report id, state]` of the account's `tax_report.state_change` events. */
async function stateChanges(account_id: number) {
  const events = await ports.events.list(account_id, { offset: 0, limit: 100 });
  return events.items.flatMap((event) =>
    event.code === 'tax_report.state_change' ? [[event.data.tax_report_id, event.data.state]] : [],
  );
}

/** A Ksef body without the seller's identity (the account's is filled in). */
function sellerless(report = vatReport()) {
  const {
    supplier_party_tax_id: _tax,
    supplier_party_name: _name,
    supplier_party_address: _address,
    supplier_party_postalcode: _postcode,
    supplier_party_city: _city,
    supplier_party_country: _country,
    ...rest
  } = report;
  return rest;
}

/** Submits a ledger and lets the memory AEAT answer it. */
async function submitAndAnswer(ledger_id: number, account_id = ES_ACCOUNT) {
  await fiscalkit.ledgers.submit(account_id, ledger_id);
  await fiscalkit.worker.drain();
}

const siiF1 = (invoice_number = 'F-0001') => ({ ...expedidaF1(), invoice_number });

describe('create a Ksef tax report (spec §2.7, §4.2)', () => {
  it('stores a complete report as processing, with the spec defaults and an event', async () => {
    const report = await fiscalkit.taxReports.create(caller, PL_ACCOUNT, asJson(vatReport()));
    expect(KsefTaxReportSchema.safeParse(report).success).toBe(true);
    expect(report).toMatchObject({
      type: 'Ksef',
      account_id: PL_ACCOUNT,
      state: 'processing',
      invoice_id: null,
      number: 'FV2026/02/150',
      supplier_party_krs: '0000099999',
      customer_party_jst: false,
      customer_party_gv: false,
      prepayment_references: [],
    });
    expect((await ports.store.taxReports.get(PL_ACCOUNT, report.id))?.value).toEqual(report);
    expect(await reportEvents(PL_ACCOUNT)).toEqual([[report.id, 'created', 'processing']]);
    // A Ksef report sits in no ledger (ledgers are SII messages).
    expect(await ledgersOf(PL_ACCOUNT)).toEqual([]);
  });

  it('takes the account as seller when the body names none, and keeps a seller the body names', async () => {
    const filled = await fiscalkit.taxReports.create(caller, PL_ACCOUNT, asJson(sellerless()));
    expect(filled).toMatchObject({
      supplier_party_tax_id: '9999999999',
      supplier_party_name: 'ABC AGD sp. z o. o.',
      supplier_party_address: 'ul. Kwiatowa 1 m. 2',
      supplier_party_city: 'Warszawa',
      supplier_party_country: 'PL',
    });
    const named = await fiscalkit.taxReports.create(
      caller,
      PL_ACCOUNT,
      asJson({
        ...vatReport(),
        number: 'FV2026/02/151',
        supplier_party_tax_id: '3333333333',
        supplier_party_name: 'Other seller',
      }),
    );
    expect(named).toMatchObject({ supplier_party_tax_id: '3333333333', supplier_party_name: 'Other seller' });
    // A Spanish account has no NIP: nothing is filled and the report answers for its missing seller.
    expect(await codeOf(fiscalkit.taxReports.create(caller, ES_ACCOUNT, asJson(sellerless())))).toEqual([
      'parameter_blank',
      'supplier_party_tax_id',
    ]);
  });

  it('assigns ids to prepayment references and drops the ones marked _destroy', async () => {
    const body = asJson({
      ...rozReport(),
      prepayment_references: [
        { number: 'FZ/1/2026' },
        { registration_code: '9999999999-20230908-8BEF280C8D35-4D' },
      ],
    });
    const report = (await fiscalkit.taxReports.create(caller, PL_ACCOUNT, body)) as KsefTaxReport;
    expect(report.prepayment_references).toEqual([
      { id: expect.any(Number), number: 'FZ/1/2026', registration_code: null },
      { id: expect.any(Number), number: null, registration_code: '9999999999-20230908-8BEF280C8D35-4D' },
    ]);
    expect(new Set(report.prepayment_references.map((reference) => reference.id)).size).toBe(2);
  });

  it.each([
    ['supplier_party_krs', { supplier_party_krs: '000009999' }, 'parameter_invalid'],
    ['supplier_party_regon', { supplier_party_regon: '1234567890' }, 'parameter_invalid'],
    ['third_party_country', { third_party_role: '2', third_party_name: 'Odbiorca' }, 'parameter_blank'],
  ])('answers 422 at %s (spec §2.7 rules)', async (param, change, code) => {
    const body = asJson({ ...vatReport(), ...change });
    expect(await codeOf(fiscalkit.taxReports.create(caller, PL_ACCOUNT, body))).toEqual([code, param]);
  });

  it('requires the advance amounts and prepayment references of ZAL, KOR_ZAL, ROZ (spec §2.7)', async () => {
    const { order_total_amount: _order, ...zal } = zalReport();
    expect(await codeOf(fiscalkit.taxReports.create(caller, PL_ACCOUNT, asJson(zal)))).toEqual([
      'parameter_blank',
      'order_total_amount',
    ]);
    expect(
      await codeOf(
        fiscalkit.taxReports.create(
          caller,
          PL_ACCOUNT,
          asJson({ ...validKsefBody('KOR_ZAL'), previous_advance_total: null }),
        ),
      ),
    ).toEqual(['parameter_blank', 'previous_advance_total']);
    expect(
      await codeOf(
        fiscalkit.taxReports.create(
          caller,
          PL_ACCOUNT,
          asJson({ ...rozReport(), prepayment_references: [] }),
        ),
      ),
    ).toEqual(['parameter_empty', 'prepayment_references']);
  });

  it('refuses a report that cannot become FA(3), and a bad or missing type', async () => {
    // FA(3) requires P_1 (the issue date): the report is accepted only when it can be written.
    const { date: _date, ...undated } = vatReport();
    expect(await codeOf(fiscalkit.taxReports.create(caller, PL_ACCOUNT, asJson(undated)))).toEqual([
      'parameter_blank',
      'date',
    ]);
    expect(
      await codeOf(fiscalkit.taxReports.create(caller, PL_ACCOUNT, { invoice_type_code: 'VAT' })),
    ).toEqual(['parameter_blank', 'type']);
    expect(await codeOf(fiscalkit.taxReports.create(caller, PL_ACCOUNT, { type: 'KSeF' }))).toEqual([
      'parameter_inclusion',
      'type',
    ]);
    expect(await codeOf(fiscalkit.taxReports.create(caller, PL_ACCOUNT, 'VAT'))).toEqual([
      'invalid_request_params',
      'tax_report',
    ]);
  });

  it('links invoice_id only to an invoice of the account', async () => {
    const linked = await fiscalkit.taxReports.create(
      caller,
      PL_ACCOUNT,
      asJson({ ...vatReport(), invoice_id: KSEF_INVOICE }),
    );
    expect(linked.invoice_id).toBe(KSEF_INVOICE);
    expect(
      await codeOf(
        fiscalkit.taxReports.create(
          caller,
          PL_ACCOUNT,
          asJson({ ...vatReport(), invoice_id: OTHER_INVOICE }),
        ),
      ),
    ).toEqual(['parameter_invalid', 'invoice_id']);
  });

  it('answers 404 for an account of another group', async () => {
    expect(await codeOf(fiscalkit.taxReports.create(other, PL_ACCOUNT, asJson(vatReport())))).toEqual([
      'resource_missing',
      'account',
    ]);
    expect(await ports.store.taxReports.list(PL_ACCOUNT, { offset: 0, limit: 10 })).toMatchObject({
      total_count: 0,
    });
  });
});

describe('create an SII tax report (spec §4.1 rule 6, sii.md §11)', () => {
  it('stores it processing and attaches it to the open ledger of its book, operation and period', async () => {
    const first = await fiscalkit.taxReports.create(caller, ES_ACCOUNT, asJson(siiF1('F-1')));
    expect(SiiTaxReportSchema.safeParse(first).success).toBe(true);
    expect(first).toMatchObject({ type: 'SiiDocument', state: 'processing', book_type: 'Expedida' });
    const second = await fiscalkit.taxReports.create(caller, ES_ACCOUNT, asJson(siiF1('F-2')));
    const april = await fiscalkit.taxReports.create(
      caller,
      ES_ACCOUNT,
      asJson({ ...siiF1('F-3'), period: '04' }),
    );
    const received = await fiscalkit.taxReports.create(caller, ES_ACCOUNT, asJson(recibida()));
    const ledgers = await ledgersOf();
    expect(ledgers.every((ledger) => LedgerSchema.safeParse(ledger).success)).toBe(true);
    expect(
      ledgers.map((ledger) => [ledger.book_type, ledger.period, ledger.state, ledger.tax_report_ids]),
    ).toEqual([
      ['Expedida', '03', 'pending', [first.id, second.id]],
      ['Expedida', '04', 'pending', [april.id]],
      ['Recibida', '03', 'pending', [received.id]],
    ]);
    expect(await reportEvents(ES_ACCOUNT)).toHaveLength(4);
  });

  it('puts a report made after the ledger was submitted into a new ledger', async () => {
    const first = await fiscalkit.taxReports.create(caller, ES_ACCOUNT, asJson(siiF1('F-1')));
    const [ledger] = await ledgersOf();
    await submitAndAnswer(ledger?.id ?? 0);
    const second = await fiscalkit.taxReports.create(caller, ES_ACCOUNT, asJson(siiF1('F-2')));
    const ledgers = await ledgersOf();
    expect(ledgers.map((item) => [item.state, item.tax_report_ids])).toEqual([
      ['accepted', [first.id]],
      ['pending', [second.id]],
    ]);
    expect((await fiscalkit.taxReports.get(caller, first.id)).state).toBe('registered');
  });

  it('answers a rule of the SII builder at the report field, and an unknown book_type', async () => {
    const { customer_party_name: _name, ...nameless } = siiF1();
    expect(await codeOf(fiscalkit.taxReports.create(caller, ES_ACCOUNT, asJson(nameless)))).toEqual([
      'parameter_blank',
      'customer_party_name',
    ]);
    const message = (await rejection(fiscalkit.taxReports.create(caller, ES_ACCOUNT, asJson(nameless))))
      .message;
    expect(message).not.toMatch(/records\[/);
    expect(
      await codeOf(
        fiscalkit.taxReports.create(caller, ES_ACCOUNT, { type: 'SiiDocument', book_type: 'Libro' }),
      ),
    ).toEqual(['parameter_inclusion', 'book_type']);
    expect(await ledgersOf()).toEqual([]);
  });

  it('refuses what the schema validator port refuses, naming the validator', async () => {
    const refusing: SchemaValidator = {
      name: 'refusing',
      validateSii: () => ({
        valid: false,
        errors: [{ path: 'RegistroLRFacturasEmitidas/IDFactura', line: 3, message: 'no' }],
      }),
    };
    await world(refusing);
    const refused = await rejection(fiscalkit.taxReports.create(caller, ES_ACCOUNT, asJson(siiF1())));
    expect(refused).toMatchObject({ code: 'parameter_invalid', status: 422, param: null });
    expect(refused.message).toMatch(/refusing validator.*RegistroLRFacturasEmitidas\/IDFactura: no/);
    expect(await ports.store.taxReports.list(ES_ACCOUNT, { offset: 0, limit: 10 })).toMatchObject({
      total_count: 0,
    });
  });

  it('refuses an SII report in an account that cannot be the titular (no Spanish NIF)', async () => {
    const refused = await rejection(fiscalkit.taxReports.create(caller, PL_ACCOUNT, asJson(siiF1())));
    expect(refused).toMatchObject({ code: 'parameter_invalid', param: null });
    expect(refused.message).toMatch(/titular/);
  });
});

describe('import a tax report (spec §4.2, §2.7)', () => {
  it('imports an FA(3) document as the Ksef report it stands for', async () => {
    const report = await fiscalkit.taxReports.import(caller, PL_ACCOUNT, { file: fa3Of(vatReport()) });
    expect(report).toMatchObject({
      type: 'Ksef',
      state: 'processing',
      number: 'FV2026/02/150',
      total_amount: '2051',
    });
    expect(await reportEvents(PL_ACCOUNT)).toEqual([[report.id, 'imported', 'processing']]);
  });

  it('takes customer_party_jst / customer_party_gv from the request over the document (from v2026-04-20)', async () => {
    // A JST unit as Podmiot3 (role 8) whose Podmiot2/JST says 2 (no): the request sets the flag.
    const xml = fa3Of({ ...jstReport(), customer_party_jst: false });
    const flagged = await fiscalkit.taxReports.import(caller, PL_ACCOUNT, {
      file: xml,
      customer_party_jst: true,
    });
    expect(flagged).toMatchObject({ customer_party_jst: true, third_party_role: '8' });
    // Versions before v2026-04-20 have no such fields (spec §9): the document's value stands.
    const old = await fiscalkit.taxReports.import(callerOf(1, '2026-03-02'), PL_ACCOUNT, {
      file: xml,
      customer_party_jst: true,
    });
    expect(old).toMatchObject({ customer_party_jst: false });
    // Spec §2.7: the flags are "also accepted on import", with no third party (issue #18 item 6): a
    // VAT group member without its Podmiot3 (role 10) is recorded as the document and request say …
    const group = await fiscalkit.taxReports.import(caller, PL_ACCOUNT, {
      file: fa3Of({ ...vatReport(), number: 'FV/GV/1' }),
      customer_party_gv: true,
    });
    expect(group).toMatchObject({ customer_party_gv: true, customer_party_jst: false });
    expect(group).not.toHaveProperty('third_party_role');
    // … and downloads as FA(3) with GV=1 and no Podmiot3.
    const file = await fiscalkit.taxReports.download(caller, group.id);
    expect(file.body).toContain('<GV>1</GV>');
    expect(file.body).not.toContain('<Podmiot3>');
    // The flags still exclude each other, and a report created directly still needs its unit.
    expect(
      await codeOf(
        fiscalkit.taxReports.import(caller, PL_ACCOUNT, {
          file: fa3Of({ ...vatReport(), number: 'FV/GV/2' }),
          customer_party_gv: true,
          customer_party_jst: true,
        }),
      ),
    ).toEqual(['parameter_invalid', 'customer_party_gv']);
    expect(
      await codeOf(
        fiscalkit.taxReports.create(caller, PL_ACCOUNT, { ...asJson(vatReport()), customer_party_gv: true }),
      ),
    ).toEqual(['parameter_blank', 'third_party_role']);
  });

  it('imports a one-record SII message as an SII report in its ledger', async () => {
    const xml = builtSiiMessage('Expedida', 'alta', 1);
    const report = await fiscalkit.taxReports.import(caller, ES_ACCOUNT, {
      file: new TextEncoder().encode(xml),
    });
    expect(report).toMatchObject({ type: 'SiiDocument', book_type: 'Expedida', state: 'processing' });
    expect((await ledgersOf()).map((ledger) => ledger.tax_report_ids)).toEqual([[report.id]]);
  });

  it('imports an SII message inside a SOAP 1.1 envelope, as the AEAT web service carries it', async () => {
    const message = builtSiiMessage('Expedida', 'alta', 1).replace(/^<\?xml[^>]*\?>\s*/, '');
    const envelope = `<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Body>${message}</soapenv:Body></soapenv:Envelope>`;
    const report = await fiscalkit.taxReports.import(caller, ES_ACCOUNT, { file: envelope });
    expect(report).toMatchObject({ type: 'SiiDocument', book_type: 'Expedida' });
  });

  it.each([
    [
      'a DOCTYPE',
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><Faktura>&a;</Faktura>',
      /DOCTYPE|DTD|ENTITY/i,
    ],
    [
      'another document',
      '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>',
      /<Invoice>.*FA\(3\).*SII/,
    ],
    ['an FA(2) document', '<Faktura xmlns="http://crd.gov.pl/wzor/2023/06/29/12648/"/>', /FA\(2\)/],
    ['something that is not XML', 'hello', /root element|well-formed/],
  ])('refuses %s with 422 at file', async (_, file, message) => {
    const refused = await rejection(fiscalkit.taxReports.import(caller, PL_ACCOUNT, { file }));
    expect(refused).toMatchObject({ code: 'parameter_invalid', status: 422, param: 'file' });
    expect(refused.message).toMatch(message);
  });

  it('refuses an FA(3) document over 3 MB (ksef-fa3.md §4), SII messages of several records, bajas, other titulars', async () => {
    const big = fa3Of(vatReport()).replace('</Faktura>', `<!--${'x'.repeat(3_200_000)}--></Faktura>`);
    const oversize = await rejection(fiscalkit.taxReports.import(caller, PL_ACCOUNT, { file: big }));
    expect(oversize).toMatchObject({ code: 'parameter_invalid', param: 'file' });
    expect(oversize.message).toMatch(/3 MB/);
    const two = await rejection(
      fiscalkit.taxReports.import(caller, ES_ACCOUNT, { file: builtSiiMessage('Expedida', 'alta', 2) }),
    );
    expect(two).toMatchObject({ code: 'parameter_invalid', param: 'file' });
    expect(two.message).toMatch(/ledgers\/import/);
    // One home for the rule (issue #20): the service answers what `importSiiTaxReport` answers.
    const direct = importSiiTaxReport(builtSiiMessage('Expedida', 'alta', 2));
    expect(direct.success).toBe(false);
    if (!direct.success) {
      expect(direct.issues).toEqual([oneRecordImportIssue(2)]);
      expect(two).toMatchObject({
        rule: oneRecordImportIssue(2).rule,
        message: oneRecordImportIssue(2).message,
      });
    }
    const baja = await rejection(
      fiscalkit.taxReports.import(caller, ES_ACCOUNT, { file: builtSiiMessage('Expedida', 'baja', 1) }),
    );
    expect(baja.message).toMatch(/annulment/);
    const foreign = await rejection(
      fiscalkit.taxReports.import(caller, OTHER_ACCOUNT, { file: builtSiiMessage('Expedida', 'alta', 1) }),
    );
    expect(foreign.code).toBe('resource_missing');
    await ports.store.accounts.update(siiAccount({ id: ES_ACCOUNT, tin_value: 'B12345674' }), 1);
    const notOurs = await rejection(
      fiscalkit.taxReports.import(caller, ES_ACCOUNT, { file: builtSiiMessage('Expedida', 'alta', 1) }),
    );
    expect(notOurs).toMatchObject({ code: 'parameter_invalid', param: 'file' });
    expect(notOurs.message).toMatch(/NIF U2687761C.*not of this account \(NIF B12345674\)/);
    expect(await ports.store.taxReports.list(ES_ACCOUNT, { offset: 0, limit: 10 })).toMatchObject({
      total_count: 0,
    });
  });
});

describe('list and get (api-notes.md §9)', () => {
  it('lists the account’s reports with the invoice_id, state and type filters', async () => {
    const generated = await fiscalkit.taxReports.generate(caller, SII_INVOICE, { type: 'SiiDocument' });
    const direct = await fiscalkit.taxReports.create(caller, ES_ACCOUNT, asJson(siiF1()));
    await fiscalkit.taxReports.annul(caller, direct.id);
    const page = { offset: 0, limit: 25 };
    const ids = async (filters: Record<string, string>) =>
      (await fiscalkit.taxReports.list(caller, ES_ACCOUNT, page, filters)).items.map((item) => item.id);
    expect(await ids({})).toEqual([generated.id, direct.id]);
    expect(await ids({ invoice_id: String(SII_INVOICE) })).toEqual([generated.id]);
    expect(await ids({ state: 'annulled' })).toEqual([direct.id]);
    expect(await ids({ type: 'Ksef' })).toEqual([]);
    expect((await fiscalkit.taxReports.list(caller, ES_ACCOUNT, { offset: 1, limit: 1 })).total_count).toBe(
      2,
    );
    expect(await codeOf(fiscalkit.taxReports.list(caller, ES_ACCOUNT, page, { invoice_id: 'x' }))).toEqual([
      'invalid_request_params',
      'invoice_id',
    ]);
    expect(await codeOf(fiscalkit.taxReports.list(caller, ES_ACCOUNT, page, { state: 'sent' }))).toEqual([
      'parameter_inclusion',
      'state',
    ]);
    expect(await codeOf(fiscalkit.taxReports.list(other, ES_ACCOUNT, page))).toEqual([
      'resource_missing',
      'account',
    ]);
  });

  it('gets a report of the caller’s group and answers 404 for another group’s', async () => {
    const report = await fiscalkit.taxReports.create(caller, PL_ACCOUNT, asJson(vatReport()));
    expect(await fiscalkit.taxReports.get(caller, report.id)).toEqual(report);
    expect(await codeOf(fiscalkit.taxReports.get(other, report.id))).toEqual(['resource_missing', 'id']);
    expect(await codeOf(fiscalkit.taxReports.get(caller, 9999))).toEqual(['resource_missing', 'id']);
  });
});

describe('PATCH /tax_reports/{id} (spec §4.2 "correct or modify")', () => {
  it('changes a Ksef report, held to the §2.7 rules and FA(3)', async () => {
    const report = await fiscalkit.taxReports.create(caller, PL_ACCOUNT, asJson(vatReport()));
    const changed = await fiscalkit.taxReports.update(caller, report.id, {
      supplier_party_krs: '0000012345',
      footer_text: null,
    });
    expect(changed).toMatchObject({
      id: report.id,
      supplier_party_krs: '0000012345',
      footer_text: null,
      number: 'FV2026/02/150',
    });
    expect(
      await codeOf(fiscalkit.taxReports.update(caller, report.id, { supplier_party_regon: '12345' })),
    ).toEqual(['parameter_invalid', 'supplier_party_regon']);
    expect(await codeOf(fiscalkit.taxReports.update(caller, report.id, { type: 'SiiDocument' }))).toEqual([
      'parameter_cannot_change',
      'type',
    ]);
    expect(
      await codeOf(
        fiscalkit.taxReports.update(caller, report.id, { third_party_role: '2', third_party_name: 'X' }),
      ),
    ).toEqual(['parameter_blank', 'third_party_country']);
    expect(await fiscalkit.taxReports.get(caller, report.id)).toMatchObject({
      supplier_party_krs: '0000012345',
    });
    expect((await reportEvents(PL_ACCOUNT)).map(([, name]) => name)).toEqual(['created', 'updated']);
  });

  it('merges prepayment_references by id: change, _destroy, add; an unknown id is 422', async () => {
    const report = (await fiscalkit.taxReports.create(
      caller,
      PL_ACCOUNT,
      asJson({ ...rozReport(), prepayment_references: [{ number: 'FZ/1/2026' }, { number: 'FZ/2/2026' }] }),
    )) as KsefTaxReport;
    const [one, two] = report.prepayment_references;
    const changed = (await fiscalkit.taxReports.update(caller, report.id, {
      prepayment_references: [
        { id: one?.id, number: 'FZ/1/2026-bis' },
        { id: two?.id, _destroy: true },
        { number: 'FZ/3/2026' },
      ],
    })) as KsefTaxReport;
    expect(changed.prepayment_references).toEqual([
      { id: one?.id, number: 'FZ/1/2026-bis', registration_code: null },
      { id: expect.any(Number), number: 'FZ/3/2026', registration_code: null },
    ]);
    expect(
      await codeOf(
        fiscalkit.taxReports.update(caller, report.id, {
          prepayment_references: [{ id: 98765, number: 'x' }],
        }),
      ),
    ).toEqual(['parameter_invalid', 'prepayment_references[0].id']);
    // Removing every element of a settlement is refused (spec §2.7: required and non-empty for ROZ).
    const all = changed.prepayment_references.map((reference) => ({ id: reference.id, _destroy: true }));
    expect(
      await codeOf(fiscalkit.taxReports.update(caller, report.id, { prepayment_references: all })),
    ).toEqual(['parameter_empty', 'prepayment_references']);
  });

  it('changes an SII report in a pending ledger in place, and moves it when its period changes', async () => {
    const report = await fiscalkit.taxReports.create(caller, ES_ACCOUNT, asJson(siiF1()));
    const kept = await fiscalkit.taxReports.create(caller, ES_ACCOUNT, asJson(siiF1('F-2')));
    const described = await fiscalkit.taxReports.update(caller, report.id, {
      description: 'Otra descripción',
    });
    expect(described).toMatchObject({ description: 'Otra descripción', state: 'processing' });
    expect((await ledgersOf()).map((ledger) => ledger.tax_report_ids)).toEqual([[report.id, kept.id]]);
    await fiscalkit.taxReports.update(caller, report.id, { period: '04' });
    expect((await ledgersOf()).map((ledger) => [ledger.period, ledger.tax_report_ids])).toEqual([
      ['03', [kept.id]],
      ['04', [report.id]],
    ]);
    expect(await codeOf(fiscalkit.taxReports.update(caller, report.id, { period: '13' }))).toEqual([
      'parameter_inclusion',
      'period',
    ]);
    const { message } = await rejection(
      fiscalkit.taxReports.update(caller, report.id, { customer_party_name: null }),
    );
    expect(message).toMatch(/^customer_party_name/);
  });

  it('refuses to change a record AEAT holds (409, A1 hint) or has not answered yet (409)', async () => {
    const report = await fiscalkit.taxReports.create(caller, ES_ACCOUNT, asJson(siiF1()));
    const [ledger] = await ledgersOf();
    if (ledger === undefined) throw new Error('no ledger');
    const stored = await ports.store.ledgers.get(ES_ACCOUNT, ledger.id);
    await ports.store.ledgers.update(
      { ...ledger, state: 'sent', sent_at: '2026-04-20T10:40:00.000Z' },
      stored?.version ?? 0,
    );
    const waiting = await rejection(fiscalkit.taxReports.update(caller, report.id, { description: 'x' }));
    expect(waiting).toMatchObject({ code: 'conflict', status: 409 });
    expect(waiting.message).toMatch(/has not answered yet/);
    expect(await codeOf(fiscalkit.taxReports.annul(caller, report.id))).toEqual(['conflict', null]);

    await world();
    const registered = await fiscalkit.taxReports.create(caller, ES_ACCOUNT, asJson(siiF1()));
    await submitAndAnswer((await ledgersOf())[0]?.id ?? 0);
    const held = await rejection(fiscalkit.taxReports.update(caller, registered.id, { description: 'x' }));
    expect(held).toMatchObject({ code: 'conflict', status: 409 });
    expect(held.message).toMatch(/A1/);
  });

  it('corrects a record AEAT refused and sends it again in a new ledger', async () => {
    const report = await fiscalkit.taxReports.create(caller, ES_ACCOUNT, asJson(siiF1()));
    const [ledger] = await ledgersOf();
    ports.taxAuthority.rejectInvoice('F-0001');
    await submitAndAnswer(ledger?.id ?? 0);
    expect((await fiscalkit.taxReports.get(caller, report.id)).state).toBe('error');
    const corrected = await fiscalkit.taxReports.update(caller, report.id, { description: 'Corregida' });
    expect(corrected).toMatchObject({ state: 'processing', description: 'Corregida' });
    expect((await ledgersOf()).map((item) => [item.state, item.tax_report_ids])).toEqual([
      ['rejected', [report.id]],
      ['pending', [report.id]],
    ]);
    expect(await stateChanges(ES_ACCOUNT)).toEqual([
      [report.id, 'error'],
      [report.id, 'processing'],
    ]);
  });

  it('refuses any change of an annulled report, and another group’s report', async () => {
    const report = await fiscalkit.taxReports.create(caller, PL_ACCOUNT, asJson(vatReport()));
    await fiscalkit.taxReports.annul(caller, report.id);
    expect(await codeOf(fiscalkit.taxReports.update(caller, report.id, { footer_text: 'x' }))).toEqual([
      'conflict',
      null,
    ]);
    expect(await codeOf(fiscalkit.taxReports.update(other, report.id, { footer_text: 'x' }))).toEqual([
      'resource_missing',
      'id',
    ]);
  });
});

describe('DELETE /tax_reports/{id} (annul)', () => {
  it('annuls a Ksef report once: annulled, an event and a state change; again is 409', async () => {
    const report = await fiscalkit.taxReports.create(caller, PL_ACCOUNT, asJson(vatReport()));
    const annulled = await fiscalkit.taxReports.annul(caller, report.id);
    expect(annulled).toEqual({ ...report, state: 'annulled' });
    expect(await codeOf(fiscalkit.taxReports.annul(caller, report.id))).toEqual(['conflict', null]);
    expect(await stateChanges(PL_ACCOUNT)).toEqual([[report.id, 'annulled']]);
    expect(await reportEvents(PL_ACCOUNT)).toEqual([
      [report.id, 'created', 'processing'],
      [report.id, 'annulled', 'annulled'],
    ]);
    expect(await codeOf(fiscalkit.taxReports.annul(other, report.id))).toEqual(['resource_missing', 'id']);
  });

  it('withdraws an SII record not sent yet from its ledger', async () => {
    const report = await fiscalkit.taxReports.create(caller, ES_ACCOUNT, asJson(siiF1()));
    const kept = await fiscalkit.taxReports.create(caller, ES_ACCOUNT, asJson(siiF1('F-2')));
    expect((await fiscalkit.taxReports.annul(caller, report.id)).state).toBe('annulled');
    expect((await ledgersOf()).map((ledger) => ledger.tax_report_ids)).toEqual([[kept.id]]);
  });

  it('annuls a registered SII record at AEAT: its baja ledger is submitted, annulled only once AEAT accepts (issue #18 item 16)', async () => {
    const report = await fiscalkit.taxReports.create(caller, ES_ACCOUNT, asJson(siiF1()));
    const cash = await fiscalkit.taxReports.create(caller, ES_ACCOUNT, asJson(cobrosEmitidas()));
    for (const ledger of await ledgersOf()) await submitAndAnswer(ledger.id);
    expect((await fiscalkit.taxReports.get(caller, report.id)).state).toBe('registered');
    const before = await stateChanges(ES_ACCOUNT);
    // DELETE answers the report as it stands: AEAT still holds the record.
    expect((await fiscalkit.taxReports.annul(caller, report.id)).state).toBe('registered');
    const [baja] = (await ledgersOf()).filter((ledger) => ledger.kind === 'baja');
    expect(baja).toMatchObject({
      book_type: 'Expedida',
      kind: 'baja',
      communication_type: null,
      period_year: 2026,
      period: '03',
      state: 'pending',
      tax_report_ids: [report.id],
    });
    expect(LedgerSchema.safeParse(baja).success).toBe(true);
    // Again while the baja is pending: nothing more (one record in one baja ledger).
    expect((await fiscalkit.taxReports.annul(caller, report.id)).state).toBe('registered');
    expect((await ledgersOf()).filter((ledger) => ledger.kind === 'baja')).toEqual([baja]);
    // A report being annulled cannot change.
    expect(await codeOf(fiscalkit.taxReports.update(caller, report.id, { description: 'x' }))).toEqual([
      'conflict',
      null,
    ]);
    expect((await fiscalkit.taxReports.get(caller, report.id)).state).toBe('registered');
    expect(await stateChanges(ES_ACCOUNT)).toEqual(before);
    // Submitted like any other ledger, through the same engine: the message AEAT gets is the baja.
    await submitAndAnswer((baja as Ledger).id);
    const submitted = ports.taxAuthority.submissions.at(-1)?.xml ?? '';
    expect(submitted).toMatch(/<siiLR:BajaLRFacturasEmitidas /);
    expect(submitted).toBe(await fiscalkit.taxReports.downloadLedger(caller, (baja as Ledger).id));
    expect(await fiscalkit.taxReports.getLedger(caller, (baja as Ledger).id)).toMatchObject({
      state: 'accepted',
    });
    expect((await fiscalkit.taxReports.get(caller, report.id)).state).toBe('annulled');
    expect(await stateChanges(ES_ACCOUNT)).toEqual([...before, [report.id, 'annulled']]);
    const file = await fiscalkit.taxReports.download(caller, report.id);
    expect(file.body).toMatch(/<siiLR:BajaLRFacturasEmitidas /);
    const refused = await rejection(fiscalkit.taxReports.annul(caller, cash.id));
    expect(refused).toMatchObject({ code: 'conflict', status: 409 });
    expect(refused.message).toMatch(/CobrosEmitidas.*no annulment/);
  });

  it('a baja AEAT refuses leaves the report registered (never error); DELETE again sends a new baja (issue #18 item 16)', async () => {
    const report = await fiscalkit.taxReports.create(caller, ES_ACCOUNT, asJson(siiF1('F-REF')));
    for (const ledger of await ledgersOf()) await submitAndAnswer(ledger.id);
    await fiscalkit.taxReports.annul(caller, report.id);
    ports.taxAuthority.rejectInvoice('F-REF');
    const [first] = (await ledgersOf()).filter((ledger) => ledger.kind === 'baja');
    await submitAndAnswer((first as Ledger).id);
    expect((await fiscalkit.taxReports.getLedger(caller, (first as Ledger).id)).state).toBe('rejected');
    expect((await fiscalkit.taxReports.get(caller, report.id)).state).toBe('registered');
    ports.taxAuthority.acceptAll();
    await fiscalkit.taxReports.annul(caller, report.id);
    const bajas = (await ledgersOf()).filter((ledger) => ledger.kind === 'baja');
    expect(bajas.map((ledger) => [ledger.state, ledger.tax_report_ids])).toEqual([
      ['rejected', [report.id]],
      ['pending', [report.id]],
    ]);
    await submitAndAnswer((bajas[1] as Ledger).id);
    expect((await fiscalkit.taxReports.get(caller, report.id)).state).toBe('annulled');
  });
});

describe('download (spec §4.2 GET /tax_reports/{id}/download)', () => {
  it('answers FA(3) for a Ksef report and the one-record SII message for an SII report', async () => {
    const ksef = await fiscalkit.taxReports.create(caller, PL_ACCOUNT, asJson(vatReport()));
    const fa3 = await fiscalkit.taxReports.download(caller, ksef.id);
    expect(fa3).toMatchObject({
      filename: 'FA3_FV2026_02_150.xml',
      content_type: 'application/xml; charset=utf-8',
    });
    expect(fa3.body).toMatch(/<DataWytworzeniaFa>2026-04-20T10:40:00Z<\/DataWytworzeniaFa>/);
    // What is downloaded imports back as the same report.
    const back = importFa3(fa3.body);
    expect(back.success && back.data.report.number).toBe('FV2026/02/150');
    const sii = await fiscalkit.taxReports.create(caller, ES_ACCOUNT, asJson(siiF1()));
    const message = await fiscalkit.taxReports.download(caller, sii.id);
    expect(message.filename).toBe('SII_Expedida_F-0001.xml');
    expect(message.body).toMatch(/<siiLR:SuministroLRFacturasEmitidas /);
    expect(await codeOf(fiscalkit.taxReports.download(other, sii.id))).toEqual(['resource_missing', 'id']);
  });
});

describe('generate from an invoice (spec §2.5 rule 4, §2.7 rules 2–3, §4.2)', () => {
  it('generates a Ksef report: registers from the routing codes, flags and references from the invoice', async () => {
    const report = (await fiscalkit.taxReports.generate(caller, KSEF_INVOICE)) as KsefTaxReport;
    expect(TaxReportSchema.safeParse(report).success).toBe(true);
    expect(report).toMatchObject({
      type: 'Ksef',
      state: 'processing',
      invoice_id: KSEF_INVOICE,
      supplier_party_krs: '0000099999',
      supplier_party_regon: '999999999',
      supplier_party_bdo: '000099999',
      customer_party_jst: false,
      customer_party_gv: false,
      customer_party_tax_id: '1111111111',
    });
    expect(await reportEvents(PL_ACCOUNT)).toEqual([[report.id, 'generated', 'processing']]);
  });

  it('maps a JST invoice: customer_party_jst and its unit as third party with role 8', async () => {
    const report = await fiscalkit.taxReports.generate(caller, JST_INVOICE, {
      exemption_basis: 'art. 43 ust. 1 pkt 37',
    });
    expect(report).toMatchObject({
      customer_party_jst: true,
      third_party_role: '8',
      third_party_tax_id: '2222222222',
    });
    expect(
      await codeOf(fiscalkit.taxReports.generate(caller, JST_INVOICE, { tax_report: { type: 'Ksef' } })),
    ).toEqual(['conflict', null]);
  });

  it('refuses a second report of an invoice while the first stands, and allows one after annulment', async () => {
    const first = await fiscalkit.taxReports.generate(caller, KSEF_INVOICE, { type: 'Ksef' });
    const refused = await rejection(fiscalkit.taxReports.generate(caller, KSEF_INVOICE));
    expect(refused).toMatchObject({ code: 'conflict', status: 409 });
    expect(refused.message).toMatch(new RegExp(`tax report ${String(first.id)}`));
    await fiscalkit.taxReports.annul(caller, first.id);
    expect((await fiscalkit.taxReports.generate(caller, KSEF_INVOICE)).id).not.toBe(first.id);
  });

  it('generates an SII report of a Spanish invoice into its ledger', async () => {
    const report = (await fiscalkit.taxReports.generate(caller, SII_INVOICE, {
      type: 'SiiDocument',
    })) as SiiTaxReport;
    expect(report).toMatchObject({
      type: 'SiiDocument',
      book_type: 'Expedida',
      invoice_id: SII_INVOICE,
      invoice_number: '2026-A-000123',
      period_year: 2026,
      period: '03',
      state: 'processing',
    });
    const chosen = await fiscalkit.taxReports
      .generate(callerOf(1), SII_INVOICE, { type: 'SiiDocument' })
      .catch((error) => error);
    expect(isApiError(chosen) && chosen.code).toBe('conflict');
    expect((await ledgersOf()).map((ledger) => ledger.tax_report_ids)).toEqual([[report.id]]);
  });

  it('answers the invoice’s problems at their source, bad options, and another group’s invoice', async () => {
    // A Spanish account has no NIP: the seller of an FA(3) invoice asked for cannot be written.
    expect(await codeOf(fiscalkit.taxReports.generate(caller, SII_INVOICE, { type: 'Ksef' }))).toEqual([
      'parameter_invalid',
      'account.tin_value',
    ]);
    expect(await codeOf(fiscalkit.taxReports.generate(caller, SII_INVOICE, { type: 'Verifactu' }))).toEqual([
      'parameter_inclusion',
      'type',
    ]);
    expect(
      await codeOf(fiscalkit.taxReports.generate(caller, SII_INVOICE, { type: 'SiiDocument', period: '05' })),
    ).toEqual(['parameter_blank', 'period_year']);
    expect(await codeOf(fiscalkit.taxReports.generate(caller, SII_INVOICE, 'x'))).toEqual([
      'invalid_request_params',
      null,
    ]);
    expect(await codeOf(fiscalkit.taxReports.generate(caller, OTHER_INVOICE))).toEqual([
      'resource_missing',
      'id',
    ]);
    expect(await codeOf(fiscalkit.taxReports.generate(other, KSEF_INVOICE))).toEqual([
      'resource_missing',
      'id',
    ]);
  });

  it('takes the SII period from the request', async () => {
    const report = await fiscalkit.taxReports.generate(caller, SII_INVOICE, {
      tax_report: { type: 'SiiDocument', period_year: 2026, period: '1T' },
    });
    expect(report).toMatchObject({ period_year: 2026, period: '1T' });
  });
});

describe('one standing report per invoice and type (fiscalkit rule), on every path', () => {
  it('refuses a create or import linked to an invoice that already has a standing report of the type', async () => {
    const generated = await fiscalkit.taxReports.generate(caller, KSEF_INVOICE);
    const refused = await rejection(
      fiscalkit.taxReports.create(caller, PL_ACCOUNT, asJson({ ...vatReport(), invoice_id: KSEF_INVOICE })),
    );
    expect(refused).toMatchObject({ code: 'conflict', status: 409 });
    expect(refused.message).toMatch(new RegExp(`tax report ${String(generated.id)}`));
    // Another type of report of the invoice is no duplicate; an annulled report no longer stands.
    const sii = await fiscalkit.taxReports.create(
      caller,
      ES_ACCOUNT,
      asJson({ ...siiF1(), invoice_id: SII_INVOICE }),
    );
    expect(sii.invoice_id).toBe(SII_INVOICE);
    expect(
      await codeOf(
        fiscalkit.taxReports.create(caller, ES_ACCOUNT, asJson({ ...siiF1('F-2'), invoice_id: SII_INVOICE })),
      ),
    ).toEqual(['conflict', null]);
    await fiscalkit.taxReports.annul(caller, generated.id);
    const linked = await fiscalkit.taxReports.create(
      caller,
      PL_ACCOUNT,
      asJson({ ...vatReport(), invoice_id: KSEF_INVOICE }),
    );
    expect(linked.invoice_id).toBe(KSEF_INVOICE);
    expect(await codeOf(fiscalkit.taxReports.generate(caller, KSEF_INVOICE))).toEqual(['conflict', null]);
  });

  it('refuses a PATCH that links a report to an invoice another standing report of its type has', async () => {
    const generated = await fiscalkit.taxReports.generate(caller, KSEF_INVOICE);
    const loose = await fiscalkit.taxReports.create(caller, PL_ACCOUNT, asJson(vatReport()));
    expect(await codeOf(fiscalkit.taxReports.update(caller, loose.id, { invoice_id: KSEF_INVOICE }))).toEqual(
      ['conflict', null],
    );
    expect((await fiscalkit.taxReports.get(caller, loose.id)).invoice_id).toBeNull();
    // A report changing its own other fields keeps its link: it is no rival of itself.
    expect(
      await fiscalkit.taxReports.update(caller, generated.id, { invoice_id: KSEF_INVOICE, footer_text: 'x' }),
    ).toMatchObject({ invoice_id: KSEF_INVOICE, footer_text: 'x' });
    await fiscalkit.taxReports.annul(caller, generated.id);
    expect(
      (await fiscalkit.taxReports.update(caller, loose.id, { invoice_id: KSEF_INVOICE })).invoice_id,
    ).toBe(KSEF_INVOICE);
  });

  it('two concurrent generates for one invoice: exactly one report is stored, the other request is 409', async () => {
    for (const [invoice, type, account] of [
      [KSEF_INVOICE, 'Ksef', PL_ACCOUNT],
      [SII_INVOICE, 'SiiDocument', ES_ACCOUNT],
    ] as const) {
      const results = await Promise.allSettled([
        fiscalkit.taxReports.generate(caller, invoice, { type }),
        fiscalkit.taxReports.generate(caller, invoice, { type }),
        fiscalkit.taxReports.create(
          caller,
          account,
          asJson(
            type === 'Ksef' ? { ...vatReport(), invoice_id: invoice } : { ...siiF1(), invoice_id: invoice },
          ),
        ),
      ]);
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      for (const result of results)
        if (result.status === 'rejected')
          expect(isApiError(result.reason) && result.reason.code).toBe('conflict');
      const stored = await ports.store.taxReports.find(
        account,
        { invoice_id: invoice },
        { offset: 0, limit: 10 },
      );
      expect(stored.total_count).toBe(1);
    }
    // The SII report that stayed is the only one in the ledger.
    const [ledger] = await ledgersOf();
    expect(ledger?.tax_report_ids).toHaveLength(1);
  });
});

describe('a concurrent change never leaves an SII report processing without a ledger', () => {
  /** Makes the next report write lose to a concurrent change of `description` (a PATCH that won). */
  function loseNextReportWrite() {
    const reports = ports.store.taxReports;
    let raced = false;
    ports.store.taxReports = {
      ...reports,
      async update(value, version) {
        if (raced) return reports.update(value, version);
        raced = true;
        const current = await reports.get(value.account_id, value.id);
        if (current === null) throw new Error('no report');
        await reports.update(
          { ...(current.value as SiiTaxReport), description: 'Changed meanwhile' },
          version,
        );
        throw new VersionConflictError(value.id, version, version + 1);
      },
    };
    return () => {
      ports.store.taxReports = reports;
      return raced;
    };
  }

  it('an annulment that loses the race is 409 and the report stays in its pending ledger', async () => {
    const report = await fiscalkit.taxReports.create(caller, ES_ACCOUNT, asJson(siiF1()));
    const restore = loseNextReportWrite();
    expect(await codeOf(fiscalkit.taxReports.annul(caller, report.id))).toEqual(['conflict', null]);
    expect(restore()).toBe(true);
    expect(await fiscalkit.taxReports.get(caller, report.id)).toMatchObject({
      state: 'processing',
      description: 'Changed meanwhile',
    });
    expect((await ledgersOf()).map((ledger) => [ledger.state, ledger.tax_report_ids])).toEqual([
      ['pending', [report.id]],
    ]);
    // And it is still sent: the ledger carries it.
    expect(await fiscalkit.taxReports.downloadLedger(caller, (await ledgersOf())[0]?.id ?? 0)).toMatch(
      /F-0001/,
    );
  });

  it('a move to another period that loses the race is 409 and the report stays in a pending ledger', async () => {
    const report = await fiscalkit.taxReports.create(caller, ES_ACCOUNT, asJson(siiF1()));
    const restore = loseNextReportWrite();
    expect(await codeOf(fiscalkit.taxReports.update(caller, report.id, { period: '04' }))).toEqual([
      'conflict',
      null,
    ]);
    expect(restore()).toBe(true);
    expect(await fiscalkit.taxReports.get(caller, report.id)).toMatchObject({
      state: 'processing',
      period: '03',
    });
    const holding = (await ledgersOf()).filter((ledger) => ledger.tax_report_ids.includes(report.id));
    expect(holding.map((ledger) => [ledger.state, ledger.period])).toEqual([['pending', '03']]);
  });
});

describe('prepayment reference ids are the service’s (spec §2.7: read-only)', () => {
  it('ignores the ids a create sends: each element gets a new, distinct id', async () => {
    const report = (await fiscalkit.taxReports.create(
      caller,
      PL_ACCOUNT,
      asJson({
        ...rozReport(),
        prepayment_references: [
          { id: 424242, number: 'FZ/1/2026' },
          { id: 424242, number: 'FZ/2/2026' },
        ],
      }),
    )) as KsefTaxReport;
    const ids = report.prepayment_references.map((reference) => reference.id);
    expect(new Set(ids).size).toBe(2);
    expect(ids).not.toContain(424242);
    expect(report.prepayment_references.map((reference) => reference.number)).toEqual([
      'FZ/1/2026',
      'FZ/2/2026',
    ]);
    // A PATCH still names the stored elements by their ids.
    const [first] = ids;
    const changed = (await fiscalkit.taxReports.update(caller, report.id, {
      prepayment_references: [{ id: first, number: 'FZ/1/2026-bis' }],
    })) as KsefTaxReport;
    expect(changed.prepayment_references[0]).toMatchObject({ id: first, number: 'FZ/1/2026-bis' });
  });
});

describe('ledgers (spec §4.2)', () => {
  it('reads and downloads a ledger of the caller’s group; its response only once AEAT answered', async () => {
    await fiscalkit.taxReports.create(caller, ES_ACCOUNT, asJson(siiF1()));
    const [ledger] = await ledgersOf();
    const id = ledger?.id ?? 0;
    expect(await fiscalkit.taxReports.getLedger(caller, id)).toEqual(ledger);
    expect(await fiscalkit.taxReports.downloadLedger(caller, id)).toMatch(
      /<siiLR:SuministroLRFacturasEmitidas /,
    );
    expect(await codeOf(fiscalkit.taxReports.downloadLedgerResponse(caller, id))).toEqual([
      'resource_missing',
      'id',
    ]);
    await submitAndAnswer(id);
    expect(await fiscalkit.taxReports.downloadLedgerResponse(caller, id)).toMatch(
      /RespuestaLRFacturasEmitidas/,
    );
    for (const read of [
      fiscalkit.taxReports.getLedger(other, id),
      fiscalkit.taxReports.downloadLedger(other, id),
      fiscalkit.taxReports.downloadLedgerResponse(other, id),
    ])
      expect(await codeOf(read)).toEqual(['resource_missing', 'id']);
  });

  it('imports an SII message as a pending ledger of processing reports, in message order', async () => {
    const xml = builtSiiMessage('Expedida', 'alta', 3);
    const ledger = await fiscalkit.taxReports.importLedger(caller, ES_ACCOUNT, { file: xml });
    expect(LedgerSchema.safeParse(ledger).success).toBe(true);
    expect(ledger).toMatchObject({
      book_type: 'Expedida',
      communication_type: 'A0',
      period_year: 2026,
      period: '03',
      state: 'pending',
    });
    const reports = await Promise.all(
      ledger.tax_report_ids.map((id) => fiscalkit.taxReports.get(caller, id)),
    );
    expect(reports.map((report) => [report.state, (report as SiiTaxReport).invoice_number])).toEqual([
      ['processing', `${expedidaF1().invoice_number}-1`],
      ['processing', `${expedidaF1().invoice_number}-2`],
      ['processing', `${expedidaF1().invoice_number}-3`],
    ]);
    expect(await fiscalkit.taxReports.downloadLedger(caller, ledger.id)).toBe(xml);
    // A single report joins it: it is the open ledger of its key.
    const joined = await fiscalkit.taxReports.create(caller, ES_ACCOUNT, asJson(siiF1('F-9')));
    expect((await fiscalkit.taxReports.getLedger(caller, ledger.id)).tax_report_ids).toEqual([
      ...ledger.tax_report_ids,
      joined.id,
    ]);
  });

  it('imports an annulment (BajaLR…) message as a pending baja ledger; AEAT accepting it annuls its reports (issue #18 item 16)', async () => {
    for (const book of ['Expedida', 'Recibida'] as const) {
      const xml = builtSiiMessage(book, 'baja', 2);
      const ledger = await fiscalkit.taxReports.importLedger(caller, ES_ACCOUNT, { file: xml });
      expect(LedgerSchema.safeParse(ledger).success).toBe(true);
      expect(ledger).toMatchObject({
        book_type: book,
        kind: 'baja',
        communication_type: null,
        period_year: 2026,
        period: '03',
        state: 'pending',
      });
      expect(await fiscalkit.taxReports.downloadLedger(caller, ledger.id)).toBe(xml);
      const states = async () =>
        Promise.all(
          ledger.tax_report_ids.map(async (id) => (await fiscalkit.taxReports.get(caller, id)).state),
        );
      expect(await states()).toEqual(['processing', 'processing']);
      // A report of the baja downloads as its annulment (it has no alta).
      expect((await fiscalkit.taxReports.download(caller, ledger.tax_report_ids[0] as number)).body).toMatch(
        /<siiLR:BajaLR/,
      );
      await submitAndAnswer(ledger.id);
      expect(ports.taxAuthority.submissions.at(-1)?.xml).toBe(xml);
      expect(await states()).toEqual(['annulled', 'annulled']);
    }
  });

  it('refuses FA(3), mixed periods, records the SII rules refuse, another titular', async () => {
    const refused = async (file: string) =>
      rejection(fiscalkit.taxReports.importLedger(caller, ES_ACCOUNT, { file }));
    expect((await refused(fa3Of(vatReport()))).message).toMatch(/tax_reports\/import/);
    const message = siiMessage('Expedida', 'alta', 2);
    const mixed = buildSiiMessage({
      ...message,
      records: message.records.map((record, index) => (index === 1 ? { ...record, period: '04' } : record)),
    });
    expect(mixed.success).toBe(true);
    const periods = await refused(mixed.success ? mixed.data : '');
    expect(periods).toMatchObject({ code: 'parameter_invalid', param: 'file' });
    expect(periods.message).toMatch(/2 periods.*2026-03, 2026-04/);
    // A record the builder's rules refuse (a cuota that is not base × rate, sii.md §8).
    const wrong = builtSiiMessage('Expedida', 'alta', 1).replace(
      /<sii:CuotaRepercutida>210.00</,
      '<sii:CuotaRepercutida>250.00<',
    );
    const cuota = await refused(wrong);
    expect(cuota.code).toBe('parameter_invalid');
    expect(cuota.param).toMatch(/^records\[0\]\.tax_breakdowns\[\d\]\.tax_amount$/);
    expect(
      await codeOf(
        fiscalkit.taxReports.importLedger(other, ES_ACCOUNT, {
          file: builtSiiMessage('Expedida', 'alta', 1),
        }),
      ),
    ).toEqual(['resource_missing', 'account']);
    expect(await ledgersOf()).toEqual([]);
    expect(await ports.store.taxReports.list(ES_ACCOUNT, { offset: 0, limit: 10 })).toMatchObject({
      total_count: 0,
    });
    expect(siiTitular().nif).toBe('U2687761C');
  });
});

describe.skipIf(!hasShared)('every XML produced is valid against the official schema (shared/xsd)', () => {
  let responseSchema: CompiledSchema | undefined;
  afterAll(() => responseSchema?.dispose());

  it('FA(3) downloads of created, imported and generated Ksef reports', async () => {
    const created = await fiscalkit.taxReports.create(caller, PL_ACCOUNT, asJson(sellerless()));
    const imported = await fiscalkit.taxReports.import(caller, PL_ACCOUNT, {
      file: fa3Of({ ...zalReport() }),
    });
    const generated = await fiscalkit.taxReports.generate(caller, JST_INVOICE, {
      exemption_basis: 'art. 43 ust. 1 pkt 37',
    });
    for (const report of [created, imported, generated]) {
      const file = await fiscalkit.taxReports.download(caller, report.id);
      const result = validateXml('ksef-fa3', file.body);
      expect(result.valid, formatXsdErrors(result)).toBe(true);
    }
  });

  it('SII downloads (alta and baja) and ledger downloads', async () => {
    const created = await fiscalkit.taxReports.create(caller, ES_ACCOUNT, asJson(siiF1()));
    const annual = await fiscalkit.taxReports.create(caller, ES_ACCOUNT, asJson(metalico()));
    const generated = await fiscalkit.taxReports.generate(caller, SII_INVOICE, { type: 'SiiDocument' });
    const xmls = [
      (await fiscalkit.taxReports.download(caller, created.id)).body,
      (await fiscalkit.taxReports.download(caller, annual.id)).body,
      (await fiscalkit.taxReports.download(caller, generated.id)).body,
    ];
    for (const ledger of await ledgersOf())
      xmls.push(await fiscalkit.taxReports.downloadLedger(caller, ledger.id));
    await fiscalkit.taxReports.annul(caller, created.id);
    xmls.push((await fiscalkit.taxReports.download(caller, created.id)).body);
    expect(xmls.at(-1)).toMatch(/BajaLRFacturasEmitidas/);
    for (const xml of xmls) {
      const result = validateXml('sii', xml);
      expect(result.valid, formatXsdErrors(result)).toBe(true);
    }
  });

  it('every XML the tests above produced, and the fixture documents they upload', async () => {
    await world();
    expect(produced.length).toBeGreaterThan(20);
    const uploaded: Produced[] = [
      ...[vatReport(), zalReport(), { ...jstReport(), customer_party_jst: false }].map((report) => ({
        schema: 'ksef-fa3' as const,
        xml: fa3Of(report),
      })),
      ...[1, 2, 3].map((count) => ({
        schema: 'sii' as const,
        xml: builtSiiMessage('Expedida', 'alta', count),
      })),
      { schema: 'sii', xml: builtSiiMessage('Expedida', 'baja', 1) },
    ];
    for (const { schema, xml } of [...produced, ...uploaded]) {
      if (schema === 'sii-response') responseSchema ??= compileSchema('sii/RespuestaSuministro.xsd');
      const result =
        schema === 'sii-response' && responseSchema !== undefined
          ? validateWith(responseSchema, xml)
          : validateXml(schema === 'sii-response' ? 'sii' : schema, xml);
      expect(result.valid, `${schema}: ${formatXsdErrors(result)}\n${xml.slice(0, 300)}`).toBe(true);
    }
  });
});
