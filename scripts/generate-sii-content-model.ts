/**
 * Generates `src/sii/validator/contentModel.ts`: the rules of the official AEAT SII schemas as data
 * (issue #6), for fiscalkit's structural validator.
 *
 *   npm run generate (every generator), or npx tsx scripts/generate-sii-content-model.ts [directory]
 *
 * `directory` holds `SuministroLR.xsd` and what it imports (default: `$FISCALKIT_SHARED/xsd/sii`, or
 * `../shared/xsd/sii` beside the checkout). The script parses the XSDs with saxes, starts from every
 * global element of `SuministroLR.xsd` (the `SuministroLR…` / `BajaLR…` message roots), and emits every
 * complex type they reach (content model: sequence / choice / element particles with occurrence bounds,
 * extensions flattened, element names with their namespace prefix) and every simple type (built-in base,
 * merged facets). It refuses XSD features it does not model (attributes, wildcards, `all`, mixed or
 * simple content, element references, lists, unions, …) so that a schema needing them fails here, loudly.
 * {@link siiContentModelFiles} returns the file's text and writes nothing (the CI check regenerates
 * in memory: `test/scripts/generated.test.ts`); the command line formats it with Biome and writes it.
 * Commit the result.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type {
  BuiltinTypeName,
  ComplexTypeModel,
  MaxOccurs,
  Particle,
  SchemaModel,
  SimpleTypeModel,
  TypeModel,
} from '../src/sii/validator/schemaModel.js';

import {
  type GeneratedFiles,
  generatedHeader,
  isMain,
  sharedDirectory,
  writeGenerated,
} from './generated.js';
import { failAt, readXsdDom, XSD_FACETS, type XsdNode } from './xsdDom.js';

const XS = 'http://www.w3.org/2001/XMLSchema';
/** The generated file, from the project root. */
export const SII_CONTENT_MODEL_FILE = 'src/sii/validator/contentModel.ts';
const ENTRY = 'SuministroLR.xsd';

// ---------------------------------------------------------------------------------------------------
// A minimal DOM of the schema documents

type XNode = XsdNode;

/** The XSD children of a node, without annotations. */
function xsChildren(node: XNode): XNode[] {
  return node.children.filter((child) => {
    if (child.uri !== XS) failAt(child, `unexpected element {${child.uri}}${child.local}`);
    return child.local !== 'annotation';
  });
}

// ---------------------------------------------------------------------------------------------------
// Schema documents, their namespaces and global components

interface SchemaDocument {
  readonly file: string;
  readonly targetNamespace: string;
  readonly qualifiedElements: boolean;
  readonly node: XNode;
}

const documents: SchemaDocument[] = [];
/** Namespace URI → prefix used in the model. */
const prefixes = new Map<string, string>();
const globalElements = new Map<string, XNode>();
const globalComplexTypes = new Map<string, XNode>();
const globalSimpleTypes = new Map<string, XNode>();
const documentOf = new Map<XNode, SchemaDocument>();

function loadSchema(directory: string, file: string): void {
  if (documents.some((document) => document.file === file)) return;
  const node = readXsdDom(join(directory, file));
  if (node.uri !== XS || node.local !== 'schema') failAt(node, 'not an XML Schema');
  const targetNamespace = node.attributes.targetNamespace ?? '';
  const document: SchemaDocument = {
    file,
    targetNamespace,
    qualifiedElements: node.attributes.elementFormDefault === 'qualified',
    node,
  };
  documents.push(document);
  if (!prefixes.has(targetNamespace)) {
    const prefix = Object.entries(node.scope).find(
      ([key, uri]) => uri === targetNamespace && key !== '',
    )?.[0];
    if (prefix === undefined && targetNamespace !== '')
      failAt(node, 'no prefix bound to the target namespace');
    prefixes.set(targetNamespace, prefix ?? '');
  }
  for (const child of xsChildren(node)) {
    const key = () => qualified(targetNamespace, child.attributes.name ?? failAt(child, 'no name'));
    const register = (map: Map<string, XNode>) => {
      const name = key();
      if (map.has(name)) failAt(child, `duplicate global ${child.local} ${name}`);
      map.set(name, child);
    };
    switch (child.local) {
      case 'import':
      case 'include': {
        const location = child.attributes.schemaLocation;
        if (location === undefined) failAt(child, `${child.local} without schemaLocation`);
        if (/^[a-z][a-z0-9+.-]*:/i.test(location)) failAt(child, `remote schemaLocation ${location}`);
        loadSchema(directory, location);
        break;
      }
      case 'element':
        register(globalElements);
        break;
      case 'complexType':
        register(globalComplexTypes);
        break;
      case 'simpleType':
        register(globalSimpleTypes);
        break;
      default:
        failAt(child, `unsupported top-level xs:${child.local}`);
    }
  }
}

