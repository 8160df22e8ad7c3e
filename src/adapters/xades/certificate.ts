/**
 * What a XAdES signature says of its signing certificate (ETSI TS 101 903 v1.3.2 §7.2.2
 * `SigningCertificate`: the certificate's digest, its issuer's distinguished name and its serial
 * number) and what the signer checks of it (its validity at the signing time), read from the
 * certificate's DER (RFC 5280 §4.1) rather than from a text rendering.
 *
 * Why not `node:crypto`'s `X509Certificate.issuer`: it is OpenSSL's multi-line rendering, with OpenSSL's
 * attribute names (`serialNumber`, `organizationIdentifier`), which are not RFC 4514 names. XMLDSig
 * (§4.4.4 `X509IssuerSerial`) wants the issuer as RFC 4514 (formerly RFC 2253) says, and the validators
 * behind the Spanish entry points parse it back: Facturae-PHP writes `organizationIdentifier` and
 * `serialNumber` as OIDs because of "compatibility issues" (`XmlTools::ALLOWED_OID_TYPES`). RFC 4514
 * §2.3, §2.4 settle it exactly: the nine names of its table, any other attribute as its dotted OID with
 * the value as `#` and the hex of its BER encoding, which is also how Java's
 * `X500Principal.getName(RFC2253)` writes an attribute outside that table.
 *
 * @module
 */
import { createHash, X509Certificate } from 'node:crypto';

/** A certificate as the signer uses it. */
export interface SigningCertificate {
  /** The DER of the certificate. */
  readonly der: Uint8Array;
  /** The DER as base64, for `ds:X509Certificate`. */
  readonly base64: string;
  /** The issuer's distinguished name as RFC 4514 writes it (`CN=AC Prueba,O=Autoridad\, S.A.,C=ES`). */
  readonly issuerName: string;
  /** The subject's distinguished name, RFC 4514, for the signer's description. */
  readonly subjectName: string;
  /** The serial number as a decimal integer (`ds:X509SerialNumber` is an `xsd:integer`). */
  readonly serialNumber: string;
  /** The start of the validity period, milliseconds since the epoch. */
  readonly notBefore: number;
  /** The end of the validity period (inclusive, RFC 5280 §4.1.2.5), milliseconds since the epoch. */
  readonly notAfter: number;
  /** Node's parsed certificate, to check that the private key is its key. */
  readonly x509: X509Certificate;
}

/** One DER element: its tag byte, and where its content starts and ends in the buffer. */
interface Tlv {
  readonly tag: number;
  /** The offset of the first byte of the element (its tag). */
  readonly start: number;
  /** The offset of the first content byte. */
  readonly contentStart: number;
  /** The offset just past the content. */
  readonly end: number;
}

const SEQUENCE = 0x30;
const SET = 0x31;
const INTEGER = 0x02;
const OBJECT_IDENTIFIER = 0x06;
const UTC_TIME = 0x17;
const GENERALIZED_TIME = 0x18;
/** `[0] EXPLICIT Version` of the TBSCertificate (RFC 5280 §4.1). */
const VERSION_TAG = 0xa0;

/** Reads the element starting at `offset`; only the low tag numbers X.509 names use (one tag byte). */
function readTlv(der: Uint8Array, offset: number, limit: number): Tlv {
  const tag = der[offset];
  if (tag === undefined || (tag & 0x1f) === 0x1f) throw new Error(`unsupported DER tag at byte ${offset}`);
  let cursor = offset + 1;
  const first = der[cursor++];
  if (first === undefined) throw new Error(`truncated DER at byte ${offset}`);
  let length = first;
  if (first & 0x80) {
    const count = first & 0x7f;
    // DER: the long form never has an indefinite length (0x80), and 4 bytes are plenty for a certificate.
    if (count === 0 || count > 4) throw new Error(`unsupported DER length at byte ${offset}`);
    length = 0;
    for (let index = 0; index < count; index++) {
      const byte = der[cursor++];
      if (byte === undefined) throw new Error(`truncated DER at byte ${offset}`);
      length = length * 256 + byte; // money-safe: a byte count, not money
    }
  }
  const end = cursor + length;
  if (end > limit) throw new Error(`DER element at byte ${offset} runs past its container`);
  return { tag, start: offset, contentStart: cursor, end };
}

/** The elements inside a constructed element, in order. */
function children(der: Uint8Array, parent: Tlv): Tlv[] {
  const out: Tlv[] = [];
  let offset = parent.contentStart;
  while (offset < parent.end) {
    const child = readTlv(der, offset, parent.end);
    out.push(child);
    offset = child.end;
  }
  return out;
}

