/**
 * Generates `src/ksef/build/fa3Types.ts`: the simple types of the FA(3) schema that a Ksef tax report's
 * values must fit, as data (issue #20 §5; before, the file was a hand transcription of the XSD).
 *
 *   npm run generate (every generator), or npx tsx scripts/generate-fa3-types.ts [shared directory]
 *
 * `shared directory` holds `xsd/ksef-fa3/schemat_FA(3)_v1-0E.xsd` and its `bazowe/` imports (default:
 * `$FISCALKIT_SHARED`, or `../shared` beside the checkout). The script reads the schema set with saxes,
 * resolves each simple type of the table below along its derivation (facets of a restriction override
 * its base's; patterns of each step are kept) and writes, for each, the constant the checks and the
 * builders use: decimal types as integer and fraction digits, date types as their inclusive range, text
 * types as their length limits and whitespace handling, patterns as anchored JavaScript regular
 * expressions, enumerations as lists; plus the FA(3) namespace. It refuses what it does not model (a
 * pattern construct JavaScript reads differently, a decimal pattern that disagrees with its digit
 * facets, a list or an inline base type, …), and checks the schema facts that the hand-written
 * predicates of `src/ksef/build/fa3Values.ts` rely on, so that a new schema needing a change fails here,
 * loudly. {@link fa3TypesFiles} returns the file's text and writes nothing; the command line formats it
 * with Biome and writes it. Commit the result.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import {
  docComment,
  type GeneratedFiles,
  generatedHeader,
  isMain,
  sharedDirectory,
  writeGenerated,
} from './generated.js';
import { failAt, readXsdDom, XSD_SINGLE_VALUED_FACETS, type XsdNode } from './xsdDom.js';

const XS = 'http://www.w3.org/2001/XMLSchema';
/** The FA(3) entry schema, below the shared directory. */
export const FA3_TYPES_XSD = join('xsd', 'ksef-fa3', 'schemat_FA(3)_v1-0E.xsd');
/** The generated file, from the project root. */
export const FA3_TYPES_FILE = 'src/ksef/build/fa3Types.ts';

// ---------------------------------------------------------------------------------------------------
// The schema set: global types and elements of the entry file and what it imports or includes

interface Fa3Schema {
  readonly entry: XsdNode;
  readonly simpleTypes: ReadonlyMap<string, XsdNode>;
  readonly complexTypes: ReadonlyMap<string, XsdNode>;
  readonly elements: ReadonlyMap<string, XsdNode>;
}

/** The XSD children of a node, without annotations. */
function xsChildren(node: XsdNode): XsdNode[] {
  return node.children.filter((child) => child.uri === XS && child.local !== 'annotation');
}

function setNamespace(node: XsdNode, targetNamespace: string): void {
  node.targetNamespace = targetNamespace;
  for (const child of node.children) setNamespace(child, targetNamespace);
}

function readSchema(file: string): Fa3Schema {
  const simpleTypes = new Map<string, XsdNode>();
  const complexTypes = new Map<string, XsdNode>();
  const elements = new Map<string, XsdNode>();
  const loaded = new Set<string>();
  const load = (path: string): XsdNode => {
    loaded.add(resolve(path));
    const schema = readXsdDom(path);
    if (schema.uri !== XS || schema.local !== 'schema') failAt(schema, 'not an XML Schema');
    setNamespace(schema, schema.attributes.targetNamespace ?? '');
    for (const child of xsChildren(schema)) {
      if (child.local === 'import' || child.local === 'include') {
        const location =
          child.attributes.schemaLocation ?? failAt(child, `${child.local} without schemaLocation`);
        if (/^[a-z][a-z0-9+.-]*:/i.test(location)) failAt(child, `remote schemaLocation ${location}`);
        const target = resolve(dirname(path), location);
        if (!loaded.has(target)) load(target);
        continue;
      }
      const name = child.attributes.name;
      if (name === undefined) continue;
      const key = `{${schema.targetNamespace}}${name}`;
      if (child.local === 'simpleType') simpleTypes.set(key, child);
      else if (child.local === 'complexType') complexTypes.set(key, child);
      else if (child.local === 'element') elements.set(key, child);
    }
    return schema;
  };
  const entry = load(file);
  return { entry, simpleTypes, complexTypes, elements };
}

