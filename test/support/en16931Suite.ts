/**
 * The official EN 16931 / Peppol / XRechnung unit tests of `shared/en16931/unit-tests` (issue #21
 * "Correctness: the official suites are the judge"), read as vefa-validator reads them
 * (shared/en16931/SOURCES.md "How the unit tests are judged"), and the rule sets compiled once per
 * test process from `shared/en16931/schematron`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type CompiledSchematron, compileSchematron } from '../../src/schematron/compile.js';
import type { SchematronFinding } from '../../src/schematron/finding.js';
import { parseXdm, type XdmElement, type XdmNode } from '../../src/xpath/document.js';
import { SHARED_DIR } from './shared.js';

/** `shared/en16931`. */
export const EN16931_DIR = join(SHARED_DIR, 'en16931');

/** Whether the artefacts are there. */
export const hasEn16931 = existsSync(join(EN16931_DIR, 'unit-tests', 'manifest-vefa.json'));

/** The message a skipped test shows. */
export const EN16931_MISSING = `shared/en16931 not found at ${EN16931_DIR}: the official EN 16931 / Peppol / XRechnung suites are skipped`;

/** The manifest names of the rule sets, and their entry files under `shared/en16931`. */
export const SUITE_RULE_SETS: Readonly<Record<string, string>> = {
  'EN16931-UBL': 'schematron/en16931/ubl/preprocessed/EN16931-UBL-validation-preprocessed.sch',
  'EN16931-CII': 'schematron/en16931/cii/preprocessed/EN16931-CII-validation-preprocessed.sch',
  'PEPPOL-UBL': 'schematron/peppol/PEPPOL-EN16931-UBL.sch',
  'PEPPOL-CII': 'schematron/peppol/PEPPOL-EN16931-CII.sch',
  'XR-UBL': 'schematron/xrechnung/merged/ubl/XRechnung-UBL-validation.sch',
  'XR-CII': 'schematron/xrechnung/merged/cii/XRechnung-CII-validation.sch',
};

const compiled = new Map<string, CompiledSchematron>();

/** Reads a file under `shared/en16931`, undefined when missing. */
export function readArtefact(path: string): string | undefined {
  const full = join(EN16931_DIR, path);
  return existsSync(full) ? readFileSync(full, 'utf8') : undefined;
}

/** A rule set by its manifest name, compiled once. */
export function ruleSet(name: string): CompiledSchematron {
  let rules = compiled.get(name);
  if (rules === undefined) {
    const entry = SUITE_RULE_SETS[name];
    if (entry === undefined) throw new Error(`unknown rule set ${name}`);
    rules = compileSchematron(readArtefact, entry, { eager: true });
    compiled.set(name, rules);
  }
  return rules;
}

/** A vefa test case of `manifest-vefa.json`. */
export interface VefaCase {
  id: string;
  file: string;
  test_index: number;
  configuration: string;
  rulesets: string[];
  root: string;
  description: string;
  scope: string[];
  success: string[];
  error: Record<string, number>;
  warning: Record<string, number>;
  reference_saxon_he: string[];
}

/** An XRechnung identity case of `manifest-xrechnung-identity.json`. */
export interface XRechnungCase {
  id: string;
  file: string;
  ruleset: string;
  schematron_valid: string[];
  schematron_invalid: string[];
  description: string;
  reference_saxon_he: string[];
}

