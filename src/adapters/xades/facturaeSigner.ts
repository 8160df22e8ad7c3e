/**
 * The XAdES-EPES signer of Facturae documents (issue #22; Facturae signature policy v3.1, "formato de
 * firma electrónica avanzada básico", §1): an adapter of the {@link FacturaeSigner} port over a private
 * key and certificate the host provides, with xml-crypto doing XMLDSig (canonicalization, digests, the
 * RSA signature) and fiscalkit writing the XAdES properties (`./qualifyingProperties.ts`).
 *
 * What it writes, and why (the policy, §1.2, §1.3, and what the reference signers do — Facturae-PHP's
 * `FacturaeSigner`, the Python `firmafe`, the signed GOBL samples):
 * - one enveloped `ds:Signature`, the last child of the root (the Facturae XSD's `ds:Signature` after
 *   `Extensions`), with an `Id` that `xades:QualifyingProperties/@Target` names;
 * - inclusive C14N 1.0 (`REC-xml-c14n-20010315`) for `ds:SignedInfo` and the references: the
 *   canonicalization of the policy's examples and of every Facturae signer;
 * - RSA-SHA256 over SHA-256 digests. The policy (§6) admits the algorithms of XMLDSig; SHA-1 is not
 *   acceptable for new signatures (ETSI TS 119 312, the cryptographic suites of EU signatures), and the
 *   reference signers left it too (the GOBL samples sign RSA-SHA256, Facturae-PHP RSA-SHA512). The
 *   policy's own digest stays SHA-1: it is the value the policy's owner published;
 * - three references, in the policy's order: the whole document (`URI=""`, enveloped-signature
 *   transform, whose node set is then canonicalized with C14N 1.0 as XMLDSig §4.3.3.2 says),
 *   `xades:SignedProperties` (`Type="http://uri.etsi.org/01903#SignedProperties"`, the XAdES 1.3.2 form
 *   of the policy's v1.2.2 type) and `ds:KeyInfo`, so that the certificate cannot be swapped;
 * - `ds:KeyInfo` with `ds:X509Data`: the signing certificate, then the chain the host gave. No
 *   `ds:KeyValue`: the policy asks for the certificate, which holds the key;
 * - `xades:SignedProperties`: SigningTime (the injected clock, in seconds, UTC), SigningCertificate
 *   (SHA-256 of the certificate, issuer as RFC 4514, serial), SignaturePolicyIdentifier (Facturae policy
 *   v3.1 and its SHA-1), SignerRole (`emisor` unless told), DataObjectFormat (`text/xml`, pointing at the
 *   document reference).
 *
 * What it does not do: no `xades:UnsignedProperties` — no time stamp (XAdES-T), no certificate and
 * revocation references or values (XAdES-C / -XL, the policy's §2 "con información de validación"); it
 * does not check the certificate's chain, revocation (OCSP / CRL) or key usage. The signing time is the
 * host's clock, not a time-stamping authority's.
 *
 * @module
 */
import { createPrivateKey, type KeyObject, randomUUID } from 'node:crypto';
import type { SignedXml } from 'xml-crypto';
import {
  FACTURAE_SIGNER_ROLES,
  FacturaeSignatureError,
  type FacturaeSigner,
  type FacturaeSignerRole,
} from '../../einvoice/facturae/signer.js';
import type { Clock } from '../../ports.js';
import { pemCertificates, readSigningCertificate, type SigningCertificate } from './certificate.js';
import { inspectFacturae, XMLDSIG_NAMESPACE } from './document.js';
import { qualifyingProperties, SHA256_DIGEST, x509Data, xmlFragment } from './qualifyingProperties.js';

/** `ds:SignatureMethod`: RSA PKCS#1 v1.5 with SHA-256 (RFC 6931 §2.3.2, XMLDSig 1.1 §6.4.2). */
const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
/** Canonical XML 1.0, inclusive, without comments. */
const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const ENVELOPED_SIGNATURE = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
/** `ds:Reference/@Type` of the signed properties (XAdES 1.3.2 §6.3.1). */
const SIGNED_PROPERTIES_TYPE = 'http://uri.etsi.org/01903#SignedProperties';
/** The smallest RSA modulus accepted: 2048 bits (ETSI TS 119 312, and every qualified Spanish CA). */
const MIN_RSA_BITS = 2048;
/** What an id from `newId` may hold: it ends up inside XML `Id` attributes (an NCName). */
const ID_PATTERN = /^[A-Za-z0-9_.-]+$/;

