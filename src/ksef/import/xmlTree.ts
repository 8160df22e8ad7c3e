/**
 * The parsed FA(3) document and the bookkeeping of the import: the shared one-pass parse
 * (`src/xml/parse.ts`) with FA(3)'s repeatable elements, and the shared reader (`src/xml/reader.ts`)
 * with FA(3)'s own value types ({@link Fa3Element}: `TWybor1_2` flags and `TWybor1` markers), through
 * which the section readers take what they map, so that whatever they do not take is listed in
 * `ignored` (never dropped silently) and a missing mandatory element is an issue at its XML path.
 *
 * @module
 */
import { occurrenceLimits, type ParsedXml, parseXml, sequenceCheck } from '../../xml/parse.js';
import { ElementReader } from '../../xml/reader.js';
import { FA3_OCCURRENCES } from './fa3Occurrences.js';
import { FA3_SEQUENCES } from './fa3Sequences.js';

export type { ParsedXml, XmlObject, XmlValue } from '../../xml/parse.js';
export { ImportContext, ReportDraft, sourcedIssue } from '../../xml/reader.js';

/**
 * The FA(3) elements that may occur more than once (`maxOccurs` > 1 in `schemat_FA(3)_v1-0E.xsd`,
 * `OUTLINE_FA3.txt`), always parsed as arrays so that one occurrence and several read the same way.
 * The names are unique enough in FA(3) to go by the local name alone.
 */
export const FA3_REPEATABLE_ELEMENTS: ReadonlySet<string> = new Set([
  'Podmiot3',
  'DaneKontaktowe',
  'WZ',
  'Podmiot2K',
  'DaneFaKorygowanej',
  'ZaliczkaCzesciowa',
  'DodatkowyOpis',
  'FakturaZaliczkowa',
  'FaWiersz',
  'Obciazenia',
  'Odliczenia',
  'ZaplataCzesciowa',
  'TerminPlatnosci',
  'RachunekBankowy',
  'RachunekBankowyFaktora',
  'Umowy',
  'Zamowienia',
  'NrPartiiTowaru',
  'Transport',
  'WysylkaPrzez',
  'ZamowienieWiersz',
  'NowySrodekTransportu',
  'Informacje',
  'Rejestry',
  'BlokDanych',
  'MetaDane',
  'Akapit',
  'Tabela',
  'TMetaDane',
  'Kol',
  'Wiersz',
  'WKom',
  'SKom',
]);

/** FA(3)'s limits, from the XSD (`fa3Occurrences.ts`), checked while the document is parsed. */
const FA3_LIMITS = occurrenceLimits(FA3_OCCURRENCES);

/**
 * Parses a document the guards have passed (`parseXml`, one pass of saxes): every value is the
 * element's trimmed text, children by local name (the root's namespace was checked by `rootIssue`),
 * attributes as `@_name`, text beside attributes as `#text`, {@link FA3_REPEATABLE_ELEMENTS} always
 * arrays, objects without prototype. An element occurring under one parent more often than
 * `schemat_FA(3)_v1-0E.xsd` allows anywhere (an element FA(3) does not declare: more than once), or
 * deeper than any FA(3) element, is refused there (`wellFormed: true`), so that the time to read a
 * document is linear in its size (issue #24 item 1). So is an element that comes after a sibling the
 * schema puts later (`FA3_SEQUENCES`, issue #18 item 14): the tree keeps children by name, so the
 * order is judged while it is still known, and KSeF refuses such a document (ksef-fa3.md §4).
 *
 * @example
 * ```ts
 * parseFa3Xml('<Faktura><Fa><P_15>2051</P_15></Fa></Faktura>');
 * // { success: true, data: { Faktura: { Fa: { P_15: '2051' } } } }
 * parseFa3Xml('<a><b></a>'); // { success: false, message: '1:9: unexpected close tag.', wellFormed: false }
 * parseFa3Xml('<Faktura><x/><x/></Faktura>');
 * // { success: false, wellFormed: true, message: '1:17: has <Faktura/x> more than once in one <Faktura> (occurrence 2), …' }
 * parseFa3Xml('<Faktura><Fa><P_2>1</P_2><KodWaluty>PLN</KodWaluty></Fa></Faktura>');
 * // { success: false, wellFormed: true, message: '1:36: has <Faktura/Fa/KodWaluty> after <P_2> in one <Fa>, …' }
 * ```
 */
export function parseFa3Xml(text: string): ParsedXml {
  return parseXml(text, {
    repeatable: FA3_REPEATABLE_ELEMENTS,
    occurrences: FA3_LIMITS,
    // A checker per parse: it remembers the siblings seen.
    checkElement: sequenceCheck(FA3_SEQUENCES),
  });
}

/**
 * An element of an FA(3) document: the shared {@link ElementReader} reader plus FA(3)'s choice types,
 * `TWybor1_2` flags and `TWybor1` markers (ksef-fa3.md §6.6).
 *
 * @example
 * ```ts
 * const root = new Fa3Element(new ImportContext('FA(3)'), '', '', parsed.Faktura);
 * root.requiredChild('Fa')?.requiredChild('Adnotacje')?.requiredFlag('P_16'); // false for `<P_16>2</P_16>`
 * ```
 */
export class Fa3Element extends ElementReader {
  /**
   * A `TWybor1_2` flag (`1` yes, `2` no): true, false, or null when absent; anything else is an issue.
   *
   * @example
   * ```ts
   * adnotacje.flag('P_16'); // false for `<P_16>2</P_16>`
   * ```
   */
  flag(name: string): boolean | null {
    const text = this.text(name);
    if (text === null) return null;
    if (text === '1') return true;
    if (text === '2') return false;
    this.context.invalid(this.pathOf(name), `must be 1 (yes) or 2 (no), not ${JSON.stringify(text)}`);
    return null;
  }

  /**
   * Like {@link Fa3Element.flag}, with an issue when the mandatory flag is absent.
   *
   * @example
   * ```ts
   * adnotacje.requiredFlag('P_23'); // null, with an issue at `Fa/Adnotacje/P_23` when it is missing
   * ```
   */
  requiredFlag(name: string): boolean | null {
    if (!this.has(name)) {
      this.context.missing(this.pathOf(name));
      return null;
    }
    return this.flag(name);
  }

  /**
   * A `TWybor1` marker (only `1` is allowed): whether it is present; another value is an issue.
   *
   * @example
   * ```ts
   * fa.marker('FP'); // true for `<FP>1</FP>`, false when absent
   * ```
   */
  marker(name: string): boolean {
    if (!this.has(name)) return false;
    const text = this.text(name);
    if (text !== '1') this.context.invalid(this.pathOf(name), `must be 1, not ${JSON.stringify(text ?? '')}`);
    return true;
  }
}