/** Reads a manifest. */
export function manifest<T>(name: string): T[] {
  return JSON.parse(readFileSync(join(EN16931_DIR, 'unit-tests', name), 'utf8')) as T[];
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(text: string): string {
  return escapeText(text)
    .replace(/"/g, '&quot;')
    .replace(/\r/g, '&#13;')
    .replace(/\n/g, '&#10;')
    .replace(/\t/g, '&#9;');
}

/** Writes an element as a document of its own, declaring every namespace it uses where it uses it. */
export function serialize(element: XdmElement, inScope: ReadonlyMap<string, string>): string {
  const declared = new Map(inScope);
  const declarations: string[] = [];
  const need = (prefix: string, namespace: string) => {
    if (prefix === 'xml') return;
    if (declared.get(prefix) !== namespace) {
      declared.set(prefix, namespace);
      declarations.push(
        prefix === ''
          ? ` xmlns="${escapeAttribute(namespace)}"`
          : ` xmlns:${prefix}="${escapeAttribute(namespace)}"`,
      );
    }
  };
  need(element.prefix, element.namespace);
  for (const attribute of element.attributes)
    if (attribute.prefix !== '') need(attribute.prefix, attribute.namespace);
  let out = `<${element.name}${declarations.join('')}`;
  for (const attribute of element.attributes)
    out += ` ${attribute.name}="${escapeAttribute(attribute.value)}"`;
  if (element.children.length === 0) return `${out}/>`;
  out += '>';
  for (const child of element.children)
    out += child.kind === 'text' ? escapeText(child.value) : serialize(child, declared);
  return `${out}</${element.name}>`;
}

/** The documents inside a vefa test file, in order (the element after each test's `assert`). */
export function vefaDocuments(path: string): string[] {
  const root = parseXdm(readFileSync(join(EN16931_DIR, path), 'utf8')).root as XdmElement;
  const documents: string[] = [];
  for (const test of root.children) {
    if (test.kind !== 'element' || test.local !== 'test') continue;
    const document = test.children.find(
      (child): child is XdmElement => child.kind === 'element' && child.local !== 'assert',
    );
    if (document === undefined) throw new Error(`${path}: a test without a document`);
    documents.push(serialize(document, new Map([['', '']])));
  }
  return documents;
}

/**
 * The vefa flag of a finding, as the manifests record Saxon's: fatal → error, warning → warning, any
 * other flag (`information`, none) → unknown.
 */
export function vefaFlag(finding: SchematronFinding): string {
  if (finding.flag === 'fatal') return 'error';
  if (finding.flag === 'warning') return 'warning';
  return 'unknown';
}

/** `ID/flag` of every finding, sorted: the form of `reference_saxon_he`. */
export function firedIds(findings: readonly SchematronFinding[]): string[] {
  return findings.map((f) => `${f.id}/${vefaFlag(f)}`).sort();
}

/**
 * Whether the fired ids pass a vefa test (vefa-validator semantics): in-scope ids only; every
 * `success` id must not fire; every `error`/`warning` id fires exactly N times with that flag; no
 * other in-scope firing.
 */
export function vefaVerdict(test: VefaCase, scope: readonly string[], fired: readonly string[]): string[] {
  const problems: string[] = [];
  const inScope = fired.filter(
    (entry) => scope.length === 0 || scope.includes(entry.slice(0, entry.lastIndexOf('/'))),
  );
  const counts = new Map<string, number>();
  for (const entry of inScope) counts.set(entry, (counts.get(entry) ?? 0) + 1);
  for (const id of test.success)
    for (const entry of inScope) if (entry.startsWith(`${id}/`)) problems.push(`${id} fired`);
  const expected = new Map<string, number>();
  for (const [id, n] of Object.entries(test.error)) expected.set(`${id}/error`, n);
  for (const [id, n] of Object.entries(test.warning)) expected.set(`${id}/warning`, n);
  for (const [entry, n] of expected)
    if ((counts.get(entry) ?? 0) !== n)
      problems.push(`${entry} fired ${counts.get(entry) ?? 0}×, expected ${n}`);
  for (const [entry] of counts) {
    const id = entry.slice(0, entry.lastIndexOf('/'));
    if (!expected.has(entry) && !test.success.includes(id)) problems.push(`unexpected ${entry}`);
  }
  return problems;
}

/** Test-set scope of a vefa file (the `assert/scope` of the `testSet`). */
export function vefaFileScope(path: string): string[] {
  const root = parseXdm(readFileSync(join(EN16931_DIR, path), 'utf8')).root as XdmElement;
  const assert = root.children.find((c): c is XdmElement => c.kind === 'element' && c.local === 'assert');
  if (assert === undefined) return [];
  return assert.children
    .filter((c): c is XdmElement => c.kind === 'element' && c.local === 'scope')
    .map((c: XdmNode) => (c as XdmElement).stringValue.trim());
}
