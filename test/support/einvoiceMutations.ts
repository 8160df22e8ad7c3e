/**
 * Mutations of valid EN 16931 invoices (UBL 2.1 and CII D16B), for the property tests of issue #21
 * ("Properties: fast-check mutations of valid invoices — a changed total, a removed mandatory element, a
 * wrong code — are caught with the right rule id"): test/schematron/mutations.test.ts.
 *
 * The documents are the ones Saxon-HE judged error-free (`shared/en16931/examples/manifest.json`,
 * `perf/*-10-lines.xml`, shared/en16931/SOURCES.md). A mutation parses the document with
 * {@link parseXdm}, edits the fresh tree in place (a text, an attribute, or one element removed) and
 * writes it back with {@link serialize}; the tree is thrown away after that, so its caches never matter.
 *
 * Each mutation says which rule ids its change must fire, reading the rule texts of EN 16931 1.3.16
 * (`schematron/en16931/{ubl,cii}/preprocessed/*.sch`) and Peppol BIS 3.0.19
 * (`schematron/peppol/PEPPOL-EN16931-UBL.sch`): where a rule has a tolerance (BR-S-09's ±1, BR-S-08's ±1
 * in UBL, PEPPOL-EN16931-R120's 0.02) the expectation is computed from the document's own values with
 * decimal.js, as the rule text computes it; the code lists are read from the rule texts themselves.
 */
import fc from 'fast-check';
import {
  parseXdm,
  XdmAttribute,
  type XdmDocument,
  type XdmElement,
  XdmText,
} from '../../src/xpath/document.js';
import { readArtefact, SUITE_RULE_SETS, serialize } from './en16931Suite.js';
import { Dec } from './oracle.js';

/** The two syntaxes of EN 16931. */
export type Syntax = 'UBL' | 'CII';

/** A document every listed rule set judged error-free (Saxon-HE 9.9, the reference). */
export interface ValidDocument {
  /** Its path under `shared/en16931`. */
  file: string;
  syntax: Syntax;
  /** The rule sets (`EN16931-UBL`, `PEPPOL-UBL`, `XR-CII`, …) under which Saxon-HE found no error. */
  ruleSets: string[];
  xml: string;
}

/**
 * `perf/*-10-lines.xml` and the rule sets Saxon-HE judged them valid against (SOURCES.md, "Generated
 * files": "valid EN16931 + Peppol per Saxon-HE", "valid EN16931", "valid EN16931 + XRechnung").
 */
const PERF_DOCUMENTS: readonly [string, Syntax, string[]][] = [
  ['perf/ubl-peppol-10-lines.xml', 'UBL', ['EN16931-UBL', 'PEPPOL-UBL']],
  ['perf/cii-en16931-10-lines.xml', 'CII', ['EN16931-CII']],
  ['perf/ubl-xrechnung-10-lines.xml', 'UBL', ['EN16931-UBL', 'XR-UBL']],
  ['perf/cii-xrechnung-10-lines.xml', 'CII', ['EN16931-CII', 'XR-CII']],
];

/** Every document Saxon-HE judged error-free, with the rule sets it judged so. */
export function validDocuments(): ValidDocument[] {
  const manifest = JSON.parse(readArtefact('examples/manifest.json') as string) as {
    file: string;
    reference_saxon_he: Record<string, string>;
  }[];
  const documents: ValidDocument[] = [];
  for (const example of manifest) {
    const ruleSets = Object.entries(example.reference_saxon_he)
      .filter(([, reference]) => reference === 'valid')
      .map(([name]) => name);
    if (ruleSets.length === 0) continue;
    const syntax: Syntax = ruleSets[0]?.endsWith('CII') ? 'CII' : 'UBL';
    documents.push({ file: example.file, syntax, ruleSets, xml: readArtefact(example.file) as string });
  }
  for (const [file, syntax, ruleSets] of PERF_DOCUMENTS) {
    const xml = readArtefact(file);
    if (xml !== undefined) documents.push({ file, syntax, ruleSets, xml });
  }
  return documents;
}

const NAMESPACES: Readonly<Record<string, string>> = {
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  rsm: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
};

function nameOf(qname: string): [string, string] {
  const [prefix, local] = qname.split(':') as [string, string];
  const namespace = NAMESPACES[prefix];
  if (namespace === undefined) throw new Error(`unknown prefix in ${qname}`);
  return [namespace, local];
}

/** Whether an element has that prefixed name (one of `a|b`). */
function is(element: XdmElement, qnames: string): boolean {
  return qnames.split('|').some((qname) => {
    const [namespace, local] = nameOf(qname);
    return element.namespace === namespace && element.local === local;
  });
}

/** The element children along a path of child steps (`cac:LegalMonetaryTotal/cbc:PayableAmount`). */
export function path(from: XdmElement, steps: string): XdmElement[] {
  let current = [from];
  for (const step of steps.split('/'))
    current = current.flatMap((element) =>
      element.children.filter((child): child is XdmElement => child.kind === 'element' && is(child, step)),
    );
  return current;
}

