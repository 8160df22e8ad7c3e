/**
 * One stored (canonical, newest-version) resource of every kind the versions module serializes
 * (`RESOURCE_KINDS`), each parsed through its kind's stored-resource schema so that a fixture that
 * drifts from the model fails loudly. Tax reports come in both types. Every function returns a fresh
 * object.
 */
import { DespatchAdviceSchema } from '../../src/model/despatchAdvice.js';
import { buildEvent } from '../../src/model/event.js';
import { KsefTaxReportSchema } from '../../src/model/ksefTaxReport.js';
import { LedgerSchema } from '../../src/model/ledger.js';
import { OrderSchema } from '../../src/model/order.js';
import { SiiTaxReportSchema } from '../../src/model/siiTaxReport.js';
import { TaxReportBatchSchema } from '../../src/model/taxReportBatch.js';
import { TinVerificationSchema } from '../../src/model/tinVerification.js';
import { TransportSchema } from '../../src/model/transport.js';
import { WebhookDeliverySchema } from '../../src/model/webhookDelivery.js';
import { WebhookSubscriptionSchema } from '../../src/model/webhookSubscription.js';
import type { ResourceKind } from '../../src/versions/resourceKind.js';
import { storedAccount, storedContact, storedInvoice } from './fixtures.js';
import { validKsefBody, validSiiBody } from './taxReportFixtures.js';

/** A stored Ksef tax report (id 30 of account 1) built from `validKsefBody(type)`. */
export function storedKsefTaxReport(invoiceTypeCode: 'VAT' | 'KOR_ZAL' | 'ROZ' = 'KOR_ZAL') {
  const body = validKsefBody(invoiceTypeCode);
  const references = (body.prepayment_references as { number: string }[] | undefined) ?? [];
  return KsefTaxReportSchema.parse({
    ...body,
    id: 30,
    account_id: 1,
    state: 'processing',
    invoice_id: null,
    prepayment_references: references.map((reference, index) => ({
      id: 300 + index,
      number: reference.number,
      registration_code: null,
    })),
  });
}

/** A stored SiiDocument tax report (id 31 of account 1), the Expedida example of sii.md §10. */
export function storedSiiTaxReport() {
  return SiiTaxReportSchema.parse({
    additional_special_regime_keys: [],
    corrected_invoices: [],
    payments: [],
    ...validSiiBody('Expedida'),
    id: 31,
    account_id: 1,
    state: 'registered',
    invoice_id: 100,
  });
}

/** A stored Peppol transport of account 1 that receives invoices. */
export function storedTransport() {
  return TransportSchema.parse({
    account_id: 1,
    code: 'peppol',
    transport_type_code: 'peppol',
    enabled: true,
    reception: true,
    invoice: true,
    credit_note: true,
    self_billing: false,
    order: false,
    application_response: true,
    pin_scheme: '9920',
    pin_value: 'B12345674',
    sml_status: 'published',
    peppol_directory_status: 'processing',
    reception_document_types: [{ code: 'invoice', name: 'Invoice' }],
  });
}

/** A stored webhook subscription (id 5 of account 1). */
export function storedWebhookSubscription() {
  return WebhookSubscriptionSchema.parse({
    id: 5,
    account_id: 1,
    url: 'https://hooks.example.com/fiscalkit',
    events: ['tin_verification.finished', 'sii_batch.finished'],
    secret: `whsec_${'ab'.repeat(32)}`,
    enabled: true,
    created_at: '2026-04-20T10:15:00Z',
  });
}

/** A sent SII ledger (id 40 of account 1) with two reports. */
export function storedLedger() {
  return LedgerSchema.parse({
    id: 40,
    account_id: 1,
    book_type: 'Expedida',
    kind: 'alta',
    communication_type: 'A0',
    period_year: 2026,
    period: '03',
    state: 'accepted',
    tax_report_ids: [31, 32],
    csv: 'A1B2C3D4E5F6G7H8',
    created_at: '2026-04-20T10:15:00Z',
    sent_at: '2026-04-20T10:16:00.5Z',
  });
}

/** A finished TIN verification (id 50) with one matching result. */
export function storedTinVerification() {
  return TinVerificationSchema.parse({
    id: 50,
    status: 'success',
    results: [
      {
        tin: 'B12345674',
        normalized_tin: 'ESB12345674',
        name: 'ACME SERVICIOS SL',
        tin_format_valid: true,
        census_match: true,
      },
    ],
  });
}

