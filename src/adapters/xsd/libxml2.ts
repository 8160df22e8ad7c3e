/**
 * What the libxml2-wasm adapters of `fiscalkit/xsd` share (issues #6 and #21): loading libxml2-wasm,
 * serving `xsd:import` / `xsd:include` from local files only, compiling an entry schema and judging a
 * document with it.
 *
 * How imports are resolved: an entry schema is parsed with a virtual URL
 * (`fiscalkit-xsd-adapter:///SuministroLR.xsd`, `fiscalkit-xsd-adapter:///xsd/facturae/Facturaev3_2_2.xml`);
 * libxml2 resolves each `schemaLocation` against it (RFC 3986) and asks the registered input providers
 * for the result. fiscalkit registers one provider per libxml2-wasm instance (its callback table has 15
 * slots), which asks the {@link SchemaResolver} of the compilation in progress — no other file, no
 * network; anything the resolver does not name fails with libxml2's "Failed to locate a schema".
 * Compilation is synchronous, so "in progress" is well defined.
 *
 * libxml2-wasm is loaded with a dynamic `import()`: it is an ES module with top-level await (it cannot
 * be `require`d), and a host that never creates a validator need not install it.
 *
 * @module
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';
import type { ErrorDetail } from 'libxml2-wasm';
import type { SchemaError, SchemaVerdict } from '../../ports.js';
import { loneSurrogateVerdict } from '../../xml/schemaValidator.js';

/** The libxml2-wasm module. */
export type Libxml2 = typeof import('libxml2-wasm');
type XmlDocumentHandle = InstanceType<Libxml2['XmlDocument']>;
type XsdValidatorHandle = InstanceType<Libxml2['XsdValidator']>;

/** The base URL entry schemas are parsed with; it stands for the directory their resolver serves. */
export const VIRTUAL_ROOT = 'fiscalkit-xsd-adapter:///';

/** The local file that serves a schema location (as libxml2 resolved it), or undefined: not served. */
export type SchemaResolver = (location: string) => string | undefined;

/**
 * The resolver of the compilation in progress. It lives on the libxml2-wasm module (through a global
 * symbol), not in this module, because this module may be evaluated more than once against the same
 * libxml2-wasm instance (bundles, test runners), while the provider is registered once per instance.
 */
interface ProviderState {
  resolve: SchemaResolver | undefined;
}

const STATE = Symbol.for('fiscalkit.xsd.schemaResolverState');

function providerState(libxml2: Libxml2): ProviderState {
  const holder = libxml2.XsdValidator as unknown as Record<symbol, ProviderState | undefined>;
  const existing = holder[STATE];
  if (existing !== undefined) return existing;
  const state: ProviderState = { resolve: undefined };
  const served = (location: string): string | undefined => state.resolve?.(location);
  const registered = libxml2.xmlRegisterInputProvider({
    match: (location) => served(location) !== undefined,
    open: (location) => {
      const path = served(location);
      return path === undefined ? undefined : libxml2.openBuffer(readFileSync(path));
    },
    read: (fd, buffer) => libxml2.readBuffer(fd, buffer),
    close: (fd) => {
      libxml2.closeBuffer(fd);
      return true;
    },
  });
  if (!registered)
    throw new Error('libxml2 refused the schema input provider (its input callback table is full)');
  holder[STATE] = state;
  return state;
}

/**
 * A {@link SchemaResolver} over one directory: a location under {@link VIRTUAL_ROOT} names the file at
 * that relative path of `root`, served only when it lies inside `confine` (a folder of `root`, or `root`
 * itself) and exists; `remote` maps the absolute URLs an official schema imports from
 * (`http://www.w3.org/TR/xmldsig-core/xmldsig-core-schema.xsd`) to a path relative to `root`, so the
 * published files can be used unmodified. `root` and `confine` should be real paths (no symlinks).
 *
 * @example
 * ```ts
 * const resolve = directoryResolver('/srv/artefacts', '/srv/artefacts/xsd/ubl-2.1');
 * resolve('fiscalkit-xsd-adapter:///xsd/ubl-2.1/common/UBL-CommonAggregateComponents-2.1.xsd');
 * // → '/srv/artefacts/xsd/ubl-2.1/common/UBL-CommonAggregateComponents-2.1.xsd' (when it exists)
 * resolve('fiscalkit-xsd-adapter:///xsd/secret.xsd'); // → undefined: outside the confined folder
 * ```
 */
export function directoryResolver(
  root: string,
  confine: string,
  remote: Readonly<Record<string, string>> = {},
): SchemaResolver {
  return (location) => {
    let relative: string | undefined = Object.hasOwn(remote, location) ? remote[location] : undefined;
    if (relative === undefined && location.startsWith(VIRTUAL_ROOT)) {
      try {
        relative = decodeURIComponent(location.slice(VIRTUAL_ROOT.length));
      } catch {
        return undefined;
      }
    }
    if (relative === undefined) return undefined;
    const path = normalize(join(root, relative));
    if (!path.startsWith(confine + sep)) return undefined;
    return existsSync(path) && statSync(path).isFile() ? path : undefined;
  };
}