/** Every element of that name (`//name`), in document order. */
function everywhere(doc: XdmDocument, qname: string): XdmElement[] {
  return qname.split('|').flatMap((one) => {
    const [namespace, local] = nameOf(one);
    return doc.elements.filter((element) => element.namespace === namespace && element.local === local);
  });
}

/** The first text of a path, trimmed ('' when absent). */
function text(from: XdmElement, steps: string): string {
  return path(from, steps)[0]?.stringValue.trim() ?? '';
}

/** Replaces an element's content by one text node. */
function setText(element: XdmElement, value: string): void {
  element.children.splice(0, element.children.length, new XdmText(element, element.order + 1, value));
}

/** Removes an element (and the whitespace before it, so that the indentation stays tidy). */
function remove(element: XdmElement): void {
  const siblings = element.parent.children as (XdmElement | XdmText)[];
  const at = siblings.indexOf(element);
  const before = siblings[at - 1];
  if (before?.kind === 'text' && before.value.trim() === '') siblings.splice(at - 1, 2);
  else siblings.splice(at, 1);
}

/** Sets an attribute that the element has. */
function setAttribute(element: XdmElement, local: string, value: string): void {
  const at = element.attributes.findIndex(
    (attribute) => attribute.namespace === '' && attribute.local === local,
  );
  const old = element.attributes[at] as XdmAttribute;
  element.attributes[at] = new XdmAttribute(element, old.order, old.namespace, old.local, old.prefix, value);
}

/** The document written back (what {@link serialize} writes for the root, namespaces where used). */
export function write(doc: XdmDocument): string {
  return serialize(doc.root as XdmElement, new Map([['', '']]));
}

/** Where the rule texts are, per syntax. */
const EN16931_RULES: Readonly<Record<Syntax, string>> = {
  UBL: 'schematron/en16931/ubl/preprocessed/EN16931-UBL-validation-preprocessed.sch',
  CII: 'schematron/en16931/cii/preprocessed/EN16931-CII-validation-preprocessed.sch',
};

const assertTexts = new Map<string, Map<string, string>>();

/** The `@test` of every assert of a schematron file, by id (the first assert of that id). */
function assertTests(file: string): Map<string, string> {
  let tests = assertTexts.get(file);
  if (tests === undefined) {
    tests = new Map();
    const doc = parseXdm(readArtefact(file) as string);
    for (const element of doc.elements) {
      if (element.local !== 'assert') continue;
      const id = element.attributes.find((a) => a.local === 'id')?.value;
      const test = element.attributes.find((a) => a.local === 'test')?.value;
      if (id !== undefined && test !== undefined && !tests.has(id)) tests.set(id, test);
    }
    assertTexts.set(file, tests);
  }
  return tests;
}

const heldIds = new Map<string, Set<string>>();

/**
 * The ids a rule set flags as errors (an assert whose `@flag` is not `warning`), its `include`s
 * followed: a rule set judges only its own ids (EN 16931's BR-* are not in the Peppol or XRechnung
 * files, and XRechnung keeps PEPPOL-EN16931-R120 only as a warning).
 */
export function errorIds(ruleSet: string): Set<string> {
  let ids = heldIds.get(ruleSet);
  if (ids === undefined) {
    ids = new Set();
    const pending = [SUITE_RULE_SETS[ruleSet] as string];
    const seen = new Set<string>();
    while (pending.length > 0) {
      const file = pending.pop() as string;
      if (seen.has(file)) continue;
      seen.add(file);
      const doc = parseXdm(readArtefact(file) as string);
      for (const element of doc.elements) {
        const attribute = (local: string) => element.attributes.find((a) => a.local === local)?.value;
        if (element.local === 'include') {
          const href = attribute('href');
          if (href !== undefined) pending.push(new URL(href, `file:///${file}`).pathname.slice(1));
        } else if (element.local === 'assert') {
          const id = attribute('id');
          if (id !== undefined && attribute('flag') !== 'warning') ids.add(id);
        }
      }
    }
    heldIds.set(ruleSet, ids);
  }
  return ids;
}

/** The test of an EN 16931 assert, as the rule text writes it. */
export function ruleText(syntax: Syntax, id: string): string {
  const test = assertTests(EN16931_RULES[syntax]).get(id);
  if (test === undefined) throw new Error(`no assert ${id} in the ${syntax} rules`);
  return test;
}

/**
 * The codes a BR-CL rule accepts: every `' A B C '` list its test looks values up in
 * (`contains(' AED AFN … ', concat(' ', normalize-space(.), ' '))`); BR-CL-01 of UBL has two (invoice
 * and credit note type codes), and both count.
 */
