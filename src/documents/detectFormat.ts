/**
 * Which electronic document a text is, from its root element alone (its local name and namespace,
 * read by `rootElement` before any parse): KSeF FA(3), SII, UBL, CII, Facturae or FatturaPA (spec §4.8
 * POST /documents/validate).
 *
 * @module
 */
import { FACTURAE_NAMESPACES, FACTURAE_ROOT } from '../einvoice/facturae/namespaces.js';
import { FATTURAPA_NAMESPACE, FATTURAPA_ROOT } from '../einvoice/fatturapa/index.js';
import { FA2_NAMESPACE, FA3_NAMESPACE } from '../ksef/import/guards.js';
import { SII_LR_NAMESPACE } from '../sii/build/xml.js';
import type { RootElement } from '../xml/guards.js';
import { SOAP_11_NAMESPACE } from './soapBody.js';

/** The formats POST /documents/validate recognises. */
export const DOCUMENT_FORMATS = ['ksef_fa3', 'sii', 'ubl', 'cii', 'facturae', 'fatturapa'] as const;

/** A recognised format. */
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];

/** The UN/CEFACT Cross Industry Invoice namespace (D16B, EN 16931's CII syntax, Factur-X, ZUGFeRD, XRechnung CII). */
export const CII_NAMESPACE = 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100';

/** UBL 2.x document namespaces: `urn:oasis:names:specification:ubl:schema:xsd:{Document}-2`. */
const UBL_NAMESPACE = /^urn:oasis:names:specification:ubl:schema:xsd:([A-Za-z]+)-2$/;

/** What a root element says the document is. */
export type Detection =
  | {
      kind: 'format';
      format: DocumentFormat;
      /** The root element's local name (`Invoice`, `SuministroLRFacturasEmitidas`, `Faktura`). */
      document_type: string;
      /** The version the namespace names (Facturae `3.2.2`), or null when it names none. */
      version: string | null;
    }
  /** A SOAP 1.1 envelope: its Body's element decides. */
  | { kind: 'soap_envelope' }
  /** A known format fiscalkit does not validate, with why. */
  | { kind: 'unsupported'; reason: string }
  | { kind: 'unknown' };

/**
 * The format a root element stands for:
 *
 * - `Faktura` in the FA(3) namespace → `ksef_fa3` (FA(2) is named, and unsupported);
 * - `SuministroLR…` / `BajaLR…` in the SII `SuministroLR.xsd` namespace → `sii`;
 * - any UBL 2 document (`Invoice` in `…:Invoice-2`, `CreditNote` in `…:CreditNote-2`, `Order`, …)
 *   → `ubl` (Peppol BIS, PINT, XRechnung UBL, Svefaktura and eSPap are UBL CIUS: they tell
 *   themselves apart by `cbc:CustomizationID`, not by the root);
 * - `CrossIndustryInvoice` in the CII D16B namespace → `cii` (Factur-X, ZUGFeRD, XRechnung CII);
 * - `Facturae` in a Facturae 3.2, 3.2.1 or 3.2.2 namespace → `facturae`;
 * - `FatturaElettronica` in the FatturaPA 1.2 namespace → `fatturapa` (its `versione`, FPA12 or
 *   FPR12, is an attribute the root's name does not carry: `fatturaPaVersione` reads it);
 * - `Envelope` in the SOAP 1.1 namespace → look inside;
 * - anything else is unknown.
 *
 * @example
 * ```ts
 * detectFormat({ name: 'Invoice', namespace: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2' });
 * // { kind: 'format', format: 'ubl', document_type: 'Invoice', version: null }
 * detectFormat({ name: 'Faktura', namespace: 'http://crd.gov.pl/wzor/2023/06/29/12648/' }).kind; // 'unsupported'
 * ```
 */
export function detectFormat(root: RootElement): Detection {
  const { name, namespace } = root;
  const format = (format: DocumentFormat, version: string | null = null): Detection => ({
    kind: 'format',
    format,
    document_type: name,
    version,
  });
  if (namespace === null) return { kind: 'unknown' };
  if (name === 'Faktura' && namespace === FA3_NAMESPACE) return format('ksef_fa3', 'FA (3) 1-0E');
  if (name === 'Faktura' && namespace === FA2_NAMESPACE)
    return {
      kind: 'unsupported',
      reason: `is a KSeF FA(2) document (namespace ${FA2_NAMESPACE}); fiscalkit validates FA(3) documents only (namespace ${FA3_NAMESPACE})`,
    };
  if (namespace === SII_LR_NAMESPACE && /^(?:SuministroLR|BajaLR)[A-Za-z]+$/.test(name)) return format('sii');
  const ubl = UBL_NAMESPACE.exec(namespace);
  if (ubl !== null && ubl[1] === name) return format('ubl');
  if (name === 'CrossIndustryInvoice' && namespace === CII_NAMESPACE) return format('cii');
  const facturae = FACTURAE_NAMESPACES.get(namespace);
  if (name === FACTURAE_ROOT && facturae !== undefined) return format('facturae', facturae);
  if (name === FATTURAPA_ROOT && namespace === FATTURAPA_NAMESPACE) return format('fatturapa');
  if (name === 'Envelope' && namespace === SOAP_11_NAMESPACE) return { kind: 'soap_envelope' };
  return { kind: 'unknown' };
}
