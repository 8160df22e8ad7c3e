/**
 * Generates the occurrence limits the XML importers check while they parse (issue #24 item 1): for each
 * schema, the largest `maxOccurs` of every element local name anywhere in the documents the schema
 * allows, and the deepest element of those documents.
 *
 *   npm run generate (every generator), or npx tsx scripts/generate-schema-occurrences.ts [shared directory]
 *
 * `shared directory` holds `xsd/ksef-fa3/` and `xsd/sii/` (default: `$FISCALKIT_SHARED`, or `../shared`
 * beside the checkout). Writes:
 *
 * - `src/ksef/import/fa3Occurrences.ts` — `schemat_FA(3)_v1-0E.xsd` (and the base schemas it imports);
 * - `src/ksef/import/fa3Sequences.ts` — the same schema's order of children, element by element
 *   (issue #18 item 14: an FA(3) document with elements out of order is refused where it goes wrong);
 * - `src/sii/import/siiOccurrences.ts` — `SuministroLR.xsd` (messages) and `RespuestaSuministro.xsd`
 *   (AEAT's responses), each with `SuministroInformacion.xsd`.
 *
 * How a limit is counted: within one complex type, the most times a child with that local name can
 * occur under one parent — an element particle counts its `maxOccurs`, a `sequence` (or `all`) adds its
 * particles' counts, a `choice` takes the largest of its branches, and a model group multiplies by its
 * own `maxOccurs`; a `complexContent/extension` adds the base type's content to its own. Over the whole
 * schema (every complex type reachable from the global elements of the entry file) the largest count
 * wins: the parse-time check goes by local name alone, so it must never refuse a document the schema
 * accepts; the schema validators judge the exact place later. The depth is the longest chain of element
 * declarations from a root (the root is depth 1). Wildcards (`any`), substitution groups and recursive
 * types are refused, so that a schema needing them is noticed here.
 * {@link schemaOccurrenceFiles} returns the files' texts and writes nothing (the CI check regenerates
 * in memory: `test/scripts/generated.test.ts`); the command line formats them with Biome and writes
 * them. Commit the result.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { SchemaOccurrences, SchemaSequences } from '../src/xml/parse.js';
import {
  type GeneratedFiles,
  generatedHeader,
  isMain,
  sharedDirectory,
  writeGenerated,
} from './generated.js';
import { failAt, readXsdDom, type XsdNode } from './xsdDom.js';

const XS = 'http://www.w3.org/2001/XMLSchema';

type XNode = XsdNode;

/** The XSD children of a node that take part in content models (no annotations, no attributes). */
function content(node: XNode): XNode[] {
  return node.children.filter(
    (child) =>
      child.uri === XS &&
      child.local !== 'annotation' &&
      child.local !== 'attribute' &&
      child.local !== 'attributeGroup' &&
      child.local !== 'anyAttribute',
  );
}

function setNamespace(node: XNode, targetNamespace: string): void {
  node.targetNamespace = targetNamespace;
  for (const child of node.children) setNamespace(child, targetNamespace);
}

/** A set of schema documents, from one entry file and what it imports or includes. */
class SchemaSet {
  readonly entry: XNode;
  private readonly loaded = new Set<string>();
  private readonly elements = new Map<string, XNode>();
  private readonly types = new Map<string, XNode>();
  private readonly groups = new Map<string, XNode>();

  constructor(file: string) {
    this.entry = this.load(file);
  }

  private load(path: string): XNode {
    const schema = readXsdDom(path);
    this.loaded.add(resolve(path));
    if (schema.uri !== XS || schema.local !== 'schema') failAt(schema, 'not an XML Schema');
    setNamespace(schema, schema.attributes.targetNamespace ?? '');
    for (const child of schema.children) {
      if (child.uri !== XS) continue;
      if (child.local === 'import' || child.local === 'include') {
        const location =
          child.attributes.schemaLocation ?? failAt(child, `${child.local} without schemaLocation`);
        if (/^[a-z][a-z0-9+.-]*:/i.test(location)) failAt(child, `remote schemaLocation ${location}`);
        const target = resolve(dirname(path), location);
        if (!this.loaded.has(target)) this.load(target);
        continue;
      }
      const name = child.attributes.name;
      if (name === undefined) continue;
      const key = `{${schema.targetNamespace}}${name}`;
      if (child.local === 'element') this.elements.set(key, child);
      else if (child.local === 'complexType' || child.local === 'simpleType') this.types.set(key, child);
      else if (child.local === 'group') this.groups.set(key, child);
    }
    return schema;
  }

