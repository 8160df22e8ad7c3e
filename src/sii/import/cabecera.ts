/**
 * `Cabecera` read back (sii.md §2, §3): the inverse of the builder's `src/sii/build/cabecera.ts`.
 *
 * @module
 */
import { SII_COMMUNICATION_TYPES } from '../../model/siiCodes.js';
import type { ElementReader } from '../../xml/reader.js';
import { SII_VERSION } from '../build/cabecera.js';
import type { SiiCommunicationType, SiiTitular } from '../message.js';
import { readCode } from './values.js';

/** What a message's header says. */
export interface SiiHeader {
  /** `Titular`. */
  readonly titular: SiiTitular;
  /** `TipoComunicacion`, for the headers that have one (`CabeceraSii`); else null. */
  readonly communication_type: SiiCommunicationType | null;
}

/**
 * Reads the mandatory `Cabecera` of `root`: `IDVersionSii` (must be `1.1`, the only
 * `VersionSiiType`), `Titular` (`NombreRazon` → `name`, `NIFRepresentante` → `representative_nif`,
 * `NIF` → `nif`; `representative_nif` only when there is one), and — when `withType` (`CabeceraSii`: an alta of a book other than the
 * cash-accounting ones) — `TipoComunicacion` (`A0`, `A1`, `A4`, `A5`, `A6`); elsewhere the schema has
 * no `TipoComunicacion` and one present is listed in `ignored`. Null when something mandatory is
 * missing (with its issue).
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
  readCode(cabecera, 'IDVersionSii', [SII_VERSION], true);
  const holder = cabecera.requiredChild('Titular');
  const name = holder?.requiredText('NombreRazon') ?? null;
  const representative = holder?.text('NIFRepresentante') ?? null;
  const nif = holder?.requiredText('NIF') ?? null;
  const type = withType ? readCode(cabecera, 'TipoComunicacion', SII_COMMUNICATION_TYPES, true) : null;
  if (name === null || nif === null || (withType && type === null)) return null;
  const titular: SiiTitular =
    representative === null ? { name, nif } : { name, nif, representative_nif: representative };
  return { titular, communication_type: type };
}