export function codeList(syntax: Syntax, id: string): Set<string> {
  const codes = new Set<string>();
  for (const match of ruleText(syntax, id).matchAll(/contains\(\s*'([^']*)'/g))
    for (const code of (match[1] ?? '').split(' ')) if (code !== '') codes.add(code);
  if (codes.size === 0) throw new Error(`${id} has no code list`);
  return codes;
}

/**
 * Whether an EN 16931 rule compares with the ±1 tolerance (`TaxableAmount - 1 < …` and
 * `… + 1 > …`: BR-S-08 in UBL, BR-Z-08 in CII, every BR-S-09), as opposed to an exact `=`.
 */
export function hasUnitTolerance(syntax: Syntax, id: string): boolean {
  return /-\s*1\s*\)?\s*</.test(ruleText(syntax, id));
}

/** A code that a list does not hold: random letters and digits, or a listed code in lower case. */
export function codeNotIn(codes: ReadonlySet<string>): fc.Arbitrary<string> {
  const lowered = [...codes].map((code) => code.toLowerCase()).filter((code) => !codes.has(code));
  const random = fc.stringMatching(/^[A-Z0-9]{1,4}$/);
  const arbitrary =
    lowered.length === 0
      ? random
      : fc.oneof({ weight: 3, arbitrary: random }, { weight: 1, arbitrary: fc.constantFrom(...lowered) });
  return arbitrary.filter((code) => !codes.has(code));
}

/**
 * A non-zero change of an amount with two decimals, either sign: a few cents, up to a few thousand, or
 * up to about ten thousand million.
 */
export const amountDeltaArb: fc.Arbitrary<Dec> = fc
  .tuple(
    fc.oneof(
      fc.integer({ min: 1, max: 99 }),
      fc.integer({ min: 100, max: 999_999 }),
      fc.bigInt({ min: 1_000_000n, max: 1_000_000_000_000n }),
    ),
    fc.boolean(),
  )
  .map(([cents, negative]) => new Dec(cents.toString()).dividedBy(100).times(negative ? -1 : 1));

/** What a mutation expects of one rule set. */
export interface Expectation {
  /** Ids that must fire as errors (and did not on the document before). */
  must: string[];
  /** Ids that must not fire (where the rule text's tolerance absorbs the change). */
  mustNot: string[];
  /** Other ids that may newly fire: rules that read the changed value too (see each mutation). */
  may: (string | RegExp)[];
}

/**
 * A mutation applied: what was done, and what the rules must say. The expectation names ids of every
 * rule set; {@link expectationFor} keeps those a rule set holds.
 */
export interface Applied {
  description: string;
  expect: Expectation;
}

/** What one rule set must say about a mutation: the ids it holds as errors. */
export function expectationFor(applied: Applied, ruleSet: string): Expectation {
  const held = errorIds(ruleSet);
  return {
    must: applied.expect.must.filter((id) => held.has(id)),
    mustNot: applied.expect.mustNot.filter((id) => held.has(id)),
    may: applied.expect.may,
  };
}

/** A kind of mutation, its random part erased (see {@link define}). */
export interface Mutation {
  /** A short name: `UBL payable amount (BT-115)`. */
  name: string;
  syntax: Syntax;
  /** Where it can apply, in a freshly parsed document (none: it does not apply to that document). */
  targets(doc: XdmDocument): XdmElement[];
  /** The random part: an amount change, a code, nothing (built on use: code lists are read from the rules). */
  value(): fc.Arbitrary<unknown>;
  /** Edits the target in place and says what must fire. */
  apply(target: XdmElement, value: unknown): Applied;
}

/** A mutation with a typed random part. */
function define<V>(mutation: {
  name: string;
  syntax: Syntax;
  targets(doc: XdmDocument): XdmElement[];
  value(): fc.Arbitrary<V>;
  apply(target: XdmElement, value: V): Applied;
}): Mutation {
  return mutation as unknown as Mutation;
}

/** Applies a mutation to a document: the mutated text and what it expects, or undefined. */
export function mutate(
  mutation: Mutation,
  xml: string,
  pick: number,
  value: unknown,
): { xml: string; applied: Applied } | undefined {
  const doc = parseXdm(xml);
  const targets = mutation.targets(doc);
  if (targets.length === 0) return undefined;
  const target = targets[pick % targets.length] as XdmElement;
  const applied = mutation.apply(target, value);
  return { xml: write(doc), applied };
}

/** A rule whose firing a mutation computes: true (must fire), false (must not), undefined (either). */
interface Computed {
  id: string;
  fires: boolean | undefined;
}

function expectation(must: string[], computed: Computed[], may: (string | RegExp)[]): Expectation {
  const out: Expectation = { must: [...must], mustNot: [], may: [...may] };
  for (const { id, fires } of computed) {
    if (fires === true) out.must.push(id);
    else if (fires === false) out.mustNot.push(id);
    else out.may.push(id);
  }
  return out;
}

/** Adds a change to an amount, keeping its own decimals (the change has two). */
function shift(target: XdmElement, delta: Dec): { before: string; after: string } {
  const before = target.stringValue.trim();
  const after = new Dec(before).plus(delta).toFixed();
  setText(target, after);
  return { before, after };
}