/** A QName-valued attribute of `node` as `{uri}local`. */
function qname(node: XsdNode, value: string): string {
  const colon = value.indexOf(':');
  const prefix = colon < 0 ? '' : value.slice(0, colon);
  const uri = node.scope[prefix] ?? (prefix === '' ? '' : failAt(node, `unbound prefix ${prefix}`));
  return `{${uri}}${colon < 0 ? value : value.slice(colon + 1)}`;
}

/** A global simple type named as the entry file writes it (`tns:TKwotowy`, `etd:TNrKRS`). */
function namedSimpleType(schema: Fa3Schema, name: string): XsdNode {
  return schema.simpleTypes.get(qname(schema.entry, name)) ?? failAt(schema.entry, `no simple type ${name}`);
}

/**
 * The anonymous simple type of the element at `path` (local names from a global element of the entry
 * file, e.g. `Faktura/Stopka/Rejestry/BDO`), through anonymous and named complex types.
 */
function elementSimpleType(schema: Fa3Schema, path: string): XsdNode {
  const [rootName, ...names] = path.split('/');
  const key = qname(schema.entry, `tns:${rootName ?? ''}`);
  let element = schema.elements.get(key) ?? failAt(schema.entry, `no global element ${rootName}`);
  /** The element declarations directly inside a content model (not inside nested elements). */
  const childElements = (node: XsdNode): XsdNode[] =>
    xsChildren(node).flatMap((child) => (child.local === 'element' ? [child] : childElements(child)));
  for (const name of names) {
    const typeName = element.attributes.type;
    const type =
      typeName === undefined
        ? (xsChildren(element).find((child) => child.local === 'complexType') ??
          failAt(element, `${name}: no complex type`))
        : (schema.complexTypes.get(qname(element, typeName)) ??
          failAt(element, `no complex type ${typeName}`));
    const matches = childElements(type).filter((child) => child.attributes.name === name);
    const [match, ...others] = matches;
    if (match === undefined || others.length > 0) failAt(type, `${path}: ${String(matches.length)} ${name}`);
    element = match;
  }
  if (element.attributes.type !== undefined) failAt(element, `${path} has a named type`);
  return (
    xsChildren(element).find((child) => child.local === 'simpleType') ?? failAt(element, 'no simple type')
  );
}

// ---------------------------------------------------------------------------------------------------
// Simple types resolved along their derivation

type WhiteSpace = 'preserve' | 'replace' | 'collapse';

/** What a simple type says, its base types' facets merged in (a restriction's own facets win). */
interface Facets {
  /** The built-in type it derives from (`decimal`, `token`, …), or `union`. */
  readonly builtin: string;
  readonly whiteSpace: WhiteSpace;
  /** Every other single-valued facet (`minLength`, `totalDigits`, `minInclusive`, …), as written. */
  readonly values: Readonly<Record<string, string>>;
  /** The patterns of each derivation step: one step's patterns are alternatives, all steps must match. */
  readonly patterns: readonly (readonly string[])[];
  readonly enumeration: readonly string[] | null;
  /** The member types of a union. */
  readonly members: readonly Facets[];
  /** Where the type is declared, for messages. */
  readonly node: XsdNode;
}

function builtinFacets(builtin: string, node: XsdNode): Facets {
  const whiteSpace: WhiteSpace =
    builtin === 'string' ? 'preserve' : builtin === 'normalizedString' ? 'replace' : 'collapse';
  return { builtin, whiteSpace, values: {}, patterns: [], enumeration: null, members: [], node };
}

