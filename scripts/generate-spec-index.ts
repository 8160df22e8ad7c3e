/**
 * Generates `docs/spec-index.md` (issue #20 §4, "an index from spec section to code"): every rule id
 * written in `src/` (`src/errors/ruleId.ts`, docs/rule-ids.md), grouped by source and by section of that
 * source, each linked to the files that name it.
 *
 *   npm run generate:spec-index
 *
 * Where a rule id is found: the TypeScript source of `src/**\/*.ts` is parsed (comments are not read)
 * and a string literal counts as a rule id when it stands where one stands:
 *
 * - the value of a property, parameter or variable named `rule` (`{ rule: 'spec.2.7.1', … }`,
 *   `rule = 'fiscalkit.resource.immutable-field'`), or of a variable named `…Rule` / `…_RULE`;
 * - a value of an object literal held by a constant named `…RULES` (`SCHEMA_RULES`, `IMPORT_RULES`);
 * - the first argument of {@link RULE_TAKERS} (`issueAt('spec.2.4.3', code, path, message)`,
 *   `documentIssue(rule, param, message)`);
 * - any argument of a call that starts with a rule source and a dot (`add('fa3.TNrKRS', …)`,
 *   `refuse('fiscalkit.json.max-bytes', …)`), except the key of a symbol (`Symbol.for(…)`);
 *
 * and, inside these, both branches of a conditional (`cond ? 'a.b' : 'c.d'`). An id built at run time
 * (a template with substitutions) cannot be indexed: write rule ids as literals.
 *
 * Every such literal must be a well-formed id ({@link isRuleId}); so must every other literal that
 * starts with a rule source and a dot, in any case (`'Spec.2.7.1'`, `'spec.2.7.1.'`), wherever it
 * stands but as a symbol's key. The command line refuses to write the index while one is not, and
 * `test/scripts/specIndex.test.ts` fails on it, as it fails when the committed index is not the one
 * this generator writes.
 *
 * Entries link to files, not lines: a line number would make the index stale on every edit above a
 * rule, and the file is where a reader (or `grep`) finds the id. Sections are sorted naturally
 * (`spec.2.10` after `spec.2.9`).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { isRuleId, RULE_SOURCES } from '../src/errors/ruleId.js';
import { isMain, ROOT } from './generated.js';

/** The index, from the project root. */
export const SPEC_INDEX_PATH = 'docs/spec-index.md';

/**
 * The functions whose first argument is a rule id, whatever it looks like, when called with this many
 * arguments (the rule is required: a call with fewer does not compile, and is not read as naming one).
 */
export const RULE_TAKERS: ReadonlyMap<string, number> = new Map([
  ['issueAt', 4],
  ['documentIssue', 3],
]);

/** A source file: its path from the project root (with `/`) and its text. */
export interface SourceText {
  readonly path: string;
  readonly text: string;
}

/** One rule-id literal: its text, the file and the line (from 1) it stands on. */
export interface RuleIdUse {
  readonly id: string;
  readonly file: string;
  readonly line: number;
}

/** What {@link findRuleIds} finds: the ids, and the literals that look like ids but are not. */
export interface RuleIdScan {
  readonly ids: readonly RuleIdUse[];
  readonly malformed: readonly RuleIdUse[];
}

/** A literal that starts as a rule id does: a source, then a dot (in any case). */
const LOOKS_LIKE_RULE_ID = new RegExp(`^(?:${RULE_SOURCES.join('|')})\\.`, 'i');

/** Names of a property, parameter or variable that holds one rule id. */
const RULE_NAME = /^rule$|Rule$|_RULE$/;

/** Names of a constant whose object literal holds rule ids. */
const RULES_NAME = /RULES$/;

/** The name of a property, parameter, variable or callee, when it has a plain one. */
function nameOf(node: ts.Node | undefined): string | undefined {
  if (node === undefined) return undefined;
  if (ts.isIdentifier(node) || ts.isStringLiteral(node) || ts.isPrivateIdentifier(node)) return node.text;
  if (ts.isPropertyAccessExpression(node)) return node.name.text;
  return undefined;
}

