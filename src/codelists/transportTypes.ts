/** One entry of GET /transport_types. */
export interface TransportTypeEntry {
  /** The code of `transport_type_code` on transports and contacts (spec §2.3, §2.8). */
  readonly code: string;
  /** An English label. */
  readonly name: string;
}

/**
 * The transport types of GET /transport_types (spec §4.7), sorted by code: the values of
 * `transport_type_code`, which replaced the old channel and transport type (spec §2.3). The spec does
 * not list them, so this list is fiscalkit's choice: the delivery networks the service's formats and
 * tax authorities need (Peppol, e-mail, the service's own network, Spain's FACe, Italy's SdI,
 * Poland's KSeF, France's Chorus Pro) and `none` for documents that are only downloaded.
 */
export const TRANSPORT_TYPES: readonly TransportTypeEntry[] = [
  { code: 'b2brouter', name: 'Delivery inside the service network' },
  { code: 'chorus_pro', name: 'Chorus Pro (France)' },
  { code: 'email', name: 'E-mail' },
  { code: 'face', name: 'FACe (Spain)' },
  { code: 'ksef', name: 'KSeF (Poland)' },
  { code: 'none', name: 'No delivery (download only)' },
  { code: 'peppol', name: 'Peppol network' },
  { code: 'sdi', name: 'SdI (Italy)' },
];

const CODES: ReadonlySet<string> = new Set(TRANSPORT_TYPES.map(({ code }) => code));

/**
 * Whether `code` is a transport type code (GET /transport_types), case-sensitive as on the wire.
 *
 * @example
 * ```ts
 * isTransportTypeCode('peppol'); // true
 * isTransportTypeCode('Peppol'); // false
 * isTransportTypeCode('fax'); // false
 * ```
 */
export function isTransportTypeCode(code: string): boolean {
  return CODES.has(code);
}
