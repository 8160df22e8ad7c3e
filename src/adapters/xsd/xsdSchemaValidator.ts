/**
 * The `fiscalkit/xsd` schema validator (issue #6): the official AEAT XSDs, compiled once with
 * libxml2-wasm (an optional peer dependency of fiscalkit) from a directory the host supplies.
 *
 * Imports are served from `options.directory` only, and libxml2-wasm is loaded when a validator is
 * created: see `./libxml2.ts`, shared with the e-invoice schemas (issue #21).
 *
 * @module
 */
import { existsSync, realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import type { SchemaValidator } from '../../ports.js';
import { compileXsd, directoryResolver, loadLibxml2, VIRTUAL_ROOT } from './libxml2.js';

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
  const xsd = compileXsd(
    libxml2,
    entryPath,
    VIRTUAL_ROOT + encodeURI(entry),
    directoryResolver(directory, directory),
    `the schemas in ${options.directory}`,
  );
  return { name: 'xsd', validateSii: (xml) => xsd.validate(xml), dispose: () => xsd.dispose() };
}
