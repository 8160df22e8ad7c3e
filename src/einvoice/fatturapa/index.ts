/**
 * FatturaPA 1.2 detection (issue #21 layer 7): the namespace, root element and `versione` values of the
 * Italian e-invoice (Agenzia delle Entrate, `Schema_del_file_xml_FatturaPA_v1.2.2.xsd`), for
 * `detectFormat` and the validation orchestrator. FatturaPA is judged by its XSD only (the
 * `fatturapa-xsd` rule set); the SdI's own checks after the schema (the "controlli" of the
 * Specifiche tecniche, e.g. `versione` against `FormatoTrasmissione`, totals) are not fiscalkit's. A
 * signed file (`.xml.p7m`, CAdES) is binary: the host extracts the XML first.
 *
 * @module
 */

/**
 * The namespace of FatturaPA 1.2 (`targetNamespace` of the 1.2, 1.2.1, 1.2.2 and 1.2.3 schemas alike:
 * the minor versions did not change it).
 */
export const FATTURAPA_NAMESPACE = 'http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2';

/** The local name of the root element. */
export const FATTURAPA_ROOT = 'FatturaElettronica';

/**
 * The values of the root's required `versione` attribute (`FormatoTrasmissioneType`): `FPA12` for an
 * invoice to a public administration, `FPR12` for one between private parties.
 */
export const FATTURAPA_VERSIONS = ['FPA12', 'FPR12'] as const;

/** One of {@link FATTURAPA_VERSIONS}. */
export type FatturaPaVersion = (typeof FATTURAPA_VERSIONS)[number];

/**
 * Whether a string is a FatturaPA `versione` value.
 *
 * @example
 * ```ts
 * isFatturaPaVersion('FPR12'); // true
 * isFatturaPaVersion('FSM10'); // false: the simplified invoice has its own schema and namespace
 * ```
 */
export function isFatturaPaVersion(value: string): value is FatturaPaVersion {
  return (FATTURAPA_VERSIONS as readonly string[]).includes(value);
}

/** The most characters read for the root start tag (its namespace declarations and attributes). */
const MAX_START_TAG = 65536;

/** The text of the root start tag, from `<` to `>` (quotes respected), or null. Linear. */
function rootStartTag(xml: string): string | null {
  let at = 0;
  for (;;) {
    const open = xml.indexOf('<', at);
    if (open === -1) return null;
    if (xml.startsWith('<?', open)) {
      const end = xml.indexOf('?>', open + 2);
      if (end === -1) return null;
      at = end + 2;
      continue;
    }
    if (xml.startsWith('<!--', open)) {
      const end = xml.indexOf('-->', open + 4);
      if (end === -1) return null;
      at = end + 3;
      continue;
    }
    if (xml.startsWith('<!', open)) return null;
    let quote: string | null = null;
    const limit = Math.min(xml.length, open + MAX_START_TAG);
    for (let index = open + 1; index < limit; index += 1) {
      const char = xml[index];
      if (quote !== null) {
        if (char === quote) quote = null;
      } else if (char === '"' || char === "'") quote = char;
      else if (char === '>') return xml.slice(open, index + 1);
    }
    return null;
  }
}

const ATTRIBUTE = /\s([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/**
 * The `versione` attribute of the root element as written (`FPA12`, `FPR12`), or null when the root
 * has none. Read from the start tag alone, before any parse (as `rootElement` reads the root's name);
 * whether the value is allowed is the XSD's judgement ({@link isFatturaPaVersion} says it early).
 *
 * @example
 * ```ts
 * fatturaPaVersione('<p:FatturaElettronica versione="FPR12" xmlns:p="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2">');
 * // 'FPR12'
 * fatturaPaVersione('<Invoice/>'); // null
 * ```
 */
export function fatturaPaVersione(xml: string): string | null {
  const tag = rootStartTag(xml);
  if (tag === null) return null;
  for (const attribute of tag.matchAll(ATTRIBUTE))
    if (attribute[1] === 'versione') return attribute[2] ?? attribute[3] ?? null;
  return null;
}