  /** A QName-valued attribute as `{uri}local`. */
  qname(node: XNode, value: string): string {
    const colon = value.indexOf(':');
    const prefix = colon < 0 ? '' : value.slice(0, colon);
    const uri = node.scope[prefix] ?? (prefix === '' ? '' : failAt(node, `unbound prefix ${prefix}`));
    return `{${uri}}${colon < 0 ? value : value.slice(colon + 1)}`;
  }

  globalElement(node: XNode, ref: string): XNode {
    const key = this.qname(node, ref);
    return this.elements.get(key) ?? failAt(node, `unknown element ${key}`);
  }

  /** The complex type node of an element declaration, or null for simple content. */
  typeOf(element: XNode): XNode | null {
    const typeName = element.attributes.type;
    if (typeName === undefined) {
      const anonymous = content(element).find((child) => child.local === 'complexType');
      return anonymous ?? null;
    }
    return this.namedType(element, typeName);
  }

  /** The complex type a QName-valued attribute of `node` names, or null for a simple or built-in type. */
  namedType(node: XNode, typeName: string): XNode | null {
    const key = this.qname(node, typeName);
    if (key.startsWith(`{${XS}}`)) return null;
    const type = this.types.get(key) ?? failAt(node, `unknown type ${key}`);
    return type.local === 'complexType' ? type : null;
  }

  group(node: XNode, ref: string): XNode {
    const key = this.qname(node, ref);
    return this.groups.get(key) ?? failAt(node, `unknown group ${key}`);
  }

  /** The global elements of the entry file: the documents' possible roots. */
  roots(): XNode[] {
    return this.entry.children.filter((child) => child.uri === XS && child.local === 'element');
  }
}

/** `maxOccurs` of a particle; unbounded as infinity. */
function maxOf(node: XNode): number {
  const text = node.attributes.maxOccurs ?? '1';
  if (text === 'unbounded') return Number.POSITIVE_INFINITY;
  const value = Number.parseInt(text, 10);
  if (!Number.isInteger(value) || value < 0) failAt(node, `bad maxOccurs ${text}`);
  return value;
}

/** `count` times `times`, where 0 stays 0 even when the other is unbounded. */
function times(count: number, factor: number): number {
  return count === 0 || factor === 0 ? 0 : count * factor;
}

/** A child element declaration of a complex type: its local name and its declaration (refs resolved). */
interface ChildElement {
  readonly local: string;
  readonly declaration: XNode;
}

/** The most occurrences of each child local name under one parent, and the declarations met. */
interface Counts {
  readonly counts: Map<string, number>;
  readonly elements: ChildElement[];
}

function particleCounts(set: SchemaSet, node: XNode): Counts {
  const counts = new Map<string, number>();
  const elements: ChildElement[] = [];
  const factor = maxOf(node);
  switch (node.local) {
    case 'element': {
      if (node.attributes.substitutionGroup !== undefined || node.attributes.abstract === 'true')
        failAt(node, 'substitution groups are not supported');
      const declaration =
        node.attributes.ref === undefined ? node : set.globalElement(node, node.attributes.ref);
      const local = declaration.attributes.name ?? failAt(node, 'element without a name');
      counts.set(local, factor);
      elements.push({ local, declaration });
      return { counts, elements };
    }
    case 'group': {
      const group = set.group(node, node.attributes.ref ?? failAt(node, 'group without ref'));
      const [particle] = content(group);
      if (particle === undefined) return { counts, elements };
      const inner = particleCounts(set, particle);
      for (const [local, count] of inner.counts) counts.set(local, times(count, factor));
      return { counts, elements: inner.elements };
    }
    case 'sequence':
    case 'all':
    case 'choice': {
      for (const child of content(node)) {
        const inner = particleCounts(set, child);
        elements.push(...inner.elements);
        for (const [local, count] of inner.counts) {
          const before = counts.get(local) ?? 0;
          counts.set(local, node.local === 'choice' ? Math.max(before, count) : before + count);
        }
      }
      for (const [local, count] of counts) counts.set(local, times(count, factor));
      return { counts, elements };
    }
    case 'any':
      return failAt(node, 'wildcards (xs:any) are not supported: any element could repeat');
    default:
      return failAt(node, `xs:${node.local} is not supported in a content model`);
  }
}

