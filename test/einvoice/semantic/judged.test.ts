/**
 * The EN 16931 mapping judged by the official rules: every handwritten case (every VAT category,
 * allowances and charges at both levels, base quantities, credit notes, foreign currency, reverse
 * charge, intra-community supply, export, suplidos) mapped for a specification and written by the UBL
 * and CII writers has zero fatal findings under the XSD, EN 16931 and the specification's CIUS rules —
 * what "BR-CO-10 … BR-CO-16 hold by construction" and the prerequisites table promise.
 */
import { describe, expect, it } from 'vitest';
import { writeCii } from '../../../src/einvoice/cii/writeCii.js';
import { en16931FromInvoice } from '../../../src/einvoice/semantic/en16931FromInvoice.js';
import { writeUbl } from '../../../src/einvoice/ubl/writeUbl.js';
import { fatalFindings, HAS_JUDGE, JUDGE_SKIPPED, judgeDocument } from '../../support/einvoiceJudge.js';
import { CASES } from './cases.js';
import { type Case, sourceOf } from './support.js';

type Run = readonly [
  name: string,
  syntax: 'ubl' | 'cii',
  specification: 'peppol-bis3' | 'en16931' | 'xrechnung-3.0',
];

const RUNS: readonly Run[] = [
  ...Object.keys(CASES).map((name): Run => [name, 'ubl', 'peppol-bis3']),
  ...Object.keys(CASES).map((name): Run => [name, 'cii', 'en16931']),
  ['standard', 'ubl', 'xrechnung-3.0'],
  ['not_subject', 'cii', 'xrechnung-3.0'],
  ['intra_community', 'ubl', 'xrechnung-3.0'],
  ['xrechnung', 'ubl', 'xrechnung-3.0'],
  ['xrechnung', 'cii', 'xrechnung-3.0'],
];

describe('the mapping under the official rules', () => {
  if (!HAS_JUDGE) {
    it.skip(JUDGE_SKIPPED, () => undefined);
    return;
  }
  it.each(RUNS)('%s as %s %s: zero fatal findings', async (name, syntax, specification) => {
    const document = en16931FromInvoice(await sourceOf(CASES[name] as Case), specification);
    if (!document.success) throw new Error(JSON.stringify(document.issues));
    const xml =
      syntax === 'ubl'
        ? writeUbl(document.data, specification === 'en16931' ? 'peppol-bis3' : specification)
        : writeCii(document.data, specification === 'peppol-bis3' ? 'en16931' : specification);
    const verdict = await judgeDocument(xml);
    expect(fatalFindings(verdict), fatalFindings(verdict).join('\n')).toEqual([]);
    expect(verdict.outcome).toBe('valid');
  });
});
