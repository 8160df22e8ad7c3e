/**
 * The Facturae 3.2.2 document types (issue #22; Spain: FACe and the public administration):
 * `xml.facturae.3.2.2` (the real service's code), unsigned, and `xml.facturae.3.2.2.signed`
 * (fiscalkit's), the same document signed with XAdES-EPES under the Facturae policy by the host's
 * `facturaeSigner` port. Without a signer the signed type is refused, never answered unsigned: a
 * document that says it is signed must be.
 *
 * @module
 */
import { FacturaeSignatureError } from '../../einvoice/facturae/signer.js';
import { writeFacturae } from '../../einvoice/facturae/write/writeFacturae.js';
import { refused } from '../../generate/parties.js';
import type { InvoiceDocumentType } from './documentType.js';

const XML = 'application/xml; charset=utf-8';

/** `xml.facturae.3.2.2`: unsigned. */
export const facturaeDocument: InvoiceDocumentType = {
  code: 'xml.facturae.3.2.2',
  name: 'Facturae 3.2.2 (Spain), unsigned',
  content_type: XML,
  extension: 'xml',
  fiscalkit_code: false,
  write: async (source) => writeFacturae(source),
};

/** `xml.facturae.3.2.2.signed`: XAdES-EPES with the Facturae policy, by the `facturaeSigner` port. */
export const signedFacturaeDocument: InvoiceDocumentType = {
  code: 'xml.facturae.3.2.2.signed',
  name: 'Facturae 3.2.2 (Spain), signed with XAdES-EPES (Facturae signature policy 3.1)',
  content_type: XML,
  extension: 'xml',
  fiscalkit_code: true,
  async write(source, { ports }) {
    const signer = ports.facturaeSigner;
    if (signer === undefined)
      return refused(
        'facturae.sign.no-signer',
        'parameter_inclusion',
        ['document_type'],
        'is xml.facturae.3.2.2.signed, and this service has no signing certificate (the facturaeSigner port: createFacturaeSigner of fiscalkit/xades; npm start reads FISCALKIT_FACTURAE_P12): download xml.facturae.3.2.2 and sign it yourself',
      );
    const unsigned = writeFacturae(source);
    if (!unsigned.success) return unsigned;
    try {
      return { success: true, data: await signer.sign(unsigned.data) };
    } catch (error) {
      // The certificate expired or is not yet valid: the host's to fix, said as the signer says it.
      if (error instanceof FacturaeSignatureError)
        return refused(
          'facturae.sign.failed',
          'parameter_invalid',
          ['document_type'],
          `could not be signed: ${error.message}`,
        );
      throw error;
    }
  },
};