/** XPath 2.0 `round` (F&O §6.4.4): to the nearest integer, halves towards +∞. */
function xpathRound(value: Dec, places = 0): Dec {
  return value.toDecimalPlaces(places, Dec.ROUND_HALF_CEIL);
}

/**
 * The ±1 test of BR-S-09, BR-AF-09, BR-AG-09 and BR-CO-17 (`abs(tax) - 1 < round(abs(taxable) × rate
 * ÷ 100 × 100) ÷ 100 and abs(tax) + 1 > …`): whether it fails, i.e. |tax| lies 1 or more from the
 * computed tax. Undefined within 0.02 of the edge: the CII texts multiply by an untyped rate, so compute
 * in xs:double, and BR-CO-17 of CII compares with `<=` where UBL's compares with `<`.
 */
function offByOneOrMore(tax: Dec, taxable: Dec, percent: Dec): boolean | undefined {
  const computed = xpathRound(taxable.abs().times(percent).dividedBy(100), 2);
  const off = tax.abs().minus(computed).abs();
  if (off.minus(1).abs().lessThanOrEqualTo('0.02')) return undefined;
  return off.greaterThan(1);
}

/**
 * The EN 16931 rule family of a VAT category code (UNTDID 5305 as EN 16931 uses it): BR-S-*, BR-Z-*,
 * BR-E-*, BR-AE-*, BR-IC-* (K, intra-community), BR-G-*, BR-O-*, BR-AF-* (L, IGIC), BR-AG-* (M, IPSI).
 */
const CATEGORY_RULES: Readonly<Record<string, string>> = {
  S: 'S',
  Z: 'Z',
  E: 'E',
  AE: 'AE',
  K: 'IC',
  G: 'G',
  O: 'O',
  L: 'AF',
  M: 'AG',
};

/** Every id of the VAT category families (BR-S-01 … BR-AG-10), and split payment's BR-B-*. */
const CATEGORY_FAMILY = /^BR-(S|Z|E|AE|IC|G|O|AF|AG|B)-\d+$/;

/**
 * BR-<category>-08 (VAT category taxable amount = Σ line net amounts of that category ± document
 * charges and allowances) after a line's net amount changed by `delta`: an exact rule catches one cent;
 * a ±1 rule (UBL BR-S-08, CII BR-Z-08, …) catches 2 or more for sure (the document's own difference is
 * below 1), and may or may not catch less.
 */
function categoryRule08(syntax: Syntax, category: string, delta: Dec): Computed[] {
  const family = CATEGORY_RULES[category];
  if (family === undefined) return [];
  const id = `BR-${family}-08`;
  const certain = !hasUnitTolerance(syntax, id) || delta.abs().greaterThanOrEqualTo(2);
  return [{ id, fires: certain ? true : undefined }];
}

/**
 * After a VAT breakdown's tax amount changed: BR-<category>-09 — a `= 0` rule (Z, E, AE, K, G, O)
 * fails on any non-zero amount, a ±1 rule (S, L, M) as {@link offByOneOrMore} says, a `true()` rule
 * (CII BR-AF-09, BR-AG-09) never — and BR-CO-17 (every breakdown: `round(rate) = 0 and round(tax) = 0`,
 * or a non-zero rate and the ±1 test, or no rate and `round(tax) = 0`).
 */
function breakdownRules(
  syntax: Syntax,
  category: string,
  tax: Dec,
  taxable: Dec,
  percentText: string,
): Computed[] {
  const out: Computed[] = [];
  const percent = percentText === '' ? undefined : new Dec(percentText);
  const family = CATEGORY_RULES[category];
  if (family !== undefined) {
    const id = `BR-${family}-09`;
    if (ruleText(syntax, id).trim() === 'true()') out.push({ id, fires: false });
    else if (!hasUnitTolerance(syntax, id)) out.push({ id, fires: !tax.isZero() });
    else out.push({ id, fires: percent === undefined ? undefined : offByOneOrMore(tax, taxable, percent) });
  }
  const roundsToZero = xpathRound(tax).isZero();
  const co17 =
    percent === undefined || xpathRound(percent).isZero()
      ? !roundsToZero
      : offByOneOrMore(tax, taxable, percent);
  out.push({ id: 'BR-CO-17', fires: co17 });
  return out;
}

/**
 * PEPPOL-EN16931-R120 (Peppol BIS 3.0.19, PEPPOL-EN16931-UBL.sch): `u:slack(LineExtensionAmount,
 * quantity × (price ÷ base quantity) + Σ line charges − Σ line allowances, 0.02)`, with the rule's
 * defaults (quantity 1, price 0, base quantity 1 when absent or zero) and the charge and allowance sums
 * rounded to cents. Undefined on the slack's edge (decimal division is only as exact as the processor's
 * precision there).
 */
