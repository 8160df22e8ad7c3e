/**
 * `readEInvoice` (src/einvoice/readEInvoice.ts), the entry point issue #23's import endpoint calls:
 * it tells the syntax from the root element, reads UBL, CII and Facturae (and the CII of a Factur-X
 * PDF, given the PDF reader), and refuses everything else with one clear issue at `file` — never an
 * exception. The documents read here are written by fiscalkit's own service from generated cases, so
 * the test needs nothing outside the repository; the official FatturaPA and Facturae samples of
 * `../shared/einvoice-xsd` are read too when they are there.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PdfInvoiceReader } from '../../src/einvoice/pdfInvoiceReader.js';
import { type EInvoiceRead, readEInvoice } from '../../src/einvoice/readEInvoice.js';
import { loadFacturXReader } from '../../src/einvoice/validateEInvoice.js';
import { isRuleId } from '../../src/errors/ruleId.js';
import type { Validated, ValidationIssue } from '../../src/errors/validationIssue.js';
import type { Fiscalkit } from '../../src/service/fiscalkit.js';
import { type EInvoiceCase, type EInvoiceFamily, einvoiceCaseArb } from '../../src/testing/index.js';
import { CASE_CALLER, caseService, storeCase } from '../support/einvoiceCases.js';
import { hasShared, SHARED_DIR, SHARED_MISSING } from '../support/shared.js';

const ENCODER = new TextEncoder();
const DECODER = new TextDecoder();

const PEPPOL = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
const XRECHNUNG = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0';
const EN = 'urn:cen.eu:en16931:2017';

/** The first generated case of a family that `accept` takes (fixed seed: always the same case). */
function caseOf(family: EInvoiceFamily, accept: (value: EInvoiceCase) => boolean): EInvoiceCase {
  const found = fc.sample(einvoiceCaseArb({ family }), { numRuns: 60, seed: 2322 }).find(accept);
  if (found === undefined) throw new Error(`no ${family} case in 60 samples is what the test needs`);
  return found;
}

/**
 * A case of a new account's settings (half_up, VAT per rate: what the EN 16931 readers compute with
 * first, readCheck.ts), without a Belgian OGM and without intra-community supplies, whose documents
 * every reader takes back (test/einvoice/roundTrips.test.ts covers the rest).
 */
const defaults = (value: EInvoiceCase) =>
  !value.features.includes('belgian-ogm') &&
  !value.features.includes('category:K') &&
  value.features.includes('rounding:half_up') &&
  value.features.includes('mode:accumulated');
const plain = (value: EInvoiceCase) => defaults(value) && !value.features.includes('credit-note');

/** The documents of one stored case, by code. */
interface Written {
  readonly value: EInvoiceCase;
  readonly fiscalkit: Fiscalkit;
  readonly invoiceId: number;
  render(code: string): Promise<Uint8Array>;
}

async function written(value: EInvoiceCase): Promise<Written> {
  const fiscalkit = caseService();
  const source = await storeCase(fiscalkit, value);
  return {
    value,
    fiscalkit,
    invoiceId: source.invoice.id,
    render: async (code) =>
      (await fiscalkit.invoiceDocuments.render(CASE_CALLER, source.invoice.id, code)).body,
  };
}

/** The read document, or the test fails with the issues. */
function readOk(result: Validated<EInvoiceRead>): EInvoiceRead {
  if (!result.success)
    throw new Error(
      `expected the document to be read: ${result.issues.map((issue) => `${issue.rule}: ${issue.message}`).join('; ')}`,
    );
  return result.data;
}

/** The one issue of a refusal, checked to be clear: a rule id, a wire code, `file`, a sentence. */
function refusalOf(result: Validated<EInvoiceRead>): ValidationIssue {
  expect(result.success).toBe(false);
  if (result.success) throw new Error('unreachable');
  const [issue] = result.issues;
  if (issue === undefined) throw new Error('a refusal without an issue');
  for (const each of result.issues) {
    expect(isRuleId(each.rule), each.rule).toBe(true);
    expect(each.message.length).toBeGreaterThan(20);
  }
  return issue;
}

