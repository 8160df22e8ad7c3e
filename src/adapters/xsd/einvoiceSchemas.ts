/**
 * The XSD layer of e-invoice validation (issue #21 "Layers" 2, 6, 7) as an adapter of the
 * {@link EInvoiceSchemas} port: the official UBL 2.1, CII D16B, Facturae 3.2 / 3.2.1 / 3.2.2 and
 * FatturaPA 1.2.2 schemas, compiled with libxml2-wasm from the host's artefact directories.
 *
 * The schemas are not shipped in the package (UBL and CII come with the host's EN 16931 artefacts;
 * `artefacts/SOURCES.md` in the repository says where the Facturae and FatturaPA files come from):
 * the host names directories laid out as {@link EINVOICE_SCHEMA_FILES} says. Each entry schema is
 * looked up in the directories in order (the first that holds it wins) and compiled on first use;
 * what it imports is served from the same directory's schema folder only (`xsd/ubl-2.1/`, …). The
 * Facturae and FatturaPA schemas import the W3C XML Signature schema by its absolute URL; that URL is
 * served from the `xmldsig-core-schema.xsd` beside them, so the official files are used unmodified and
 * nothing is fetched.
 *
 * @module
 */
import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { EInvoiceSchemaId, EInvoiceSchemas } from '../../einvoice/schemas.js';
import type { SchemaVerdict } from '../../ports.js';
import {
  type CompiledXsd,
  compileXsd,
  directoryResolver,
  type Libxml2,
  loadLibxml2,
  VIRTUAL_ROOT,
} from './libxml2.js';

/** Options of {@link createEInvoiceSchemas}. */
export interface EInvoiceSchemasOptions {
  /**
   * The artefact directories, searched in order (`FISCALKIT_ARTEFACTS`, then `../shared/en16931`):
   * each holds `xsd/ubl-2.1/…`, `xsd/cii-d16b/…`, `xsd/facturae/…`, `xsd/fatturapa/…` or some of them.
   */
  directories: readonly string[];
}

/** {@link EInvoiceSchemas} backed by libxml2-wasm: holds wasm memory until `dispose()`. */
export interface XsdEInvoiceSchemas extends EInvoiceSchemas {
  /** Frees every compiled schema. Safe to call twice; validating afterwards throws. */
  dispose(): void;
}

/** One entry schema: its path in an artefact directory and the files it needs beside it. */
interface SchemaEntry {
  /** The entry schema, relative to the artefact directory. */
  file: string;
  /** The folder its imports and includes are served from (relative to the artefact directory). */
  folder: string;
  /** Files it imports that fiscalkit checks for up front (the rest fail at compilation). */
  needs: readonly string[];
}

const UBL_FOLDER = 'xsd/ubl-2.1';
const CII_FOLDER = 'xsd/cii-d16b';
const FACTURAE_FOLDER = 'xsd/facturae';
const FATTURAPA_FOLDER = 'xsd/fatturapa';
const XMLDSIG = 'xmldsig-core-schema.xsd';

/**
 * The W3C XML Signature schema as the official Facturae schemas import it (`TR/xmldsig-core/`, the
 * latest version) and as FatturaPA 1.2.2 does (the dated REC of 2002-02-12): both served from the
 * `xmldsig-core-schema.xsd` beside the importing schema.
 */
const XMLDSIG_URLS = [
  'http://www.w3.org/TR/xmldsig-core/xmldsig-core-schema.xsd',
  'https://www.w3.org/TR/xmldsig-core/xmldsig-core-schema.xsd',
  'http://www.w3.org/TR/2002/REC-xmldsig-core-20020212/xmldsig-core-schema.xsd',
  'https://www.w3.org/TR/2002/REC-xmldsig-core-20020212/xmldsig-core-schema.xsd',
];

function entry(folder: string, file: string, needs: readonly string[] = []): SchemaEntry {
  return { file: `${folder}/${file}`, folder, needs: needs.map((need) => `${folder}/${need}`) };
}

