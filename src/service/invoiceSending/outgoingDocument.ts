/**
 * The {@link OutgoingDocument} a channel is handed (issue #23): the written document, the sender (the
 * account) and the recipient (the contact), and for Peppol the SBDH's document type and process
 * identifiers.
 *
 * @module
 */
import { endpointOf, identifierValue } from '../../einvoice/semantic/partyIdentifiers.js';
import type { EInvoiceSource } from '../../einvoice/semantic/source.js';
import { presentText } from '../../model/presentText.js';
import type { DeliveryParty, OutgoingDocument } from '../../ports.js';
import { decodeUtf8Strict } from '../../xml/utf8.js';
import { peppolParticipantOf } from './deliveryChoice.js';
import type { SendingDocument } from './sendingDocument.js';

/**
 * The Peppol process of every billing document: `urn:fdc:peppol.eu:2017:poacc:billing:01:1.0` in the
 * `cenbii-procid-ubl` scheme (Peppol BIS Billing 3.0 §3.1 "Profile ID"; Peppol Policy for use of
 * identifiers 4.2, POLICY 16).
 */
const BILLING_PROCESS_ID = 'cenbii-procid-ubl::urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

/**
 * The Peppol document type identifier of a UBL document (Peppol Policy for use of identifiers 4.2,
 * POLICY 12: `busdox-docid-qns::<root namespace>::<root element>##<CustomizationID>::<UBL version>`),
 * from the document itself, so that it always says what the document is; null for a document that is
 * not UBL.
 */
function peppolDocumentTypeId(xml: string): string | null {
  const head = xml.slice(0, 4096);
  const root = /<(?:\w+:)?(Invoice|CreditNote)[\s>]/.exec(head)?.[1];
  const customization = /<cbc:CustomizationID>([^<]+)<\/cbc:CustomizationID>/.exec(xml)?.[1];
  if (root === undefined || customization === undefined) return null;
  return `busdox-docid-qns::urn:oasis:names:specification:ubl:schema:xsd:${root}-2::${root}##${customization.trim()}::2.1`;
}

function accountParty(source: EInvoiceSource): DeliveryParty {
  const { account, seller_endpoint } = source;
  // The participant the document names as its seller (BT-34, `sellerOf`: the Peppol transport's
  // participant, else `endpointOf` the account), written the same way, so that the envelope's sender is
  // the document's EndpointID (`9920:ESB12345674`, the form GET /directory publishes), not the bare
  // NIF `9920:B12345674`.
  const endpoint = seller_endpoint
    ? { scheme: seller_endpoint.scheme, id: identifierValue(seller_endpoint.scheme, seller_endpoint.id) }
    : endpointOf(account);
  const peppol_id = endpoint === undefined ? null : `${endpoint.scheme}:${endpoint.id}`;
  return { name: account.name, email: presentText(account.email), peppol_id };
}

/**
 * The document as handed to the channel, keyed by the delivery's key.
 *
 * @example
 * ```ts
 * const outgoing = outgoingDocument(source, written, 'invoice:42:send:3');
 * outgoing.peppol?.process_id; // 'cenbii-procid-ubl::urn:fdc:peppol.eu:2017:poacc:billing:01:1.0'
 * ```
 */
export function outgoingDocument(
  source: EInvoiceSource,
  written: SendingDocument,
  key: string,
): OutgoingDocument {
  const { invoice, contact, account } = source;
  // The participant the document names as its buyer (BT-49, `endpointOf`: the contact's EAS company
  // identifier, else its VAT number under its VAT scheme), so that the envelope's receiver is the
  // document's own EndpointID, as the sender is; the explicit company identifier first, as the
  // transport choice reads it.
  const buyer = contact === null ? undefined : endpointOf(contact);
  const recipient: DeliveryParty = {
    name: contact?.name ?? '',
    email: presentText(contact?.email),
    peppol_id: peppolParticipantOf(contact) ?? (buyer === undefined ? null : `${buyer.scheme}:${buyer.id}`),
  };
  // fiscalkit wrote the document, so it is UTF-8; the core's own decoder (no TextDecoder type here).
  const text = written.media_type.includes('xml') ? decodeUtf8Strict(written.content) : null;
  const documentTypeId = text?.ok === true ? peppolDocumentTypeId(text.text) : null;
  return {
    key,
    account_id: invoice.account_id,
    invoice_id: invoice.id,
    invoice_number: invoice.number,
    document_type: written.document_type,
    filename: written.filename,
    media_type: written.media_type,
    content: written.content,
    sender: accountParty(source),
    recipient,
    ...(documentTypeId === null
      ? {}
      : { peppol: { document_type_id: documentTypeId, process_id: BILLING_PROCESS_ID } }),
    language: presentText(contact?.language) ?? presentText(account.language) ?? 'en',
  };
}