function facetsOf(schema: Fa3Schema, node: XsdNode): Facets {
  const [derivation, ...rest] = xsChildren(node);
  if (derivation === undefined || rest.length > 0)
    failAt(node, 'a simple type needs one restriction or union');
  if (derivation.local === 'union') {
    if (derivation.attributes.memberTypes !== undefined) failAt(derivation, 'memberTypes is not supported');
    const members = xsChildren(derivation).map((member) => facetsOf(schema, member));
    return { ...builtinFacets('union', node), members };
  }
  if (derivation.local !== 'restriction') failAt(derivation, `xs:${derivation.local} is not supported`);
  const baseName = derivation.attributes.base ?? failAt(derivation, 'a restriction without a base');
  const baseKey = qname(derivation, baseName);
  const base = baseKey.startsWith(`{${XS}}`)
    ? builtinFacets(baseKey.slice(XS.length + 2), node)
    : facetsOf(
        schema,
        schema.simpleTypes.get(baseKey) ?? failAt(derivation, `unknown simple type ${baseName}`),
      );
  if (base.builtin === 'union') failAt(derivation, 'a restriction of a union is not supported');
  let whiteSpace = base.whiteSpace;
  const values: Record<string, string> = { ...base.values };
  const patterns: string[] = [];
  let enumeration = base.enumeration;
  const ownEnumeration: string[] = [];
  for (const facet of xsChildren(derivation)) {
    const value = facet.attributes.value ?? failAt(facet, 'a facet without a value');
    if (facet.local === 'pattern') patterns.push(value);
    else if (facet.local === 'enumeration') ownEnumeration.push(value);
    else if (facet.local === 'whiteSpace') whiteSpace = value as WhiteSpace;
    else if (XSD_SINGLE_VALUED_FACETS.has(facet.local)) values[facet.local] = value;
    else failAt(facet, `facet xs:${facet.local} is not supported`);
  }
  // An enumeration restricts the base's value space; the base's own list is implied by it.
  if (ownEnumeration.length > 0) enumeration = ownEnumeration;
  return {
    builtin: base.builtin,
    whiteSpace,
    values,
    patterns: patterns.length > 0 ? [...base.patterns, patterns] : base.patterns,
    enumeration,
    members: [],
    node,
  };
}

function integerFacet(facets: Facets, name: string): number | undefined {
  const text = facets.values[name];
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text)) failAt(facets.node, `${name} ${text} is not a whole number`);
  return Number.parseInt(text, 10);
}

function requireFacet(facets: Facets, name: string): string {
  return facets.values[name] ?? failAt(facets.node, `no ${name}`);
}

/**
 * An XSD pattern as the source of a JavaScript regular expression that means the same, anchored (an
 * XSD pattern always matches the whole value). Only the constructs both dialects read alike pass:
 * literals, groups, `|`, quantifiers, character classes and escaped metacharacters; and `\d`, which
 * JavaScript (without the `u` flag) reads as an ASCII digit where XSD takes any Unicode digit, so the
 * checks stay ASCII-only, as fiscalkit's always were. Anything else (`.`, `\s`, `\w`, `\p{…}`, class
 * subtraction, a literal `$` or `/`) stops the generator.
 */
function jsPattern(facets: Facets, pattern: string): string {
  const chars = [...pattern];
  for (let index = 0; index < chars.length; index += 1) {
    const char = chars[index] as string;
    const refuse = (what: string): never =>
      failAt(
        facets.node,
        `pattern ${pattern}: ${what} is not supported (XSD and JavaScript read it differently)`,
      );
    if (char === '\\') {
      index += 1;
      const escaped = chars[index] ?? refuse('a trailing backslash');
      if (escaped !== 'd' && !'.+*?()[]{}|\\-^'.includes(escaped)) refuse(`\\${escaped}`);
    } else if (char === '.' || char === '$' || char === '/') refuse(char);
    else if (char === '^' && chars[index - 1] !== '[') refuse('^');
    else if (char === '[' && chars[index - 1] === '-') refuse('class subtraction');
  }
  return `^(?:${pattern})$`;
}

/** The one pattern of a simple type (or the alternatives of a union of such types) as a RegExp literal. */
function regexLiteral(facets: Facets): string {
  const single = (type: Facets): string => {
    const [step, ...more] = type.patterns;
    if (step === undefined || more.length > 0 || step.length !== 1 || type.enumeration !== null) {
      failAt(type.node, 'expected exactly one pattern on one derivation step (and no enumeration)');
    }
    return step[0] as string;
  };
  const pattern = facets.builtin === 'union' ? facets.members.map(single).join('|') : single(facets);
  return `/${jsPattern(facets, pattern)}/`;
}