let pdf: PdfInvoiceReader;
let peppol: Written;
let creditNote: Written;
let xrechnung: Written;
let en16931: Written;
let facturae: Written;

beforeAll(async () => {
  pdf = await loadFacturXReader();
  peppol = await written(caseOf('peppol-bis3', plain));
  creditNote = await written(
    caseOf('peppol-bis3', (value) => defaults(value) && value.features.includes('credit-note')),
  );
  xrechnung = await written(caseOf('xrechnung-3.0', plain));
  en16931 = await written(caseOf('en16931', plain));
  facturae = await written(caseOf('facturae', (value) => !value.features.includes('credit-note')));
}, 60_000);

describe('readEInvoice tells the syntax from the root element and reads each one', () => {
  it('reads a Peppol BIS 3 UBL Invoice: syntax ubl, BT-24 as declared, the invoice, the seller and the buyer', async () => {
    const document = await peppol.render('xml.ubl.invoice.bis3');
    const read = readOk(readEInvoice(document));
    expect(read.syntax).toBe('ubl');
    expect(read.specification).toBe(PEPPOL);
    expect(read.invoice.number).toBe(peppol.value.invoice.number);
    expect(read.invoice.invoice_lines_attributes).toHaveLength(
      (peppol.value.invoice.invoice_lines_attributes as unknown[]).length,
    );
    expect(read.seller.name).toBe(peppol.value.account.name);
    expect(read.buyer.name).toBe(peppol.value.contact.name);
    // BT-34 comes back as the seller's Peppol participant (the case's transport).
    expect(read.seller_endpoint).toEqual({
      scheme: peppol.value.seller_transport?.pin_scheme,
      id: expect.stringContaining(peppol.value.seller_transport?.pin_value ?? '?'),
    });
  });

  it('reads a UBL CreditNote as a credit note', async () => {
    const read = readOk(readEInvoice(await creditNote.render('xml.ubl.creditnote.bis3')));
    expect(read.syntax).toBe('ubl');
    expect(read.invoice.is_credit_note).toBe(true);
  });

  it('reads CII: EN 16931 and XRechnung, each with its own BT-24', async () => {
    const cii = readOk(readEInvoice(await en16931.render('xml.cii.en16931')));
    expect(cii.syntax).toBe('cii');
    expect(cii.specification).toBe(EN);
    expect(cii.invoice.number).toBe(en16931.value.invoice.number);
    const xr = readOk(readEInvoice(await xrechnung.render('xml.cii.xrechnung.3.0')));
    expect(xr.syntax).toBe('cii');
    expect(xr.specification).toBe(XRECHNUNG);
    expect(xr.invoice.buyer_reference).toBe(xrechnung.value.invoice.buyer_reference);
    const xrUbl = readOk(readEInvoice(await xrechnung.render('xml.ubl.invoice.xrechnung.3.0')));
    expect(xrUbl.syntax).toBe('ubl');
    expect(xrUbl.specification).toBe(XRECHNUNG);
  });

  it('reads the same invoice from UBL and from CII', async () => {
    const ubl = readOk(readEInvoice(await peppol.render('xml.ubl.invoice.bis3')));
    const cii = readOk(readEInvoice(await peppol.render('xml.cii.en16931')));
    expect(cii.invoice.invoice_lines_attributes).toEqual(ubl.invoice.invoice_lines_attributes);
    expect(cii.invoice.allowance_charges_attributes ?? null).toEqual(
      ubl.invoice.allowance_charges_attributes ?? null,
    );
    expect(cii.seller.name).toBe(ubl.seller.name);
  });

  it('reads Facturae 3.2.2: syntax facturae, the version its namespace names', async () => {
    const read = readOk(readEInvoice(await facturae.render('xml.facturae.3.2.2')));
    expect(read.syntax).toBe('facturae');
    expect(read.specification).toBe('3.2.2');
    expect(read.invoice.number).toContain(String(facturae.value.invoice.number));
    expect(read.seller.country).toBe('ES');
  });

  it('takes a string or UTF-8 bytes alike, with or without a UTF-8 byte-order mark', async () => {
    const bytes = await peppol.render('xml.ubl.invoice.bis3');
    const fromBytes = readOk(readEInvoice(bytes));
    expect(readOk(readEInvoice(DECODER.decode(bytes)))).toEqual(fromBytes);
    expect(readOk(readEInvoice(Uint8Array.of(0xef, 0xbb, 0xbf, ...bytes)))).toEqual(fromBytes);
    expect(readOk(readEInvoice(`\uFEFF${DECODER.decode(bytes)}`))).toEqual(fromBytes);
  });
});