/** The expression without parentheses, `as` and `satisfies`. */
function unwrap(node: ts.Expression): ts.Expression {
  let current = node;
  while (
    ts.isParenthesizedExpression(current) ||
    ts.isAsExpression(current) ||
    ts.isSatisfiesExpression(current)
  )
    current = current.expression;
  return current;
}

/** The string literals an expression in a rule position may evaluate to (both branches of `?:`). */
function literalsOf(node: ts.Expression): ts.StringLiteralLike[] {
  const expression = unwrap(node);
  if (ts.isStringLiteralLike(expression)) return [expression];
  if (ts.isConditionalExpression(expression))
    return [...literalsOf(expression.whenTrue), ...literalsOf(expression.whenFalse)];
  return [];
}

/** The literals of an object literal's property values (a `…RULES` constant), nested objects too. */
function objectValues(node: ts.Expression): ts.StringLiteralLike[] {
  const expression = unwrap(node);
  if (!ts.isObjectLiteralExpression(expression)) return literalsOf(expression);
  return expression.properties.flatMap((property) =>
    ts.isPropertyAssignment(property) ? objectValues(property.initializer) : [],
  );
}

/**
 * Every rule-id literal of `files`, in file order, and those of them (or of any literal that starts
 * like one) that are not well-formed ids.
 *
 * @example
 * findRuleIds([{ path: 'src/a.ts', text: "issueAt('spec.2.4.3', 'parameter_blank', ['contact'], 'x');" }]);
 * // { ids: [{ id: 'spec.2.4.3', file: 'src/a.ts', line: 1 }], malformed: [] }
 */