function expectTag(element: Tlv | undefined, tag: number, what: string): Tlv {
  if (element === undefined || element.tag !== tag) throw new Error(`not an X.509 certificate: no ${what}`);
  return element;
}

/** A dotted-decimal OID from its content octets (X.690 §8.19). */
function objectIdentifier(der: Uint8Array, element: Tlv): string {
  const arcs: string[] = [];
  let value = 0n;
  for (let offset = element.contentStart; offset < element.end; offset++) {
    const byte = der[offset] ?? 0;
    value = (value << 7n) | BigInt(byte & 0x7f);
    if ((byte & 0x80) === 0) {
      if (arcs.length === 0) {
        // The first subidentifier holds two arcs: 40 × X + Y, X ∈ {0, 1, 2}.
        const x = value < 40n ? 0n : value < 80n ? 1n : 2n;
        arcs.push(String(x), String(value - 40n * x)); // money-safe: OID arcs, not money
      } else arcs.push(String(value));
      value = 0n;
    }
  }
  return arcs.join('.');
}

/** An INTEGER as a decimal string, two's complement (X.690 §8.3). */
function integer(der: Uint8Array, element: Tlv): string {
  let value = 0n;
  for (let offset = element.contentStart; offset < element.end; offset++)
    value = (value << 8n) | BigInt(der[offset] ?? 0);
  const bits = BigInt(8 * (element.end - element.contentStart)); // money-safe: a bit count
  const negative = ((der[element.contentStart] ?? 0) & 0x80) !== 0;
  return (negative ? value - (1n << bits) : value).toString();
}

/** A UTCTime or GeneralizedTime (RFC 5280 §4.1.2.5: always UTC, `Z`, seconds, no fraction) in ms. */
function time(der: Uint8Array, element: Tlv): number {
  const text = new TextDecoder('latin1').decode(der.subarray(element.contentStart, element.end));
  const pattern =
    element.tag === UTC_TIME
      ? /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/
      : element.tag === GENERALIZED_TIME
        ? /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/
        : null;
  const match = pattern?.exec(text);
  if (match === undefined || match === null)
    throw new Error(`not an X.509 certificate: validity time ${JSON.stringify(text)}`);
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number.parseInt(part, 10));
  // RFC 5280 §4.1.2.5.1: a two-digit year YY ≥ 50 is 19YY, otherwise 20YY.
  const fullYear = element.tag === UTC_TIME ? ((year ?? 0) >= 50 ? 1900 : 2000) + (year ?? 0) : (year ?? 0);
  return Date.UTC(fullYear, (month ?? 1) - 1, day, hour, minute, second);
}

/** RFC 4514 §3: the attribute types a string representation names by keyword; any other is an OID. */
const RFC4514_NAMES: ReadonlyMap<string, string> = new Map([
  ['2.5.4.3', 'CN'],
  ['2.5.4.7', 'L'],
  ['2.5.4.8', 'ST'],
  ['2.5.4.10', 'O'],
  ['2.5.4.11', 'OU'],
  ['2.5.4.6', 'C'],
  ['2.5.4.9', 'STREET'],
  ['0.9.2342.19200300.100.1.25', 'DC'],
  ['0.9.2342.19200300.100.1.1', 'UID'],
]);

/** The ASN.1 string types of directory names, and how their octets are text. */
function directoryString(der: Uint8Array, element: Tlv): string | null {
  const octets = der.subarray(element.contentStart, element.end);
  switch (element.tag) {
    case 0x0c: // UTF8String
      return new TextDecoder('utf-8', { fatal: true }).decode(octets);
    case 0x12: // NumericString
    case 0x13: // PrintableString
    case 0x16: // IA5String
    case 0x1a: // VisibleString
    case 0x14: // TeletexString: in practice Latin-1 (RFC 5280 §4.1.2.4 discourages it)
      return new TextDecoder('latin1').decode(octets);
    case 0x1e: // BMPString: UCS-2, big-endian
      return new TextDecoder('utf-16be').decode(octets);
    default:
      return null;
  }
}

/**
 * RFC 4514 §2.4: a backslash before `"`, `+`, `,`, `;`, `<`, `>` and `\` anywhere, before `#` or a
 * space that starts the value and a space that ends it, and NUL as `\00`.
 */
