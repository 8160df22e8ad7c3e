/**
 * `fiscalkit/xades`: XAdES-EPES signatures of Facturae documents under the Facturae signature policy
 * v3.1 (issue #22), as an adapter of the {@link FacturaeSigner} port, over a key and certificate the
 * host provides (PEM, or a PKCS#12 file read with {@link readPkcs12}). XMLDSig is done by xml-crypto (an
 * optional peer dependency), PKCS#12 is read by node-forge (another, needed only for `readPkcs12`).
 * docs/einvoice-documents.md "Facturae signatures (XAdES-EPES)" says what is signed and what is not
 * checked.
 *
 * @module
 */

export {
  FACTURAE_SIGNATURE_POLICY,
  FACTURAE_SIGNER_ROLES,
  FacturaeSignatureError,
  type FacturaeSignatureFailure,
  type FacturaeSigner,
  type FacturaeSignerRole,
} from '../../einvoice/facturae/signer.js';
export {
  createFacturaeSigner,
  type FacturaeKeyMaterial,
  type FacturaeSignerOptions,
} from './facturaeSigner.js';
export { readPkcs12 } from './pkcs12.js';