/** The child counts of a complex type (base types' content added for an extension). */
function typeCounts(set: SchemaSet, type: XNode): Counts {
  const counts = new Map<string, number>();
  const elements: ChildElement[] = [];
  const add = (inner: Counts) => {
    elements.push(...inner.elements);
    for (const [local, count] of inner.counts) counts.set(local, (counts.get(local) ?? 0) + count);
  };
  for (const child of content(type)) {
    if (child.local === 'simpleContent') continue;
    if (child.local !== 'complexContent') {
      add(particleCounts(set, child));
      continue;
    }
    for (const derivation of content(child)) {
      if (derivation.local === 'extension') {
        const base = derivation.attributes.base ?? failAt(derivation, 'extension without base');
        const baseType = set.namedType(derivation, base);
        if (baseType !== null) add(typeCounts(set, baseType));
      } else if (derivation.local !== 'restriction')
        failAt(derivation, `xs:${derivation.local} is not supported`);
      for (const particle of content(derivation)) add(particleCounts(set, particle));
    }
  }
  return { counts, elements };
}

/** Reads a schema set into the table the parse checks. */
export function schemaOccurrences(file: string, schema: string): SchemaOccurrences {
  const set = new SchemaSet(file);
  const limits = new Map<string, number>();
  const depthOf = new Map<XNode, number>();
  const open = new Set<XNode>();
  /** The depth below an element declaration (its own level included), walking its type once. */
  const depth = (declaration: XNode): number => {
    const type = set.typeOf(declaration);
    if (type === null) return 1;
    const known = depthOf.get(type);
    if (known !== undefined) return known;
    if (open.has(type)) failAt(declaration, 'recursive types are not supported');
    open.add(type);
    const { counts, elements } = typeCounts(set, type);
    for (const [local, count] of counts) limits.set(local, Math.max(limits.get(local) ?? 0, count));
    let deepest = 0;
    for (const element of elements) deepest = Math.max(deepest, depth(element.declaration));
    open.delete(type);
    depthOf.set(type, deepest + 1);
    return deepest + 1;
  };
  let maxDepth = 0;
  for (const root of set.roots()) {
    const local = root.attributes.name ?? failAt(root, 'element without a name');
    limits.set(local, Math.max(limits.get(local) ?? 0, 1));
    maxDepth = Math.max(maxDepth, depth(root));
  }
  const maxOccurs: Record<string, number | 'unbounded'> = {};
  for (const local of [...limits.keys()].sort()) {
    const limit = limits.get(local) as number;
    maxOccurs[local] = limit === Number.POSITIVE_INFINITY ? 'unbounded' : limit;
  }
  return { schema, maxDepth, maxOccurs };
}

/**
 * The child element names of a content model particle in schema order, depth first (issue #18 item
 * 14): an element particle its name, a sequence or choice its particles' names in turn (a choice's
 * branches one after the other: only one occurs). A repeating sequence or choice (`maxOccurs` > 1)
 * would let its elements interleave, and a name at two places of one model would have no single
 * position: FA(3) has neither, and the generator refuses both so that a schema with them is noticed.
 */
function particleOrder(set: SchemaSet, node: XNode, names: string[]): void {
  switch (node.local) {
    case 'element': {
      const declaration =
        node.attributes.ref === undefined ? node : set.globalElement(node, node.attributes.ref);
      const local = declaration.attributes.name ?? failAt(node, 'element without a name');
      if (names.includes(local)) failAt(node, `${local} occurs twice in one content model`);
      names.push(local);
      return;
    }
    case 'group': {
      if (maxOf(node) > 1) failAt(node, 'a repeating group is not supported by the order table');
      const group = set.group(node, node.attributes.ref ?? failAt(node, 'group without ref'));
      for (const particle of content(group)) particleOrder(set, particle, names);
      return;
    }
    case 'sequence':
    case 'choice': {
      if (maxOf(node) > 1 && content(node).length > 1)
        failAt(node, `a repeating ${node.local} is not supported by the order table`);
      for (const child of content(node)) particleOrder(set, child, names);
      return;
    }
    default:
      failAt(node, `xs:${node.local} is not supported by the order table`);
  }
}