export function findRuleIds(files: readonly SourceText[]): RuleIdScan {
  const ids: RuleIdUse[] = [];
  const malformed: RuleIdUse[] = [];
  for (const { path, text } of files) {
    const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    const positioned = new Set<ts.Node>();
    const symbolKeys = new Set<ts.Node>();
    const use = (literal: ts.StringLiteralLike): RuleIdUse => ({
      id: literal.text,
      file: path,
      line: source.getLineAndCharacterOfPosition(literal.getStart(source)).line + 1,
    });
    const inRulePosition = (literals: readonly ts.StringLiteralLike[]) => {
      for (const literal of literals) positioned.add(literal);
    };
    const visit = (node: ts.Node): void => {
      if (
        (ts.isPropertyAssignment(node) || ts.isParameter(node) || ts.isVariableDeclaration(node)) &&
        node.initializer !== undefined
      ) {
        const name = nameOf(node.name);
        if (name !== undefined && RULE_NAME.test(name)) inRulePosition(literalsOf(node.initializer));
        if (ts.isVariableDeclaration(node) && name !== undefined && RULES_NAME.test(name))
          inRulePosition(objectValues(node.initializer));
      }
      if (ts.isCallExpression(node)) {
        const [first] = node.arguments;
        if (first !== undefined && RULE_TAKERS.get(nameOf(node.expression) ?? '') === node.arguments.length)
          inRulePosition(literalsOf(first));
        // A symbol's key is a name, not a rule (`Symbol.for('fiscalkit.xsd.inputProviderState')`).
        const symbol = /^Symbol(?:\.for)?$/.test(node.expression.getText(source));
        if (symbol) for (const argument of node.arguments) symbolKeys.add(unwrap(argument));
        else
          for (const argument of node.arguments)
            inRulePosition(literalsOf(argument).filter((literal) => LOOKS_LIKE_RULE_ID.test(literal.text)));
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    const check = (node: ts.Node): void => {
      if (ts.isStringLiteralLike(node)) {
        if (positioned.has(node)) (isRuleId(node.text) ? ids : malformed).push(use(node));
        else if (!symbolKeys.has(node) && LOOKS_LIKE_RULE_ID.test(node.text) && !isRuleId(node.text))
          malformed.push(use(node));
      }
      ts.forEachChild(node, check);
    };
    check(source);
  }
  return { ids, malformed };
}

/**
 * Orders rule ids naturally: segment by segment, numbers by value and before words, words by code
 * point (`spec.2.9` < `spec.2.10` < `spec.2.krs`).
 *
 * @example
 * ['spec.2.10', 'spec.2.9', 'spec.2.krs'].sort(compareRuleIds); // ['spec.2.9', 'spec.2.10', 'spec.2.krs']
 */
export function compareRuleIds(a: string, b: string): number {
  const left = a.split('.');
  const right = b.split('.');
  for (let index = 0; index < Math.min(left.length, right.length); index += 1) {
    const x = left[index] ?? '';
    const y = right[index] ?? '';
    if (x === y) continue;
    const xNumber = /^\d+$/.test(x);
    const yNumber = /^\d+$/.test(y);
    // money-safe: section and rule numbers of a document, not amounts.
    if (xNumber && yNumber) return Number.parseInt(x, 10) - Number.parseInt(y, 10);
    if (xNumber !== yNumber) return xNumber ? -1 : 1;
    return x < y ? -1 : 1;
  }
  // money-safe: segment counts.
  return left.length - right.length;
}

/** What each source cites, for the index's headings (`src/errors/ruleId.ts`). */
const SOURCE_TITLES: Readonly<Record<string, string>> = {
  spec: 'The service specification (`shared/spec/service-spec.md`)',
  api: "The real service's documented behaviour (`shared/reference/api-notes.md`)",
  taxmath: 'The normative totals (`shared/reference/taxmath.md`)',
  fa3: 'The KSeF FA(3) XSD: types and elements',
  ksef: 'KSeF and FA(3) notes (`shared/reference/ksef-fa3.md`)',
  sii: 'The SII XSDs and notes (`shared/reference/sii.md`)',
  xml: 'XML safety and well-formedness',
  fiscalkit: "fiscalkit's own decisions, where the sources are silent",
};

/**
 * The spec's top-level sections that have numbered subsections (§2.1–§2.13, §3.1–§3.3, §4.1–§4.8,
 * §7.1–§7.2): after one of them, the next number is the subsection; after any other, it is a rule
 * (`spec.9.1` is §9 rule 1, `spec.2.7.1` is §2.7 rule 1).
 */
const SPEC_SECTIONS_WITH_SUBSECTIONS: ReadonlySet<string> = new Set(['2', '3', '4', '7']);

/**
 * The section of the source an id cites, and its rule number (spec ids only): the numbered section
 * (`2.7`, `3.1`), the area of a fiscalkit rule (`ksef`), or `''` for an id named after what it checks
 * (an XSD type or element, an XML rule), which are listed together.
 */
function sectionOf(id: string): { section: string; rule: string | undefined } {
  const [source = '', ...rest] = id.split('.');
  const numbers: string[] = [];
  for (const segment of rest) {
    if (!/^\d+$/.test(segment)) break;
    numbers.push(segment);
  }
  if (numbers.length === 0)
    return { section: source === 'fiscalkit' ? (rest[0] ?? '') : '', rule: undefined };
  if (source !== 'spec') return { section: numbers.join('.'), rule: undefined };
  const [top = '', second] = numbers;
  const depth = SPEC_SECTIONS_WITH_SUBSECTIONS.has(top) && second !== undefined ? 2 : 1;
  return { section: numbers.slice(0, depth).join('.'), rule: numbers[depth] };
}

/**
 * The index as Markdown: a table of contents by source, then per source and section every rule id
 * with the files that name it.
 *
 * @example
 * specIndexMarkdown([{ id: 'spec.2.7.1', file: 'src/rules/thirdPartyCountry.ts', line: 22 }]);
 * // '# Spec index …| `spec.2.7.1` | rule 1 | [src/rules/thirdPartyCountry.ts](../src/rules/thirdPartyCountry.ts) |…'
 */
export function specIndexMarkdown(uses: readonly RuleIdUse[]): string {
  const files = new Map<string, Set<string>>();
  for (const { id, file } of uses) {
    const set = files.get(id) ?? new Set<string>();
    set.add(file);
    files.set(id, set);
  }
  const ids = [...files.keys()].sort(compareRuleIds);
  const lines = [
    '# Spec index',
    '',
    '<!-- GENERATED FILE — do not edit. Generator: scripts/generate-spec-index.ts. -->',
    '<!-- Regenerate with `npm run generate:spec-index` (CI checks it: test/scripts/specIndex.test.ts). -->',
    '',
    `Every rule id written in \`src/\` (${String(ids.length)} ids), by the source it cites and the section of that`,
    'source, with the files that name it. The scheme is described in [rule-ids.md](rule-ids.md); a',
    "host reads the id of a finding as `issue.rule`. Spec rules are numbered as the spec's lists are",
    '(`spec.2.7.1`: §2.7 rule 1); a fact the spec states without a number has a slug (`spec.8.regon`).',
    '',
  ];
  const sources = RULE_SOURCES.filter((source) => ids.some((id) => id.startsWith(`${source}.`)));
  for (const source of sources)
    lines.push(`- [\`${source}\`](#${source}): ${SOURCE_TITLES[source] ?? source}`);
  for (const source of sources) {
    lines.push('', `## ${source}`, '', `${SOURCE_TITLES[source] ?? source}.`);
    const own = ids.filter((id) => id.startsWith(`${source}.`));
    // Numbered sections in their order, then the named ones (ids sort numbers first).
    const sections = [...new Set(own.map((id) => sectionOf(id).section))];
    const numbered = source === 'spec';
    for (const section of sections) {
      const heading =
        section === ''
          ? source === 'xml'
            ? 'by name'
            : 'by XSD type or element'
          : /^\d/.test(section)
            ? `§${section}`
            : `\`${section}\``;
      lines.push('', `### ${source} ${heading}`, '');
      lines.push(numbered ? '| Rule id | Rule | Where |' : '| Rule id | Where |');
      lines.push(numbered ? '|---|---|---|' : '|---|---|');
      for (const id of own.filter((candidate) => sectionOf(candidate).section === section)) {
        const rule = sectionOf(id).rule;
        const where = [...(files.get(id) ?? [])]
          .sort()
          .map((file) => `[${file}](../${file})`)
          .join(', ');
        const ruleCell = numbered ? ` ${rule === undefined ? '' : `rule ${rule}`} |` : '';
        lines.push(`| \`${id}\` |${ruleCell} ${where} |`);
      }
    }
  }
  return `${lines.join('\n')}\n`;
}

/** Every `.ts` file below `directory`, as paths from the project root with `/`, sorted. */
function sourcesBelow(directory: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) found.push(...sourcesBelow(path));
    else if (entry.name.endsWith('.ts')) found.push(relative(ROOT, path).split('\\').join('/'));
  }
  return found.sort();
}

