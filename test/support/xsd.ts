/**
 * Validation of XML against the official XSDs in `shared/xsd/` with libxml2-wasm (a dev dependency),
 * as DESIGN.md asks of every XML fiscalkit produces ("The official XSDs judge the XML").
 *
 * How `xsd:import` / `xsd:include` are resolved: libxml2 resolves each `schemaLocation` against the
 * URL of the schema document that contains it (RFC 3986) and asks the registered input providers
 * (`xmlRegisterInputProvider`) for the result; there is no file system or network access of its own in
 * the wasm build. Entry schemas are parsed with a virtual URL under {@link VIRTUAL_XSD_ROOT}, so relative
 * locations (`bazowe/StrukturyDanych_v10-0E.xsd`, `SuministroInformacion.xsd`) arrive as
 * `fiscalkit-xsd:///ksef-fa3/bazowe/…`; absolute locations of the official publications (the crd.gov.pl
 * URL in the published FA(3) schema, the AEAT `ssii_1_1_bis` folder) arrive unchanged and are mapped by
 * {@link REMOTE_SCHEMA_LOCATIONS}. Both end up at files under `shared/xsd/`; anything else is not
 * served, so libxml2 fails with "Failed to locate a schema" rather than going to the network.
 *
 * @module
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';
import {
  closeBuffer,
  type ErrorDetail,
  openBuffer,
  readBuffer,
  XmlDocument,
  type XmlInputProvider,
  XmlLibError,
  XmlValidateError,
  XsdValidator,
  xmlRegisterInputProvider,
} from 'libxml2-wasm';
import { SHARED_DIR, SHARED_MISSING } from './shared.js';

/** The official schemas fiscalkit's XML is judged by. */
export type SchemaName = 'ksef-fa3' | 'sii';

/** One libxml2 diagnostic: the line in the validated document (0 when libxml2 gives none) and its text. */
export interface XsdIssue {
  line: number;
  message: string;
}

/** The outcome of a validation: `valid` is true exactly when libxml2 accepted the document. */
export interface XsdResult {
  valid: boolean;
  errors: XsdIssue[];
}

/** `shared/xsd/`, where every schema and everything it imports or includes is read from. */
export const XSD_DIR = join(SHARED_DIR, 'xsd');

/** The entry schema of each {@link SchemaName}, relative to {@link XSD_DIR}. */
export const SCHEMA_ENTRIES: Readonly<Record<SchemaName, string>> = {
  'ksef-fa3': 'ksef-fa3/schemat_FA(3)_v1-0E.xsd',
  sii: 'sii/SuministroLR.xsd',
};

/**
 * The base URL entry schemas are parsed with. It stands for {@link XSD_DIR}, wherever that is, so
 * relative schema locations resolve to URLs that do not depend on the checkout's path.
 */
export const VIRTUAL_XSD_ROOT = 'fiscalkit-xsd:///';

/**
 * Official publication folders (URL prefix → folder under {@link XSD_DIR}) that absolute schema
 * locations are served from locally. The FA(3) schema as published imports its base types from the
 * crd.gov.pl URL (`shared/xsd/ksef-fa3/SOURCES.md` §4; the copy in `shared/` points to `bazowe/`
 * instead); the AEAT files use relative locations but live in the `ssii_1_1_bis` folder.
 */
export const REMOTE_SCHEMA_LOCATIONS: ReadonlyArray<readonly [prefix: string, folder: string]> = [
  ['http://crd.gov.pl/xml/schematy/dziedzinowe/mf/2022/01/05/eD/DefinicjeTypy/', 'ksef-fa3/bazowe/'],
  ['https://crd.gov.pl/xml/schematy/dziedzinowe/mf/2022/01/05/eD/DefinicjeTypy/', 'ksef-fa3/bazowe/'],
  [
    'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/ssii_1_1_bis/fact/ws/',
    'sii/',
  ],
];