function r120(line: XdmElement, lineExtension: Dec): Computed {
  const quantityText = text(line, 'cbc:InvoicedQuantity|cbc:CreditedQuantity');
  const quantity = new Dec(quantityText === '' ? '1' : quantityText);
  const priceText = text(line, 'cac:Price/cbc:PriceAmount');
  const price = new Dec(priceText === '' ? '0' : priceText);
  const baseText = text(line, 'cac:Price/cbc:BaseQuantity');
  const base = baseText === '' || new Dec(baseText).isZero() ? new Dec(1) : new Dec(baseText);
  const sum = (indicator: string) =>
    xpathRound(
      path(line, 'cac:AllowanceCharge')
        .filter((charge) => text(charge, 'cbc:ChargeIndicator') === indicator)
        .reduce((total, charge) => total.plus(text(charge, 'cbc:Amount')), new Dec(0)),
      2,
    );
  const computed = quantity.times(price.dividedBy(base)).plus(sum('true')).minus(sum('false'));
  const off = lineExtension.minus(computed).abs();
  const fires = off.minus('0.02').abs().lessThan('1e-12') ? undefined : off.greaterThan('0.02');
  return { id: 'PEPPOL-EN16931-R120', fires };
}

/**
 * Ids a mutation may fire besides the ones it must, each because its rule reads the changed value too
 * (from the rule texts of EN 16931 1.3.16, Peppol BIS 3.0.19 and XRechnung 3.0.2).
 */
const RELATED: Readonly<Record<string, readonly (string | RegExp)[]>> = {
  // BR-CO-25: a positive amount due needs a due date or payment terms.
  'UBL amount due for payment (BT-115)': ['BR-CO-25'],
  'CII amount due for payment (BT-115)': ['BR-CO-25'],
  // UBL-SR-19/20/21 compare the payee's name with the seller's RegistrationName (`!=` with an empty
  // sequence is false); PEPPOL-EN16931-R008: the PartyLegalEntity left empty.
  'UBL seller name (BT-27)': ['UBL-SR-19', 'UBL-SR-20', 'UBL-SR-21', 'PEPPOL-EN16931-R008'],
  'CII seller name (BT-27)': ['PEPPOL-EN16931-R008'],
  // PEPPOL-EN16931-R008: the line's AssociatedDocumentLineDocument / the parent left empty.
  'UBL line identifier (BT-126)': ['PEPPOL-EN16931-R008'],
  'CII line identifier (BT-126)': ['PEPPOL-EN16931-R008'],
  'UBL invoice number (BT-1)': ['PEPPOL-EN16931-R008'],
  'CII invoice number (BT-1)': ['PEPPOL-EN16931-R008'],
  'UBL issue date (BT-2)': ['PEPPOL-EN16931-R008'],
  'CII issue date (BT-2)': ['PEPPOL-EN16931-R008'],
  // Peppol's own type code lists per profile (P0100 invoices, P0101 credit notes); XRechnung's BR-DE-17.
  'UBL invoice type code (BT-3)': ['PEPPOL-EN16931-P0100', 'PEPPOL-EN16931-P0101', 'BR-DE-17'],
  'CII invoice type code (BT-3)': ['PEPPOL-EN16931-P0100', 'PEPPOL-EN16931-P0101', 'BR-DE-17'],
  // R055 (signs of the VAT totals in both currencies) and R054 (tax totals in another currency) select
  // amounts by the invoice currency code.
  'UBL invoice currency code (BT-5)': ['PEPPOL-EN16931-R054', 'PEPPOL-EN16931-R055'],
  'CII invoice currency code (BT-5)': ['PEPPOL-EN16931-R054', 'PEPPOL-EN16931-R055'],
  // The VAT category families select breakdowns, lines, allowances and charges by category code; BR-48
  // exempts category O from a rate; Peppol P0104–P0111 tie exemption reason codes to categories.
  'UBL VAT category code (BT-118, BT-95, BT-102)': [
    CATEGORY_FAMILY,
    'BR-48',
    /^PEPPOL-EN16931-P01(0[4-9]|1[01])$/,
  ],
  'UBL invoiced item VAT category code (BT-151)': [
    CATEGORY_FAMILY,
    'BR-48',
    /^PEPPOL-EN16931-P01(0[4-9]|1[01])$/,
  ],
  'CII allowance or charge VAT category code (BT-95, BT-102)': [CATEGORY_FAMILY, 'BR-48'],
  'CII VAT category code (BT-118, BT-151)': [CATEGORY_FAMILY, 'BR-48'],
  // PEPPOL-EN16931-R130: the price base quantity's unit is the invoiced quantity's.
  'UBL unit of measure code (BT-130, BT-150)': ['PEPPOL-EN16931-R130'],
};

function related(name: string): (string | RegExp)[] {
  return [...(RELATED[name] ?? [])];
}

/** `/Invoice/cac:InvoiceLine[2]/cbc:ID`: where a target is, for the failure message. */
function describePath(element: XdmElement): string {
  const steps: string[] = [];
  let current: XdmElement | XdmDocument = element;
  while (current.kind === 'element') {
    const here: XdmElement = current;
    const namesakes = here.parent.children.filter(
      (c): c is XdmElement =>
        c.kind === 'element' && c.namespace === here.namespace && c.local === here.local,
    );
    steps.unshift(namesakes.length > 1 ? `${here.name}[${namesakes.indexOf(here) + 1}]` : here.name);
    current = here.parent;
  }
  return `/${steps.join('/')}`;
}

