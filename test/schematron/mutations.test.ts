/**
 * Issue #21 "Properties: fast-check mutations of valid invoices (a changed total, a removed mandatory
 * element, a wrong code) are caught with the right rule id".
 *
 * Every property starts from a document Saxon-HE judged error-free (examples/manifest.json, perf/*-10-
 * lines.xml), changes one thing at random — an amount by a random non-zero number of cents, either sign,
 * small or large; a mandatory element removed; a code replaced by a random one its code list does not
 * hold — and asserts, under every rule set the document was error-free against:
 * - every id the business rules name for that change fires as an error (ids a rule set does not hold are
 *   not asked of it: EN 16931's BR-* are not in the Peppol or XRechnung files), and did not fire before;
 * - the ids whose firing depends on a tolerance (BR-S-09, BR-CO-17, UBL BR-S-08, PEPPOL-EN16931-R120)
 *   fire exactly when the rule text, computed from the document's values, says so;
 * - nothing else newly fires, except rules that read the changed value too (listed with their reason in
 *   test/support/einvoiceMutations.ts), and no rule raises a dynamic error.
 * And one more property: findings do not depend on running twice, on the order documents and rule sets
 * are run in, or on how the document is indented.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { SchematronFinding } from '../../src/schematron/finding.js';
import { parseXdm, type XdmDocument, type XdmElement, XdmText } from '../../src/xpath/document.js';
import {
  CII_MUTATIONS,
  expectationFor,
  type Mutation,
  mutate,
  UBL_MUTATIONS,
  type ValidDocument,
  validDocuments,
  write,
} from '../support/einvoiceMutations.js';
import { EN16931_MISSING, hasEn16931, ruleSet } from '../support/en16931Suite.js';

/** Runs per property: enough to meet every document and both signs, light enough for a busy 2-core CI. */
const RUNS = 20;

const MUTATIONS: readonly Mutation[] = [...UBL_MUTATIONS, ...CII_MUTATIONS];

if (!hasEn16931) console.warn(`[fiscalkit tests] ${EN16931_MISSING}`);

const documents: ValidDocument[] = hasEn16931 ? validDocuments() : [];

/** Errors as the official examples are judged (test/schematron/officialSuites.test.ts): not warnings. */
function errors(findings: readonly SchematronFinding[]): SchematronFinding[] {
  return findings.filter((finding) => finding.flag !== 'warning');
}

const before = new Map<string, Set<string>>();

/** The error ids of a starting document under a rule set, as written back by the mutation editor. */
function idsBefore(document: ValidDocument, name: string): Set<string> {
  const key = `${document.file} ${name}`;
  let ids = before.get(key);
  if (ids === undefined) {
    ids = new Set(errors(ruleSet(name).run(parseXdm(write(parseXdm(document.xml))))).map((f) => f.id));
    before.set(key, ids);
  }
  return ids;
}

const confirmed = { mutations: 0, ids: 0 };

afterAll(() => {
  if (hasEn16931)
    console.log(
      `[issue #21] mutations of valid invoices: ${confirmed.mutations} mutated documents judged, ${confirmed.ids} expected rule ids fired`,
    );
});

