/**
 * The `fiscalkit/xsd` schema validator (issue #6): the official AEAT XSDs, compiled once with
 * libxml2-wasm (an optional peer dependency of fiscalkit) from a directory the host supplies.
 *
 * How `xsd:import` / `xsd:include` are resolved: the entry schema is parsed with a virtual URL
 * (`fiscalkit-xsd-adapter:///SuministroLR.xsd`), libxml2 resolves each `schemaLocation` against it
 * (RFC 3986) and asks the registered input providers for the result. fiscalkit registers one provider
 * per libxml2-wasm instance (its callback table has 15 slots) that serves files from the directory of
 * the compilation in progress only — no other file, no network; anything else fails with libxml2's
 * "Failed to locate a schema". Compilation is synchronous, so "in progress" is well defined.
 *
 * libxml2-wasm is loaded with a dynamic `import()` when a validator is created: it is an ES module
 * with top-level await (it cannot be `require`d), and a host that never creates one need not install it.
 *
 * @module
 */
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { join, normalize, resolve, sep } from 'node:path';
import type { ErrorDetail } from 'libxml2-wasm';
import type { SchemaError, SchemaValidator, SchemaVerdict } from '../../ports.js';
import { loneSurrogateVerdict } from '../../xml/schemaValidator.js';

type Libxml2 = typeof import('libxml2-wasm');

/** Options of {@link createXsdSchemaValidator}. */
export interface XsdSchemaValidatorOptions {
  /** The directory holding `SuministroLR.xsd` and the schemas it imports (`SuministroInformacion.xsd`). */
  directory: string;
  /** The entry schema in `directory`; `SuministroLR.xsd` unless told. */
  entry?: string | undefined;
}

/** A {@link SchemaValidator} that holds wasm memory: call `dispose()` when done with it. */
export interface XsdSchemaValidator extends SchemaValidator {
  /** Frees the compiled schema (wasm memory). Safe to call twice; validating afterwards throws. */
  dispose(): void;
}

const VIRTUAL_ROOT = 'fiscalkit-xsd-adapter:///';

/**
 * What the one registered input provider serves from: the directory of the compilation in progress.
 * It lives on the libxml2-wasm module (through a global symbol), not in this module, because this
 * module may be evaluated more than once against the same libxml2-wasm instance (bundles, test
 * runners), while the provider is registered once per instance.
 */
interface ProviderState {
  directory: string | undefined;
}

const STATE = Symbol.for('fiscalkit.xsd.inputProviderState');

/** The local file a schema location names, when it is inside the directory being compiled. */
function localFile(state: ProviderState, location: string): string | undefined {
  const directory = state.directory;
  if (directory === undefined || !location.startsWith(VIRTUAL_ROOT)) return undefined;
  let relative: string;
  try {
    relative = decodeURIComponent(location.slice(VIRTUAL_ROOT.length));
  } catch {
    return undefined;
  }
  const path = normalize(join(directory, relative));
  if (!path.startsWith(directory + sep)) return undefined;
  return existsSync(path) && statSync(path).isFile() ? path : undefined;
}