/** `{uri}local` as the model writes it: `prefix:local`. */
function qualified(uri: string, local: string): string {
  if (uri === XS) return `xs:${local}`;
  const prefix = prefixes.get(uri);
  if (prefix === undefined) throw new Error(`namespace ${uri} has no prefix (not loaded)`);
  return prefix === '' ? local : `${prefix}:${local}`;
}

/** Resolves a QName-valued attribute (`type`, `base`) in the scope of its node. */
function resolveQName(node: XNode, value: string): string {
  const colon = value.indexOf(':');
  const prefix = colon < 0 ? '' : value.slice(0, colon);
  const local = colon < 0 ? value : value.slice(colon + 1);
  const uri = node.scope[prefix];
  if (uri === undefined) {
    if (prefix === '') return qualified('', local);
    failAt(node, `unbound prefix ${prefix} in ${value}`);
  }
  return qualified(uri, local);
}

// ---------------------------------------------------------------------------------------------------
// Types

const types = new Map<string, TypeModel>();
const pending: Array<[id: string, build: () => TypeModel]> = [];

/** Forgets what an earlier run read (the tables above are the state of one run). */
function resetState(): void {
  documents.length = 0;
  pending.length = 0;
  for (const table of [prefixes, globalElements, globalComplexTypes, globalSimpleTypes, documentOf, types])
    table.clear();
}

const BUILTINS: Readonly<Record<string, BuiltinTypeName>> = {
  'xs:string': 'string',
  'xs:normalizedString': 'normalizedString',
  'xs:token': 'token',
  'xs:decimal': 'decimal',
  'xs:integer': 'integer',
  'xs:boolean': 'boolean',
  'xs:date': 'date',
};

function builtinWhiteSpace(base: BuiltinTypeName): SimpleTypeModel['whiteSpace'] {
  if (base === 'string') return 'preserve';
  if (base === 'normalizedString') return 'replace';
  return 'collapse';
}

/** Makes sure type `id` is in the model (building it once) and returns its id. */
function requireType(id: string, build: () => TypeModel): string {
  if (!types.has(id) && !pending.some(([pendingId]) => pendingId === id)) pending.push([id, build]);
  return id;
}

/** The id of a named type, queued for building. */
function namedType(node: XNode, id: string): string {
  const builtin = BUILTINS[id];
  if (builtin !== undefined) {
    return requireType(id, () => ({ kind: 'simple', base: builtin, whiteSpace: builtinWhiteSpace(builtin) }));
  }
  if (id.startsWith('xs:')) failAt(node, `built-in type ${id} is not supported`);
  const complex = globalComplexTypes.get(id);
  if (complex !== undefined) return requireType(id, () => complexType(complex, id));
  const simple = globalSimpleTypes.get(id);
  if (simple !== undefined) return requireType(id, () => simpleType(simple, id));
  failAt(node, `unknown type ${id}`);
}

