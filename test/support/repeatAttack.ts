/**
 * The repeat attack of issue #24 item 1 ("a small XML upload freezes the whole server"): a root
 * element holding one child element thousands of times, sent to every XML endpoint of the reference
 * binding. Shared by the HTTP test (`test/http/repeatAttack.test.ts`) and the benchmark
 * (`test/bench/repeatAttack.ts`).
 */
import { SII_LR_NAMESPACE, SII_NAMESPACE } from '../../src/sii/build/xml.js';
import { ES_ACCOUNT, PL_ACCOUNT } from './taxReportWorld.js';

/** The sizes of the issue: 16,000 repeats (5.6 s before the fix), 32,000 (53 s) and 200,000 (never). */
export const REPEAT_ATTACK_SIZES = [16000, 32000, 200000] as const;

const FA3_NAMESPACE = 'http://crd.gov.pl/wzor/2025/06/25/13775/';

/** An FA(3) root holding `child` `count` times (`<x/>` × 16,000 is the 63 KiB). */
export function fa3Attack(count: number, child = '<x/>'): string {
  return `<Faktura xmlns="${FA3_NAMESPACE}">${child.repeat(count)}</Faktura>`;
}

/** An SII message root holding `child` `count` times (`<sii:x/>` × 32,000 is the 250 KiB). */
export function siiAttack(count: number, child = '<sii:x/>'): string {
  return (
    `<siiLR:SuministroLRFacturasEmitidas xmlns:siiLR="${SII_LR_NAMESPACE}" xmlns:sii="${SII_NAMESPACE}">` +
    `${child.repeat(count)}</siiLR:SuministroLRFacturasEmitidas>`
  );
}

/** A UBL Invoice root holding `<x/>` `count` times. */
export function ublAttack(count: number): string {
  return `<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">${'<x/>'.repeat(count)}</Invoice>`;
}

/** A CII root holding `<x/>` `count` times. */
export function ciiAttack(count: number): string {
  return (
    '<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100">' +
    `${'<x/>'.repeat(count)}</rsm:CrossIndustryInvoice>`
  );
}

/** A Facturae 3.2.2 root holding `<x/>` `count` times. */
export function facturaeAttack(count: number): string {
  return (
    '<fe:Facturae xmlns:fe="http://www.facturae.gob.es/formato/Versiones/Facturaev3_2_2.xml">' +
    `${'<x/>'.repeat(count)}</fe:Facturae>`
  );
}

/** What an endpoint answers the attack: an import's 422, or the validation's verdict. */
export type AttackAnswer =
  | { readonly kind: 'refused'; readonly message: RegExp }
  | { readonly kind: 'verdict'; readonly valid: boolean; readonly message?: RegExp };

/** One endpoint and one attack document. */
export interface AttackTarget {
  /** `tax_reports/import FA(3)` … */
  readonly name: string;
  readonly path: string;
  readonly body: (count: number) => string;
  readonly answer: AttackAnswer;
}

const ONCE = /more than once in one <[^>]+> \(occurrence 2\)/;

/**
 * Every XML endpoint with its attack, on the accounts of `seedWorld` (`test/support/taxReportWorld.ts`):
 * the FA(3) import on the Polish account, the SII imports on the Spanish one. The SII response has no
 * upload endpoint (fiscalkit reads AEAT's answers from its transport): `test/xml/importLimits.test.ts`
 * covers `parseSiiResponse`.
 */
export const ATTACK_TARGETS: readonly AttackTarget[] = [
  {
    name: 'tax_reports/import FA(3) <x/>',
    path: `/accounts/${String(PL_ACCOUNT)}/tax_reports/import`,
    body: (count) => fa3Attack(count),
    answer: {
      kind: 'refused',
      message: /^file has <Faktura\/x> more than once in one <Faktura> \(occurrence 2\)/,
    },
  },
  {
    name: 'tax_reports/import FA(3) <Naglowek/>',
    path: `/accounts/${String(PL_ACCOUNT)}/tax_reports/import`,
    body: (count) => fa3Attack(count, '<Naglowek/>'),
    answer: { kind: 'refused', message: /maxOccurs="1"/ },
  },
  {
    name: 'tax_reports/import SII <sii:x/>',
    path: `/accounts/${String(ES_ACCOUNT)}/tax_reports/import`,
    body: (count) => siiAttack(count),
    answer: { kind: 'refused', message: ONCE },
  },
  {
    name: 'ledgers/import SII <sii:x/>',
    path: `/accounts/${String(ES_ACCOUNT)}/ledgers/import`,
    body: (count) => siiAttack(count),
    answer: { kind: 'refused', message: ONCE },
  },
  {
    name: 'ledgers/import SII <sii:Cabecera/>',
    path: `/accounts/${String(ES_ACCOUNT)}/ledgers/import`,
    body: (count) => siiAttack(count, '<sii:Cabecera/>'),
    answer: { kind: 'refused', message: /maxOccurs="1"/ },
  },
  {
    name: 'documents/validate FA(3)',
    path: '/documents/validate',
    body: (count) => fa3Attack(count),
    answer: { kind: 'verdict', valid: false, message: ONCE },
  },
  {
    name: 'documents/validate SII',
    path: '/documents/validate',
    body: (count) => siiAttack(count),
    answer: { kind: 'verdict', valid: false },
  },
  {
    name: 'documents/validate UBL',
    path: '/documents/validate',
    body: ublAttack,
    answer: { kind: 'verdict', valid: false }, // well-formed, but not judged without an e-invoice validator (issue #21)
  },
  {
    name: 'documents/validate CII',
    path: '/documents/validate',
    body: ciiAttack,
    answer: { kind: 'verdict', valid: false }, // well-formed, but not judged without an e-invoice validator (issue #21)
  },
  {
    name: 'documents/validate Facturae',
    path: '/documents/validate',
    body: facturaeAttack,
    answer: { kind: 'verdict', valid: false }, // well-formed, but not judged without an e-invoice validator (issue #21)
  },
];
