/**
 * A throwaway certification authority and signing certificate for the Facturae signature tests, made
 * with the `openssl` command (Node has no X.509 builder), once per test file, in a temporary directory.
 * The names are chosen to exercise RFC 4514: the authority's name has a comma, a semicolon, quotes,
 * non-ASCII letters and an attribute outside RFC 4514's table (`organizationIdentifier`, 2.5.4.97, as
 * in the qualified Spanish CAs); the signer's serial number has its high bit set (a DER INTEGER with a
 * leading zero byte), as the FNMT's do.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Whether `openssl` and `xmlsec1` are on the PATH. */
function has(command: string, args: readonly string[]): boolean {
  return spawnSync(command, args, { encoding: 'utf8' }).status === 0;
}

export const HAS_OPENSSL = has('openssl', ['version']);
export const HAS_XMLSEC1 = has('xmlsec1', ['--version']);
export const OPENSSL_SKIPPED = 'openssl not found on the PATH: no test certificate can be made';
export const XMLSEC1_SKIPPED =
  'xmlsec1 not found on the PATH (Debian: apt-get install xmlsec1): signatures are not verified independently';

/** The authority's subject, as `openssl -subj` takes it (UTF-8 with `-utf8`). */
export const CA_SUBJECT =
  '/C=ES/O=Autoridad de Certificación, S.A./OU=Pruebas/organizationIdentifier=VATES-Q0000000J/CN=AC Prueba; "fiscalkit"';
/** The authority's name as RFC 4514 writes it: last RDN first, escapes, 2.5.4.97 as `#` + BER hex. */
export const CA_RFC4514 =
  `CN=AC Prueba\\; \\"fiscalkit\\",2.5.4.97=#0c0f${Buffer.from('VATES-Q0000000J').toString('hex')},` +
  'OU=Pruebas,O=Autoridad de Certificación\\, S.A.,C=ES';
/** The signer's serial number (hex for openssl, and its decimal). */
export const SIGNER_SERIAL_HEX = 'C0FFEE0123456789ABCDEF0123456789';
export const SIGNER_SERIAL = BigInt(`0x${SIGNER_SERIAL_HEX}`).toString();

export interface TestPki {
  readonly dir: string;
  readonly caPem: string;
  readonly caPath: string;
  readonly signerKeyPem: string;
  readonly signerPem: string;
  /**
   * A certificate whose subject uses RFC 4514's own types only, in ASCII, with a multi-valued RDN and
   * characters to escape, and how `openssl x509 -subject -nameopt RFC2253` prints it.
   */
  readonly plainPem: string;
  readonly plainRfc2253: string;
  /** A certificate valid past 2049, whose notAfter is a GeneralizedTime (RFC 5280 §4.1.2.5). */
  readonly longPem: string;
  /** Another RSA key, not the certificate's. */
  readonly otherKeyPem: string;
  /** A PKCS#12 file (OpenSSL 3 default: PBES2 / AES-256-CBC) of the signer's key, certificate and the CA. */
  readonly p12Modern: Uint8Array;
  /** The same, with the legacy PKCS#12 encryption (3DES / RC2, older exports). */
  readonly p12Legacy: Uint8Array;
  readonly p12Password: string;
  dispose(): void;
}

const CONFIG = `
[req]
distinguished_name = dn
string_mask = utf8only
[dn]
[ca]
basicConstraints = critical,CA:TRUE
keyUsage = critical,keyCertSign,cRLSign
subjectKeyIdentifier = hash
[signer]
basicConstraints = critical,CA:FALSE
keyUsage = critical,digitalSignature,nonRepudiation
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
`;