/** A changed amount whose rules fire on any change of a cent. */
function amount(
  syntax: Syntax,
  name: string,
  targets: (doc: XdmDocument) => XdmElement[],
  must: string[],
): Mutation {
  return define<Dec>({
    name: `${syntax} ${name}`,
    syntax,
    targets,
    value: () => amountDeltaArb,
    apply(target, delta) {
      const where = describePath(target);
      const { before, after } = shift(target, delta);
      return {
        description: `${where} ${before} → ${after}`,
        expect: expectation(must, [], related(`${syntax} ${name}`)),
      };
    },
  });
}

/** A mandatory element removed. */
function removal(
  syntax: Syntax,
  name: string,
  targets: (doc: XdmDocument) => XdmElement[],
  must: string[],
): Mutation {
  return define<null>({
    name: `${syntax} ${name}`,
    syntax,
    targets,
    value: () => fc.constant(null),
    apply(target) {
      const where = describePath(target);
      remove(target);
      return { description: `${where} removed`, expect: expectation(must, [], related(`${syntax} ${name}`)) };
    },
  });
}

/**
 * A code (an element's text, or its `unitCode`) replaced by one its BR-CL rule does not list: that rule
 * fires, with the others in `must`.
 */
function wrongCode(
  syntax: Syntax,
  name: string,
  targets: (doc: XdmDocument) => XdmElement[],
  rule: string,
  options: { attribute?: string; must?: string[] } = {},
): Mutation {
  const { attribute, must = [] } = options;
  return define<string>({
    name: `${syntax} ${name}`,
    syntax,
    targets,
    value: () => codeNotIn(codeList(syntax, rule)),
    apply(target, code) {
      const where = `${describePath(target)}${attribute === undefined ? '' : `/@${attribute}`}`;
      let before: string;
      if (attribute === undefined) {
        before = target.stringValue.trim();
        setText(target, code);
      } else {
        before = target.attributes.find((a) => a.local === attribute)?.value ?? '';
        setAttribute(target, attribute, code);
      }
      return {
        description: `${where} ${before} → ${code}`,
        expect: expectation([rule, ...must], [], related(`${syntax} ${name}`)),
      };
    },
  });
}

const childOf = (parent: string) => (element: XdmElement) =>
  element.parent.kind === 'element' && is(element.parent, parent);

// ---------------------------------------------------------------------------------------------------
// UBL (EN 16931 UBL binding; Peppol BIS 3 and XRechnung on top)

const UBL_LINES = 'cac:InvoiceLine|cac:CreditNoteLine';
const ubl = (doc: XdmDocument, steps: string) => path(doc.root as XdmElement, steps);