// ---------------------------------------------------------------------------------------------------
// The constants

/** How a constant reads its simple type. */
type Kind = 'decimal' | 'date' | 'text' | 'pattern';

/** One generated constant: its name, the simple type it reads and what its comment says beyond that. */
interface Entry {
  readonly constant: string;
  readonly kind: Kind;
  /** `tns:…` / `etd:…` (a global simple type of the entry file's prefixes), or an element path. */
  readonly type: string;
  /** Where FA(3) uses the type, for the comment. */
  readonly uses: string;
  /** A sentence more for the comment. */
  readonly note?: string;
}

/** The types fiscalkit checks and writes, in the order of the file (ksef-fa3.md §2). */
const ENTRIES: readonly Entry[] = [
  { constant: 'TKWOTOWY', kind: 'decimal', type: 'tns:TKwotowy', uses: 'every amount' },
  { constant: 'TKWOTOWY2', kind: 'decimal', type: 'tns:TKwotowy2', uses: 'unit prices and discounts' },
  { constant: 'TILOSCI', kind: 'decimal', type: 'tns:TIlosci', uses: 'quantities and exchange rates' },
  {
    constant: 'TPROCENTOWY',
    kind: 'decimal',
    type: 'tns:TProcentowy',
    uses: '`Podmiot3/Udzial`, `P_12_XII`, `P_12Z_XII`',
    note: 'The range is checked by `fa3Percent` (`fa3Values.ts`).',
  },
  {
    constant: 'TDATA_T',
    kind: 'date',
    type: 'tns:TDataT',
    uses: '`P_1`, `P_6`, `P_6_Od`/`P_6_Do`, `P_6A`, `DataWystFaKorygowanej`',
  },
  { constant: 'TDATA_U', kind: 'date', type: 'tns:TDataU', uses: '`DataZamowienia`, `DataUmowy`' },
  { constant: 'TDATA', kind: 'date', type: 'tns:TData', uses: '`Termin`, `DataZaplaty`' },
  { constant: 'TZNAKOWY', kind: 'text', type: 'tns:TZnakowy', uses: 'most texts' },
  { constant: 'TZNAKOWY512', kind: 'text', type: 'tns:TZnakowy512', uses: 'names, address lines, `P_7`' },
  {
    constant: 'TZNAKOWY50',
    kind: 'text',
    type: 'tns:TZnakowy50',
    uses: '`UU_ID`, `Indeks`, `PKWiU`, `CN`, `PKOB`',
  },
  { constant: 'TZNAKOWY20', kind: 'text', type: 'tns:TZnakowy20', uses: '`GTIN`' },
  { constant: 'TNUMER_TELEFONU', kind: 'text', type: 'tns:TNumerTelefonu', uses: '`Telefon`' },
  {
    constant: 'BDO',
    kind: 'text',
    type: 'Faktura/Stopka/Rejestry/BDO',
    uses: 'the anonymous type of `Stopka/Rejestry/BDO`',
  },
  { constant: 'TTEKSTOWY', kind: 'text', type: 'etd:TTekstowy', uses: '`StopkaFaktury`' },
  { constant: 'TNR_IDENTYFIKACJI', kind: 'text', type: 'etd:TNrIdentyfikacjiPodatkowej', uses: '`NrID`' },
  { constant: 'TNR_RB', kind: 'text', type: 'tns:TNrRB', uses: '`NrRB`' },
  {
    constant: 'TADRES_EMAIL',
    kind: 'text',
    type: 'etd:TAdresEmail',
    uses: '`Email`, `EmailPU`',
    note: 'Its pattern `(.)+@(.)+` is checked by `isFa3Email` (`fa3Values.ts`).',
  },
  {
    constant: 'TNUMER_KSEF',
    kind: 'pattern',
    type: 'tns:TNumerKSeF',
    uses: '`NrKSeFFaKorygowanej`, `NrKSeFFaZaliczkowej`',
    note: '`{id}-YYYYMMDD-XXXXXX-?XXXXXX-XX`, the id a NIP, `M` + 9 digits or 3 letters + 7 digits, X upper-case hex.',
  },
  {
    constant: 'SWIFT',
    kind: 'pattern',
    type: 'tns:SWIFT_Type',
    uses: '`SWIFT`',
    note: 'A BIC of 8 or 11 characters.',
  },
  {
    constant: 'TNR_VAT_UE',
    kind: 'pattern',
    type: 'tns:TNrVatUE',
    uses: '`NrVatUE`',
    note: 'An EU VAT number without its prefix.',
  },
  {
    constant: 'TNIP_ID_WEW',
    kind: 'pattern',
    type: 'tns:TNIPIdWew',
    uses: '`IDWew`',
    note: 'A NIP, a dash and five digits.',
  },
  { constant: 'TNR_KRS', kind: 'pattern', type: 'etd:TNrKRS', uses: '`KRS`', note: 'Exactly 10 digits.' },
  { constant: 'TNR_REGON', kind: 'pattern', type: 'etd:TNrREGON', uses: '`REGON`', note: '9 or 14 digits.' },
];