function occurs(node: XNode): { min: number; max: MaxOccurs } {
  const min = Number.parseInt(node.attributes.minOccurs ?? '1', 10);
  const maxText = node.attributes.maxOccurs ?? '1';
  const max: MaxOccurs = maxText === 'unbounded' ? 'unbounded' : Number.parseInt(maxText, 10);
  if (!Number.isInteger(min) || min < 0) failAt(node, `bad minOccurs ${node.attributes.minOccurs}`);
  if (max !== 'unbounded' && (!Number.isInteger(max) || max < 1 || max < min)) {
    failAt(node, `bad maxOccurs ${maxText}`);
  }
  return { min, max };
}

const ELEMENT_ATTRIBUTES = new Set(['name', 'type', 'minOccurs', 'maxOccurs', 'form']);

/** A local element particle declared inside type `owner`. */
function elementParticle(node: XNode, owner: string): Particle {
  for (const attribute of Object.keys(node.attributes)) {
    if (!ELEMENT_ATTRIBUTES.has(attribute)) failAt(node, `element attribute ${attribute} is not supported`);
  }
  const document = documentOf.get(node) ?? failAt(node, 'no schema document');
  const localName = node.attributes.name ?? failAt(node, 'element without name (ref is not supported)');
  const form = node.attributes.form ?? (document.qualifiedElements ? 'qualified' : 'unqualified');
  const name = qualified(form === 'qualified' ? document.targetNamespace : '', localName);
  const path = `${owner.replace(/^~/, '')}/${localName}`;
  return { kind: 'element', name, type: elementType(node, path), ...occurs(node) };
}

/** The type id of an element declaration: its `type`, or its anonymous type named `~` + `path`. */
function elementType(node: XNode, path: string): string {
  const anonymous = xsChildren(node);
  const typeName = node.attributes.type;
  if (typeName !== undefined) {
    if (anonymous.length > 0) failAt(node, 'element with both a type and an anonymous type');
    return namedType(node, resolveQName(node, typeName));
  }
  const [definition, ...rest] = anonymous;
  if (definition === undefined) failAt(node, 'element without a type (anyType) is not supported');
  if (rest.length > 0) failAt(rest[0] as XNode, `unsupported xs:${(rest[0] as XNode).local} in an element`);
  const id = `~${path}`;
  if (definition.local === 'complexType') return requireType(id, () => complexType(definition, id));
  if (definition.local === 'simpleType') return requireType(id, () => simpleType(definition, id));
  failAt(definition, `unsupported xs:${definition.local} in an element`);
}

function groupParticle(node: XNode, owner: string): Particle {
  if (node.local !== 'sequence' && node.local !== 'choice') failAt(node, `xs:${node.local} is not supported`);
  const particles = xsChildren(node).map((child) => particle(child, owner));
  if (particles.length === 0) failAt(node, `empty xs:${node.local}`);
  return { kind: node.local, ...occurs(node), particles };
}

function particle(node: XNode, owner: string): Particle {
  return node.local === 'element' ? elementParticle(node, owner) : groupParticle(node, owner);
}

/** Every node belongs to its schema document (local declarations take its target namespace). */
function markDocument(node: XNode, document: SchemaDocument): void {
  documentOf.set(node, document);
  for (const child of node.children) markDocument(child, document);
}

/** The content particle of a `complexType` node (extensions flattened into one sequence). */
function complexContent(node: XNode, id: string): Particle | null {
  if (node.attributes.mixed === 'true') failAt(node, 'mixed content is not supported');
  for (const attribute of Object.keys(node.attributes)) {
    if (attribute !== 'name') failAt(node, `complexType attribute ${attribute} is not supported`);
  }
  const children = xsChildren(node);
  if (children.length === 0) return null;
  const [first, ...rest] = children;
  if (first === undefined || rest.length > 0)
    failAt(rest[0] ?? node, 'only one content particle is supported');
  if (first.local === 'sequence' || first.local === 'choice') return groupParticle(first, id);
  if (first.local !== 'complexContent') failAt(first, `xs:${first.local} is not supported in a complexType`);
  const [derivation, ...more] = xsChildren(first);
  if (derivation === undefined || more.length > 0 || derivation.local !== 'extension') {
    failAt(derivation ?? first, 'only complexContent/extension is supported');
  }
  const baseId = resolveQName(derivation, derivation.attributes.base ?? failAt(derivation, 'no base'));
  const baseNode = globalComplexTypes.get(baseId) ?? failAt(derivation, `unknown complex base ${baseId}`);
  const base = complexContent(baseNode, baseId);
  const extensionChildren = xsChildren(derivation);
  if (extensionChildren.length > 1) failAt(derivation, 'only one extension particle is supported');
  const extension = extensionChildren[0] === undefined ? null : groupParticle(extensionChildren[0], id);
  if (base === null) return extension;
  if (extension === null) return base;
  const flatten = (part: Particle): readonly Particle[] =>
    part.kind === 'sequence' && part.min === 1 && part.max === 1 ? part.particles : [part];
  return { kind: 'sequence', min: 1, max: 1, particles: [...flatten(base), ...flatten(extension)] };
}