function escapeValue(value: string): string {
  let out = value.replace(/["+,;<>\\]/g, (char) => `\\${char}`).replace(/\0/g, '\\00');
  if (out.startsWith('#') || out.startsWith(' ')) out = `\\${out}`;
  if (out.endsWith(' ') && !out.endsWith('\\ ')) out = `${out.slice(0, -1)}\\ `;
  return out;
}

function hex(octets: Uint8Array): string {
  return Array.from(octets, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** RFC 4514 §2.1, §2.2, §2.3, §2.4: the RDNs last to first, `,` between them, `+` inside a multi-valued one. */
function distinguishedName(der: Uint8Array, name: Tlv): string {
  const rdns = children(der, expectTag(name, SEQUENCE, 'Name')).map((rdn) =>
    children(der, expectTag(rdn, SET, 'RelativeDistinguishedName'))
      .map((pair) => {
        const [type, value] = children(der, expectTag(pair, SEQUENCE, 'AttributeTypeAndValue'));
        const oid = objectIdentifier(der, expectTag(type, OBJECT_IDENTIFIER, 'attribute type'));
        if (value === undefined) throw new Error('not an X.509 certificate: attribute without value');
        const keyword = RFC4514_NAMES.get(oid);
        const text = keyword === undefined ? null : directoryString(der, value);
        return keyword !== undefined && text !== null
          ? `${keyword}=${escapeValue(text)}`
          : `${keyword ?? oid}=#${hex(der.subarray(value.start, value.end))}`;
      })
      .join('+'),
  );
  return rdns.reverse().join(',');
}

/**
 * Reads a certificate (PEM or DER) into what the signature writes of it.
 *
 * @throws Error when the text holds no certificate or its DER is not an X.509 certificate.
 *
 * @example
 * ```ts
 * const certificate = readSigningCertificate(readFileSync('signer.pem', 'utf8'));
 * certificate.issuerName; // 'CN=AC FNMT Usuarios,OU=Ceres,O=FNMT-RCM,C=ES'
 * certificate.serialNumber; // '96891622000445695554354105786026700712'
 * ```
 */
export function readSigningCertificate(certificate: string | Uint8Array): SigningCertificate {
  const x509 = new X509Certificate(certificate);
  const der = new Uint8Array(x509.raw);
  const root = readTlv(der, 0, der.length);
  const [tbs] = children(der, expectTag(root, SEQUENCE, 'Certificate'));
  const fields = children(der, expectTag(tbs, SEQUENCE, 'TBSCertificate'));
  // RFC 5280 §4.1: [0] version (absent for v1), serialNumber, signature, issuer, validity, subject.
  const offset = fields[0]?.tag === VERSION_TAG ? 1 : 0;
  const serial = expectTag(fields[offset], INTEGER, 'serialNumber');
  const issuer = expectTag(fields[offset + 2], SEQUENCE, 'issuer');
  const validity = children(der, expectTag(fields[offset + 3], SEQUENCE, 'validity'));
  const subject = expectTag(fields[offset + 4], SEQUENCE, 'subject');
  const [notBefore, notAfter] = validity;
  if (notBefore === undefined || notAfter === undefined)
    throw new Error('not an X.509 certificate: incomplete validity');
  return {
    der,
    base64: Buffer.from(der).toString('base64'),
    issuerName: distinguishedName(der, issuer),
    subjectName: distinguishedName(der, subject),
    serialNumber: integer(der, serial),
    notBefore: time(der, notBefore),
    notAfter: time(der, notAfter),
    x509,
  };
}

/**
 * The certificates of a PEM text, in order (a signing certificate followed by its chain, as hosts keep
 * them in one file).
 *
 * @throws Error when the text holds no certificate.
 *
 * @example
 * ```ts
 * pemCertificates(readFileSync('fullchain.pem', 'utf8')).length; // 2: the signer's and its issuer's
 * ```
 */
export function pemCertificates(pem: string): string[] {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g) ?? [];
  if (blocks.length === 0)
    throw new Error('fiscalkit/xades: no PEM certificate (-----BEGIN CERTIFICATE-----) given');
  return blocks;
}

/**
 * The base64 digest of the certificate's DER, for `xades:CertDigest` (ETSI TS 101 903 §7.2.2).
 *
 * @example
 * ```ts
 * certificateDigest(certificate, 'sha256'); // 'tfloQLd4Pqy//sSurBLTWMdc3WOAKDTFgQrVcwLR4FA='
 * ```
 */
export function certificateDigest(certificate: SigningCertificate, algorithm: 'sha256' | 'sha512'): string {
  return createHash(algorithm).update(certificate.der).digest('base64');
}
