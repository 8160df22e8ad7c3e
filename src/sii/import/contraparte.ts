/**
 * The parties of an SII record read back (sii.md §3, §10): the identification choice `NIF` |
 * `IDOtro{CodigoPais?, IDType, ID}` and `PersonaFisicaJuridicaType` (`Contraparte`, and an
 * `IDEmisorFactura` with a name), into the report's `<role>_party_*` fields — the inverse of the
 * builder's `src/sii/build/contraparte.ts`; `NIFRepresentante` → `<role>_party_representative_nif`,
 * `EntidadSucedida` → `successor_entity` (issue #18 item 17).
 *
 * @module
 */
import type { ElementReader, ReportDraft } from '../../xml/reader.js';
import { SII_PARTY_FIELDS, type SiiPartyRole } from '../build/identification.js';

/** The scheme of a Spanish NIF (sii.md §10: `9920` → `NIF`). */
const NIF_SCHEME = '9920';

/**
 * A party's identification as read, with the element each value came from.
 *
 * @example
 * ```ts
 * const read: ReadIdentification = { taxId: 'B12345674', scheme: '9920', country: null, sources: { … } };
 * ```
 */
export interface ReadIdentification {
  /** `NIF`, or `IDOtro/ID`. */
  readonly taxId: string | null;
  /** `9920` for a `NIF`, else `IDOtro/IDType`. */
  readonly scheme: string | null;
  /** `IDOtro/CodigoPais`. */
  readonly country: string | null;
  /** The path each of the three was read from. */
  readonly sources: { readonly taxId: string; readonly scheme: string; readonly country: string };
}

/**
 * Reads the identification choice of `party` (`NIF` or `IDOtro`, one of them mandatory); null when
 * neither is there (an issue at `…/NIF`).
 *
 * @example
 * ```ts
 * readIdentification(contraparte); // { taxId: 'F35999705', scheme: '9920', country: null, … }
 * ```
 */
export function readIdentification(party: ElementReader): ReadIdentification | null {
  if (party.has('NIF') || !party.has('IDOtro')) {
    const nif = party.requiredText('NIF');
    const path = party.pathOf('NIF');
    return {
      taxId: nif,
      scheme: NIF_SCHEME,
      country: null,
      sources: { taxId: path, scheme: path, country: path },
    };
  }
  const other = party.requiredChild('IDOtro');
  if (other === null) return null;
  return {
    taxId: other.requiredText('ID'),
    scheme: other.requiredText('IDType'),
    country: other.text('CodigoPais'),
    sources: {
      taxId: other.pathOf('ID'),
      scheme: other.pathOf('IDType'),
      country: other.pathOf('CodigoPais'),
    },
  };
}

/**
 * Puts an identification into the `role` party's fields (`_tax_id`, `_tax_scheme`, `_country`).
 *
 * @example
 * ```ts
 * putIdentification(draft, 'customer', readIdentification(contraparte));
 * draft.data.customer_party_tax_scheme; // '9920'
 * ```
 */
export function putIdentification(
  draft: ReportDraft,
  role: SiiPartyRole,
  identification: ReadIdentification | null,
): void {
  if (identification === null) return;
  const fields = SII_PARTY_FIELDS[role];
  draft.put(fields.taxId, identification.taxId, identification.sources.taxId);
  draft.put(fields.scheme, identification.scheme, identification.sources.scheme);
  draft.put(fields.country, identification.country, identification.sources.country);
}

/**
 * Whether two identifications name the same party (same id, scheme and country).
 *
 * @example
 * ```ts
 * sameIdentification(fromIdFactura, fromContraparte); // true when both say NIF A58818501
 * ```
 */
export function sameIdentification(a: ReadIdentification | null, b: ReadIdentification | null): boolean {
  return a?.taxId === b?.taxId && a?.scheme === b?.scheme && a?.country === b?.country;
}

/**
 * Reads a `PersonaFisicaJuridicaType` party into the `role` party's fields: `NombreRazon` (mandatory)
 * → `_name`, then the identification; returns the identification read.
 *
 * @example
 * ```ts
 * readContraparte(factura.requiredChild('Contraparte'), draft, 'customer');
 * draft.data.customer_party_name; // 'Test partner'
 * ```
 */
export function readContraparte(
  party: ElementReader | null,
  draft: ReportDraft,
  role: SiiPartyRole,
): ReadIdentification | null {
  if (party === null) return null;
  draft.requiredText(SII_PARTY_FIELDS[role].name, party, 'NombreRazon');
  // Only `PersonaFisicaJuridicaType` has it; an `IDEmisorFactura` with one fails the schema anyway.
  draft.text(`${role}_party_representative_nif`, party, 'NIFRepresentante');
  const identification = readIdentification(party);
  putIdentification(draft, role, identification);
  return identification;
}

/**
 * Reads `EntidadSucedida` of `element` (`PersonaFisicaJuridicaUnicaESType`: `NombreRazon`, `NIF`, both
 * mandatory) into `successor_entity` (issue #18 item 17); nothing when absent.
 *
 * @example
 * ```ts
 * readEntidadSucedida(factura, draft);
 * draft.data.successor_entity; // { name: 'ABSORBIDA SL', tax_id: 'B12345674' }
 * ```
 */
export function readEntidadSucedida(element: ElementReader, draft: ReportDraft): void {
  const entity = element.child('EntidadSucedida');
  if (entity === null) return;
  const successor = draft.nested('successor_entity');
  successor.requiredText('name', entity, 'NombreRazon');
  successor.requiredText('tax_id', entity, 'NIF');
  draft.put('successor_entity', successor.data, entity.path);
}