/**
 * The entry schemas of each schema id, by root element (UBL) or version (Facturae): the layout of the
 * host's artefact directories. UBL 2.1 is the OASIS "xsdrt" release (`maindoc/` + `common/`), CII D16B
 * the uncoupled-code-list subset EN 16931 uses, Facturae the three versions facturae.gob.es publishes
 * under their official names (`Facturaev3_2_2.xml`: XSDs in all but the name, kept so that the official
 * download drops in as it is), FatturaPA the 1.2.2 schema of fatturapa.gov.it (`FPA12` and `FPR12`
 * alike).
 */
const ENTRIES: Readonly<Record<EInvoiceSchemaId, Readonly<Record<string, SchemaEntry>>>> = {
  'ubl-2.1-xsd': {
    Invoice: entry(UBL_FOLDER, 'maindoc/UBL-Invoice-2.1.xsd'),
    CreditNote: entry(UBL_FOLDER, 'maindoc/UBL-CreditNote-2.1.xsd'),
  },
  'cii-d16b-xsd': {
    CrossIndustryInvoice: entry(CII_FOLDER, 'CII/uncefact/data/standard/CrossIndustryInvoice_100pD16B.xsd'),
  },
  'facturae-xsd': {
    '3.2': entry(FACTURAE_FOLDER, 'Facturaev3_2.xml', [XMLDSIG]),
    '3.2.1': entry(FACTURAE_FOLDER, 'Facturaev3_2_1.xml', [XMLDSIG]),
    '3.2.2': entry(FACTURAE_FOLDER, 'Facturaev3_2_2.xml', [XMLDSIG]),
  },
  'fatturapa-xsd': {
    '1.2': entry(FATTURAPA_FOLDER, 'Schema_del_file_xml_FatturaPA_v1.2.2.xsd', [XMLDSIG]),
  },
};

function filesOf(entries: Readonly<Record<string, SchemaEntry>>): readonly string[] {
  return [...new Set(Object.values(entries).flatMap((one) => [one.file, ...one.needs]))];
}

/**
 * The files each schema needs in an artefact directory (entry schemas, and the XML Signature schema
 * Facturae and FatturaPA import), for hosts and fetch commands that lay the directory out.
 *
 * @example
 * ```ts
 * EINVOICE_SCHEMA_FILES['facturae-xsd'];
 * // → ['xsd/facturae/Facturaev3_2.xml', 'xsd/facturae/xmldsig-core-schema.xsd', …]
 * ```
 */
export const EINVOICE_SCHEMA_FILES: Readonly<Record<EInvoiceSchemaId, readonly string[]>> = {
  'ubl-2.1-xsd': filesOf(ENTRIES['ubl-2.1-xsd']),
  'cii-d16b-xsd': filesOf(ENTRIES['cii-d16b-xsd']),
  'facturae-xsd': filesOf(ENTRIES['facturae-xsd']),
  'fatturapa-xsd': filesOf(ENTRIES['fatturapa-xsd']),
};

