import type { SiiMessage, SiiTitular } from '../message.js';
import { siiText } from './formats.js';
import type { XmlElement } from './xml.js';

/**
 * `IDVersionSii`: `1.1`, the only value of `VersionSiiType` (sii.md §3).
 *
 * @example
 * ```ts
 * cabecera(message)['sii:IDVersionSii'] === SII_VERSION; // true
 * ```
 */
export const SII_VERSION = '1.1';

/**
 * `Titular` (`PersonaFisicaJuridicaESType`, sii.md §3): `NombreRazon`, `NIFRepresentante?`, `NIF`.
 *
 * @example
 * ```ts
 * titular({ name: 'Test company', nif: 'U2687761C' });
 * // { 'sii:NombreRazon': 'Test company', 'sii:NIFRepresentante': undefined, 'sii:NIF': 'U2687761C' }
 * ```
 */
export function titular(holder: SiiTitular): XmlElement {
  return {
    'sii:NombreRazon': siiText(holder.name),
    'sii:NIFRepresentante': siiText(holder.representative_nif),
    'sii:NIF': siiText(holder.nif),
  };
}

/**
 * `Cabecera` of a message (sii.md §2, §3): `IDVersionSii`, `Titular`, and `TipoComunicacion` for an
 * alta of a book with `CabeceraSii`. A baja (`CabeceraSiiBaja`) and the cash-accounting books
 * (`CabeceraSiiCobrosPagos`) have no `TipoComunicacion`.
 *
 * @example
 * ```ts
 * cabecera({ book_type: 'Expedida', kind: 'alta', communication_type: 'A0', titular, records });
 * // { 'sii:IDVersionSii': '1.1', 'sii:Titular': { … }, 'sii:TipoComunicacion': 'A0' }
 * cabecera({ book_type: 'CobrosEmitidas', kind: 'alta', communication_type: null, titular, records })['sii:TipoComunicacion']; // undefined
 * ```
 */
export function cabecera(
  message: Pick<SiiMessage, 'book_type' | 'kind' | 'communication_type' | 'titular'>,
): XmlElement {
  const withType =
    message.kind === 'alta' &&
    message.book_type !== 'CobrosEmitidas' &&
    message.book_type !== 'PagosRecibidas';
  return {
    'sii:IDVersionSii': SII_VERSION,
    'sii:Titular': titular(message.titular),
    'sii:TipoComunicacion': withType ? (message.communication_type ?? undefined) : undefined,
  };
}