const INTERFACES = `/** An FA(3) decimal type: the integer and fraction digits it admits (ksef-fa3.md §2). */
export interface Fa3DecimalType {
  /** The XSD type name, for messages. */
  readonly name: string;
  /** Most integer digits (\`totalDigits\` less \`fractionDigits\`; the pattern's \`[1-9]\\d{0,n}\` agrees). */
  readonly integerDigits: number;
  /** Most fraction digits. */
  readonly fractionDigits: number;
}

/** An FA(3) date type: \`YYYY-MM-DD\` between two dates, both included (ksef-fa3.md §2). */
export interface Fa3DateType {
  readonly name: string;
  readonly min: string;
  readonly max: string;
}

/**
 * An FA(3) text type: its length limits and whether whitespace is collapsed before the length is
 * measured (\`xsd:token\`) or not (\`xsd:string\`, measured as written).
 */
export interface Fa3TextType {
  readonly name: string;
  readonly min: number;
  readonly max: number;
  readonly token: boolean;
}
`;

/** The local name of a type reference, or the element name of a path. */
const typeName = (entry: Entry): string => entry.type.replace(/^.*[:/]/, '');

/** The comment of a constant: the type, where FA(3) uses it, its facts, the entry's note. */
function comment(entry: Entry, facts: string): string {
  return docComment(
    `\`${typeName(entry)}\` (${entry.uses}): ${facts}.${entry.note === undefined ? '' : ` ${entry.note}`}`,
  );
}

function decimalConstant(entry: Entry, facets: Facets): string {
  if (facets.builtin !== 'decimal') failAt(facets.node, `${entry.type} is not an xsd:decimal`);
  const total = integerFacet(facets, 'totalDigits') ?? failAt(facets.node, 'no totalDigits');
  const fraction = integerFacet(facets, 'fractionDigits') ?? failAt(facets.node, 'no fractionDigits');
  const integerDigits = total - fraction;
  for (const step of facets.patterns) {
    for (const pattern of step) {
      const match = /^-\?\(\[1-9\]\\d\{0,(\d+)\}\|0\)\(\\\.\\d\{1,(\d+)\}\)\?$/.exec(pattern);
      if (match === null) failAt(facets.node, `${entry.type}: pattern ${pattern} is not modelled`);
      if (Number.parseInt(match[1] as string, 10) + 1 !== integerDigits || match[2] !== String(fraction))
        failAt(facets.node, `${entry.type}: pattern ${pattern} disagrees with totalDigits/fractionDigits`);
    }
  }
  const patterns = facets.patterns.flat().map((pattern) => `pattern \`${pattern}\``);
  const range = ['minInclusive', 'maxInclusive']
    .filter((name) => facets.values[name] !== undefined)
    .map((name) => `${name} ${facets.values[name]}`);
  const facts = [
    `xsd:decimal of ${String(total)} digits, ${String(fraction)} after the point`,
    ...patterns,
    ...range,
  ];
  return `${comment(entry, facts.join(', '))}export const ${entry.constant}: Fa3DecimalType = { name: ${JSON.stringify(typeName(entry))}, integerDigits: ${String(integerDigits)}, fractionDigits: ${String(fraction)} };
`;
}

