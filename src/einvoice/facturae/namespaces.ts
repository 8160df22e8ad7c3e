/**
 * The Facturae versions fiscalkit recognises, by the namespace their XSD declares (issue #21 layer 6):
 * the 3.2 family the Spanish administration accepts (FACe, the regional entry points, FACeB2B). Moved
 * here from `src/documents/detectFormat.ts`, which imports it, so that the e-invoice layer below it
 * can name the versions too.
 *
 * @module
 */

/** A Facturae version: the `version` attribute of its XSD, and what `FileHeader/SchemaVersion` says. */
export type FacturaeVersion = '3.2' | '3.2.1' | '3.2.2';

/**
 * Facturae namespaces by version: the `targetNamespace` of each official XSD (`Facturaev3_2.xsd`,
 * `Facturaev3_2_1.xsd`, `Facturaev3_2_2.xml` — the 3.2.2 schema keeps its official `.xml` name).
 * The root element `Facturae` is in that namespace; its children are unqualified (the schemas leave
 * `elementFormDefault` unset).
 */
export const FACTURAE_NAMESPACES: ReadonlyMap<string, FacturaeVersion> = new Map<string, FacturaeVersion>([
  ['http://www.facturae.es/Facturae/2009/v3.2/Facturae', '3.2'],
  ['http://www.facturae.es/Facturae/2014/v3.2.1/Facturae', '3.2.1'],
  ['http://www.facturae.gob.es/formato/Versiones/Facturaev3_2_2.xml', '3.2.2'],
]);

/** The local name of the root element of every Facturae version. */
export const FACTURAE_ROOT = 'Facturae';

/**
 * The Facturae version a namespace names, or null when it is none of {@link FACTURAE_NAMESPACES}.
 *
 * @example
 * ```ts
 * facturaeVersion('http://www.facturae.gob.es/formato/Versiones/Facturaev3_2_2.xml'); // '3.2.2'
 * facturaeVersion('urn:oasis:names:specification:ubl:schema:xsd:Invoice-2'); // null
 * ```
 */
export function facturaeVersion(namespace: string | null): FacturaeVersion | null {
  return namespace === null ? null : (FACTURAE_NAMESPACES.get(namespace) ?? null);
}
