/**
 * Which SII version a message says it is (`Cabecera/IDVersionSii`, sii.md §3), and the refusal of any
 * version but 1.1 (issue #18 item 15).
 *
 * AEAT kept the same target namespaces in every version (`…/aeat/ssii/fact/ws/SuministroLR.xsd` and
 * `…/SuministroInformacion.xsd`, sii.md §1: only the folder of the published files changed; the 2017
 * schemas of the 0.x and 1.0 messages already use them), so a namespace cannot tell an older message
 * from a 1.1 one: `IDVersionSii` does. An older message also differs in its content — before 1.1 the
 * record's period was `sii:PeriodoImpositivo`, which `SuministroLR.xsd` 1.1 names
 * `PeriodoLiquidacion` — so reading it against the 1.1 schema stops at the first such difference with
 * a complaint about that element (its namespace, its name) that does not say what is wrong: the
 * version. {@link siiVersionRefusal} says it instead.
 *
 * @module
 */
import { SaxesParser } from 'saxes';
import type { ValidationIssue } from '../../errors/validationIssue.js';
import { SII_VERSION } from '../build/cabecera.js';
import { SOAP_ENVELOPE_NAMESPACE } from './document.js';

/** Thrown inside the parse to stop it once the header has been read. */
class Found extends Error {}

/**
 * The text of `Cabecera/IDVersionSii` of an SII message (bare, or the payload of a SOAP 1.1
 * `Envelope/Body`), or null when the document has none before its first record or cannot be read
 * that far. The parse stops at the end of `IDVersionSii` or at the first element after `Cabecera`,
 * so only the header is read, whatever the message's size.
 *
 * @example
 * ```ts
 * siiVersionOf(builtSiiMessage('Expedida', 'alta', 1)); // '1.1'
 * siiVersionOf(xml.replace('>1.1<', '>0.7<')); // '0.7'
 * siiVersionOf('<Invoice/>'); // null
 * ```
 */
export function siiVersionOf(text: string): string | null {
  const parser = new SaxesParser({ xmlns: true });
  const path: string[] = [];
  let payload = 0;
  let version: string | null = null;
  let inVersion = false;
  parser.on('opentag', (tag) => {
    path.push(tag.local);
    if (path.length === 1) payload = tag.local === 'Envelope' && tag.uri === SOAP_ENVELOPE_NAMESPACE ? 3 : 1;
    const below = path.slice(payload);
    // A SOAP Header, or anything after the header of the message, ends the search.
    if (payload === 3 && path.length >= 2 && path[1] !== 'Body') return;
    if (below.length === 1 && below[0] !== 'Cabecera') throw new Found();
    if (below.length === 2 && below[0] === 'Cabecera' && tag.local === 'IDVersionSii') {
      inVersion = true;
      version = '';
    }
  });
  parser.on('text', (chunk) => {
    if (inVersion) version = `${version ?? ''}${chunk}`;
  });
  parser.on('closetag', () => {
    path.pop();
    if (inVersion) throw new Found();
  });
  parser.on('error', () => {
    throw new Found();
  });
  try {
    parser.write(text).close();
  } catch {
    // Found (or a syntax error past the header): what was read is the answer.
  }
  return version === null ? null : (version as string).trim();
}

/** Where the version is, the param of its refusal (an element path below the root, as every import issue). */
const VERSION_PATH = 'Cabecera/IDVersionSii';

/**
 * The refusal of a message whose `IDVersionSii` is not 1.1, the one version fiscalkit reads and
 * writes (`VersionSiiType` of `SuministroInformacion.xsd` 1.1 has no other value): one 422
 * `parameter_invalid` at `Cabecera/IDVersionSii` that names the version. Null for 1.1 and for a
 * message with no `IDVersionSii` (its other problems are its own).
 *
 * @example
 * ```ts
 * siiVersionRefusal('0.7')?.message;
 * // 'Cabecera/IDVersionSii is "0.7": IDVersionSii 0.7 is not supported; fiscalkit reads and writes SII 1.1 …'
 * siiVersionRefusal('1.1'); // null
 * ```
 */
export function siiVersionRefusal(version: string | null): ValidationIssue | null {
  if (version === null || version === SII_VERSION) return null;
  return {
    rule: 'sii.3.version',
    code: 'parameter_invalid',
    param: VERSION_PATH,
    message:
      `${VERSION_PATH} is ${JSON.stringify(version)}: IDVersionSii ${version} is not supported; ` +
      `fiscalkit reads and writes SII ${SII_VERSION} (SuministroLR.xsd ${SII_VERSION}, sii.md §3): ` +
      `send the message as SII ${SII_VERSION}`,
  };
}
