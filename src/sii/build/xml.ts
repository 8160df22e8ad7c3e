/**
 * How the SII builder writes XML (sii.md §3, §11: "Emit children in XSD sequence order
 * everywhere"), with fiscalkit's shared writer and its element-order convention
 * (`src/xml/write.ts`); amounts are 2-decimal strings, never JS numbers.
 *
 * **Prefixes.** Both schemas are `elementFormDefault="qualified"`, so every element is in the
 * namespace of the schema that declares it (sii.md §1; the OCA samples write the same): the message
 * root, the record elements and the record's own children declared in `SuministroLR.xsd`
 * (`IDFactura`, `FacturaExpedida`, `Contraparte`, `ImporteTotal`, …) take `siiLR:`; `Cabecera`,
 * `PeriodoLiquidacion` (declared by the base types `sii:SuministroInformacion` / `sii:RegistroSii`)
 * and every element inside a `sii:` type take `sii:`. Section builders write the prefixed names.
 *
 * @module
 */
import { writeXml, type XmlElement } from '../../xml/write.js';

/** The namespace folder of the SII 1.1 schemas (sii.md §1: the same in every published version). */
const NAMESPACE_BASE =
  'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/ssii/fact/ws/';

/**
 * The target namespace of `SuministroLR.xsd`, bound to the prefix `siiLR` (sii.md §1).
 *
 * @example
 * ```ts
 * SII_LR_NAMESPACE.endsWith('/SuministroLR.xsd'); // true
 * ```
 */
export const SII_LR_NAMESPACE = `${NAMESPACE_BASE}SuministroLR.xsd`;

/**
 * The target namespace of `SuministroInformacion.xsd`, bound to the prefix `sii` (sii.md §1).
 *
 * @example
 * ```ts
 * SII_NAMESPACE.endsWith('/SuministroInformacion.xsd'); // true
 * ```
 */
export const SII_NAMESPACE = `${NAMESPACE_BASE}SuministroInformacion.xsd`;

export type { XmlContent, XmlElement } from '../../xml/write.js';
/** A repeated element from a list (one home: `src/xml/write.ts`). */
export { repeated } from '../../xml/write.js';

/**
 * Writes a message: the XML declaration (UTF-8) and the root element `siiLR:<root>` with the `siiLR`
 * and `sii` namespace declarations (sii.md §1); one element a line, not indented (a third fewer bytes
 * for a large message), so that golden files can be read and diffed and a schema error's line points
 * at one element of one record (sii.md §11: a message on one line reports every error on line 2). Text is escaped (`&`,
 * `<`, `>`, carriage return); no empty element is written, because no section passes empty content.
 *
 * The writer is fiscalkit's shared one (`src/xml/write.ts`), which the FA(3) builder uses too.
 *
 * @example
 * ```ts
 * writeSiiXml('SuministroLRFacturasEmitidas', { 'sii:Cabecera': { 'sii:IDVersionSii': '1.1' } });
 * // '<?xml version="1.0" encoding="UTF-8"?>\n<siiLR:SuministroLRFacturasEmitidas xmlns:siiLR="…" xmlns:sii="…">\n<sii:Cabecera>\n<sii:IDVersionSii>1.1</sii:IDVersionSii>\n …'
 * ```
 */
export function writeSiiXml(root: string, content: XmlElement): string {
  const attributes = { '@_xmlns:siiLR': SII_LR_NAMESPACE, '@_xmlns:sii': SII_NAMESPACE };
  return writeXml(`siiLR:${root}`, { ...attributes, ...content }, { indent: '' });
}
