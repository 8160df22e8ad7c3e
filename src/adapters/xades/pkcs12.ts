/**
 * PKCS#12 (`.p12`, `.pfx`, RFC 7292) key stores, the form in which the FNMT and the other Spanish
 * certification authorities hand out signing certificates, and in which browsers and Windows export
 * them. Node's crypto reads PEM and DER keys but not PKCS#12, so this reads one with node-forge (an
 * optional peer dependency, loaded only here) into the PEM {@link FacturaeKeyMaterial} that
 * `createFacturaeSigner` takes. Both the current encryption (PBES2: PBKDF2 with AES-256-CBC, OpenSSL 3's
 * default) and the legacy one (PKCS#12 PBE with 3DES / RC2, older exports) are read; the MAC is checked,
 * so a wrong password is an error rather than garbage.
 *
 * @module
 */
import { createPrivateKey, X509Certificate } from 'node:crypto';
import type { FacturaeKeyMaterial } from './facturaeSigner.js';

type Forge = typeof import('node-forge');

async function loadForge(): Promise<Forge> {
  try {
    const module = await import('node-forge');
    return (module as { default?: Forge }).default ?? module;
  } catch (cause) {
    throw new Error(
      'fiscalkit/xades reads PKCS#12 files with the optional peer dependency node-forge: npm install node-forge@^1.4.3',
      { cause },
    );
  }
}

/**
 * The error node-forge throws when the MAC does not verify: a wrong password, which no second reading
 * of it can mend. Any other error comes after the MAC verified, while a bag is decrypted or decoded.
 */
const MAC_ERROR = /MAC could not be verified/;

/**
 * Opens the store, verifying its MAC. A password with characters beyond ASCII needs two readings of it:
 * the MAC key and the legacy PBE keys are derived from the password as a BMPString (RFC 7292 §B.1),
 * which node-forge makes from the JavaScript string, while PBES2 (RFC 8018 §6.2, what OpenSSL 3 writes)
 * derives its keys from the password's UTF-8 bytes, which node-forge takes as a binary string. So when
 * the MAC verified but a bag did not decrypt or decode, the bags are read again with the UTF-8 bytes, and the
 * MAC, already verified, is not checked a second time with the wrong reading.
 */
function openStore(
  forge: Forge,
  der: string,
  password: string,
): ReturnType<Forge['pkcs12']['pkcs12FromAsn1']> {
  const asn1 = forge.asn1.fromDer(der);
  try {
    return forge.pkcs12.pkcs12FromAsn1(asn1, true, password);
  } catch (error) {
    const ascii = /^[\x20-\x7e]*$/.test(password);
    // A bag decrypted with the wrong reading of the password usually fails its padding check, but
    // about once in 256 the garbage ends in a valid padding and fails later, as DER that does not parse
    // (issue #23's CI met it: "Unparsed DER bytes remain"): every error after the MAC gets the second reading.
    if (ascii || !(error instanceof Error) || MAC_ERROR.test(error.message)) throw error;
    const withoutMac = { ...asn1, value: (asn1.value as unknown[]).slice(0, 2) };
    return forge.pkcs12.pkcs12FromAsn1(withoutMac, true, forge.util.encodeUtf8(password));
  }
}

/**
 * Reads a PKCS#12 file into the PEM private key and certificates of {@link FacturaeKeyMaterial}: the
 * certificate of the private key first, then the other certificates of the file (its chain) in the
 * file's order.
 *
 * @throws Error (rejected promise) when node-forge is not installed, the password is wrong (the MAC does
 * not verify), or the file holds no private key, more than one, or no certificate of that key.
 *
 * @example
 * ```ts
 * const material = await readPkcs12(readFileSync('fnmt.p12'), process.env.P12_PASSWORD ?? '');
 * const signer = createFacturaeSigner({ ...material, role: 'emisor' });
 * ```
 */
export async function readPkcs12(file: Uint8Array, password: string): Promise<FacturaeKeyMaterial> {
  const forge = await loadForge();
  const oids = forge.pki.oids;
  let store: ReturnType<typeof forge.pkcs12.pkcs12FromAsn1>;
  try {
    store = openStore(forge, Buffer.from(file).toString('binary'), password);
  } catch (cause) {
    throw new Error(
      `fiscalkit/xades: cannot read the PKCS#12 file (${cause instanceof Error ? cause.message : String(cause)})`,
      { cause },
    );
  }
  const der = (asn1: ReturnType<typeof forge.asn1.fromDer>) =>
    Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
  const keyBags = [oids.pkcs8ShroudedKeyBag, oids.keyBag].flatMap((bagType) =>
    bagType === undefined ? [] : (store.getBags({ bagType })[bagType] ?? []),
  );
  if (keyBags.length !== 1)
    throw new Error(`fiscalkit/xades: the PKCS#12 file holds ${keyBags.length} private keys; one is needed`);
  const [keyBag] = keyBags;
  // A key forge parses (RSA) is re-wrapped as PKCS#8; any other stays as the PrivateKeyInfo it read, so
  // that Node names its type and `createFacturaeSigner` refuses it with that name.
  const keyInfo =
    keyBag?.key != null ? forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(keyBag.key)) : keyBag?.asn1;
  if (keyInfo === undefined) throw new Error('fiscalkit/xades: the PKCS#12 private key could not be read');
  const privateKey = createPrivateKey({ key: der(keyInfo), format: 'der', type: 'pkcs8' });

  const certBag = oids.certBag;
  const certificates = (
    certBag === undefined ? [] : (store.getBags({ bagType: certBag })[certBag] ?? [])
  ).map(
    (bag) => new X509Certificate(der(bag.cert != null ? forge.pki.certificateToAsn1(bag.cert) : bag.asn1)),
  );
  const signing = certificates.findIndex((certificate) => certificate.checkPrivateKey(privateKey));
  if (signing === -1)
    throw new Error('fiscalkit/xades: the PKCS#12 file holds no certificate of its private key');
  const ordered = [certificates[signing], ...certificates.filter((_, index) => index !== signing)];
  return {
    privateKey: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    certificate: ordered.map((certificate) => certificate?.toString() ?? '').join(''),
  };
}
