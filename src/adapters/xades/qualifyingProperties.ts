/**
 * The XAdES-EPES qualifying properties of a Facturae signature (ETSI TS 101 903 v1.3.2 §7; Facturae
 * signature policy v3.1 §1.2, §1.3), one small builder per section in the order of the XAdES schema
 * (`XAdES01903v132-201601.xsd`: `SignedSignaturePropertiesType` is SigningTime, SigningCertificate,
 * SignaturePolicyIdentifier, SignatureProductionPlace, SignerRole), as {@link XmlElement} object literals
 * written by fiscalkit's one XML writer (`src/xml/write.ts`), so every value is escaped there.
 *
 * The `ds:` prefix inside these properties is the one the `ds:Signature` element declares: they are
 * written inside it (`ds:Object`), and canonicalized there, with the namespaces in scope.
 *
 * @module
 */
import { FACTURAE_SIGNATURE_POLICY, type FacturaeSignerRole } from '../../einvoice/facturae/signer.js';
import { writeXml, type XmlElement } from '../../xml/write.js';
import { certificateDigest, type SigningCertificate } from './certificate.js';

/** The XAdES 1.3.2 namespace (the policy's v1.2.2 "or any later version", policy "Notación"). */
export const XADES_NAMESPACE = 'http://uri.etsi.org/01903/v1.3.2#';

/** `ds:DigestMethod` of SHA-256 (XML Encryption §5.7.2, the digest every reference uses). */
export const SHA256_DIGEST = 'http://www.w3.org/2001/04/xmlenc#sha256';

/**
 * `xades:DataObjectFormat/xades:ObjectIdentifier`: the OID that Facturae signers (Facturae-PHP,
 * the Spanish administration's own signing clients, the GOBL samples) give the signed invoice,
 * `urn:oid:1.2.840.10003.5.109.10` (the Z39.50 object identifier of XML, `text/xml`).
 */
const XML_OBJECT_IDENTIFIER = 'urn:oid:1.2.840.10003.5.109.10';

/** What the qualifying properties say; the ids tie them to the signature and its references. */
export interface QualifyingPropertiesInput {
  /** The `Id` of `ds:Signature` (`QualifyingProperties/@Target`, XAdES §6.2). */
  readonly signatureId: string;
  /** The `Id` of `xades:SignedProperties`, which a `ds:Reference` of `ds:SignedInfo` signs. */
  readonly signedPropertiesId: string;
  /** The `Id` of the `ds:Reference` to the invoice (`DataObjectFormat/@ObjectReference`). */
  readonly documentReferenceId: string;
  /** `xades:SigningTime`, already written (`2025-01-01T10:00:00+00:00`). */
  readonly signingTime: string;
  /** The certificate that signs. */
  readonly certificate: SigningCertificate;
  /** `xades:ClaimedRole`. */
  readonly role: FacturaeSignerRole;
}

/**
 * `xades:SigningCertificate` (XAdES §7.2.2): the digest of the signing certificate and its issuer and
 * serial number, which bind the signature to that certificate even if `ds:KeyInfo` were replaced.
 */
function signingCertificate(certificate: SigningCertificate): XmlElement {
  return {
    'xades:Cert': {
      'xades:CertDigest': {
        'ds:DigestMethod': { '@_Algorithm': SHA256_DIGEST },
        'ds:DigestValue': certificateDigest(certificate, 'sha256'),
      },
      'xades:IssuerSerial': {
        'ds:X509IssuerName': certificate.issuerName,
        'ds:X509SerialNumber': certificate.serialNumber,
      },
    },
  };
}

/** `xades:SignaturePolicyIdentifier` (XAdES §7.2.3): the Facturae policy, its URL and digest (policy §1.3). */
function signaturePolicyIdentifier(): XmlElement {
  return {
    'xades:SignaturePolicyId': {
      'xades:SigPolicyId': {
        'xades:Identifier': FACTURAE_SIGNATURE_POLICY.identifier,
        'xades:Description': FACTURAE_SIGNATURE_POLICY.description,
      },
      'xades:SigPolicyHash': {
        'ds:DigestMethod': { '@_Algorithm': FACTURAE_SIGNATURE_POLICY.digestAlgorithm },
        'ds:DigestValue': FACTURAE_SIGNATURE_POLICY.digestValue,
      },
    },
  };
}