/** A finished tax report batch (id 60 of account 1): one record created, one refused. */
export function storedTaxReportBatch() {
  return TaxReportBatchSchema.parse({
    id: 60,
    account_id: 1,
    status: 'finished',
    total_count: 2,
    processed_count: 2,
    succeeded_count: 1,
    failed_count: 1,
    results: [
      { index: 0, status: 'created', tax_report_id: 31, errors: [] },
      {
        index: 1,
        status: 'failed',
        tax_report_id: null,
        errors: [
          { code: 'unsupported_type', message: 'type Ksef is not supported in a batch', param: 'type' },
        ],
      },
    ],
    created_at: '2026-04-20T10:15:00Z',
    finished_at: '2026-04-20T10:17:00Z',
  });
}

/** A `tin_verification.finished` event (id 70). */
export function storedEvent() {
  return buildEvent(
    'tin_verification.finished',
    { id: 50, status: 'success' },
    { triggered_at: 1776681600, id: 70 },
  );
}

/** An accepted purchase order (id 90 of account 1, to contact 7) with two lines. */
export function storedOrder() {
  return OrderSchema.parse({
    id: 90,
    account_id: 1,
    type: 'IssuedOrder',
    number: 'PO-2026-001',
    date: '2026-04-20',
    delivery_date: '2026-04-30',
    contact_id: 7,
    currency: 'EUR',
    buyer_reference: 'DEPT-7',
    notes: null,
    state: 'accepted',
    state_reason: null,
    lines: [
      {
        line_number: 1,
        description: 'Paper A4, 500 sheets',
        quantity: '10',
        price: '3.35',
        unit: 'box',
        item_code: 'PA4-500',
      },
      { line_number: 2, description: 'Toner', quantity: '1.5', price: '80.125', unit: null, item_code: null },
    ],
    total: '153.69',
  });
}

/** A despatch advice (id 91 of account 1) delivering part of order 90. */
export function storedDespatchAdvice() {
  return DespatchAdviceSchema.parse({
    id: 91,
    account_id: 1,
    number: 'DA-2026-001',
    date: '2026-04-22',
    delivery_date: '2026-04-23',
    order_id: 90,
    order_reference: 'PO-2026-001',
    contact_id: 7,
    delivery_address: 'Calle Mayor 1',
    delivery_city: 'Madrid',
    delivery_postalcode: '28001',
    delivery_country: 'ES',
    notes: null,
    lines: [
      {
        line_number: 1,
        description: 'Paper A4, 500 sheets',
        quantity: '6',
        unit: 'box',
        item_code: 'PA4-500',
        order_line_number: 1,
      },
    ],
  });
}

/** A delivered webhook delivery (id 92 of account 1) of event 70 to subscription 5, after one failed attempt. */
export function storedWebhookDelivery() {
  return WebhookDeliverySchema.parse({
    id: 92,
    account_id: 1,
    event_id: 70,
    event_code: 'sii_batch.finished',
    web_hook_id: 5,
    status: 'delivered',
    attempts: [
      { attempted_at: '2026-04-20T10:15:00Z', status_code: 503, error: 'HTTP 503' },
      { attempted_at: '2026-04-20T10:15:30Z', status_code: 200, error: null },
    ],
    next_attempt_at: null,
    created_at: '2026-04-20T10:15:00Z',
    finished_at: '2026-04-20T10:15:30Z',
  });
}

/**
 * Stored resources of every kind (tax reports in both types), for tests that must hold for every
 * kind of `RESOURCE_KINDS`.
 */
export function storedResourcesByKind(): Record<ResourceKind, object[]> {
  return {
    account: [storedAccount()],
    contact: [storedContact()],
    invoice: [storedInvoice()],
    tax_report: [storedKsefTaxReport(), storedSiiTaxReport()],
    ledger: [storedLedger()],
    transport: [storedTransport()],
    tin_verification: [storedTinVerification()],
    tax_report_batch: [storedTaxReportBatch()],
    web_hook: [storedWebhookSubscription()],
    event: [storedEvent()],
    account_event: [
      {
        id: 80,
        account_id: 1,
        type: 'ContactEvent',
        name: 'created',
        resource_id: 3,
        state: null,
        created_at: '2026-04-20T10:15:00Z',
      },
    ],
    bank_account: [
      {
        id: 81,
        account_id: 1,
        iban: 'ES9121000418450200051332',
        bic: 'CAIXESBBXXX',
        bank_name: 'CaixaBank',
        number: null,
        is_default: true,
      },
    ],
    order: [storedOrder()],
    despatch_advice: [storedDespatchAdvice()],
    web_hook_delivery: [storedWebhookDelivery()],
  };
}