describe.skipIf(!hasEn16931)('mutations of valid invoices are caught with the right rule id', () => {
  it('starts from the 34 documents Saxon-HE judged error-free, error-free here too, also once written back', () => {
    expect(documents.length).toBe(34);
    const problems: string[] = [];
    for (const document of documents) {
      for (const name of document.ruleSets) {
        const read = errors(ruleSet(name).run(parseXdm(document.xml))).map((f) => f.id);
        if (read.length > 0) problems.push(`${document.file} ${name}: ${read.join(' ')}`);
        if (idsBefore(document, name).size > 0)
          problems.push(`${document.file} ${name} written back: ${[...idsBefore(document, name)].join(' ')}`);
      }
    }
    expect(problems).toEqual([]);
  });

  for (const mutation of MUTATIONS) {
    it(mutation.name, () => {
      const candidates = documents.filter(
        (document) =>
          document.syntax === mutation.syntax && mutation.targets(parseXdm(document.xml)).length > 0,
      );
      expect(candidates.length, 'documents the mutation applies to').toBeGreaterThan(0);
      fc.assert(
        fc.property(fc.constantFrom(...candidates), fc.nat(), mutation.value(), (document, pick, value) => {
          const mutated = mutate(mutation, document.xml, pick, value);
          if (mutated === undefined) throw new Error(`${mutation.name} found no target in ${document.file}`);
          const parsed = parseXdm(mutated.xml);
          const problems: string[] = [];
          for (const name of document.ruleSets) {
            const expectation = expectationFor(mutated.applied, name);
            const found = errors(ruleSet(name).run(parsed));
            const fired = new Set(found.map((f) => f.id));
            const old = idsBefore(document, name);
            const related = (id: string) =>
              expectation.must.includes(id) ||
              expectation.may.some((pattern) =>
                typeof pattern === 'string' ? pattern === id : pattern.test(id),
              );
            for (const id of expectation.must) {
              if (!fired.has(id)) problems.push(`${name}: ${id} did not fire`);
              else if (old.has(id)) problems.push(`${name}: ${id} fired before the change already`);
            }
            for (const id of expectation.mustNot) if (fired.has(id)) problems.push(`${name}: ${id} fired`);
            for (const id of fired)
              if (!old.has(id) && !related(id)) problems.push(`${name}: unrelated ${id} fired`);
            for (const f of found)
              if (f.kind === 'error') problems.push(`${name}: ${f.id} raised a dynamic error: ${f.message}`);
            confirmed.ids += expectation.must.length;
          }
          confirmed.mutations += 1;
          expect(problems, `${document.file}: ${mutated.applied.description}`).toEqual([]);
        }),
        { numRuns: RUNS },
      );
    });
  }

  it('findings do not depend on running twice, on the order of documents and rule sets, or on indentation', () => {
    const caseArb = fc.constantFrom(...documents).chain((document) =>
      fc
        .option(
          fc
            .constantFrom(...MUTATIONS.filter((m) => m.syntax === document.syntax))
            .chain((mutation) => fc.tuple(fc.constant(mutation), fc.nat(), mutation.value())),
          { nil: undefined },
        )
        .map((change) => {
          const mutated =
            change === undefined ? undefined : mutate(change[0], document.xml, change[1], change[2]);
          return {
            document,
            xml: mutated?.xml ?? document.xml,
            what: mutated?.applied.description ?? 'unchanged',
          };
        }),
    );
    fc.assert(
      fc.property(
        fc.array(caseArb, { minLength: 2, maxLength: 3 }),
        fc.array(fc.stringMatching(/^[ \t\n]{1,8}$/), { minLength: 1, maxLength: 6 }),
        (cases, spaces) => {
          // In order, rule sets in the document's order…
          const first = cases.map(({ document, xml }) => {
            const parsed = parseXdm(xml);
            return { parsed, findings: document.ruleSets.map((name) => ruleSet(name).run(parsed)) };
          });
          // …then backwards, the rule sets backwards too: on the same trees, on fresh parses, reindented.
          for (let c = cases.length - 1; c >= 0; c -= 1) {
            const { document, xml, what } = cases[c] as (typeof cases)[number];
            const { parsed, findings } = first[c] as (typeof first)[number];
            const fresh = parseXdm(xml);
            const reindented = parseXdm(reindent(xml, spaces));
            for (let r = document.ruleSets.length - 1; r >= 0; r -= 1) {
              const name = document.ruleSets[r] as string;
              const reference = findings[r] as SchematronFinding[];
              const label = `${document.file} (${what}) under ${name}`;
              expect(ruleSet(name).run(parsed), `${label}: the same tree again`).toEqual(reference);
              expect(ruleSet(name).run(fresh), `${label}: parsed again`).toEqual(reference);
              expect(withoutLines(ruleSet(name).run(reindented)), `${label}: reindented`).toEqual(
                withoutLines(reference),
              );
            }
          }
        },
      ),
      { numRuns: 15 },
    );
  });
});

/** Findings without their line numbers, which reindenting moves. */
function withoutLines(findings: readonly SchematronFinding[]): Omit<SchematronFinding, 'line'>[] {
  return findings.map(({ line: _line, ...rest }) => rest);
}

/**
 * The document with the whitespace between elements replaced, cycling through `spaces`: in every element
 * whose text is only whitespace (element content), each whitespace text node is replaced and one is put
 * before every child element that had none. Text content — a leaf element's value, mixed content — is
 * left alone: that is data, not indentation.
 */
function reindent(xml: string, spaces: readonly string[]): string {
  const doc: XdmDocument = parseXdm(xml);
  let next = 0;
  const space = () => spaces[next++ % spaces.length] as string;
  for (const element of doc.elements) {
    const children = element.children;
    if (!children.some((c) => c.kind === 'element')) continue;
    if (children.some((c) => c.kind === 'text' && c.value.trim() !== '')) continue;
    const out: (XdmElement | XdmText)[] = [];
    for (const child of children) {
      if (child.kind === 'text') continue;
      out.push(new XdmText(element, child.order, space()), child);
    }
    out.push(new XdmText(element, element.end, space()));
    children.splice(0, children.length, ...out);
  }
  return write(doc);
}
