import type { SiiTaxReportCreate } from '../../model/siiTaxReport.js';
import { siiText } from './formats.js';
import {
  partyIdentification,
  SII_PARTY_FIELDS,
  type SiiIdentification,
  type SiiPartyRole,
} from './identification.js';
import type { XmlElement } from './xml.js';

/**
 * The identification choice of a party (sii.md §3): `NIF`, or `IDOtro{CodigoPais?, IDType, ID}`.
 *
 * @example
 * ```ts
 * identificacion({ kind: 'nif', nif: 'B12345674' }); // { 'sii:NIF': 'B12345674' }
 * identificacion({ kind: 'other', country: 'DE', idType: '02', id: 'DE123456789' });
 * // { 'sii:IDOtro': { 'sii:CodigoPais': 'DE', 'sii:IDType': '02', 'sii:ID': 'DE123456789' } }
 * ```
 */
export function identificacion(identification: SiiIdentification | null): XmlElement {
  if (identification === null) return {};
  if (identification.kind === 'nif') return { 'sii:NIF': identification.nif };
  return {
    'sii:IDOtro': {
      'sii:CodigoPais': identification.country,
      'sii:IDType': identification.idType,
      'sii:ID': identification.id,
    },
  };
}

/**
 * A party as `PersonaFisicaJuridicaType` (`Contraparte`, and `IDEmisorFactura` with a name, sii.md
 * §3): `NombreRazon` then the identification. The customer of issued invoices and of the cash,
 * insurance, travel and intra-community books; the supplier of received invoices.
 *
 * @example
 * ```ts
 * contraparte({ customer_party_name: 'EMPRESA EJEMPLO SL', customer_party_tax_id: 'B12345674' }, 'customer');
 * // { 'sii:NombreRazon': 'EMPRESA EJEMPLO SL', 'sii:NIF': 'B12345674' }
 * ```
 */
export function contraparte(report: Partial<SiiTaxReportCreate>, role: SiiPartyRole): XmlElement {
  return {
    'sii:NombreRazon': siiText(report[SII_PARTY_FIELDS[role].name]),
    ...identificacion(partyIdentification(report, role)),
  };
}