/** Which entry of `schema` judges a document, or why none does. */
function selectEntry(
  schema: EInvoiceSchemaId,
  documentType: string,
  version: string | null,
): SchemaEntry | string {
  const entries = ENTRIES[schema];
  switch (schema) {
    case 'ubl-2.1-xsd':
      return (
        (Object.hasOwn(entries, documentType) ? entries[documentType] : undefined) ??
        `UBL 2.1 has no schema here for the root element ${documentType} (Invoice, CreditNote)`
      );
    case 'facturae-xsd':
      return (
        (version !== null && Object.hasOwn(entries, version) ? entries[version] : undefined) ??
        `Facturae ${version ?? '(no version)'} is not a version fiscalkit has the schema of (3.2, 3.2.1, 3.2.2)`
      );
    default:
      // CII and FatturaPA have one schema; it judges the root element and `versione` itself.
      return Object.values(entries)[0] as SchemaEntry;
  }
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** A verdict for a document no schema of the family can judge (not an XSD finding, but as fatal). */
function refused(message: string): SchemaVerdict {
  return { valid: false, errors: [{ path: '', line: null, message }] };
}

/**
 * The e-invoice schemas from the host's artefact directories, backed by libxml2-wasm (an optional peer
 * dependency). Nothing is compiled up front: each entry schema is compiled on the first document that
 * needs it (a second or so for UBL) and kept until `dispose()`. `validate` answers undefined when the
 * schema's files are missing or do not compile, and `unavailable` then says which file (with
 * libxml2's message when it did not compile). A UBL root other than Invoice/CreditNote, or a Facturae
 * version other than 3.2/3.2.1/3.2.2, is an invalid verdict naming what is known. Errors carry
 * libxml2's message and line, `path` ''.
 *
 * @throws Error (rejected promise) when libxml2-wasm is not installed, or `directories` is not a list.
 *
 * @example
 * ```ts
 * const schemas = await createEInvoiceSchemas({ directories: [process.env.FISCALKIT_ARTEFACTS ?? '../shared/en16931'] });
 * try {
 *   schemas.validate('ubl-2.1-xsd', 'Invoice', null, xml);
 *   // → { valid: false, errors: [{ path: '', line: 5, message: "Element '{…}IssueDate': 'not-a-date' is not a valid value of the atomic type 'xs:date'." }] }
 *   schemas.unavailable('fatturapa-xsd');
 *   // → 'xsd/fatturapa/Schema_del_file_xml_FatturaPA_v1.2.2.xsd is not in ../shared/en16931'
 * } finally {
 *   schemas.dispose();
 * }
 * ```
 */
export async function createEInvoiceSchemas(options: EInvoiceSchemasOptions): Promise<XsdEInvoiceSchemas> {
  if (!Array.isArray(options?.directories) || options.directories.some((dir) => typeof dir !== 'string'))
    throw new TypeError('createEInvoiceSchemas: directories must be a list of directory paths');
  const directories = options.directories.map((dir) => resolve(dir));
  const libxml2: Libxml2 = await loadLibxml2();
  const compiled = new Map<string, CompiledXsd>();
  const failures = new Map<string, string>();
  let disposed = false;

  /** The directory that holds `one` and what it needs, or why none does. */
  const locate = (one: SchemaEntry): { directory: string } | { missing: string } => {
    const directory = directories.find((dir) => isFile(join(dir, one.file)));
    if (directory === undefined)
      return { missing: `${one.file} is not in ${directories.join(', ') || '(no artefact directory)'}` };
    const need = one.needs.find((path) => !isFile(join(directory, path)));
    if (need !== undefined) return { missing: `${need} is not in ${directory} (${one.file} imports it)` };
    return { directory };
  };

  const compile = (one: SchemaEntry): CompiledXsd | undefined => {
    const ready = compiled.get(one.file);
    if (ready !== undefined || failures.has(one.file)) return ready;
    const found = locate(one);
    if ('missing' in found) return undefined;
    const root = found.directory;
    const remote = Object.fromEntries(
      one.needs.includes(`${one.folder}/${XMLDSIG}`)
        ? XMLDSIG_URLS.map((url) => [url, `${one.folder}/${XMLDSIG}`])
        : [],
    );
    try {
      const xsd = compileXsd(
        libxml2,
        join(root, one.file),
        VIRTUAL_ROOT + encodeURI(one.file),
        directoryResolver(root, join(root, one.folder), remote),
        `${one.file} in ${found.directory}`,
      );
      compiled.set(one.file, xsd);
      return xsd;
    } catch (error) {
      failures.set(one.file, error instanceof Error ? error.message : String(error));
      return undefined;
    }
  };

  return {
    validate(schema, documentType, version, xml) {
      if (disposed) throw new Error('fiscalkit/xsd: these e-invoice schemas were disposed');
      const one = selectEntry(schema, documentType, version);
      if (typeof one === 'string') return refused(one);
      return compile(one)?.validate(xml);
    },
    warm() {
      // Compiles every schema whose files are there, so that `unavailable` then also names the ones
      // that do not compile (a server's start-up report says only what compiled is available).
      if (disposed) return;
      for (const entries of Object.values(ENTRIES)) for (const one of Object.values(entries)) compile(one);
    },
    unavailable(schema) {
      for (const one of Object.values(ENTRIES[schema])) {
        const failure = failures.get(one.file);
        if (failure !== undefined) return failure;
        const found = locate(one);
        if ('missing' in found) return found.missing;
      }
      return null;
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      for (const xsd of compiled.values()) xsd.dispose();
      compiled.clear();
    },
  };
}