/**
 * The local file a schema location (as libxml2 resolved it) is served from, or `undefined` when it is
 * neither under {@link VIRTUAL_XSD_ROOT} nor under a {@link REMOTE_SCHEMA_LOCATIONS} prefix, or names
 * no file inside {@link XSD_DIR}.
 *
 * @example
 * resolveSchemaLocation('fiscalkit-xsd:///ksef-fa3/bazowe/KodyKrajow_v10-0E.xsd');
 * // → '<shared>/xsd/ksef-fa3/bazowe/KodyKrajow_v10-0E.xsd'
 * resolveSchemaLocation(
 *   'http://crd.gov.pl/xml/schematy/dziedzinowe/mf/2022/01/05/eD/DefinicjeTypy/StrukturyDanych_v10-0E.xsd',
 * );
 * // → '<shared>/xsd/ksef-fa3/bazowe/StrukturyDanych_v10-0E.xsd'
 * resolveSchemaLocation('http://www.w3.org/2001/xml.xsd'); // → undefined
 */
export function resolveSchemaLocation(location: string): string | undefined {
  let relative: string | undefined;
  if (location.startsWith(VIRTUAL_XSD_ROOT)) relative = location.slice(VIRTUAL_XSD_ROOT.length);
  for (const [prefix, folder] of REMOTE_SCHEMA_LOCATIONS) {
    if (location.startsWith(prefix)) relative = folder + location.slice(prefix.length);
  }
  if (relative === undefined) return undefined;
  try {
    relative = decodeURIComponent(relative);
  } catch {
    return undefined;
  }
  const path = normalize(join(XSD_DIR, relative));
  if (!path.startsWith(XSD_DIR + sep)) return undefined;
  return existsSync(path) && statSync(path).isFile() ? path : undefined;
}

/** Serves schema documents to libxml2 from {@link XSD_DIR} (see the module comment). */
const schemaInputProvider: XmlInputProvider = {
  match: (location) => resolveSchemaLocation(location) !== undefined,
  open: (location) => {
    const path = resolveSchemaLocation(location);
    return path === undefined ? undefined : openBuffer(readFileSync(path));
  },
  read: (fd, buffer) => readBuffer(fd, buffer),
  close: (fd) => {
    closeBuffer(fd);
    return true;
  },
};

/**
 * libxml2's input callbacks are process-wide (one table per wasm instance, at most 15 entries), and
 * this module may be evaluated more than once against the same libxml2-wasm instance (one module graph
 * per test file). The flag lives on the libxml2-wasm module's class so that it is registered once.
 */
const REGISTERED = Symbol.for('fiscalkit.test.xsdInputProvider');

function registerInputProvider(): void {
  const holder = XsdValidator as unknown as Record<symbol, boolean>;
  if (holder[REGISTERED]) return;
  if (!xmlRegisterInputProvider(schemaInputProvider)) {
    throw new Error('libxml2 refused the schema input provider (its input callback table is full)');
  }
  holder[REGISTERED] = true;
}

/** A compiled schema and the parsed schema document it was built from; dispose it when done. */
export interface CompiledSchema {
  readonly validator: XsdValidator;
  /** Frees the validator and the schema document (wasm memory). Safe to call twice. */
  dispose(): void;
}

/**
 * Compiles a schema under {@link XSD_DIR} with everything it imports and includes. `source` replaces
 * the file's content (to compile a variant of an official schema, e.g. as published) while imports are
 * still resolved from its location. The caller owns the result and must dispose it; tests normally use
 * the cached {@link compiledSchema} instead.
 *
 * @throws Error when `shared/` is absent, `XmlValidateError` (with libxml2's details) when the schema
 * or an imported one cannot be loaded or is not a valid schema.
 *
 * @example
 * const published = readFileSync(join(XSD_DIR, SCHEMA_ENTRIES['ksef-fa3']), 'utf8').replace(
 *   'schemaLocation="bazowe/',
 *   'schemaLocation="http://crd.gov.pl/xml/schematy/dziedzinowe/mf/2022/01/05/eD/DefinicjeTypy/',
 * );
 * const schema = compileSchema(SCHEMA_ENTRIES['ksef-fa3'], new TextEncoder().encode(published));
 * try {
 *   validateWith(schema, invoiceXml);
 * } finally {
 *   schema.dispose();
 * }
 */
