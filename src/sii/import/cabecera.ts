/**
 * `Cabecera` read back (sii.md §2, §3): the inverse of the builder's `src/sii/build/cabecera.ts`.
 *
 * @module
 */
import { SII_COMMUNICATION_TYPES } from '../../model/siiCodes.js';
import type { ElementReader } from '../../xml/reader.js';
import type { SiiCommunicationType, SiiTitular } from '../message.js';
import { readCode } from './values.js';
import { siiVersionRefusal } from './version.js';

/** What a message's header says. */
export interface SiiHeader {
  /** `Titular`. */
  readonly titular: SiiTitular;
  /** `TipoComunicacion`, for the headers that have one (`CabeceraSii`); else null. */
  readonly communication_type: SiiCommunicationType | null;
}

/**
 * Reads the mandatory `Cabecera` of `root`: `IDVersionSii` (must be `1.1`, the only
 * `VersionSiiType`; another version is refused naming it, `siiVersionRefusal`), `Titular`
 * (`NombreRazon` → `name`, `NIFRepresentante` → `representative_nif`, `NIF` → `nif`;
 * `representative_nif` only when there is one), and — when `withType` (`CabeceraSii`: an alta of a
 * book other than the cash-accounting ones) — `TipoComunicacion` (`A0`, `A1`, `A4`, `A5`, `A6`).
 * Elsewhere the header's type has no `TipoComunicacion` (`CabeceraSiiCobrosPagos` of `CobrosEmitidas`
 * and `PagosRecibidas`, `CabeceraSiiBaja` of an annulment; sii.md §2) and one present is refused, as
 * the XSD refuses it (issue #18 item 18: it used to be listed in `ignored` and the message imported).
 * Null when something mandatory is missing or not allowed (with its issue).
 *
 * @example
 * ```ts
 * readCabecera(root, true);
 * // { titular: { name: 'Test company', nif: 'U2687761C' }, communication_type: 'A0' }
 * ```
 */
export function readCabecera(root: ElementReader, withType: boolean): SiiHeader | null {
  const cabecera = root.requiredChild('Cabecera');
  if (cabecera === null) return null;
  const version = cabecera.requiredText('IDVersionSii');
  const refusal = siiVersionRefusal(version);
  if (refusal !== null) {
    cabecera.context.issues.push(refusal);
    return null;
  }
  const holder = cabecera.requiredChild('Titular');
  const name = holder?.requiredText('NombreRazon') ?? null;
  const representative = holder?.text('NIFRepresentante') ?? null;
  const nif = holder?.requiredText('NIF') ?? null;
  const type = withType ? readCode(cabecera, 'TipoComunicacion', SII_COMMUNICATION_TYPES, true) : null;
  const misplaced = !withType && cabecera.has('TipoComunicacion');
  if (misplaced)
    cabecera.context.invalid(
      cabecera.pathOf('TipoComunicacion'),
      'is not allowed here: only the header of an alta of a book with CabeceraSii has one; the cash-accounting books (CabeceraSiiCobrosPagos) and annulments (CabeceraSiiBaja) have none (SuministroInformacion.xsd, sii.md §2)',
    );
  if (name === null || nif === null || version === null || misplaced || (withType && type === null))
    return null;
  const titular: SiiTitular =
    representative === null ? { name, nif } : { name, nif, representative_nif: representative };
  return { titular, communication_type: type };
}