function complexType(node: XNode, id: string): ComplexTypeModel {
  return { kind: 'complex', content: complexContent(node, id) };
}

function simpleType(node: XNode, id: string): SimpleTypeModel {
  const [restriction, ...rest] = xsChildren(node);
  if (restriction === undefined || rest.length > 0 || restriction.local !== 'restriction') {
    failAt(restriction ?? node, `simpleType ${id}: only xs:restriction is supported (no list, no union)`);
  }
  const baseId = resolveQName(restriction, restriction.attributes.base ?? failAt(restriction, 'no base'));
  let base: SimpleTypeModel;
  const builtin = BUILTINS[baseId];
  if (builtin !== undefined) base = { kind: 'simple', base: builtin, whiteSpace: builtinWhiteSpace(builtin) };
  else {
    const baseNode =
      globalSimpleTypes.get(baseId) ?? failAt(restriction, `unsupported simple base ${baseId}`);
    base = simpleType(baseNode, baseId);
  }
  const facets: Record<string, unknown> = { ...base };
  const patterns: string[] = [];
  const enumeration: string[] = [];
  for (const facet of xsChildren(restriction)) {
    if (!XSD_FACETS.has(facet.local)) failAt(facet, `facet xs:${facet.local} is not supported`);
    const value = facet.attributes.value ?? failAt(facet, 'facet without value');
    switch (facet.local) {
      case 'pattern':
        patterns.push(value);
        break;
      case 'enumeration':
        enumeration.push(value);
        break;
      case 'whiteSpace':
        facets.whiteSpace = value;
        break;
      case 'length':
      case 'minLength':
      case 'maxLength':
      case 'totalDigits':
      case 'fractionDigits':
        facets[facet.local] = Number.parseInt(value, 10);
        break;
      default:
        facets[facet.local] = value;
    }
  }
  if (patterns.length > 0) {
    // Patterns of one derivation step are alternatives; the steps' patterns must all match.
    const step = patterns.length === 1 ? (patterns[0] as string) : patterns.map((p) => `(${p})`).join('|');
    facets.patterns = [...(base.patterns ?? []), step];
  }
  // An enumeration restricts the base's value space; a base enumeration is already implied by it.
  if (enumeration.length > 0) facets.enumeration = enumeration;
  return facets as unknown as SimpleTypeModel;
}

// ---------------------------------------------------------------------------------------------------
// Main

/** A JavaScript literal with short objects and arrays on one line (Biome keeps them so), for a readable diff. */
function literal(value: unknown, indent: string): string {
  // Strings as JSON (Biome turns the quotes to single ones), numbers as they are.
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  const inner = `${indent}  `;
  const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : literal(name, ''));
  const items = Array.isArray(value)
    ? value.map((item) => literal(item, inner))
    : Object.entries(value).map(([name, item]) => `${key(name)}: ${literal(item, inner)}`);
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{ ', ' }'];
  const flat = `${open}${items.join(', ')}${close}`;
  if (indent.length + flat.length < 110 && !flat.includes('\n')) return flat;
  return `${open.trim()}\n${items.map((item) => inner + item).join(',\n')},\n${indent}${close.trim()}`;
}