describe('readEInvoice reads the CII of a Factur-X PDF when given the PDF reader', () => {
  it('reads the embedded CII: the same invoice as the CII document itself', async () => {
    const facturX = await en16931.render('pdf.facturx.en16931');
    const read = readOk(readEInvoice(facturX, { pdf }));
    expect(read.syntax).toBe('cii');
    expect(read.specification).toBe(EN);
    expect(read).toEqual(readOk(readEInvoice(await en16931.render('xml.cii.en16931'))));
  });

  it('refuses a PDF without the PDF reader, saying how to pass one', async () => {
    const issue = refusalOf(readEInvoice(await en16931.render('pdf.facturx.en16931')));
    expect(issue).toMatchObject({
      rule: 'en16931.read.pdf-reader',
      code: 'parameter_inclusion',
      param: 'file',
    });
    expect(issue.message).toContain('loadFacturXReader');
  });

  it('refuses a PDF that carries no invoice (the readable pdf.invoice) with the Factur-X rule', async () => {
    const issue = refusalOf(readEInvoice(await en16931.render('pdf.invoice'), { pdf }));
    expect(issue).toMatchObject({
      rule: 'facturx.attachment.missing',
      code: 'parameter_inclusion',
      param: 'file',
    });
  });

  it('refuses a broken PDF with the Factur-X reader rule, never throwing', () => {
    const issue = refusalOf(readEInvoice(ENCODER.encode('%PDF-1.7\nnot really a pdf'), { pdf }));
    expect(issue.rule.startsWith('facturx.')).toBe(true);
    expect(issue.param).toBe('file');
  });
});