/** The key and certificate of a signer, as PEM text (what {@link createFacturaeSigner} takes). */
export interface FacturaeKeyMaterial {
  /**
   * The private key: PEM (PKCS#8 `PRIVATE KEY`, PKCS#1 `RSA PRIVATE KEY`, or an encrypted PKCS#8 with
   * `passphrase`), or a `KeyObject`. RSA of at least 2048 bits.
   */
  readonly privateKey: string | KeyObject;
  /**
   * PEM: the signing certificate, optionally followed by the rest of its chain (intermediates, root),
   * all of which are written to `ds:KeyInfo`. The first certificate must be the private key's.
   */
  readonly certificate: string;
}

/** Options of {@link createFacturaeSigner}. */
export interface FacturaeSignerOptions extends FacturaeKeyMaterial {
  /** The passphrase of an encrypted PEM private key. */
  readonly passphrase?: string | undefined;
  /**
   * `xades:ClaimedRole`: who signs (policy §1.3). `emisor` (the seller) unless told; a service that signs
   * for its customers as a third party (`InvoiceIssuerType` `TE`) says `tercero` or `third party`.
   */
  readonly role?: FacturaeSignerRole | undefined;
  /** The clock of `xades:SigningTime` and of the certificate's validity check; the system's unless told. */
  readonly clock?: Clock | undefined;
  /**
   * A new unique id per signature, for the `Id` attributes (`Signature-<id>`, …): letters, digits, `.`,
   * `-`, `_`. A random UUID unless told; a test passes a fixed one to get the same bytes each time.
   */
  readonly newId?: (() => string) | undefined;
}

const systemClock: Clock = { now: () => Date.now() };

type XmlCrypto = typeof import('xml-crypto');
let xmlCrypto: Promise<XmlCrypto> | undefined;

/** xml-crypto, an optional peer dependency, loaded on the first signature (as `fiscalkit/xsd` loads libxml2-wasm). */
function loadXmlCrypto(): Promise<XmlCrypto> {
  xmlCrypto ??= import('xml-crypto').catch((cause: unknown) => {
    xmlCrypto = undefined;
    throw new Error(
      'fiscalkit/xades needs the optional peer dependency xml-crypto: npm install xml-crypto@^6.3.2',
      {
        cause,
      },
    );
  });
  return xmlCrypto;
}

/** `xsd:dateTime` in UTC with seconds, as the policy's example writes it (`2006-10-19T13:14:20+02:00`). */
function signingTime(milliseconds: number): string {
  return `${new Date(milliseconds).toISOString().slice(0, 19)}+00:00`;
}

function readPrivateKey(options: FacturaeSignerOptions): KeyObject {
  const key =
    typeof options.privateKey === 'string'
      ? createPrivateKey(
          options.passphrase === undefined
            ? { key: options.privateKey, format: 'pem' }
            : { key: options.privateKey, format: 'pem', passphrase: options.passphrase },
        )
      : options.privateKey;
  if (key.type !== 'private') throw new TypeError('fiscalkit/xades: privateKey must be a private key');
  // RSA-SHA256 is what the Spanish qualified certificates (FNMT, ACCV, Camerfirma…) carry; xml-crypto
  // signs RSA only.
  if (key.asymmetricKeyType !== 'rsa')
    throw new TypeError(
      `fiscalkit/xades: Facturae signatures are RSA-SHA256; the key is ${key.asymmetricKeyType ?? 'not asymmetric'}`,
    );
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (bits < MIN_RSA_BITS)
    throw new TypeError(
      `fiscalkit/xades: the RSA key has ${bits} bits; at least ${MIN_RSA_BITS} are required`,
    );
  return key;
}

function describe(certificate: SigningCertificate): string {
  const day = (milliseconds: number) => new Date(milliseconds).toISOString().slice(0, 10);
  return (
    `Facturae XAdES-EPES signer (RSA-SHA256, policy v3.1): ${certificate.subjectName}, ` +
    `serial ${certificate.serialNumber}, issued by ${certificate.issuerName}, ` +
    `valid ${day(certificate.notBefore)} to ${day(certificate.notAfter)}`
  );
}

/**
 * Makes a {@link FacturaeSigner} over a key and certificate the host provides (PEM; for a PKCS#12 `.p12`
 * or `.pfx`, as the FNMT and other Spanish CAs issue them, read it first with `readPkcs12`). The key,
 * certificate and role are checked here, once; each `sign` checks the document and the certificate's
 * validity at the signing time.
 *
 * @throws TypeError when the key is not an RSA private key of at least 2048 bits, the text holds no
 * certificate, the first certificate is not the key's, or the role is not one of the policy's.
 *
 * @example
 * ```ts
 * const signer = createFacturaeSigner({
 *   privateKey: readFileSync('signer.key.pem', 'utf8'),
 *   certificate: readFileSync('signer.chain.pem', 'utf8'),
 *   role: 'emisor',
 * });
 * const signed = await signer.sign(unsignedFacturae); // …<ds:Signature Id="Signature-…">…</ds:Signature></fe:Facturae>
 * ```
 */
