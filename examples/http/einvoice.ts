/**
 * The e-invoice validator of the reference server (issue #21 "Where the artefacts come from"): the
 * official rule sets and XSDs are read from the directories named by `FISCALKIT_ARTEFACTS` (a list
 * separated by the platform's path delimiter, `:` or `;`), else from `../shared/en16931` beside the
 * checkout (as the tests read them) and the repository's `artefacts/` folder (the Facturae and
 * FatturaPA XSDs). At start the server compiles what is there and says which rule sets are available
 * and which are not, with why and how to get them; POST /documents/validate then answers accordingly
 * (a document whose rule sets are missing is `unsupported`, never `valid`).
 */
import { delimiter, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ARTEFACTS_FETCH_COMMAND,
  type ArtefactSource,
  artefactsFromDirectories,
  createEInvoiceValidator,
  type EInvoiceValidator,
  einvoiceValidatorFromDirectories,
  loadFacturXReader,
  RULE_SETS,
  type RuleSetAvailability,
} from 'fiscalkit/validate';

/** The checkout: two folders above this file (`examples/http/`). */
const CHECKOUT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The artefact directories and where the list came from. */
export interface ArtefactDirectories {
  directories: string[];
  from: 'FISCALKIT_ARTEFACTS' | 'default';
}

/**
 * The directories named by `FISCALKIT_ARTEFACTS` (empty entries skipped), else the defaults:
 * `../shared/en16931` beside the checkout, then the checkout's `artefacts/`.
 *
 * @example
 * ```ts
 * artefactDirectories({ FISCALKIT_ARTEFACTS: '/srv/a:/srv/b' }); // { directories: ['/srv/a', '/srv/b'], from: 'FISCALKIT_ARTEFACTS' }
 * ```
 */
export function artefactDirectories(env: Readonly<Record<string, string | undefined>>): ArtefactDirectories {
  const named = (env.FISCALKIT_ARTEFACTS ?? '')
    .split(delimiter)
    .map((one) => one.trim())
    .filter((one) => one !== '');
  if (named.length > 0) return { directories: named.map((one) => resolve(one)), from: 'FISCALKIT_ARTEFACTS' };
  return {
    directories: [resolve(CHECKOUT, '..', 'shared', 'en16931'), resolve(CHECKOUT, 'artefacts')],
    from: 'default',
  };
}

/**
 * What the server says at start about e-invoice validation: where the artefacts are, which rule sets
 * are available, which are not and why, how to get them, and whether the XSD processor is there. Only
 * what `warm()` compiled is called available.
 *
 * @example
 * ```ts
 * einvoiceReport(validator.warm(), { directories: ['/srv/a'], from: 'FISCALKIT_ARTEFACTS' }, null);
 * // ['fiscalkit e-invoice validation: artefacts from /srv/a (FISCALKIT_ARTEFACTS)', '  available: …', …]
 * ```
 */
export function einvoiceReport(
  availability: readonly RuleSetAvailability[],
  directories: ArtefactDirectories,
  xsdMissing: string | null,
): string[] {
  const available = availability.filter((set) => set.status === 'available');
  const unavailable = availability.filter((set) => set.status === 'unavailable');
  const lines = [
    `fiscalkit e-invoice validation: artefacts from ${directories.directories.join(delimiter)} (${directories.from === 'default' ? 'default; set FISCALKIT_ARTEFACTS to name others' : 'FISCALKIT_ARTEFACTS'})`,
    `  available: ${available.length === 0 ? 'none' : available.map((set) => set.name).join(', ')}`,
  ];
  if (xsdMissing !== null) lines.push(`  no XSD validation: ${xsdMissing}`);
  for (const set of unavailable) lines.push(`  unavailable: ${set.name}: ${set.reason ?? ''}`);
  if (unavailable.some((set) => set.id !== 'facturae-rules' && !set.id.endsWith('-xsd')))
    lines.push(
      `  to get the official rule sets: ${ARTEFACTS_FETCH_COMMAND}, then FISCALKIT_ARTEFACTS=<dir> npm start; documents that need a missing rule set are answered "unsupported", never valid`,
    );
  return lines;
}

/** Why libxml2-wasm cannot be had, or null: resolved, not loaded (loading it reserves its wasm memory). */
function libxml2Missing(): string | null {
  try {
    import.meta.resolve('libxml2-wasm');
    return null;
  } catch {
    return 'libxml2-wasm is not installed (an optional peer dependency of fiscalkit): npm install libxml2-wasm';
  }
}

/**
 * What the worker threads will find, checked on the main thread without keeping anything: every
 * schematron rule set compiled once (by a validator that is then let go), and for the XSDs, the entry
 * files present and libxml2-wasm installed (each thread compiles them on its first document).
 */
function threadAvailability(artefacts: ArtefactSource): {
  availability: RuleSetAvailability[];
  xsdMissing: string | null;
} {
  const xsdMissing = libxml2Missing();
  const availability = createEInvoiceValidator({ artefacts })
    .warm()
    .map((set): RuleSetAvailability => {
      const row = RULE_SETS.find((one) => one.id === set.id);
      if (row?.kind !== 'xsd') return set;
      if (xsdMissing !== null) return { ...set, status: 'unavailable', reason: xsdMissing };
      const missing = row.files.find((file) => artefacts.readBytes(file) === undefined);
      return missing === undefined
        ? { id: set.id, name: set.name, status: 'available' }
        : { ...set, status: 'unavailable', reason: `${missing} is not in ${artefacts.description}` };
    });
  return { availability, xsdMissing };
}

/**
 * The server's e-invoice validator over {@link artefactDirectories}, and what to say about it at start.
 * Inline (`FISCALKIT_THREADS=0`) it is the one that judges: made with libxml2 and compiled now
 * (`warm()`). With worker threads, each thread makes its own on its first document; the main thread
 * then keeps a validator without libxml2 (about 150 MB of wasm memory saved), never used to judge, whose
 * artefacts match the threads' (`createFiscalkit` checks it), and what it reports is checked as
 * {@link threadAvailability} says.
 *
 * @example
 * ```ts
 * const { validator, report } = await einvoiceFromEnv(process.env, { threads: true });
 * for (const line of report) console.log(line);
 * ports.einvoice = validator;
 * ```
 */
export async function einvoiceFromEnv(
  env: Readonly<Record<string, string | undefined>>,
  options: { threads: boolean },
): Promise<{
  validator: EInvoiceValidator & { readonly directories: readonly string[]; dispose(): void };
  directories: ArtefactDirectories;
  report: string[];
}> {
  const directories = artefactDirectories(env);
  if (!options.threads) {
    const validator = await einvoiceValidatorFromDirectories(directories.directories);
    return {
      validator,
      directories,
      report: einvoiceReport(validator.warm(), directories, validator.xsdMissing),
    };
  }
  const artefacts = artefactsFromDirectories(directories.directories);
  const { availability, xsdMissing } = threadAvailability(artefacts);
  const report = einvoiceReport(availability, directories, xsdMissing);
  report.splice(
    2,
    0,
    '  (each worker thread compiles the rule sets and XSDs on its first document; the rule sets above compiled here, the XSDs are listed available because their files are present, not yet compiled)',
  );
  const validator = createEInvoiceValidator({ artefacts, pdf: await loadFacturXReader() });
  return {
    validator: { ...validator, directories: artefacts.directories, dispose: () => undefined },
    directories,
    report,
  };
}
