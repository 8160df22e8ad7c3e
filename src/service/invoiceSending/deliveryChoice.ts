/**
 * How an invoice travels and what it travels as (issue #23): the transport and the document type of a
 * send, chosen from the contact, then the account, then what the contact can receive. The real
 * service reads the contact's `transport_type_code` and `document_type_code` (spec §2.3); where they
 * are blank fiscalkit falls back as a demanding user would expect (docs/sending.md "Which channel,
 * which document"): the account's own defaults (spec §2.2 shows the same two fields), else Peppol for
 * a recipient with a Peppol participant id, e-mail for one with an address, and `none` (download only)
 * for one with neither.
 *
 * @module
 */
import type { Account } from '../../model/account.js';
import type { Contact } from '../../model/contact.js';
import { presentText } from '../../model/presentText.js';
import { invoiceDocumentType } from '../invoiceDocuments/registry.js';

/**
 * The document type each transport sends when nobody named one, as rows (after
 * src/versions/behaviours.ts): Peppol carries Peppol BIS Billing 3.0 UBL (OpenPeppol BIS Billing 3.0
 * §1; a credit note is written as a `CreditNote` under the same code), e-mail the readable PDF (what
 * the real service mails), KSeF its FA(3) (KSeF 2.0 accepts only FA(3) since 2026-02-01), FACe a
 * signed Facturae 3.2.2 (FACe refuses unsigned invoices: Orden HAP/1074/2014 art. 6), and `none`
 * nothing. A transport not listed (SdI, Chorus Pro, b2brouter) has no default: the contact must name
 * the document type, or validation says so.
 */
export const DEFAULT_DOCUMENT_TYPES: Readonly<Record<string, string>> = {
  peppol: 'xml.ubl.invoice.bis3',
  email: 'pdf.invoice',
  none: 'none',
  ksef: 'xml.ksef.fa3',
  face: 'xml.facturae.3.2.2.signed',
};

/**
 * XRechnung instead of BIS 3 for a German public buyer reached over Peppol: a buyer with a Leitweg-ID
 * (the invoice's `buyer_reference`, BT-10, KoSIT XRechnung 3.0 §"Leitweg-ID"; the document registry's
 * XRechnung writers take it from there) is a German public administration, which §4a E-Rechnungs-
 * verordnung (ERechV) obliges to receive XRechnung.
 */
function germanPublicBuyer(contact: Contact | null, buyer_reference: string | null): boolean {
  return contact?.country?.toUpperCase() === 'DE' && buyer_reference !== null;
}

/** Where the choice came from, for the validation's messages. */
export type ChoiceSource = 'contact' | 'account' | 'recipient';

/** A send's transport and document type. */
export interface DeliveryChoice {
  /** A transport type code (GET /transport_types). */
  transport: string;
  /** A document type code (GET /document_types), `none` for the transport `none`, or null when none is known. */
  document_type: string | null;
  source: ChoiceSource;
}

/** Whether a contact names a Peppol participant: an explicit `cin_scheme` + `cin_value` of an EAS code. */
function peppolIdOf(contact: Contact | null): string | null {
  const scheme = presentText(contact?.cin_scheme);
  const value = presentText(contact?.cin_value);
  return scheme !== null && value !== null && /^\d{4}$/.test(scheme) ? `${scheme}:${value}` : null;
}

/**
 * The transport and document type an invoice to `contact` is sent with (docs/sending.md):
 *
 * 1. the contact's `transport_type_code`, else the account's, else Peppol when the contact names a
 *    Peppol participant (`cin_scheme` an EAS code, with `cin_value`), e-mail when it has an `email`,
 *    else `none`;
 * 2. the contact's `document_type_code` when it is a code of GET /document_types (a code fiscalkit
 *    does not write is ignored, as the transport's default serves better than a refusal), else the
 *    account's, else the transport's default ({@link DEFAULT_DOCUMENT_TYPES}; XRechnung for a German
 *    buyer with a Leitweg-ID over Peppol).
 *
 * @example
 * ```ts
 * chooseDelivery(account, { ...contact, email: 'ap@example.com' }, null);
 * // { transport: 'email', document_type: 'pdf.invoice', source: 'recipient' }
 * ```
 */
export function chooseDelivery(
  account: Account,
  contact: Contact | null,
  buyer_reference: string | null,
): DeliveryChoice {
  const fromContact = presentText(contact?.transport_type_code);
  const fromAccount = presentText(account.transport_type_code);
  let transport: string;
  let source: ChoiceSource;
  if (fromContact !== null) [transport, source] = [fromContact, 'contact'];
  else if (fromAccount !== null) [transport, source] = [fromAccount, 'account'];
  else if (peppolIdOf(contact) !== null) [transport, source] = ['peppol', 'recipient'];
  else if (presentText(contact?.email) !== null) [transport, source] = ['email', 'recipient'];
  else [transport, source] = ['none', 'recipient'];
  if (transport === 'none') return { transport, document_type: 'none', source };
  const named = [presentText(contact?.document_type_code), presentText(account.document_type_code)].find(
    (code) => code !== null && invoiceDocumentType(code) !== undefined,
  );
  if (named !== undefined && named !== null) return { transport, document_type: named, source };
  if (transport === 'peppol' && germanPublicBuyer(contact, buyer_reference))
    return { transport, document_type: 'xml.ubl.invoice.xrechnung.3.0', source };
  return { transport, document_type: DEFAULT_DOCUMENT_TYPES[transport] ?? null, source };
}

/**
 * The participant id `scheme:value` a party is reached at on Peppol: its explicit company identifier
 * when it is of an EAS scheme (see {@link chooseDelivery}).
 *
 * @example
 * ```ts
 * peppolParticipantOf({ ...contact, cin_scheme: '0088', cin_value: '5790000436064' }); // '0088:5790000436064'
 * ```
 */
export function peppolParticipantOf(party: Contact | null): string | null {
  return peppolIdOf(party);
}
