/**
 * The host's validation artefacts read from directories (issue #21 "Where the artefacts come from"):
 * the official schematron rule sets and XSDs are not shipped in the package (Peppol's rules have no
 * licence that allows redistribution; EN 16931's are EUPL), so the host names the directories that hold
 * them — `FISCALKIT_ARTEFACTS` for `npm start`, `../shared/en16931` in this repository, whatever
 * `npm run artefacts:fetch -- <dir>` filled — laid out as `src/einvoice/ruleSets.ts` says.
 *
 * @module
 */
import { readFileSync, statSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import type { ArtefactSource } from '../../einvoice/artefacts.js';

/** An {@link ArtefactSource} over directories: which directories it reads, first one first. */
export interface DirectoryArtefactSource extends ArtefactSource {
  /** The directories, resolved to absolute paths, in the order they are searched. */
  readonly directories: readonly string[];
}

/**
 * Why `path` may not be read, or null when it is a plain relative path. The rule sets name their files
 * relative to the artefact root (`schematron/peppol/PEPPOL-EN16931-UBL.sch`), and a schematron's
 * `include` resolves against the including file (`../common.sch`): the engine normalises those, so an
 * absolute path, a `..` segment, a backslash or a NUL byte here can only be an attempt to read outside
 * the host's directories, and is refused rather than resolved.
 */
function refusal(path: string): string | null {
  if (typeof path !== 'string' || path === '') return 'is empty';
  if (path.includes('\0')) return 'contains a NUL byte';
  if (path.includes('\\')) return 'contains a backslash (artefact paths are /-separated)';
  if (path.startsWith('/') || isAbsolute(path) || /^[A-Za-z]:/.test(path)) return 'is absolute';
  if (path.split('/').some((segment) => segment === '..')) return 'leaves the artefact directory (..)';
  return null;
}

/** The file at `path` in the first directory that holds it, or undefined. */
function locate(directories: readonly string[], path: string): string | undefined {
  if (refusal(path) !== null) return undefined;
  const segments = path.split('/').filter((segment) => segment !== '' && segment !== '.');
  for (const directory of directories) {
    const file = join(directory, ...segments);
    try {
      if (statSync(file).isFile()) return file;
    } catch {
      // Not in this directory: try the next.
    }
  }
  return undefined;
}

/**
 * Reads the host's artefacts from `dirs`, searched in order: the first directory that holds a path
 * wins, so a host can put its own newer Peppol release in a directory before `../shared/en16931` and
 * keep the rest. Paths are relative to each directory and `/`-separated; an absolute path or one with a
 * `..` segment reads nothing (`undefined`, as for a missing file: the port never throws for a path).
 * Text is read as UTF-8 without its byte-order mark (the official Facturae XSDs carry one); bytes as
 * they are. A directory that does not exist simply holds nothing.
 *
 * @example
 * ```ts
 * import { artefactsFromDirectories } from 'fiscalkit/validate';
 * const artefacts = artefactsFromDirectories(['/srv/fiscalkit/artefacts', '../shared/en16931']);
 * artefacts.readText('schematron/peppol/PEPPOL-EN16931-UBL.sch'); // the .sch, or undefined
 * artefacts.readText('../etc/passwd'); // undefined: outside the directories
 * artefacts.description; // '/srv/fiscalkit/artefacts, /work/shared/en16931'
 * ```
 */
export function artefactsFromDirectories(dirs: readonly string[]): DirectoryArtefactSource {
  if (!Array.isArray(dirs) || dirs.some((dir) => typeof dir !== 'string' || dir === ''))
    throw new TypeError('artefactsFromDirectories: dirs must be a list of directory paths');
  const directories = dirs.map((dir) => resolve(dir));
  return {
    directories,
    description: directories.length === 0 ? '(no artefact directory)' : directories.join(', '),
    readText(path) {
      const file = locate(directories, path);
      if (file === undefined) return undefined;
      const text = readFileSync(file, 'utf8');
      return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
    },
    readBytes(path) {
      const file = locate(directories, path);
      return file === undefined ? undefined : new Uint8Array(readFileSync(file));
    },
  };
}

/**
 * Why an artefact path is refused by {@link artefactsFromDirectories} (absolute, `..`, backslash, NUL,
 * empty), or null when it is a plain relative path — for hosts that write their own source and want the
 * same confinement.
 *
 * @example
 * ```ts
 * artefactPathRefusal('schematron/peppol/PEPPOL-EN16931-UBL.sch'); // null
 * artefactPathRefusal('../secret'); // 'leaves the artefact directory (..)'
 * ```
 */
export function artefactPathRefusal(path: string): string | null {
  return refusal(path);
}