/**
 * Loads libxml2-wasm, the optional peer dependency.
 *
 * @throws Error (rejected promise) naming the package to install when it is not installed.
 *
 * @example
 * ```ts
 * const libxml2 = await loadLibxml2();
 * ```
 */
export async function loadLibxml2(): Promise<Libxml2> {
  try {
    return await import('libxml2-wasm');
  } catch (cause) {
    throw new Error(
      'fiscalkit/xsd needs the optional peer dependency libxml2-wasm: npm install libxml2-wasm@~0.7.2',
      { cause },
    );
  }
}

function schemaErrors(details: readonly ErrorDetail[]): SchemaError[] {
  return details.map((detail) => ({
    path: '',
    line: detail.line > 0 ? detail.line : null,
    message: detail.message.trim(),
  }));
}

/** libxml2's diagnostics as `file:line: message` lines, for error messages. */
function formatDetails(details: readonly ErrorDetail[]): string {
  return details.map((detail) => `${detail.file ?? ''}:${detail.line}: ${detail.message.trim()}`).join('\n');
}

/** A compiled schema: holds wasm memory until disposed. */
export interface CompiledXsd {
  /** Judges one document (see {@link compileXsd}). Throws once disposed. */
  validate(xml: string): SchemaVerdict;
  /** Frees the compiled schema. Safe to call twice. */
  dispose(): void;
}

const encoder = new TextEncoder();

/**
 * Compiles the entry schema at `entryPath`, parsed with the virtual URL `url` (under
 * {@link VIRTUAL_ROOT}), its imports and includes served by `resolve` only. Validation is synchronous,
 * one document at a time; malformed XML is an invalid verdict with libxml2's parse errors. The document
 * is read as the string it is (UTF-8 to libxml2, whatever encoding its XML declaration names). Errors
 * carry libxml2's line and message; libxml2 gives no element path, so `path` is ''.
 *
 * @throws Error when the schemas do not compile, `what` naming them, with libxml2's details.
 *
 * @example
 * ```ts
 * const root = realpathSync('/srv/aeat/sii');
 * const xsd = compileXsd(libxml2, `${root}/SuministroLR.xsd`, `${VIRTUAL_ROOT}SuministroLR.xsd`,
 *   directoryResolver(root, root), `the schemas in ${root}`);
 * xsd.validate(xml); // → { valid: true, errors: [] }
 * xsd.dispose();
 * ```
 */
export function compileXsd(
  libxml2: Libxml2,
  entryPath: string,
  url: string,
  resolve: SchemaResolver,
  what: string,
): CompiledXsd {
  const state = providerState(libxml2);
  let schemaDoc: XmlDocumentHandle | undefined;
  let validator: XsdValidatorHandle;
  state.resolve = resolve;
  try {
    schemaDoc = libxml2.XmlDocument.fromBuffer(readFileSync(entryPath), {
      url,
      option: libxml2.ParseOption.XML_PARSE_NONET,
    });
    validator = libxml2.XsdValidator.fromDoc(schemaDoc);
  } catch (error) {
    schemaDoc?.dispose();
    const details = error instanceof libxml2.XmlLibError ? `\n${formatDetails(error.details)}` : '';
    throw new Error(`fiscalkit/xsd: ${what} do not compile${details}`, { cause: error });
  } finally {
    state.resolve = undefined;
  }

  let disposed = false;
  return {
    validate(xml) {
      if (disposed) throw new Error('fiscalkit/xsd: this validator was disposed');
      // A lone surrogate is refused before parsing, with the same verdict in every validator.
      const surrogate = loneSurrogateVerdict(xml);
      if (surrogate !== null) return surrogate;
      let doc: XmlDocumentHandle;
      try {
        // The document is a JS string, written out as UTF-8: its bytes are UTF-8 whatever its XML
        // declaration says (as for the structural validator, which reads the string itself).
        doc = libxml2.XmlDocument.fromBuffer(encoder.encode(xml), {
          encoding: 'UTF-8',
          option: libxml2.ParseOption.XML_PARSE_NONET,
        });
      } catch (error) {
        if (error instanceof libxml2.XmlLibError)
          return { valid: false, errors: schemaErrors(error.details) };
        throw error;
      }
      try {
        validator.validate(doc);
        return { valid: true, errors: [] };
      } catch (error) {
        if (error instanceof libxml2.XmlValidateError)
          return { valid: false, errors: schemaErrors(error.details) };
        // libxml2 gives up without details on a document it cannot validate (a DOCTYPE whose entities
        // are referenced: they stay unexpanded, since documents are never parsed with entity substitution).
        if (error instanceof libxml2.XmlError) {
          return {
            valid: false,
            errors: [{ path: '', line: null, message: `libxml2 could not validate: ${error.message}` }],
          };
        }
        throw error;
      } finally {
        doc.dispose();
      }
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      // libxml2 does not copy the schema document: free it after the validator built from it.
      validator.dispose();
      schemaDoc?.dispose();
    },
  };
}
