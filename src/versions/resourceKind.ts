import type { z } from 'zod';
import { AccountSchema } from '../model/account.js';
import { AccountEventSchema } from '../model/accountEvent.js';
import { BankAccountRecordSchema } from '../model/bankAccountRecord.js';
import { ContactSchema } from '../model/contact.js';
import { DespatchAdviceSchema } from '../model/despatchAdvice.js';
import { EventSchema } from '../model/event.js';
import { InvoiceSchema } from '../model/invoice.js';
import { LedgerSchema } from '../model/ledger.js';
import { INVOICE_EXPANDABLE_FIELDS } from '../model/listQuery.js';
import { OrderSchema } from '../model/order.js';
import { TaxReportSchema } from '../model/taxReport.js';
import { TaxReportBatchSchema } from '../model/taxReportBatch.js';
import { TinVerificationSchema } from '../model/tinVerification.js';
import { TransportSchema } from '../model/transport.js';
import { WebhookDeliverySchema } from '../model/webhookDelivery.js';
import { WebhookSubscriptionSchema } from '../model/webhookSubscription.js';

/** The resource kinds the versions module serializes and normalizes. */
export const RESOURCE_KINDS = [
  'account',
  'contact',
  'invoice',
  'tax_report',
  'ledger',
  'transport',
  'tin_verification',
  'tax_report_batch',
  'web_hook',
  'event',
  'account_event',
  'bank_account',
  'order',
  'despatch_advice',
  'web_hook_delivery',
] as const;

/** A resource kind. */
export type ResourceKind = (typeof RESOURCE_KINDS)[number];

/** How a kind is written on the wire. */
export interface KindShape {
  /** The canonical (newest version) resource schema. */
  schema: z.ZodType;
  /** The key of a list response (`{accounts: [...], meta}`, spec §2.1). */
  plural: string;
  /** Field paths stored but never returned (write-only fields, spec §2.6). */
  writeOnly: readonly string[];
  /** Fields returned only when named in `include` (spec §2.1, §2.5 rule 3). */
  expandable: readonly string[];
  /** Fields a list entry leaves out (spec §2.2 rule 4: account list entries have no `auto_remittance`). */
  omittedFromListEntries: readonly string[];
  /** Decimal fields written as JSON numbers; `money` ones carry the currency's decimals. */
  numbers: readonly { path: string; money?: true }[];
}

/**
 * The wire facts of every kind. Amount paths: invoice totals carry the currency's decimals (spec §2.4
 * `total`, `payable_amount`); quantities, prices, rates and percents are written with the decimals
 * they were given (taxmath.md §3.1), never padded or rounded.
 */