/** The child element names of a complex type in schema order (an extension's base type first). */
function typeOrder(set: SchemaSet, type: XNode, names: string[]): void {
  for (const child of content(type)) {
    if (child.local === 'simpleContent') continue;
    if (child.local !== 'complexContent') {
      particleOrder(set, child, names);
      continue;
    }
    for (const derivation of content(child)) {
      if (derivation.local === 'extension') {
        const base = derivation.attributes.base ?? failAt(derivation, 'extension without base');
        const baseType = set.namedType(derivation, base);
        if (baseType !== null) typeOrder(set, baseType, names);
      }
      for (const particle of content(derivation)) particleOrder(set, particle, names);
    }
  }
}

/**
 * Reads a schema set into the sibling-order table the FA(3) parse checks (issue #18 item 14): for
 * every element with element content, by its path of local names from the root, its children's names
 * in schema order.
 */
export function schemaSequences(file: string, schema: string): SchemaSequences {
  const set = new SchemaSet(file);
  const children: Record<string, readonly string[]> = {};
  const walk = (path: string, declaration: XNode): void => {
    const type = set.typeOf(declaration);
    if (type === null) return;
    const names: string[] = [];
    typeOrder(set, type, names);
    if (names.length === 0) return;
    children[path] = names;
    const declarations = typeCounts(set, type).elements;
    for (const { local, declaration: child } of declarations) walk(`${path}/${local}`, child);
  };
  for (const root of set.roots()) walk(root.attributes.name ?? failAt(root, 'element without a name'), root);
  return { schema, children };
}

function sequencesLiteral(sequences: SchemaSequences): string {
  const entries = Object.entries(sequences.children)
    .map(([path, names]) => `    ${JSON.stringify(path)}: ${JSON.stringify(names)},`)
    .join('\n');
  return `{\n  schema: ${JSON.stringify(sequences.schema)},\n  children: {\n${entries}\n  },\n}`;
}

function literal(occurrences: SchemaOccurrences): string {
  const entries = Object.entries(occurrences.maxOccurs)
    .map(([local, limit]) => {
      const key = /^[A-Za-z_$][\w$]*$/.test(local) ? local : JSON.stringify(local);
      return `    ${key}: ${JSON.stringify(limit)},`;
    })
    .join('\n');
  return `{\n  schema: ${JSON.stringify(occurrences.schema)},\n  maxDepth: ${String(occurrences.maxDepth)},\n  maxOccurs: {\n${entries}\n  },\n}`;
}

function repeating(occurrences: SchemaOccurrences): number {
  return Object.values(occurrences.maxOccurs).filter((limit) => limit !== 1).length;
}

const HEADER = (
  file: string,
) => `${generatedHeader('scripts/generate-schema-occurrences.ts', `${file}, read from shared/xsd/.`)}import type { SchemaOccurrences } from '../../xml/parse.js';
`;

/** The FA(3) entry schema, below the shared directory. */
export const FA3_XSD = join('xsd', 'ksef-fa3', 'schemat_FA(3)_v1-0E.xsd');
/** The SII message entry schema, below the shared directory. */
export const SII_MESSAGE_XSD = join('xsd', 'sii', 'SuministroLR.xsd');
/** The SII response entry schema, below the shared directory. */
export const SII_RESPONSE_XSD = join('xsd', 'sii', 'RespuestaSuministro.xsd');

/**
 * The texts of `src/ksef/import/fa3Occurrences.ts`, `src/ksef/import/fa3Sequences.ts` and
 * `src/sii/import/siiOccurrences.ts` (unformatted: {@link writeGenerated} and the CI check format them
 * with Biome) from the XSDs below the `shared` directory. Writes nothing.
 *
 * @example
 * Object.keys(schemaOccurrenceFiles('../shared')); // ['src/ksef/import/fa3Occurrences.ts', …]
 */