export function createFacturaeSigner(options: FacturaeSignerOptions): FacturaeSigner {
  const key = readPrivateKey(options);
  const certificates = pemCertificates(options.certificate).map(readSigningCertificate);
  const [first] = certificates;
  if (first === undefined) throw new TypeError('fiscalkit/xades: no certificate given');
  // Named again so that the narrowing holds inside `signOne`, a hoisted function.
  const signing: SigningCertificate = first;
  if (!signing.x509.checkPrivateKey(key))
    throw new TypeError(
      `fiscalkit/xades: the private key is not the key of the first certificate (${signing.subjectName})`,
    );
  const role = options.role ?? 'emisor';
  if (!FACTURAE_SIGNER_ROLES.includes(role))
    throw new TypeError(`fiscalkit/xades: role must be one of ${FACTURAE_SIGNER_ROLES.join(', ')}`);
  const clock = options.clock ?? systemClock;
  const newId = options.newId ?? randomUUID;
  const keyInfo = xmlFragment('ds:X509Data', x509Data(certificates));
  const description = describe(signing);

  return {
    description,
    async sign(facturaeXml: string): Promise<string> {
      const { SignedXml } = await loadXmlCrypto();
      return signOne(SignedXml, facturaeXml);
    },
  };

  function signOne(SignedXmlClass: typeof SignedXml, facturaeXml: string): string {
    if (typeof facturaeXml !== 'string')
      throw new TypeError('fiscalkit/xades: the document must be a string');
    const inspected = inspectFacturae(facturaeXml);
    if (inspected instanceof FacturaeSignatureError) throw inspected;
    // Seconds: xades:SigningTime is written to the second, and the validity check uses that instant.
    const now = clock.now();
    const second = now - (now % 1000); // money-safe: milliseconds to whole seconds, not money
    if (second < signing.notBefore || second > signing.notAfter)
      throw new FacturaeSignatureError(
        'certificate_not_valid',
        `the certificate is not valid at the signing time ${signingTime(second)}: ${description}`,
      );
    const id = newId();
    if (!ID_PATTERN.test(id)) throw new TypeError(`fiscalkit/xades: newId gave ${JSON.stringify(id)}`);
    const signatureId = `Signature-${id}`;
    const signedPropertiesId = `${signatureId}-SignedProperties`;
    const keyInfoId = `${signatureId}-KeyInfo`;
    const documentReferenceId = `${signatureId}-Document`;
    const properties = qualifyingProperties({
      signatureId,
      signedPropertiesId,
      documentReferenceId,
      signingTime: signingTime(second),
      certificate: signing,
      role,
    });
    const signer = new SignedXmlClass({
      privateKey: key,
      signatureAlgorithm: RSA_SHA256,
      canonicalizationAlgorithm: C14N,
      keyInfoAttributes: { Id: keyInfoId },
      getKeyInfoContent: () => keyInfo,
      objects: [{ content: xmlFragment('xades:QualifyingProperties', properties) }],
    });
    // The document: the policy's reference, URI="" with the enveloped-signature transform only.
    signer.addReference({
      xpath: '/*',
      isEmptyUri: true,
      id: documentReferenceId,
      transforms: [ENVELOPED_SIGNATURE],
      digestAlgorithm: SHA256_DIGEST,
    });
    // These two select nothing in the unsigned document, so xml-crypto resolves them in the signature
    // it has written (its `ds:Object` and `ds:KeyInfo`), by their Id. Child steps from the root, not
    // `//*[@Id=…]`: xml-crypto evaluates each path over the whole document, and a descendant scan of a
    // 1,000-line invoice cost more than the rest of the signature.
    const signature = `/*/*[local-name()='Signature' and namespace-uri()='${XMLDSIG_NAMESPACE}']`;
    signer.addReference({
      xpath: `${signature}/*[local-name()='Object']/*[local-name()='QualifyingProperties']/*[local-name()='SignedProperties'][@Id='${signedPropertiesId}']`,
      type: SIGNED_PROPERTIES_TYPE,
      transforms: [C14N],
      digestAlgorithm: SHA256_DIGEST,
    });
    signer.addReference({
      xpath: `${signature}/*[local-name()='KeyInfo'][@Id='${keyInfoId}']`,
      transforms: [C14N],
      digestAlgorithm: SHA256_DIGEST,
    });
    signer.computeSignature(facturaeXml, {
      prefix: 'ds',
      attrs: { Id: signatureId },
      location: { reference: '/*', action: 'append' },
    });
    return signer.getSignedXml();
  }
}