export function compileSchema(entry: string, source?: Uint8Array): CompiledSchema {
  const path = join(XSD_DIR, entry);
  if (!existsSync(path)) throw new Error(`schema ${entry} not found in ${XSD_DIR}. ${SHARED_MISSING}`);
  registerInputProvider();
  const doc = XmlDocument.fromBuffer(source ?? readFileSync(path), { url: VIRTUAL_XSD_ROOT + entry });
  let validator: XsdValidator;
  try {
    validator = XsdValidator.fromDoc(doc);
  } catch (error) {
    doc.dispose();
    throw error;
  }
  // The validator is kept with the document it was parsed from: libxml2 does not copy a document
  // given to xmlSchemaNewDocParserCtxt, so the document is freed only after the validator.
  let disposed = false;
  return {
    validator,
    dispose() {
      if (disposed) return;
      disposed = true;
      validator.dispose();
      doc.dispose();
    },
  };
}

const cache = new Map<SchemaName, CompiledSchema>();

/**
 * The compiled schema for `schema`, compiled on first use and kept until {@link disposeSchemas}.
 *
 * @example
 * const fa3 = compiledSchema('ksef-fa3');
 * compiledSchema('ksef-fa3') === fa3; // true: compiled once
 */
export function compiledSchema(schema: SchemaName): CompiledSchema {
  let compiled = cache.get(schema);
  if (compiled === undefined) {
    compiled = compileSchema(SCHEMA_ENTRIES[schema]);
    cache.set(schema, compiled);
  }
  return compiled;
}

/**
 * Frees every cached compiled schema. Call it in `afterAll` of a test file that validated; a later
 * {@link validateXml} compiles again.
 *
 * @example
 * afterAll(disposeSchemas);
 */
export function disposeSchemas(): void {
  for (const compiled of cache.values()) compiled.dispose();
  cache.clear();
}

function issues(details: readonly ErrorDetail[]): XsdIssue[] {
  return details.map((detail) => ({ line: detail.line, message: detail.message.trimEnd() }));
}

const encoder = new TextEncoder();

/**
 * Validates `xml` (UTF-8 text) with a compiled schema. Malformed XML is reported the same way as
 * schema errors (`valid: false` with libxml2's parse errors); only internal libxml2 failures throw.
 * The parsed document is always freed.
 *
 * @example
 * const schema = compiledSchema('sii');
 * const { valid, errors } = validateWith(schema, message);
 */
export function validateWith(schema: CompiledSchema, xml: string): XsdResult {
  let doc: XmlDocument;
  try {
    doc = XmlDocument.fromBuffer(encoder.encode(xml));
  } catch (error) {
    if (error instanceof XmlLibError) return { valid: false, errors: issues(error.details) };
    throw error;
  }
  try {
    schema.validator.validate(doc);
    return { valid: true, errors: [] };
  } catch (error) {
    if (error instanceof XmlValidateError) return { valid: false, errors: issues(error.details) };
    throw error;
  } finally {
    doc.dispose();
  }
}

/**
 * Validates `xml` against an official schema: `'ksef-fa3'` (FA(3) `Faktura`) or `'sii'` (a bare SII
 * `SuministroLR*` message, not a SOAP envelope). The schema is compiled once and cached.
 *
 * @throws Error when `shared/` is absent (guard the test with `describe.skipIf(!hasShared)`).
 *
 * @example
 * const result = validateXml('ksef-fa3', buildFa3(report));
 * expect(result.valid, formatXsdErrors(result)).toBe(true);
 *
 * // shared/samples/ksef/official-mf/FA_3_Przykład_1.xml with its type code broken:
 * validateXml('ksef-fa3', sample.replace('<RodzajFaktury>VAT<', '<RodzajFaktury>XXX<'));
 * // → { valid: false, errors: [{ line: 70, message: "Element '{…}RodzajFaktury': [facet 'enumeration'] The
 * //     value 'XXX' is not an element of the set {'VAT', 'KOR', …}." }] }
 */
export function validateXml(schema: SchemaName, xml: string): XsdResult {
  return validateWith(compiledSchema(schema), xml);
}

/**
 * The errors of a result as one readable block (`line N: message` per error), for assertion messages.
 *
 * @example
 * expect(result.valid, formatXsdErrors(result)).toBe(true);
 */
export function formatXsdErrors(result: XsdResult): string {
  return result.errors.map((error) => `line ${error.line}: ${error.message}`).join('\n');
}