export function schemaOccurrenceFiles(shared: string): GeneratedFiles {
  for (const file of [FA3_XSD, SII_MESSAGE_XSD, SII_RESPONSE_XSD])
    if (!existsSync(join(shared, file))) throw new Error(`${file} not found in ${shared}`);
  const fa3 = schemaOccurrences(join(shared, FA3_XSD), 'schemat_FA(3)_v1-0E.xsd');
  const message = schemaOccurrences(join(shared, SII_MESSAGE_XSD), 'SuministroLR.xsd');
  const response = schemaOccurrences(join(shared, SII_RESPONSE_XSD), 'RespuestaSuministro.xsd');
  const sequences = schemaSequences(join(shared, FA3_XSD), 'schemat_FA(3)_v1-0E.xsd');
  const outputs: [string, string][] = [
    [
      'src/ksef/import/fa3Occurrences.ts',
      `${HEADER('schemat_FA(3)_v1-0E.xsd with bazowe/*.xsd')}
/**
 * What FA(3) (\`schemat_FA(3)_v1-0E.xsd\`) allows, as the importer's parse checks it (issue #24): the
 * largest \`maxOccurs\` of each of its ${String(Object.keys(fa3.maxOccurs).length)} element names anywhere in an FA(3) document
 * (${String(repeating(fa3))} may repeat), and the deepest element (${String(fa3.maxDepth)} levels, \`Faktura\` being 1).
 *
 * @example
 * FA3_OCCURRENCES.maxOccurs.FaWiersz; // 10000
 * FA3_OCCURRENCES.maxOccurs.P_2; // 1
 */
export const FA3_OCCURRENCES: SchemaOccurrences = ${literal(fa3)};
`,
    ],
    [
      'src/ksef/import/fa3Sequences.ts',
      `${HEADER('schemat_FA(3)_v1-0E.xsd with bazowe/*.xsd').replace('SchemaOccurrences', 'SchemaSequences')}
/**
 * The order FA(3) (\`schemat_FA(3)_v1-0E.xsd\`) gives the children of each of its ${String(Object.keys(sequences.children).length)} elements
 * with element content, by path from \`Faktura\`, as the importer's parse checks it (issue #18 item 14:
 * KSeF refuses a document whose elements are out of the schema's order).
 *
 * @example
 * FA3_SEQUENCES.children['Faktura/Fa/OkresFa']; // ['P_6_Od', 'P_6_Do']
 */
export const FA3_SEQUENCES: SchemaSequences = ${sequencesLiteral(sequences)};
`,
    ],
    [
      'src/sii/import/siiOccurrences.ts',
      `${HEADER('SuministroLR.xsd and RespuestaSuministro.xsd with SuministroInformacion.xsd')}
/**
 * What an SII message (\`SuministroLR.xsd\` with \`SuministroInformacion.xsd\`) allows, as the importer's
 * parse checks it (issue #24): the largest \`maxOccurs\` of each of its ${String(Object.keys(message.maxOccurs).length)} element names anywhere in a
 * message (${String(repeating(message))} may repeat), and the deepest element (${String(message.maxDepth)} levels, the root being 1).
 *
 * @example
 * SII_MESSAGE_OCCURRENCES.maxOccurs.RegistroLRFacturasEmitidas; // 10000
 * SII_MESSAGE_OCCURRENCES.maxOccurs.Cabecera; // 1
 */
export const SII_MESSAGE_OCCURRENCES: SchemaOccurrences = ${literal(message)};

/**
 * What an AEAT response (\`RespuestaSuministro.xsd\` with \`SuministroInformacion.xsd\`) allows, as the
 * response reader's parse checks it (issue #24): ${String(Object.keys(response.maxOccurs).length)} element names (${String(repeating(response))} may repeat), at most
 * ${String(response.maxDepth)} levels deep.
 *
 * @example
 * SII_RESPONSE_OCCURRENCES.maxOccurs.RespuestaLinea; // 10000
 */
export const SII_RESPONSE_OCCURRENCES: SchemaOccurrences = ${literal(response)};
`,
    ],
  ];
  return Object.fromEntries(outputs);
}

if (isMain(import.meta.url)) writeGenerated(schemaOccurrenceFiles(sharedDirectory(process.argv[2])));
