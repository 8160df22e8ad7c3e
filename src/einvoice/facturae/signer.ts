/**
 * The Facturae signature port (issue #22 "Facturae 3.2.2 … signing through a port: XAdES-EPES with the
 * Facturae policy, with a key and certificate the host provides"): what the service calls to turn an
 * unsigned Facturae document into the signed one it serves as `xml.facturae.3.2.2.signed`, and the facts
 * of the policy a signature must name. Types and constants only: the signing itself touches a private key
 * and the clock, so it is an adapter's (`src/adapters/xades`, `createFacturaeSigner`), and a host may bring
 * its own (a hardware module, a remote signing service), which is why `sign` is asynchronous.
 *
 * @module
 */

/**
 * The Facturae signature policy, version 3.1 ("Política de firma formato Facturae", the document every
 * Facturae XAdES-EPES signature names in `xades:SignaturePolicyIdentifier`, §1.3 of the policy). The
 * digest is the SHA-1 of the published PDF, `Ohixl6upD6av8N7pEvDABhEL6hM=`: checked against the PDF as
 * published (40,892 bytes) and against the constant of the reference signers (Facturae-PHP's
 * `FacturaeSigner::SIGN_POLICY_DIGEST`; the signed GOBL samples). SHA-1 is the policy hash's algorithm
 * because it is the digest the policy's owner published; it says nothing of the algorithms of the
 * signature itself (policy §6: those of XMLDSig).
 */
export const FACTURAE_SIGNATURE_POLICY = {
  /** `xades:SigPolicyId/xades:Identifier`: the URL of the policy document (policy §1.3). */
  identifier:
    'http://www.facturae.es/politica_de_firma_formato_facturae/politica_de_firma_formato_facturae_v3_1.pdf',
  /** `xades:SigPolicyId/xades:Description`: as the Spanish reference signers write it. */
  description: 'Política de Firma FacturaE v3.1',
  /** `xades:SigPolicyHash/ds:DigestMethod/@Algorithm`. */
  digestAlgorithm: 'http://www.w3.org/2000/09/xmldsig#sha1',
  /** `xades:SigPolicyHash/ds:DigestValue`: base64 SHA-1 of the policy PDF. */
  digestValue: 'Ohixl6upD6av8N7pEvDABhEL6hM=',
} as const;

/**
 * Who signs, as `xades:SignerRole/xades:ClaimedRoles/xades:ClaimedRole` says it. The policy (§1.3)
 * admits exactly these, one per signature: `supplier` / `emisor` when the seller signs, `customer` /
 * `receptor` when the buyer does, `third party` / `tercero` when someone else signs for one of them
 * (`FileHeader/InvoiceIssuerType` `TE`).
 */
export type FacturaeSignerRole = 'emisor' | 'supplier' | 'receptor' | 'customer' | 'tercero' | 'third party';

/** The Facturae signer roles, in the order of {@link FacturaeSignerRole}. */
export const FACTURAE_SIGNER_ROLES: readonly FacturaeSignerRole[] = [
  'emisor',
  'supplier',
  'receptor',
  'customer',
  'tercero',
  'third party',
];

/**
 * Signs Facturae documents with XAdES-EPES under {@link FACTURAE_SIGNATURE_POLICY}. The service calls it
 * for the document type `xml.facturae.3.2.2.signed`; `fiscalkit/xades` `createFacturaeSigner` is the
 * adapter over a key and certificate the host provides.
 */
export interface FacturaeSigner {
  /**
   * Who signs, for logs and error messages: the certificate's subject, serial number and validity.
   * Never key material.
   */
  readonly description: string;
  /**
   * Signs an unsigned Facturae 3.2, 3.2.1 or 3.2.2 document and returns it with one enveloped
   * `ds:Signature` as the last child of the root `Facturae` element (the XSD's place for it), the rest
   * of the document unchanged in meaning. Rejects with a {@link FacturaeSignatureError} when the
   * document cannot be signed (not Facturae, already signed, a DTD) or the certificate is not valid at
   * the signing time.
   */
  sign(facturaeXml: string): Promise<string>;
}

/** Why a {@link FacturaeSigner} refused to sign. */
export type FacturaeSignatureFailure =
  /** The text is not XML the signer may read: a DOCTYPE or ENTITY declaration, or no root element. */
  | 'unreadable_document'
  /** The root element is not `Facturae` in one of the Facturae 3.2.x namespaces. */
  | 'not_facturae'
  /** The root already holds a `ds:Signature`, and the XSD allows one. */
  | 'already_signed'
  /** The signing time is outside the certificate's validity (expired, or not yet valid). */
  | 'certificate_not_valid';

/**
 * A signature refused, with the reason as data (`failure`) beside a message that names the document's
 * problem or the certificate. Not a programmer error: a host's certificate expires, an uploaded
 * document may already be signed; the service answers it, it does not crash on it.
 *
 * @example
 * ```ts
 * try {
 *   await signer.sign(xml);
 * } catch (error) {
 *   if (error instanceof FacturaeSignatureError && error.failure === 'certificate_not_valid') {
 *     // renew the certificate
 *   }
 * }
 * ```
 */
export class FacturaeSignatureError extends Error {
  override readonly name = 'FacturaeSignatureError';

  constructor(
    readonly failure: FacturaeSignatureFailure,
    message: string,
  ) {
    super(message);
  }
}