describe('readEInvoice refuses what it does not import with one clear issue at file', () => {
  it('refuses a DOCTYPE (an entity bomb is never expanded)', () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE Invoice [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">&b;</Invoice>`;
    expect(refusalOf(readEInvoice(bomb))).toMatchObject({ rule: 'xml.doctype', param: 'file' });
  });

  it('refuses XML that is not an e-invoice, naming its root', () => {
    const issue = refusalOf(readEInvoice('<order xmlns="urn:example:orders"><id>1</id></order>'));
    expect(issue).toMatchObject({
      rule: 'en16931.read.not-an-invoice',
      code: 'parameter_inclusion',
      param: 'file',
    });
    expect(issue.message).toContain('<order> in urn:example:orders');
    expect(refusalOf(readEInvoice('<Invoice/>'))).toMatchObject({ rule: 'en16931.read.not-an-invoice' });
  });

  it('refuses a UBL document other than Invoice and CreditNote (an Order)', () => {
    const issue = refusalOf(
      readEInvoice('<Order xmlns="urn:oasis:names:specification:ubl:schema:xsd:Order-2"><ID>1</ID></Order>'),
    );
    expect(issue).toMatchObject({ rule: 'en16931.read.unsupported-format', code: 'parameter_inclusion' });
    expect(issue.message).toContain('not an invoice');
  });

  it('refuses FatturaPA as unsupported for import, with a message that says so', () => {
    const issue = refusalOf(
      readEInvoice(
        '<p:FatturaElettronica versione="FPR12" xmlns:p="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2"><FatturaElettronicaHeader/></p:FatturaElettronica>',
      ),
    );
    expect(issue).toMatchObject({
      rule: 'en16931.read.unsupported-format',
      code: 'parameter_inclusion',
      param: 'file',
    });
    expect(issue.message).toContain('FatturaPA');
    expect(issue.message).toContain('does not import');
  });

  it('refuses ZUGFeRD 1.0 and UBL 1.0 as formats fiscalkit names but does not read', () => {
    const zugferd1 = refusalOf(
      readEInvoice('<rsm:CrossIndustryDocument xmlns:rsm="urn:ferd:CrossIndustryDocument:invoice:1p0"/>'),
    );
    expect(zugferd1).toMatchObject({ rule: 'en16931.read.unsupported-format' });
    expect(zugferd1.message).toContain('ZUGFeRD 1.0');
    const ubl1 = refusalOf(
      readEInvoice('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-1.0"/>'),
    );
    expect(ubl1).toMatchObject({ rule: 'en16931.read.unsupported-format' });
  });

  it('refuses a Factur-X MINIMUM CII (no lines, not an EN 16931 invoice) by the CII reader', () => {
    const minimum = `<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"><rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:factur-x.eu:1p0:minimum</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext></rsm:CrossIndustryInvoice>`;
    expect(refusalOf(readEInvoice(minimum))).toMatchObject({
      rule: 'en16931.cii.read.profile',
      param: 'file',
    });
  });

  it('refuses what is not XML, not UTF-8, or neither a string nor bytes', () => {
    const notXml = refusalOf(readEInvoice('this is not xml'));
    expect(['xml.root-element', 'xml.well-formed']).toContain(notXml.rule);
    const latin1 = Uint8Array.of(
      ...ENCODER.encode('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">'),
      0xf1,
      ...ENCODER.encode('</Invoice>'),
    );
    expect(refusalOf(readEInvoice(latin1))).toMatchObject({ rule: 'xml.utf-8', param: 'file' });
    expect(refusalOf(readEInvoice(42 as unknown as string))).toMatchObject({
      rule: 'xml.input-type',
      param: 'file',
    });
  });

  it('passes the readers’ own refusals through: an invoice without lines names the missing term', async () => {
    const document = DECODER.decode(await peppol.render('xml.ubl.invoice.bis3')).replace(
      /<cac:InvoiceLine>[\s\S]*<\/cac:InvoiceLine>/,
      '',
    );
    const issue = refusalOf(readEInvoice(document));
    expect(issue.rule.startsWith('en16931.')).toBe(true);
    expect(issue.message).toMatch(/BG-25|InvoiceLine/);
  });
});

describe.skipIf(!hasShared)('the official samples of ../shared/einvoice-xsd', () => {
  if (!hasShared) it.skip(SHARED_MISSING, () => undefined);
  const samples = join(SHARED_DIR, 'einvoice-xsd', 'samples');

  it('FatturaPA samples are refused as unsupported for import, never thrown on', () => {
    const files = readdirSync(join(samples, 'fatturapa')).filter((file) => file.endsWith('.xml'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const issue = refusalOf(readEInvoice(new Uint8Array(readFileSync(join(samples, 'fatturapa', file)))));
      expect(issue.rule, file).toBe('en16931.read.unsupported-format');
    }
  });

  it('Facturae samples (gobl) are read as Facturae, or refused with a facturae.read issue', () => {
    const files = readdirSync(join(samples, 'facturae')).filter((file) => file.endsWith('.xml'));
    expect(files.length).toBeGreaterThan(0);
    let read = 0;
    for (const file of files) {
      const result = readEInvoice(new Uint8Array(readFileSync(join(samples, 'facturae', file))));
      if (result.success) {
        read += 1;
        expect(result.data.syntax, file).toBe('facturae');
      } else expect(refusalOf(result).rule, file).toMatch(/^facturae\.read\./);
    }
    expect(read, 'gobl Facturae samples read').toBeGreaterThan(0);
  });
});