/**
 * The sources of `src/` under `root`, read.
 *
 * @example
 * projectSources().find((file) => file.path === 'src/rules/issue.ts')?.text.length; // > 0
 */
export function projectSources(root = ROOT): SourceText[] {
  return sourcesBelow(join(root, 'src')).map((path) => ({
    path,
    text: readFileSync(join(root, path), 'utf8'),
  }));
}

/**
 * The index of the project's sources, and the malformed rule-id literals found on the way.
 *
 * @example
 * const { markdown, malformed } = specIndex();
 * malformed.length; // 0, else the index is not written
 */
export function specIndex(root = ROOT): { markdown: string; malformed: readonly RuleIdUse[] } {
  const { ids, malformed } = findRuleIds(projectSources(root));
  return { markdown: specIndexMarkdown(ids), malformed };
}

/**
 * Writes `docs/spec-index.md` from the project's sources; refuses (exit code 1, each malformed literal
 * named) while any rule-id literal is malformed. Run by `npm run generate` and
 * `npm run generate:spec-index`.
 *
 * @example
 * writeSpecIndex(); // wrote docs/spec-index.md
 */
export function writeSpecIndex(root = ROOT): void {
  const { markdown, malformed } = specIndex(root);
  if (malformed.length > 0) {
    for (const { id, file, line } of malformed)
      console.error(`${file}:${String(line)}: ${JSON.stringify(id)} is not a well-formed rule id`);
    process.exit(1);
  }
  writeFileSync(join(root, SPEC_INDEX_PATH), markdown);
  console.log(`wrote ${SPEC_INDEX_PATH}`);
}

if (isMain(import.meta.url)) writeSpecIndex();