function openssl(dir: string, args: readonly string[]): void {
  const run = spawnSync('openssl', args, { cwd: dir, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`openssl ${args.join(' ')} failed: ${run.stderr}`);
}

/** Makes the PKI in a new temporary directory. */
export function makeTestPki(): TestPki {
  const dir = mkdtempSync(join(tmpdir(), 'fiscalkit-xades-'));
  const config = join(dir, 'openssl.cnf');
  writeFileSync(config, CONFIG);
  const rsa = ['-newkey', 'rsa:2048', '-nodes'];
  openssl(dir, [
    'req',
    '-x509',
    '-utf8',
    '-config',
    config,
    '-extensions',
    'ca',
    ...rsa,
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '3650',
    '-set_serial',
    '1',
    '-subj',
    CA_SUBJECT,
  ]);
  openssl(dir, [
    'req',
    '-new',
    '-utf8',
    '-config',
    config,
    ...rsa,
    '-keyout',
    'signer.key',
    '-out',
    'signer.csr',
    '-subj',
    '/C=ES/serialNumber=IDCES-99999999R/GN=PRUEBAS/SN=EIDAS/CN=Firmante de prueba - 99999999R',
  ]);
  openssl(dir, [
    'x509',
    '-req',
    '-in',
    'signer.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-set_serial',
    `0x${SIGNER_SERIAL_HEX}`,
    '-days',
    '3650',
    '-extfile',
    config,
    '-extensions',
    'signer',
    '-out',
    'signer.pem',
  ]);
  openssl(dir, [
    'req',
    '-x509',
    '-config',
    config,
    '-key',
    'ca.key',
    '-out',
    'plain.pem',
    '-days',
    '30',
    '-multivalue-rdn',
    '-subj',
    '/C=ES/ST=Madrid/O=Empresa, S.L./OU=Ventas+OU=Compras/CN=#Plain; <prueba> "x" ',
  ]);
  openssl(dir, [
    'req',
    '-x509',
    '-config',
    config,
    '-key',
    'ca.key',
    '-out',
    'long.pem',
    '-days',
    '20000',
    '-subj',
    '/CN=Long',
  ]);
  const plainSubject = spawnSync(
    'openssl',
    ['x509', '-in', 'plain.pem', '-noout', '-subject', '-nameopt', 'RFC2253'],
    { cwd: dir, encoding: 'utf8' },
  );
  openssl(dir, ['genpkey', '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048', '-out', 'other.key']);
  // Not ASCII: PKCS#12 reads a password two ways (BMPString for the MAC, UTF-8 for PBES2).
  const p12Password = 'contraseña de prueba';
  const p12 = [
    'pkcs12',
    '-export',
    '-inkey',
    'signer.key',
    '-in',
    'signer.pem',
    '-certfile',
    'ca.pem',
    '-passout',
    `pass:${p12Password}`,
  ];
  openssl(dir, [...p12, '-out', 'modern.p12']);
  openssl(dir, [...p12, '-legacy', '-out', 'legacy.p12']);
  const read = (name: string) => readFileSync(join(dir, name), 'utf8');
  return {
    dir,
    caPem: read('ca.pem'),
    caPath: join(dir, 'ca.pem'),
    signerKeyPem: read('signer.key'),
    signerPem: read('signer.pem'),
    plainPem: read('plain.pem'),
    longPem: read('long.pem'),
    plainRfc2253: plainSubject.stdout.trim().replace(/^subject=/, ''),
    otherKeyPem: read('other.key'),
    p12Modern: new Uint8Array(readFileSync(join(dir, 'modern.p12'))),
    p12Legacy: new Uint8Array(readFileSync(join(dir, 'legacy.p12'))),
    p12Password,
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** The verdict of `xmlsec1 --verify` on a signed document, trusting `trustedPem` (a CA file). */
export function xmlsecVerify(
  pki: TestPki,
  signedXml: string,
  trustedPath: string = pki.caPath,
): { ok: boolean; output: string } {
  const file = join(pki.dir, `signed-${process.pid}-${Math.random().toString(36).slice(2)}.xml`);
  writeFileSync(file, signedXml);
  const run = spawnSync(
    'xmlsec1',
    [
      '--verify',
      '--id-attr:Id',
      'http://uri.etsi.org/01903/v1.3.2#:SignedProperties',
      '--trusted-pem',
      trustedPath,
      file,
    ],
    { encoding: 'utf8' },
  );
  rmSync(file, { force: true });
  return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` };
}
