/**
 * The delivery of an issued invoice to its recipient (issue #23): one record per send, written before
 * the document leaves and updated with what the channel answered. It is the delivery log of GET
 * /invoices/{id}/deliveries and the memory that makes sending idempotent: a re-run of the send job
 * reads it first and never hands a delivered document over again (docs/sending.md "Idempotency").
 * The service publishes no such resource (spec §4.6 shows none); **fiscalkit decides** its shape,
 * after the webhook delivery log (`WebhookDelivery`).
 *
 * @module
 */

/**
 * The states of an invoice delivery: `pending` (the document is being handed over, or will be again
 * after a retryable failure), `delivered` (the channel took it: terminal), `failed` (refused for good,
 * or the attempts ran out: terminal), `skipped` (the transport is `none`, download only: nothing was
 * sent, and the record says so rather than pretend a delivery; terminal).
 */
export const INVOICE_DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'skipped'] as const;

/** An invoice delivery status. */
export type InvoiceDeliveryStatus = (typeof INVOICE_DELIVERY_STATUSES)[number];

/** One hand-over of the document to the channel: when, how long it took, what went wrong (null: taken). */
export interface InvoiceDeliveryAttempt {
  readonly attempted_at: string;
  readonly error: string | null;
  /** Milliseconds the channel took to answer (or fail). */
  readonly duration_ms: number;
}

/** One delivery of an invoice. */
export interface InvoiceDelivery {
  readonly id: number;
  readonly account_id: number;
  readonly invoice_id: number;
  /** The transport type code (GET /transport_types) it travels by: `email`, `peppol`, or `none`. */
  readonly transport: string;
  /** The document type code (GET /document_types) it is sent as, or `none`. */
  readonly document_type: string;
  readonly status: InvoiceDeliveryStatus;
  readonly attempts: readonly InvoiceDeliveryAttempt[];
  /** The channel's id of the message once delivered (SMTP Message-ID, access point message id). */
  readonly message_id: string | null;
  /** What the other side said (delivered), or why it failed. */
  readonly detail: string | null;
  /** The key handed to the channel (`OutgoingDocument.key`): the same key is the same delivery. */
  readonly key: string;
  /**
   * The `Idempotency-Key` header of the send request that made it, if any. Not named
   * `idempotency_key`: a record table's `idempotency_key` column is the insert key (`key`'s).
   */
  readonly request_key: string | null;
  /**
   * The answer of the send request that made it (the invoice as answered then, with its
   * `tax_report_ids`), so that a retried request with the same `Idempotency-Key` answers exactly the
   * same, whatever happened to the invoice since.
   */
  readonly answer: Readonly<Record<string, unknown>> | null;
  /** The tax reports the send generated or found (`tax_report_ids` of the answer). */
  readonly tax_report_ids: readonly number[];
  readonly created_at: string;
  /** When it became delivered or failed; null while pending. */
  readonly finished_at: string | null;
}
