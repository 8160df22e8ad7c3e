/**
 * Where validation artefacts come from (issue #21 "Licences", "Where the artefacts come from"): the
 * official schematron rule sets and XSDs are not shipped in the package — Peppol's rules have no licence
 * that allows redistribution, EN 16931's are EUPL — so the host provides a directory laid out as the
 * official releases are (`../shared/en16931` in this repository, `FISCALKIT_ARTEFACTS` for `npm start`),
 * and fiscalkit compiles the rules from it at run time. This port reads one file of it; the
 * `src/adapters/artefacts` adapter reads a directory, tests may give an in-memory map.
 *
 * @module
 */

/** Reads the host's validation artefacts, by path relative to the artefact root (`/`-separated). */
export interface ArtefactSource {
  /** Where the artefacts are, for messages (`/srv/fiscalkit/artefacts`). */
  readonly description: string;
  /** The file's text, or undefined when it does not exist. Never throws for a missing file. */
  readText(path: string): string | undefined;
  /** The file's bytes, or undefined when it does not exist (XSDs are handed to libxml2 as bytes). */
  readBytes(path: string): Uint8Array | undefined;
}