/** The UBL mutations. */
export const UBL_MUTATIONS: readonly Mutation[] = [
  // BR-CO-16: amount due = total with VAT − paid amount + rounding amount.
  amount(
    'UBL',
    'amount due for payment (BT-115)',
    (doc) => ubl(doc, 'cac:LegalMonetaryTotal/cbc:PayableAmount'),
    ['BR-CO-16'],
  ),
  // BR-CO-13: total without VAT = Σ line net − allowances + charges; BR-CO-15: total with VAT = total
  // without VAT + total VAT.
  amount(
    'UBL',
    'total without VAT (BT-109)',
    (doc) => ubl(doc, 'cac:LegalMonetaryTotal/cbc:TaxExclusiveAmount'),
    ['BR-CO-13', 'BR-CO-15'],
  ),
  // BR-CO-15, and BR-CO-16 (the amount due no longer follows).
  amount(
    'UBL',
    'total with VAT (BT-112)',
    (doc) => ubl(doc, 'cac:LegalMonetaryTotal/cbc:TaxInclusiveAmount'),
    ['BR-CO-15', 'BR-CO-16'],
  ),
  // BR-CO-10: Σ line net amount = Σ of the lines'; BR-<category>-08; Peppol's R120 (line arithmetic).
  define<Dec>({
    name: 'UBL line net amount (BT-131)',
    syntax: 'UBL',
    targets: (doc) => ubl(doc, UBL_LINES).flatMap((line) => path(line, 'cbc:LineExtensionAmount')),
    value: () => amountDeltaArb,
    apply(target, delta) {
      const line = target.parent as XdmElement;
      const category = text(line, 'cac:Item/cac:ClassifiedTaxCategory/cbc:ID');
      const where = describePath(target);
      const { before, after } = shift(target, delta);
      return {
        description: `${where} (VAT category ${category}) ${before} → ${after}`,
        expect: expectation(
          ['BR-CO-10'],
          [...categoryRule08('UBL', category, delta), r120(line, new Dec(after))],
          related('UBL line net amount (BT-131)'),
        ),
      };
    },
  }),
  // BR-CO-14: total VAT = Σ breakdown tax amounts; BR-<category>-09 and BR-CO-17 as computed.
  define<Dec>({
    name: 'UBL VAT category tax amount (BT-117)',
    syntax: 'UBL',
    targets: (doc) => ubl(doc, 'cac:TaxTotal/cac:TaxSubtotal/cbc:TaxAmount'),
    value: () => amountDeltaArb,
    apply(target, delta) {
      const subtotal = target.parent as XdmElement;
      const category = text(subtotal, 'cac:TaxCategory/cbc:ID');
      const percent = text(subtotal, 'cac:TaxCategory/cbc:Percent');
      const where = describePath(target);
      const { before, after } = shift(target, delta);
      const taxable = new Dec(text(subtotal, 'cbc:TaxableAmount'));
      return {
        description: `${where} (VAT category ${category}, ${percent || 'no'} %) ${before} → ${after}`,
        expect: expectation(
          ['BR-CO-14'],
          breakdownRules('UBL', category, new Dec(after), taxable, percent),
          related('UBL VAT category tax amount (BT-117)'),
        ),
      };
    },
  }),
  // BR-02, BR-03, BR-06, BR-21: an invoice number, an issue date, a seller name, a line identifier.
  removal('UBL', 'invoice number (BT-1)', (doc) => ubl(doc, 'cbc:ID'), ['BR-02']),
  removal('UBL', 'issue date (BT-2)', (doc) => ubl(doc, 'cbc:IssueDate'), ['BR-03']),
  removal(
    'UBL',
    'seller name (BT-27)',
    (doc) => ubl(doc, 'cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName'),
    ['BR-06'],
  ),
  removal(
    'UBL',
    'line identifier (BT-126)',
    (doc) => ubl(doc, UBL_LINES).flatMap((line) => path(line, 'cbc:ID')),
    ['BR-21'],
  ),
  // BR-CL-01 (UNTDID 1001).
  wrongCode(
    'UBL',
    'invoice type code (BT-3)',
    (doc) => ubl(doc, 'cbc:InvoiceTypeCode|cbc:CreditNoteTypeCode'),
    'BR-CL-01',
  ),
  // BR-CL-04 (ISO 4217); BR-CO-15 then finds no total VAT amount in the invoice currency (its
  // `count(…[@currencyID = $Currency]) eq 1`), and Peppol's R051 every currencyID differing from it.
  wrongCode(
    'UBL',
    'invoice currency code (BT-5)',
    (doc) => ubl(doc, 'cbc:DocumentCurrencyCode'),
    'BR-CL-04',
    {
      must: ['BR-CO-15', 'PEPPOL-EN16931-R051'],
    },
  ),
  // BR-CL-14 (ISO 3166-1 alpha-2), for every address's country.
  wrongCode(
    'UBL',
    'country code',
    (doc) => everywhere(doc, 'cbc:IdentificationCode').filter(childOf('cac:Country')),
    'BR-CL-14',
  ),
  // BR-CL-17 (UNTDID 5305) for breakdowns, allowances and charges; BR-CL-18 for line items.
  wrongCode(
    'UBL',
    'VAT category code (BT-118, BT-95, BT-102)',
    (doc) => everywhere(doc, 'cbc:ID').filter(childOf('cac:TaxCategory')),
    'BR-CL-17',
  ),
  wrongCode(
    'UBL',
    'invoiced item VAT category code (BT-151)',
    (doc) => everywhere(doc, 'cbc:ID').filter(childOf('cac:ClassifiedTaxCategory')),
    'BR-CL-18',
  ),
  // BR-CL-23 (UN/ECE Recommendation 20/21).
  wrongCode(
    'UBL',
    'unit of measure code (BT-130, BT-150)',
    (doc) =>
      everywhere(doc, 'cbc:InvoicedQuantity|cbc:CreditedQuantity|cbc:BaseQuantity').filter((e) =>
        e.attributes.some((a) => a.local === 'unitCode'),
      ),
    'BR-CL-23',
    { attribute: 'unitCode' },
  ),
];

// ---------------------------------------------------------------------------------------------------
// CII (EN 16931 CII binding; XRechnung on top)

const SETTLEMENT = 'rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement';
const SUMMATION = `${SETTLEMENT}/ram:SpecifiedTradeSettlementHeaderMonetarySummation`;
const CII_LINES = 'rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem';
const cii = (doc: XdmDocument, steps: string) => path(doc.root as XdmElement, steps);