/**
 * The SII schemas in `directory` (the one holding `SuministroLR.xsd`) as a {@link SchemaModel}: what
 * `contentModel.ts` holds, and what `scripts/generate-sii-codes.ts` reads the code lists from.
 *
 * @example
 * readSiiSchemaModel('../shared/xsd/sii').types['sii:TipoPeriodoType']; // { kind: 'simple', enumeration: ['01', …] }
 */
export function readSiiSchemaModel(directory: string): SchemaModel {
  if (!existsSync(join(directory, ENTRY))) throw new Error(`${ENTRY} not found in ${directory}`);
  resetState();
  loadSchema(directory, ENTRY);
  for (const document of documents) markDocument(document.node, document);

  const entry = documents[0] as SchemaDocument;
  const roots: Record<string, string> = {};
  for (const [name, node] of globalElements) {
    if (documentOf.get(node) !== entry) continue;
    roots[name] = elementType(node, name);
  }
  // Also root candidates: global elements of imported documents (libxml2 accepts any global element).
  for (const [name, node] of globalElements) {
    if (documentOf.get(node) === entry) continue;
    roots[name] = elementType(node, name);
  }
  for (let next = pending.shift(); next !== undefined; next = pending.shift()) {
    const [id, build] = next;
    if (!types.has(id)) types.set(id, build());
  }

  const namespaces: Record<string, string> = {};
  for (const [uri, prefix] of prefixes) if (prefix !== '') namespaces[prefix] = uri;
  const sortedTypes: Record<string, TypeModel> = {};
  for (const id of [...types.keys()].sort()) sortedTypes[id] = types.get(id) as TypeModel;
  return {
    source: documents.map((document) => document.file).join(' + '),
    namespaces,
    roots,
    types: sortedTypes,
  };
}

/**
 * The text of `src/sii/validator/contentModel.ts` (unformatted: {@link writeGenerated} and the CI
 * check format it with Biome) from the SII schemas in `directory` (the one holding `SuministroLR.xsd`).
 * Writes nothing.
 *
 * @example
 * siiContentModelFiles('../shared/xsd/sii')['src/sii/validator/contentModel.ts']; // '// GENERATED FILE …'
 */
export function siiContentModelFiles(directory: string): GeneratedFiles {
  const model = readSiiSchemaModel(directory);
  const { roots, types: sortedTypes } = model;
  const complexCount = Object.values(sortedTypes).filter((type) => type.kind === 'complex').length;
  const simpleCount = Object.values(sortedTypes).length - complexCount;
  const header = generatedHeader(
    'scripts/generate-sii-content-model.ts',
    `${model.source} (AEAT SII 1.1, "1.1 bis" content), read from shared/xsd/sii/.
${Object.keys(roots).length} root elements, ${complexCount} complex types, ${simpleCount} simple types.`,
  );
  const text = `${header}import type { SchemaModel } from './schemaModel.js';

/**
 * The AEAT SII schemas (\`${model.source}\`) as data: the namespaces, the ${Object.keys(roots).length}
 * message roots (\`SuministroLR…\` / \`BajaLR…\`) and every type they reach — content models of the
 * complex types and facets of the simple types (see {@link SchemaModel}). Generated from the official
 * XSDs by \`scripts/generate-sii-content-model.ts\`; the structural validator compiles it once.
 *
 * @example
 * SII_CONTENT_MODEL.roots['siiLR:SuministroLRFacturasEmitidas']; // → '~siiLR:SuministroLRFacturasEmitidas'
 * SII_CONTENT_MODEL.types['sii:NIFType']; // → { kind: 'simple', base: 'string', length: 9, patterns: […] }
 */
export const SII_CONTENT_MODEL: SchemaModel = ${literal(model, '')};
`;
  return { [SII_CONTENT_MODEL_FILE]: text };
}

if (isMain(import.meta.url)) {
  const argument = process.argv[2];
  writeGenerated(siiContentModelFiles(argument ?? join(sharedDirectory(), 'xsd', 'sii')));
}
