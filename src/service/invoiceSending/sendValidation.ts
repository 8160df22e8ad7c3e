/**
 * GET /invoices/{id}/validate (issue #23; the official PHP client's `InvoiceService::validate`, which
 * reads `valid` and `errors`): whether the invoice can be sent, and if not, every reason with its rule
 * id. It judges what sending would do, in the order sending does it:
 *
 * 1. the invoice itself: an issued document (a received invoice is not sent), in a state a send starts
 *    from or has already happened in. Its content rules (spec §2.4, `validateInvoice`, the totals
 *    engine) were judged when it was last written, and content changes only through those writes;
 * 2. the transport and document type it would be sent with (`chooseDelivery`), and a delivery channel
 *    on this server for that transport (`Ports.channels`);
 * 3. the document, written by the same writer the send uses: every issue that keeps it from being
 *    written (EN 16931 / Peppol / Facturae / FA(3) prerequisites, `en16931.write.*` …);
 * 4. that document judged by the official rule sets when the server has the e-invoice validator
 *    (`Ports.einvoice`; XML and Factur-X): its fatal findings are errors with their official ids
 *    (`BR-CO-15`, `PEPPOL-EN16931-R001`), its warnings are `warnings`.
 *
 * @module
 */
import { endpointOf } from '../../einvoice/semantic/partyIdentifiers.js';
import type { EInvoiceSource } from '../../einvoice/semantic/source.js';
import type { ValidationIssue } from '../../errors/validationIssue.js';
import { SENDABLE_INVOICE_STATES, SENT_INVOICE_STATES } from '../../lifecycle/invoiceSending.js';
import type { Invoice } from '../../model/invoice.js';
import { presentText } from '../../model/presentText.js';
import type { Ports } from '../../ports.js';
import { chooseDelivery, type DeliveryChoice, peppolParticipantOf } from './deliveryChoice.js';
import { type SendingDocument, sendingSource, writeSendingDocument } from './sendingDocument.js';

/** One reason an invoice cannot be sent (or, in `warnings`, a remark that does not stop it). */
export interface SendValidationError {
  code: ValidationIssue['code'];
  rule: string;
  param: string | null;
  message: string;
  /** Where in the document, for a finding of the official rule sets (an XPath). */
  location?: string;
}

/** The answer of GET /invoices/{id}/validate. */
export interface SendValidation {
  valid: boolean;
  errors: SendValidationError[];
  warnings: SendValidationError[];
  /** The transport type code the invoice would travel by. */
  transport_type_code: string;
  /** The document type code it would be sent as (`none` for the transport `none`), or null. */
  document_type_code: string | null;
}

/** A validation, with what sending needs of it: the choice and the document written. */
export interface SendPlan {
  validation: SendValidation;
  choice: DeliveryChoice;
  /** The document, when one was written (not for `none`, nor when writing it failed). */
  document: SendingDocument | null;
}

function errorOf(issue: ValidationIssue): SendValidationError {
  return {
    code: issue.code,
    rule: issue.rule,
    param: issue.param === '' ? null : issue.param,
    message: issue.message,
  };
}

/**
 * Why the recipient cannot be reached on `transport`, or null: Peppol needs the participant id the
 * document names as the buyer's EndpointID (BT-49: `peppolParticipantOf`, else `endpointOf`), e-mail an
 * address. The same ids the delivery is addressed with (`outgoingDocument`).
 */
function recipientAddressIssue(transport: string, source: EInvoiceSource): SendValidationError | null {
  const contact = source.contact;
  if (
    transport === 'peppol' &&
    peppolParticipantOf(contact) === null &&
    (contact === null || endpointOf(contact) === undefined)
  )
    return {
      code: 'parameter_blank',
      rule: 'fiscalkit.send.peppol-participant',
      param: 'contact.cin_value',
      message:
        'the contact has no Peppol participant id: set its cin_scheme (an EAS code such as 0088 or 0208) and cin_value, or a VAT number with its scheme',
    };
  if (transport === 'email' && presentText(contact?.email) === null)
    return {
      code: 'parameter_blank',
      rule: 'fiscalkit.send.recipient-email',
      param: 'contact.email',
      message: 'the contact has no e-mail address to send the invoice to',
    };
  return null;
}