function dateConstant(entry: Entry, facets: Facets): string {
  if (facets.builtin !== 'date') failAt(facets.node, `${entry.type} is not an xsd:date`);
  const min = requireFacet(facets, 'minInclusive');
  const max = requireFacet(facets, 'maxInclusive');
  return `${comment(entry, `${min} to ${max}`)}export const ${entry.constant}: Fa3DateType = { name: ${JSON.stringify(typeName(entry))}, min: ${JSON.stringify(min)}, max: ${JSON.stringify(max)} };
`;
}

function textConstant(entry: Entry, facets: Facets): string {
  if (!['string', 'normalizedString', 'token'].includes(facets.builtin))
    failAt(facets.node, `${entry.type} is not a string type`);
  const length = integerFacet(facets, 'length');
  const min = length ?? integerFacet(facets, 'minLength') ?? 0;
  const max = length ?? integerFacet(facets, 'maxLength') ?? failAt(facets.node, 'no maxLength');
  // `replace` turns each whitespace character into a space: the length does not change.
  const token = facets.whiteSpace === 'collapse';
  const kind = token ? 'whitespace collapsed (token)' : 'measured as written';
  return `${comment(entry, `${String(min)} to ${String(max)} characters, ${kind}`)}export const ${entry.constant}: Fa3TextType = { name: ${JSON.stringify(typeName(entry))}, min: ${String(min)}, max: ${String(max)}, token: ${String(token)} };
`;
}

function patternConstant(entry: Entry, facets: Facets): string {
  const written =
    facets.builtin === 'union'
      ? facets.members.map((member) => `\`${member.patterns.flat().join('`, `')}\``).join(' or ')
      : `\`${facets.patterns.flat().join('`, `')}\``;
  return `${comment(entry, `the XSD pattern ${written}, anchored`)}export const ${entry.constant} = ${regexLiteral(facets)};
`;
}

/** How each kind of entry is written. */
const CONSTANT_OF: Readonly<Record<Kind, (entry: Entry, facets: Facets) => string>> = {
  decimal: decimalConstant,
  date: dateConstant,
  text: textConstant,
  pattern: patternConstant,
};

/** `n` nines grouped by thousands, as a TypeScript numeric literal. */
function ninesLiteral(digits: number): string {
  const nines = '9'.repeat(digits);
  const head = nines.length % 3;
  const groups = [nines.slice(0, head), ...(nines.slice(head).match(/\d{3}/g) ?? [])].filter((g) => g !== '');
  return groups.join('_');
}

/**
 * Stops the generator when a schema fact the hand-written predicates of `src/ksef/build/fa3Values.ts`
 * assume has changed: they would then check something other than the schema.
 */
function checkAssumptions(schema: Fa3Schema): void {
  const percent = facetsOf(schema, namedSimpleType(schema, 'tns:TProcentowy'));
  if (percent.values.minInclusive !== '0' || percent.values.maxInclusive !== '100')
    failAt(percent.node, 'fa3Percent assumes TProcentowy is 0 to 100: update src/ksef/build/fa3Values.ts');
  const email = facetsOf(schema, namedSimpleType(schema, 'etd:TAdresEmail'));
  if (JSON.stringify(email.patterns) !== JSON.stringify([['(.)+@(.)+']]))
    failAt(email.node, 'isFa3Email assumes TAdresEmail is (.)+@(.)+: update src/ksef/build/fa3Values.ts');
}

/**
 * The text of `src/ksef/build/fa3Types.ts` (unformatted: {@link writeGenerated} and the CI check format
 * it with Biome) from the FA(3) schema below the `shared` directory. Writes nothing.
 *
 * @example
 * fa3TypesFiles('../shared')['src/ksef/build/fa3Types.ts']; // '// GENERATED FILE …'
 */