/** The CII mutations: the same business rules, in the CII binding. */
export const CII_MUTATIONS: readonly Mutation[] = [
  amount('CII', 'amount due for payment (BT-115)', (doc) => cii(doc, `${SUMMATION}/ram:DuePayableAmount`), [
    'BR-CO-16',
  ]),
  amount('CII', 'total without VAT (BT-109)', (doc) => cii(doc, `${SUMMATION}/ram:TaxBasisTotalAmount`), [
    'BR-CO-13',
    'BR-CO-15',
  ]),
  amount('CII', 'total with VAT (BT-112)', (doc) => cii(doc, `${SUMMATION}/ram:GrandTotalAmount`), [
    'BR-CO-15',
    'BR-CO-16',
  ]),
  define<Dec>({
    name: 'CII line net amount (BT-131)',
    syntax: 'CII',
    targets: (doc) =>
      cii(doc, CII_LINES).flatMap((line) =>
        path(
          line,
          'ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount',
        ),
      ),
    value: () => amountDeltaArb,
    apply(target, delta) {
      const settlement = target.parent?.parent as XdmElement;
      const category = text(settlement, 'ram:ApplicableTradeTax/ram:CategoryCode');
      const where = describePath(target);
      const { before, after } = shift(target, delta);
      return {
        description: `${where} (VAT category ${category}) ${before} → ${after}`,
        expect: expectation(
          ['BR-CO-10'],
          categoryRule08('CII', category, delta),
          related('CII line net amount (BT-131)'),
        ),
      };
    },
  }),
  define<Dec>({
    name: 'CII VAT category tax amount (BT-117)',
    syntax: 'CII',
    targets: (doc) => cii(doc, `${SETTLEMENT}/ram:ApplicableTradeTax/ram:CalculatedAmount`),
    value: () => amountDeltaArb,
    apply(target, delta) {
      const tax = target.parent as XdmElement;
      const root = tax.parent?.parent?.parent as XdmElement;
      const currency = text(root, `${SETTLEMENT}/ram:InvoiceCurrencyCode`);
      // BR-CO-14's context is the total VAT amount in the invoice currency: without one it judges nothing.
      const judged = path(root, `${SUMMATION}/ram:TaxTotalAmount`).some((total) =>
        total.attributes.some((a) => a.local === 'currencyID' && a.value === currency),
      );
      const category = text(tax, 'ram:CategoryCode');
      const percent = text(tax, 'ram:RateApplicablePercent');
      const where = describePath(target);
      const { before, after } = shift(target, delta);
      const basis = new Dec(text(tax, 'ram:BasisAmount'));
      return {
        description: `${where} (VAT category ${category}, ${percent || 'no'} %) ${before} → ${after}`,
        expect: expectation(
          judged ? ['BR-CO-14'] : [],
          breakdownRules('CII', category, new Dec(after), basis, percent),
          related('CII VAT category tax amount (BT-117)'),
        ),
      };
    },
  }),
  removal('CII', 'invoice number (BT-1)', (doc) => cii(doc, 'rsm:ExchangedDocument/ram:ID'), ['BR-02']),
  removal('CII', 'issue date (BT-2)', (doc) => cii(doc, 'rsm:ExchangedDocument/ram:IssueDateTime'), [
    'BR-03',
  ]),
  removal(
    'CII',
    'seller name (BT-27)',
    (doc) =>
      cii(
        doc,
        'rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:SellerTradeParty/ram:Name',
      ),
    ['BR-06'],
  ),
  removal(
    'CII',
    'line identifier (BT-126)',
    (doc) =>
      cii(doc, CII_LINES).flatMap((line) => path(line, 'ram:AssociatedDocumentLineDocument/ram:LineID')),
    ['BR-21'],
  ),
  wrongCode(
    'CII',
    'invoice type code (BT-3)',
    (doc) => cii(doc, 'rsm:ExchangedDocument/ram:TypeCode'),
    'BR-CL-01',
  ),
  wrongCode(
    'CII',
    'invoice currency code (BT-5)',
    (doc) => cii(doc, `${SETTLEMENT}/ram:InvoiceCurrencyCode`),
    'BR-CL-04',
    {
      must: ['BR-CO-15'],
    },
  ),
  wrongCode('CII', 'country code', (doc) => everywhere(doc, 'ram:CountryID'), 'BR-CL-14'),
  // CII splits the category codes otherwise than UBL: BR-CL-17 for allowances and charges
  // (CategoryTradeTax), BR-CL-18 for breakdowns and lines (ApplicableTradeTax).
  wrongCode(
    'CII',
    'allowance or charge VAT category code (BT-95, BT-102)',
    (doc) => everywhere(doc, 'ram:CategoryCode').filter(childOf('ram:CategoryTradeTax')),
    'BR-CL-17',
  ),
  wrongCode(
    'CII',
    'VAT category code (BT-118, BT-151)',
    (doc) => everywhere(doc, 'ram:CategoryCode').filter(childOf('ram:ApplicableTradeTax')),
    'BR-CL-18',
  ),
  wrongCode(
    'CII',
    'unit of measure code (BT-130, BT-150)',
    (doc) =>
      everywhere(doc, 'ram:BilledQuantity|ram:BasisQuantity').filter((e) =>
        e.attributes.some((a) => a.local === 'unitCode'),
      ),
    'BR-CL-23',
    { attribute: 'unitCode' },
  ),
];
