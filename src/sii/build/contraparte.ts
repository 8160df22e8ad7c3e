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

/** The field of each role's `NIFRepresentante` (issue #18 item 17). */
const REPRESENTATIVE = {
  customer: 'customer_party_representative_nif',
  supplier: 'supplier_party_representative_nif',
} as const satisfies Record<SiiPartyRole, keyof SiiTaxReportCreate>;

/**
 * A party as `PersonaFisicaJuridicaType` (`Contraparte`, and `IDEmisorFactura` with a name, sii.md
 * §3): `NombreRazon`, `NIFRepresentante` (the role's `_representative_nif`; not for an
 * `IDEmisorFactura`, whose type has none: `withRepresentative` false), then the identification. The
 * customer of issued invoices and of the cash, insurance, travel and intra-community books; the
 * supplier of received invoices.
 *
 * @example
 * ```ts
 * contraparte({ customer_party_name: 'EMPRESA EJEMPLO SL', customer_party_tax_id: 'B12345674' }, 'customer');
 * // { 'sii:NombreRazon': 'EMPRESA EJEMPLO SL', 'sii:NIF': 'B12345674' }
 * ```
 */
export function contraparte(
  report: Partial<SiiTaxReportCreate>,
  role: SiiPartyRole,
  withRepresentative = true,
): XmlElement {
  return {
    'sii:NombreRazon': siiText(report[SII_PARTY_FIELDS[role].name]),
    'sii:NIFRepresentante': withRepresentative ? siiText(report[REPRESENTATIVE[role]]) : undefined,
    ...identificacion(partyIdentification(report, role)),
  };
}

/**
 * `EntidadSucedida` (`PersonaFisicaJuridicaUnicaESType`: `NombreRazon`, `NIF`; issue #18 item 17), or
 * `undefined` without a successor entity.
 *
 * @example
 * ```ts
 * entidadSucedida({ successor_entity: { name: 'ABSORBIDA SL', tax_id: 'B12345674' } });
 * // { 'sii:NombreRazon': 'ABSORBIDA SL', 'sii:NIF': 'B12345674' }
 * ```
 */
export function entidadSucedida(report: Partial<SiiTaxReportCreate>): XmlElement | undefined {
  const entity = report.successor_entity;
  if (entity === null || entity === undefined) return undefined;
  return { 'sii:NombreRazon': siiText(entity.name), 'sii:NIF': siiText(entity.tax_id) };
}