/** `xades:SignerRole` (XAdES §7.2.8): one claimed role, as the policy (§1.3) requires when present. */
function signerRole(role: FacturaeSignerRole): XmlElement {
  return { 'xades:ClaimedRoles': { 'xades:ClaimedRole': role } };
}

/**
 * `xades:SignedDataObjectProperties` (XAdES §7.2.5): the signed invoice is XML. The policy's syntax
 * (§1.2) does not list it, but every Facturae signer writes it and XAdES-EPES validators read it.
 */
function signedDataObjectProperties(documentReferenceId: string): XmlElement {
  return {
    'xades:DataObjectFormat': {
      '@_ObjectReference': `#${documentReferenceId}`,
      'xades:Description': 'Factura electrónica',
      'xades:ObjectIdentifier': {
        'xades:Identifier': { '@_Qualifier': 'OIDAsURN', '#text': XML_OBJECT_IDENTIFIER },
      },
      'xades:MimeType': 'text/xml',
    },
  };
}

/**
 * `xades:QualifyingProperties` with its signed properties (policy §1.2 syntax; no unsigned properties:
 * this is XAdES-EPES, not XAdES-T or -XL).
 *
 * @example
 * ```ts
 * qualifyingProperties({ signatureId: 'Signature-1', signedPropertiesId: 'Signature-1-SignedProperties',
 *   documentReferenceId: 'Signature-1-Document', signingTime: '2025-01-01T10:00:00+00:00', certificate, role: 'emisor' });
 * // { '@_xmlns:xades': 'http://uri.etsi.org/01903/v1.3.2#', '@_Target': '#Signature-1', 'xades:SignedProperties': { … } }
 * ```
 */
export function qualifyingProperties(input: QualifyingPropertiesInput): XmlElement {
  return {
    '@_xmlns:xades': XADES_NAMESPACE,
    '@_Target': `#${input.signatureId}`,
    'xades:SignedProperties': {
      '@_Id': input.signedPropertiesId,
      'xades:SignedSignatureProperties': {
        'xades:SigningTime': input.signingTime,
        'xades:SigningCertificate': signingCertificate(input.certificate),
        'xades:SignaturePolicyIdentifier': signaturePolicyIdentifier(),
        'xades:SignerRole': signerRole(input.role),
      },
      'xades:SignedDataObjectProperties': signedDataObjectProperties(input.documentReferenceId),
    },
  };
}

/**
 * The content of `ds:X509Data` in `ds:KeyInfo`: the signing certificate first, then the rest of its
 * chain (policy §1.3: `ds:KeyInfo` holds "at least the signing certificate, in base64").
 *
 * @example
 * ```ts
 * x509Data([signing, issuer]); // { 'ds:X509Certificate': ['MIID…', 'MIIE…'] }
 * ```
 */
export function x509Data(certificates: readonly SigningCertificate[]): XmlElement {
  return { 'ds:X509Certificate': certificates.map((certificate) => certificate.base64) };
}

const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

/**
 * One element written as a fragment, without the XML declaration `writeXml` puts before a document.
 *
 * @example
 * ```ts
 * xmlFragment('ds:X509Data', { 'ds:X509Certificate': 'MIID…' });
 * // '<ds:X509Data>\n<ds:X509Certificate>MIID…</ds:X509Certificate>\n</ds:X509Data>\n'
 * ```
 */
export function xmlFragment(name: string, content: XmlElement): string {
  const document = writeXml(name, content, { indent: '' });
  if (!document.startsWith(DECLARATION)) throw new Error('fiscalkit/xades: unexpected XML writer output');
  return document.slice(DECLARATION.length);
}
