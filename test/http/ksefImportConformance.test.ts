/**
 * POST /accounts/{account}/tax_reports/import of FA(3) documents over real HTTP (issue #18 items 6,
 * 12, 13 and 14): the JST / GV flags without a third party, documents KSeF accepts written back by GET
 * /tax_reports/{id}/download (XSD-valid), a NIP KSeF refuses refused up front at the builder's param,
 * texts measured as the schema measures them, elements out of the schema's order refused at `file`.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FA3_EDITS } from '../support/fa3Corpus.js';
import { eurReport, jstReport, korReport, vatReport } from '../support/ksefReports.js';
import { hasShared } from '../support/shared.js';
import { asJson, fa3Of, PL_ACCOUNT, seedWorld } from '../support/taxReportWorld.js';
import { disposeSchemas, formatXsdErrors, validateXml } from '../support/xsd.js';
import { startService, type TestResponse, type TestService } from './harness.js';

let service: TestService;
beforeEach(async () => {
  service = await startService();
  await seedWorld(service.ports);
});
afterEach(async () => {
  await service.close();
});
afterAll(disposeSchemas);

const errorOf = (response: TestResponse) => [
  response.status,
  response.json?.error?.code,
  response.json?.error?.param,
];

const importXml = (xml: string, query = '') =>
  service.request('POST', `/accounts/${String(PL_ACCOUNT)}/tax_reports/import${query}`, {
    body: xml,
    headers: { 'Content-Type': 'application/xml' },
  });

/** Imports `xml` (201), downloads the report (200), and checks the file against the official XSD. */
async function importAndDownload(
  xml: string,
  query = '',
): Promise<{ report: Record<string, unknown>; body: string }> {
  const imported = await importXml(xml, query);
  expect(imported.status, imported.text).toBe(201);
  const id = String(imported.json.tax_report.id);
  const file = await service.request('GET', `/tax_reports/${id}/download`);
  expect(file.status, file.text).toBe(200);
  if (hasShared) {
    const verdict = validateXml('ksef-fa3', file.text);
    expect(verdict.valid, formatXsdErrors(verdict)).toBe(true);
  }
  return { report: imported.json.tax_report, body: file.text };
}

const edit = (name: string, xml: string): string => {
  const found = FA3_EDITS.find((candidate) => candidate.name.startsWith(name));
  const edited = found?.apply(xml);
  if (edited === null || edited === undefined) throw new Error(`${name} does not fit`);
  return edited;
};

describe('item 6: customer_party_jst / customer_party_gv are accepted on import without a third party', () => {
  it('a VAT invoice without Podmiot3 imported with customer_party_jst=true: 201, downloads with JST=1', async () => {
    const { report, body } = await importAndDownload(fa3Of(vatReport()), '?customer_party_jst=true');
    expect(report).toMatchObject({ type: 'Ksef', customer_party_jst: true, customer_party_gv: false });
    expect(body).toContain('<JST>1</JST>');
    expect(body).not.toContain('<Podmiot3>');
  });

  it('created directly, the JST flag still needs its unit (role 8): 422 at third_party_role', async () => {
    const created = await service.request('POST', `/accounts/${String(PL_ACCOUNT)}/tax_reports`, {
      body: { tax_report: asJson({ ...vatReport(), customer_party_jst: true }) },
    });
    expect(errorOf(created)).toEqual([422, 'parameter_blank', 'third_party_role']);
  });
});

describe('item 12: what the import accepts, the download writes', () => {
  it('an exempt line with P_19N=1: imported and written back with P_19N', async () => {
    const { body } = await importAndDownload(edit('an exempt supply', fa3Of(jstReport())));
    expect(body).toContain('<P_19N>1</P_19N>');
    expect(body).toContain('<P_12>zw</P_12>');
  });

  it('a KOR without DaneFaKorygowanej: imported and written back without it', async () => {
    const { report, body } = await importAndDownload(edit('a correction without', fa3Of(korReport())));
    expect(report.invoice_type_code).toBe('KOR');
    expect(body).toContain('<RodzajFaktury>KOR</RodzajFaktury>');
    expect(body).not.toContain('DaneFaKorygowanej');
  });

  it('an EUR invoice without P_14_1W and KursWaluty: imported and written back without them', async () => {
    const { body } = await importAndDownload(edit('a foreign-currency invoice', fa3Of(eurReport())));
    expect(body).toContain('<KodWaluty>EUR</KodWaluty>');
    expect(body).not.toMatch(/P_14_1W|KursWaluty/);
  });

  it('a seller NIP without a valid check digit (KSeF refuses it): 422 at the builder’s param, nothing stored', async () => {
    const response = await importXml(edit('a seller NIP', fa3Of(vatReport())));
    expect(errorOf(response)).toEqual([422, 'parameter_invalid', 'supplier_party_tax_id']);
    expect(response.json.error.message).toContain(
      'Podmiot1/DaneIdentyfikacyjne/NIP (supplier_party_tax_id) must be a valid Polish NIP',
    );
    expect((await service.ports.store.taxReports.list(PL_ACCOUNT, { offset: 0, limit: 5 })).total_count).toBe(
      0,
    );
  });
});

describe('item 13: text lengths as the schema measures them', () => {
  const withDescription = (description: string) =>
    fa3Of(vatReport()).replace('promocja lodówka pełna mleka', description);

  it('a P_7 of 577 characters that collapse to 500: 201, downloads XSD-valid', async () => {
    const description = `${'a'.repeat(250)}${' \t\n'.repeat(26)}${'b'.repeat(249)}`;
    const { report } = await importAndDownload(withDescription(description));
    expect((report.lines as { description: string }[])[2]?.description).toBe(description);
  });

  it('a P_7 of 612 characters after collapse: 422 at the element, in plain words', async () => {
    const response = await importXml(withDescription(`${'word \n\t '.repeat(122)}xy`));
    expect(errorOf(response)).toEqual([422, 'parameter_invalid', 'Fa/FaWiersz[3]/P_7']);
    expect(response.json.error.message).toBe(
      'Fa/FaWiersz[3]/P_7 (lines[2].description) is 612 characters long after whitespace collapse; the schema allows at most 512 (TZnakowy512)',
    );
  });
});

describe('item 14: elements out of the schema order', () => {
  it('P_1M before P_1: 422 parameter_invalid at file, naming the element, its line and column', async () => {
    const xml = fa3Of(vatReport()).replace(/(<P_1>[^<]*<\/P_1>)(\s*)(<P_1M>[^<]*<\/P_1M>)/, '$3$2$1');
    const response = await importXml(xml);
    expect(errorOf(response)).toEqual([422, 'parameter_invalid', 'file']);
    expect(response.json.error.message).toMatch(
      /^file has <Faktura\/Fa\/P_1> after <P_1M> in one <Fa>, but schemat_FA\(3\)_v1-0E\.xsd puts P_1 before P_1M there .*\(line \d+, column \d+\)$/,
    );
  });
});