export const KINDS: Readonly<Record<ResourceKind, KindShape>> = {
  account: {
    schema: AccountSchema,
    plural: 'accounts',
    writeOnly: [],
    expandable: [],
    omittedFromListEntries: ['auto_remittance'],
    numbers: [],
  },
  contact: {
    schema: ContactSchema,
    plural: 'contacts',
    writeOnly: [],
    expandable: [],
    omittedFromListEntries: [],
    numbers: [],
  },
  invoice: {
    schema: InvoiceSchema,
    plural: 'invoices',
    writeOnly: [
      'invoice_references[].invoicing_period_start',
      'invoice_references[].invoicing_period_end',
      'invoice_references[].tax_correction_code',
    ],
    expandable: INVOICE_EXPANDABLE_FIELDS,
    omittedFromListEntries: [],
    numbers: [
      { path: 'total', money: true },
      { path: 'payable_amount', money: true },
      { path: 'prepaid_amount', money: true },
      // The totals the invoice was computed with (issue #19, docs/totals.md §3.3).
      { path: 'subtotal', money: true },
      { path: 'allowance_total_amount', money: true },
      { path: 'charge_total_amount', money: true },
      { path: 'tax_exclusive_amount', money: true },
      { path: 'tax_inclusive_amount', money: true },
      { path: 'reimbursable_expenses_amount', money: true },
      { path: 'payable_rounding_amount', money: true },
      { path: 'taxes[].percent' },
      { path: 'taxes[].base', money: true },
      { path: 'taxes[].amount', money: true },
      { path: 'payments_on_account[].amount', money: true },
      { path: 'allowance_charges_attributes[].percentage' },
      { path: 'allowance_charges_attributes[].amount', money: true },
      { path: 'allowance_charges_attributes[].base_amount', money: true },
      { path: 'allowance_charges_attributes[].taxes_attributes[].percent' },
      { path: 'allowance_charges_attributes[].tax_attributes.percent' },
      { path: 'exchange_rate' },
      { path: 'lines[].quantity' },
      { path: 'lines[].price' },
      { path: 'lines[].base_quantity' },
      { path: 'lines[].unit_price' },
      { path: 'lines[].amount', money: true },
      { path: 'lines[].allowance_charges_attributes[].percentage' },
      { path: 'lines[].allowance_charges_attributes[].amount' },
      { path: 'lines[].allowance_charges_attributes[].base_amount' },
      { path: 'lines[].taxes_attributes[].percent' },
      { path: 'invoice_references[].total_amount' },
    ],
  },
  tax_report: {
    schema: TaxReportSchema,
    plural: 'tax_reports',
    writeOnly: [],
    expandable: [],
    omittedFromListEntries: [],
    numbers: [
      { path: 'previous_advance_total' },
      { path: 'order_total_amount' },
      { path: 'tax_inclusive_amount' },
      { path: 'corrected_taxable_base' },
      { path: 'corrected_tax_amount' },
      { path: 'deductible_tax_amount' },
      { path: 'tax_breakdowns[].percent' },
      { path: 'tax_breakdowns[].taxable_base' },
      { path: 'tax_breakdowns[].tax_amount' },
      { path: 'tax_breakdowns[].surcharge_percent' },
      { path: 'tax_breakdowns[].surcharge_amount' },
      { path: 'payments[].amount' },
      { path: 'capital_good.annual_proration' },
      { path: 'capital_good.annual_regularization' },
      // SII fields of issue #18 item 17.
      { path: 'corrected_surcharge_amount' },
      { path: 'cost_taxable_base' },
      { path: 'property_transfer_amount' },
      { path: 'tax_breakdowns[].compensation_percent' },
      { path: 'tax_breakdowns[].compensation_amount' },
      { path: 'capital_good.regularization_made' },
      // Ksef (fiscalkit's FA(3) content fields, src/model/ksefTaxReport.ts)
      { path: 'exchange_rate' },
      { path: 'total_amount' },
      { path: 'tax_breakdowns[].tax_amount_pln' },
      { path: 'third_party_share' },
      { path: 'additional_third_parties[].share' },
      ...['quantity', 'price', 'gross_price', 'discount', 'net_amount', 'gross_amount', 'tax_amount']
        .concat(['oss_percent', 'exchange_rate'])
        .map((field) => ({ path: `lines[].${field}` })),
      ...['quantity', 'price', 'net_amount', 'tax_amount', 'oss_percent'].map((field) => ({
        path: `order_lines[].${field}`,
      })),
    ],
  },
  ledger: {
    schema: LedgerSchema,
    plural: 'ledgers',
    writeOnly: [],
    expandable: [],
    omittedFromListEntries: [],
    numbers: [],
  },
  transport: {
    schema: TransportSchema,
    plural: 'transports',
    writeOnly: [],
    expandable: [],
    omittedFromListEntries: [],
    numbers: [],
  },
  tin_verification: {
    schema: TinVerificationSchema,
    plural: 'tin_verifications',
    writeOnly: [],
    expandable: [],
    omittedFromListEntries: [],
    numbers: [],
  },
  tax_report_batch: {
    schema: TaxReportBatchSchema,
    plural: 'tax_report_batches',
    writeOnly: [],
    expandable: [],
    omittedFromListEntries: [],
    numbers: [],
  },
  web_hook: {
    schema: WebhookSubscriptionSchema,
    plural: 'web_hooks',
    writeOnly: [],
    expandable: [],
    omittedFromListEntries: [],
    numbers: [],
  },
  event: {
    schema: EventSchema,
    plural: 'events',
    writeOnly: [],
    expandable: [],
    omittedFromListEntries: [],
    numbers: [],
  },
  account_event: {
    schema: AccountEventSchema,
    plural: 'events',
    writeOnly: [],
    expandable: [],
    omittedFromListEntries: [],
    numbers: [],
  },
  bank_account: {
    schema: BankAccountRecordSchema,
    plural: 'bank_accounts',
    writeOnly: [],
    expandable: [],
    omittedFromListEntries: [],
    numbers: [],
  },
  order: {
    schema: OrderSchema,
    plural: 'orders',
    writeOnly: [],
    expandable: [],
    omittedFromListEntries: [],
    // The total carries the currency's decimals, like the invoice's; quantities and prices are
    // written as they were given.
    numbers: [{ path: 'total', money: true }, { path: 'lines[].quantity' }, { path: 'lines[].price' }],
  },
  despatch_advice: {
    schema: DespatchAdviceSchema,
    plural: 'despatch_advices',
    writeOnly: [],
    expandable: [],
    omittedFromListEntries: [],
    numbers: [{ path: 'lines[].quantity' }],
  },
  /** A webhook delivery with its attempts (GET /accounts/{account}/web_hook_deliveries, fiscalkit's). */
  web_hook_delivery: {
    schema: WebhookDeliverySchema,
    plural: 'web_hook_deliveries',
    writeOnly: [],
    expandable: [],
    omittedFromListEntries: [],
    numbers: [],
  },
};
