/**
 * The official examples (`../shared/en16931/examples`, issue #22 "Peer samples") through the EN 16931
 * reader: each one the syntax readers take is read into an invoice, a seller and a buyer, created
 * through the service, mapped again and written, and the document is valid under the official rules.
 * The others are refused by name, with the reason: line net amounts that are not quantity × price
 * (EN 16931 has no rule against it; fiscalkit computes every net), and payment accounts whose IBAN or
 * BIC check digits fail (the examples' placeholder `IBAN32423940`, which the service would refuse at
 * `bank_account.iban`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCii } from '../../../src/einvoice/cii/readCii.js';
import { writeCii } from '../../../src/einvoice/cii/writeCii.js';
import { en16931FromInvoice } from '../../../src/einvoice/semantic/en16931FromInvoice.js';
import { invoiceFromEn16931 } from '../../../src/einvoice/semantic/invoiceFromEn16931.js';
import { readUbl } from '../../../src/einvoice/ubl/readUbl.js';
import { writeUbl } from '../../../src/einvoice/ubl/writeUbl.js';
import { fatalFindings, HAS_JUDGE, JUDGE_SKIPPED, judgeDocument } from '../../support/einvoiceJudge.js';
import { SHARED_DIR } from '../../support/shared.js';
import { caseOf, sourceOf } from './support.js';

const EXAMPLES = join(SHARED_DIR, 'en16931', 'examples');

/** Examples refused, by path: the issue's rule and what its message names. */
const REFUSED: Readonly<Record<string, readonly [rule: string, names: string]>> = {
  'ubl/en16931--guide-example1.xml': ['en16931.read.amounts', 'BT-131 (line 20) -109.98 / 109.98'],
  'ubl/en16931--ubl-tc434-example1.xml': ['en16931.read.amounts', 'BT-131 (line 20) -109.98 / 109.98'],
  'cii/en16931--CII_example1.xml': ['en16931.read.amounts', 'BT-131 (line 20) -109.98 / 109.98'],
  'cii/en16931--CII_business_example_01.xml': ['en16931.read.amounts', 'BT-131 (line 1) 1273.00 / 1.00'],
  'cii/en16931--CII_example2.xml': ['en16931.read.amounts', 'BT-131 (line 1) 1273.00 / 1.00'],
  ...Object.fromEntries(
    [
      'ubl/en16931--ubl-tc434-example3.xml',
      'ubl/en16931--ubl-tc434-example4.xml',
      'ubl/peppol--Allowance-example.xml',
      'ubl/peppol--Vat-category-S.xml',
      'ubl/peppol--base-creditnote-correction.xml',
      'ubl/peppol--base-example.xml',
      'ubl/peppol--base-negative-inv-correction.xml',
      'ubl/peppol--sales-order-example.xml',
      'ubl/peppol--vat-category-E.xml',
      'ubl/peppol--vat-category-O.xml',
      'ubl/peppol--vat-category-Z.xml',
      'cii/en16931--CII_example3.xml',
      'cii/en16931--CII_example4.xml',
      'cii/en16931--CII_example5.xml',
    ].map((path) => [
      path,
      ['en16931.read.fields', 'invoice.bank_account.iban is not a valid IBAN'] as const,
    ]),
  ),
};

function examples(): string[] {
  return ['ubl', 'cii'].flatMap((syntax) =>
    readdirSync(join(EXAMPLES, syntax))
      .filter((file) => file.endsWith('.xml'))
      .map((file) => `${syntax}/${file}`),
  );
}

describe('official examples read, created and written again', () => {
  if (!HAS_JUDGE) {
    it.skip(JUDGE_SKIPPED, () => undefined);
    return;
  }
  it.each(examples())('%s', async (path) => {
    const xml = readFileSync(join(EXAMPLES, path), 'utf8');
    const document = path.startsWith('ubl/') ? readUbl(xml) : readCii(xml);
    if (!document.success) return; // a syntax reader's refusal: its own tests name it
    const read = invoiceFromEn16931(document.data);
    const refusal = REFUSED[path];
    if (refusal !== undefined) {
      expect(read.success).toBe(false);
      expect(read.success || read.issues[0]?.rule).toBe(refusal[0]);
      expect(read.success || read.issues[0]?.message).toContain(refusal[1]);
      return;
    }
    if (!read.success) throw new Error(JSON.stringify(read.issues));
    // XRechnung's examples are written as XRechnung again, in their syntax; the others as EN 16931 CII
    // (the norm's own binding: national Peppol rules, such as Denmark's DK-R-002, are not theirs).
    const xrechnung = path.includes('xrechnung--');
    const again = en16931FromInvoice(
      await sourceOf(caseOf(read.data)),
      xrechnung ? 'xrechnung-3.0' : 'en16931',
    );
    if (!again.success) throw new Error(JSON.stringify(again.issues));
    const written = !xrechnung
      ? writeCii(again.data, 'en16931')
      : path.startsWith('ubl/')
        ? writeUbl(again.data, 'xrechnung-3.0')
        : writeCii(again.data, 'xrechnung-3.0');
    const verdict = await judgeDocument(written);
    expect(fatalFindings(verdict), fatalFindings(verdict).join('\n')).toEqual([]);
    expect(verdict.outcome).toBe('valid');
  });
});