export function fa3TypesFiles(shared: string): GeneratedFiles {
  const file = join(shared, FA3_TYPES_XSD);
  if (!existsSync(file)) throw new Error(`${FA3_TYPES_XSD} not found in ${shared}`);
  const schema = readSchema(file);
  checkAssumptions(schema);
  const constants = ENTRIES.map((entry) => {
    const node = entry.type.includes('/')
      ? elementSimpleType(schema, entry.type)
      : namedSimpleType(schema, entry.type);
    return CONSTANT_OF[entry.kind](entry, facetsOf(schema, node));
  });

  const natural = facetsOf(schema, namedSimpleType(schema, 'tns:TNaturalny'));
  if (natural.builtin !== 'nonNegativeInteger' || natural.values.minExclusive !== '0')
    failAt(natural.node, 'TNaturalny: expected a nonNegativeInteger greater than 0');
  const naturalDigits = integerFacet(natural, 'totalDigits') ?? failAt(natural.node, 'no totalDigits');

  const enumeration = (name: string): readonly string[] => {
    const facets = facetsOf(schema, namedSimpleType(schema, name));
    return facets.enumeration ?? failAt(facets.node, `${name} has no enumeration`);
  };
  const rates = enumeration('tns:TStawkaPodatku');
  const numericRates = rates.filter((code) => /^\d+$/.test(code));
  const orderProcedures = enumeration('tns:TOznaczenieProceduryZ');
  const lineProcedures = enumeration('tns:TOznaczenieProcedury');
  const lineOnly = lineProcedures.filter((code) => !orderProcedures.includes(code));
  const namespace = schema.entry.attributes.targetNamespace ?? failAt(schema.entry, 'no targetNamespace');

  const codes = (list: readonly string[], joiner: string) => list.map((code) => `\`${code}\``).join(joiner);
  const text = `${generatedHeader(
    'scripts/generate-fa3-types.ts',
    'schemat_FA(3)_v1-0E.xsd with bazowe/*.xsd, read from shared/xsd/ksef-fa3/.',
  )}/**
 * The simple types of \`schemat_FA(3)_v1-0E.xsd\` (and its \`bazowe/\` imports) that a Ksef tax report's
 * values must fit, as data (ksef-fa3.md §2), generated from the schema. \`fa3Issues\` checks a report
 * with them before any XML exists, and the section builders write values in the form these types
 * accept, so the two cannot drift apart. The predicates that apply them are in \`fa3Values.ts\`.
 *
 * Patterns are the XSD's, anchored. JavaScript reads \`\\d\` as an ASCII digit where XSD takes any
 * Unicode digit: fiscalkit accepts ASCII digits only (a **fiscalkit choice**, as before the file was
 * generated).
 *
 * @module
 */

${docComment('The FA(3) target namespace (ksef-fa3.md §1): the namespace of `Faktura` and of every element in it.')}export const FA3_NAMESPACE = ${JSON.stringify(namespace)};

${INTERFACES}
${constants.join('\n')}
${docComment(`\`TNaturalny\` (\`NrWierszaFa\`, \`NrWierszaZam\`, \`NrWiersza\`): greater than zero, at most ${String(naturalDigits)} digits.`)}export const TNATURALNY_MAX = ${ninesLiteral(naturalDigits)};

${docComment(
  `The \`P_12\` rate codes (\`TStawkaPodatku\`) that are percentages, in the schema's order, and so need an exchange rate in a foreign currency (ksef-fa3.md §6.6). The other codes (${codes(
    rates.filter((code) => !numericRates.includes(code)),
    ', ',
  )}) are categories.`,
)}export const NUMERIC_RATES: readonly string[] = ${JSON.stringify(numericRates)};

${docComment(
  `The \`ProceduraZ\` codes (\`TOznaczenieProceduryZ\`) of an order line: the line codes (\`TOznaczenieProcedury\`) without ${codes(lineOnly, ' and ')}, which the XSD admits only on invoice lines.`,
)}export const ORDER_LINE_PROCEDURES: readonly string[] = ${JSON.stringify(orderProcedures)};
`;
  return { [FA3_TYPES_FILE]: text };
}

if (isMain(import.meta.url)) writeGenerated(fa3TypesFiles(sharedDirectory(process.argv[2])));