/** Whether the official validator judges a document type: the XML syntaxes and Factur-X. */
function judged(document_type: string): boolean {
  return /^(?:xml\.|pdf\.facturx)/.test(document_type);
}

/**
 * The plan of sending `invoice`: its validation, the transport and document type, and the document.
 *
 * @example
 * ```ts
 * const { validation } = await planSend(ports, invoice);
 * validation.valid; // false
 * validation.errors[0]?.rule; // 'fiscalkit.send.channel-unavailable'
 * ```
 */
export async function planSend(ports: Ports, invoice: Invoice): Promise<SendPlan> {
  const errors: SendValidationError[] = [];
  const warnings: SendValidationError[] = [];
  if (invoice.type === 'ReceivedInvoice')
    errors.push({
      code: 'conflict',
      rule: 'fiscalkit.send.received-invoice',
      param: 'type',
      message: 'type is ReceivedInvoice: a received invoice is not sent, its supplier sent it',
    });
  else if (![...SENDABLE_INVOICE_STATES, ...SENT_INVOICE_STATES].includes(invoice.state))
    errors.push({
      code: 'conflict',
      rule: 'fiscalkit.send.state',
      param: 'state',
      message: `state is ${invoice.state}: only a new invoice, or one in error, can be sent`,
    });
  const source = await sendingSource(ports, invoice);
  const choice = chooseDelivery(source.account, source.contact, invoice.buyer_reference ?? null);
  let document: SendingDocument | null = null;
  if (choice.transport !== 'none') {
    const channel = (ports.channels as Record<string, unknown> | undefined)?.[choice.transport];
    if (channel === undefined)
      errors.push({
        code: 'parameter_invalid',
        rule: 'fiscalkit.send.channel-unavailable',
        param: 'transport_type_code',
        message: `transport_type_code is ${choice.transport} (from the ${choice.source}): ${choice.transport === 'email' ? 'e-mail' : choice.transport} delivery is not configured on this server`,
      });
    // The recipient must be reachable on the chosen transport, or the send could only end in error.
    const recipient = recipientAddressIssue(choice.transport, source);
    if (recipient !== null) errors.push(recipient);
    if (choice.document_type === null)
      errors.push({
        code: 'parameter_blank',
        rule: 'fiscalkit.send.document-type',
        param: 'document_type_code',
        message: `document_type_code is blank, and the transport ${choice.transport} has no default document type: set the contact's document_type_code (GET /document_types)`,
      });
    else {
      const written = await writeSendingDocument(ports, source, choice.document_type);
      if (!written.success) errors.push(...written.issues.map(errorOf));
      else {
        document = written.data;
        if (ports.einvoice !== undefined && judged(document.document_type)) {
          const verdict = ports.einvoice.validate(document.content);
          for (const finding of verdict.findings) {
            const entry: SendValidationError = {
              code: 'parameter_invalid',
              rule: finding.rule,
              param: null,
              message: finding.message,
              location: finding.location,
            };
            (finding.severity === 'fatal' ? errors : warnings).push(entry);
          }
          if (verdict.notJudged !== null)
            warnings.push({
              code: 'parameter_invalid',
              rule: 'fiscalkit.send.not-judged',
              param: null,
              message: `the ${document.document_type} document was not judged in full: ${verdict.notJudged}`,
            });
        }
      }
    }
  }
  return {
    validation: {
      valid: errors.length === 0,
      errors,
      warnings,
      transport_type_code: choice.transport,
      document_type_code: choice.document_type,
    },
    choice,
    document,
  };
}
