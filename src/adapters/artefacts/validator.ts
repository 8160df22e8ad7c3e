/**
 * The e-invoice validator over the host's artefact directories, with everything it needs wired: the
 * schematron rule sets read from the directories (`artefactsFromDirectories`) and the XSD layer
 * compiled with libxml2-wasm from the same directories (`createEInvoiceSchemas` of `fiscalkit/xsd`).
 * What a server makes once at start — and what each worker thread of `fiscalkit/threads` makes for
 * itself, since a validator cannot cross a thread.
 *
 * @module
 */

import type { PdfInvoiceReader } from '../../einvoice/pdfInvoiceReader.js';
import { createEInvoiceValidator, loadFacturXReader } from '../../einvoice/validateEInvoice.js';
import type { EInvoiceValidator } from '../../einvoice/validator.js';
import { createEInvoiceSchemas, type XsdEInvoiceSchemas } from '../xsd/einvoiceSchemas.js';
import { artefactsFromDirectories } from './directory.js';

/** An {@link EInvoiceValidator} over directories, holding wasm memory until `dispose()`. */
export interface DirectoryEInvoiceValidator extends EInvoiceValidator {
  /** The directories, resolved, in the order they are searched. */
  readonly directories: readonly string[];
  /**
   * Why the XSD layer is missing (libxml2-wasm could not be loaded), or null when it is there. Without
   * it every XSD rule set is unavailable, and no document is judged `valid`.
   */
  readonly xsdMissing: string | null;
  /** Frees the compiled XSDs. Safe to call twice. */
  dispose(): void;
}

/**
 * Makes the e-invoice validator of a host whose artefacts are in `directories` (searched in order, the
 * first that holds a file wins). libxml2-wasm is an optional peer dependency: when it cannot be loaded
 * the validator is made all the same, without its XSD layer, and `xsdMissing` says why (a server says
 * so at start). Nothing is compiled here; call `warm()` to compile the rule sets ahead of the first
 * document.
 *
 * @example
 * ```ts
 * import { einvoiceValidatorFromDirectories } from 'fiscalkit/validate';
 * const validator = await einvoiceValidatorFromDirectories(['/srv/fiscalkit/artefacts', '../shared/en16931']);
 * validator.warm().filter((set) => set.status === 'unavailable'); // what is missing, and why
 * const fiscalkit = createFiscalkit({ ...memoryPorts(), einvoice: validator });
 * ```
 */
export async function einvoiceValidatorFromDirectories(
  directories: readonly string[],
  options: {
    /**
     * The Factur-X reader; by default fiscalkit's, loaded now (`loadFacturXReader`). A worker thread
     * passes the one it imported statically, since a dynamic import from the TypeScript source is not
     * resolved on a thread.
     */
    pdf?: PdfInvoiceReader | undefined;
  } = {},
): Promise<DirectoryEInvoiceValidator> {
  const artefacts = artefactsFromDirectories(directories);
  let schemas: XsdEInvoiceSchemas | undefined;
  let xsdMissing: string | null = null;
  try {
    schemas = await createEInvoiceSchemas({ directories: artefacts.directories });
  } catch (error) {
    xsdMissing = `the XSD processor could not be loaded (${error instanceof Error ? error.message : String(error)}): install libxml2-wasm, an optional peer dependency of fiscalkit`;
  }
  const pdf = options.pdf ?? (await loadFacturXReader());
  const validator = createEInvoiceValidator({ artefacts, schemas, pdf });
  return {
    description: validator.description,
    directories: artefacts.directories,
    xsdMissing,
    validate: (input) => validator.validate(input),
    availability: () => validator.availability(),
    warm: () => validator.warm(),
    dispose: () => schemas?.dispose(),
  };
}
