import type { SII_COMMUNICATION_TYPES } from '../model/siiCodes.js';
import type { SiiBookType, SiiTaxReportCreate } from '../model/siiTaxReport.js';

/** An SII `TipoComunicacion` (sii.md §3). */
export type SiiCommunicationType = (typeof SII_COMMUNICATION_TYPES)[number];

/**
 * The titular of an SII message (`Cabecera/Titular`, sii.md §3): the taxpayer whose books these are —
 * the account. `nif` is the Spanish NIF without the `ES` prefix (`NIFType`, 9 characters);
 * `representative_nif` is `NIFRepresentante`, when a representative submits.
 */
export interface SiiTitular {
  /** `NombreRazon`, at most 120 characters. */
  name: string;
  /** `NIF`. */
  nif: string;
  /** `NIFRepresentante`. */
  representative_nif?: string | null | undefined;
}

/**
 * What kind of message carries the records: an alta or modification message (`SuministroLR…`, with
 * `TipoComunicacion` A0/A1/… or, for the cash-accounting books, none) or an annulment (`BajaLR…`,
 * header `CabeceraSiiBaja`; sii.md §2).
 */
export type SiiMessageKind = 'alta' | 'baja';

/**
 * One SII message: one book, one titular, one operation (sii.md §6: the header cannot change inside a
 * message), and its records in message order — at most 10,000. A ledger is one such message and the
 * records it carries (issue #6).
 */
export interface SiiMessage {
  book_type: SiiBookType;
  kind: SiiMessageKind;
  /** `Cabecera/TipoComunicacion` of an alta message; null for a baja and for the cash-accounting books. */
  communication_type: SiiCommunicationType | null;
  titular: SiiTitular;
  records: SiiTaxReportCreate[];
}

/** At most this many records in one message (`maxOccurs="10000"` on every book's record; sii.md §6). */
export const MAX_SII_RECORDS_PER_MESSAGE = 10_000;