function providerState(libxml2: Libxml2): ProviderState {
  const holder = libxml2.XsdValidator as unknown as Record<symbol, ProviderState | undefined>;
  const existing = holder[STATE];
  if (existing !== undefined) return existing;
  const state: ProviderState = { directory: undefined };
  const registered = libxml2.xmlRegisterInputProvider({
    match: (location) => localFile(state, location) !== undefined,
    open: (location) => {
      const path = localFile(state, location);
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

async function loadLibxml2(): Promise<Libxml2> {
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

function formatDetails(details: readonly ErrorDetail[]): string {
  return details.map((detail) => `${detail.file ?? ''}:${detail.line}: ${detail.message.trim()}`).join('\n');
}

const encoder = new TextEncoder();
// With the `u` flag a class of surrogates matches only unpaired ones (a pair is one code point).

/**
 * Compiles the official SII schemas from `options.directory` (once) and returns a validator backed by
 * libxml2-wasm. Validation is synchronous, one document at a time; malformed XML is an invalid verdict
 * with libxml2's parse errors. The document is read as the string it is (UTF-8 to libxml2, whatever
 * encoding its XML declaration names). Errors carry libxml2's line and message; libxml2 gives no
 * element path, so `path` is ''. Call `dispose()` to free the compiled schema.
 *
 * @throws Error (rejected promise) when libxml2-wasm is not installed, the entry schema is missing, or
 * the schemas do not compile (with libxml2's details).
 *
 * @example
 * const xsd = await createXsdSchemaValidator({ directory: '/srv/aeat/sii' });
 * try {
 *   const verdict = xsd.validateSii(xml);
 *   // → { valid: false, errors: [{ path: '', line: 43, message: "Element '{…}CuotaRecargoEquivalencia':
 *   //     This element is not expected." }] }
 * } finally {
 *   xsd.dispose();
 * }
 */
export async function createXsdSchemaValidator(
  options: XsdSchemaValidatorOptions,
): Promise<XsdSchemaValidator> {
  const entry = options.entry ?? 'SuministroLR.xsd';
  const entryPath = resolve(options.directory, entry);
  if (!existsSync(entryPath)) throw new Error(`fiscalkit/xsd: ${entry} not found in ${options.directory}`);
  const directory = realpathSync(resolve(options.directory));
  const libxml2 = await loadLibxml2();
  const state = providerState(libxml2);

  let schemaDoc: InstanceType<Libxml2['XmlDocument']> | undefined;
  let validator: InstanceType<Libxml2['XsdValidator']>;
  state.directory = directory;
  try {
    schemaDoc = libxml2.XmlDocument.fromBuffer(readFileSync(entryPath), {
      url: VIRTUAL_ROOT + encodeURI(entry),
      option: libxml2.ParseOption.XML_PARSE_NONET,
    });
    validator = libxml2.XsdValidator.fromDoc(schemaDoc);
  } catch (error) {
    schemaDoc?.dispose();
    const details = error instanceof libxml2.XmlLibError ? `\n${formatDetails(error.details)}` : '';
    throw new Error(`fiscalkit/xsd: the schemas in ${options.directory} do not compile${details}`, {
      cause: error,
    });
  } finally {
    state.directory = undefined;
  }

  let disposed = false;
  const validateSii = (xml: string): SchemaVerdict => {
    if (disposed) throw new Error('fiscalkit/xsd: this validator was disposed');
    // A lone surrogate is refused before parsing, with the same verdict in every validator.
    const surrogate = loneSurrogateVerdict(xml);
    if (surrogate !== null) return surrogate;
    let doc: InstanceType<Libxml2['XmlDocument']>;
    try {
      // The document is a JS string, written out as UTF-8: its bytes are UTF-8 whatever its XML
      // declaration says (as for the structural validator, which reads the string itself).
      doc = libxml2.XmlDocument.fromBuffer(encoder.encode(xml), {
        encoding: 'UTF-8',
        option: libxml2.ParseOption.XML_PARSE_NONET,
      });
    } catch (error) {
      if (error instanceof libxml2.XmlLibError) return { valid: false, errors: schemaErrors(error.details) };
      throw error;
    }
    try {
      validator.validate(doc);
      return { valid: true, errors: [] };
    } catch (error) {
      if (error instanceof libxml2.XmlValidateError)
        return { valid: false, errors: schemaErrors(error.details) };
      // libxml2 gives up without details on a document it cannot validate (a DOCTYPE whose entities are
      // referenced: they stay unexpanded, since documents are never parsed with entity substitution).
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
  };
  return {
    name: 'xsd',
    validateSii,
    dispose() {
      if (disposed) return;
      disposed = true;
      // libxml2 does not copy the schema document: free it after the validator built from it.
      validator.dispose();
      schemaDoc?.dispose();
    },
  };
}
