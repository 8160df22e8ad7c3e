/**
 * `fiscalkit/model`: the resources of the API (docs/public-api.md) — their types in the newest
 * version, the zod schemas and `parse…` functions that check a request against them, their code
 * lists, and the state machines (`transition…`) that move them. A host names these types when it
 * stores, shows or builds resources; the service (`createFiscalkit`, `fiscalkit`) takes and returns
 * them.
 *
 * @module
 */

export {
  nextWebhookAttempt,
  WEBHOOK_FIRST_RETRY_MS,
  WEBHOOK_MAX_RETRY_DELAY_MS,
  WEBHOOK_RETRY_WINDOW_MS,
  WEBHOOK_TIMEOUT_MS,
  webhookRetryDelay,
} from '../events/retrySchedule.js';
export {
  AFTER_PAID_STATES,
  COMMITTED_INVOICE_STATES,
  FINAL_INVOICE_STATES,
  type InvoiceStateEffect,
  type InvoiceStateRefusal,
  type InvoiceStateTransition,
  type MarkAsEvent,
  type MarkAsSubject,
  markAsTargets,
  transitionInvoiceState,
} from '../lifecycle/invoiceState.js';
export { type LedgerEvent, transitionLedger } from '../lifecycle/ledger.js';
export {
  FINAL_ORDER_STATES,
  ORDER_MARK_AS_STATES,
  ORDER_STATE_MOVES,
  type OrderStateTransition,
  transitionOrderState,
} from '../lifecycle/orderState.js';
export {
  nextPublicationStep,
  type PeppolPublication,
  type PeppolPublicationEvent,
  type PeppolPublicationTarget,
  publicationSettled,
  transitionPeppolPublication,
} from '../lifecycle/peppolPublication.js';
export {
  type TaxReportBatchEffect,
  type TaxReportBatchEvent,
  transitionTaxReportBatch,
} from '../lifecycle/taxReportBatch.js';
export {
  type TinVerificationEffect,
  type TinVerificationEvent,
  transitionTinVerification,
} from '../lifecycle/tinVerification.js';
export type { EmitEffect, Transition } from '../lifecycle/transition.js';
export {
  type NewWebhookDelivery,
  newWebhookDelivery,
  type ScheduleEffect,
  transitionWebhookDelivery,
  type WebhookDeliveryEvent,
} from '../lifecycle/webhookDelivery.js';
export {
  ACCOUNT_ROUNDING_METHODS,
  type Account,
  type AccountCreate,
  AccountCreateSchema,
  AccountSchema,
  type AccountUpdate,
  AccountUpdateSchema,
  parseAccount,
} from '../model/account.js';
export {
  ACCOUNT_EVENT_KINDS,
  type AccountEvent,
  type AccountEventKind,
  AccountEventSchema,
} from '../model/accountEvent.js';
export type { AccountMembership } from '../model/accountMembership.js';
export { type BankAccount, BankAccountSchema } from '../model/bankAccount.js';
export {
  type BankAccountCreate,
  BankAccountCreateSchema,
  type BankAccountRecord,
  BankAccountRecordSchema,
  parseBankAccount,
} from '../model/bankAccountRecord.js';
export {
  type Contact,
  type ContactCreate,
  ContactCreateSchema,
  ContactSchema,
  type ContactUpdate,
  ContactUpdateSchema,
  parseContact,
} from '../model/contact.js';
export {
  type DespatchAdvice,
  type DespatchAdviceCreate,
  DespatchAdviceCreateSchema,
  DespatchAdviceSchema,
  parseDespatchAdvice,
} from '../model/despatchAdvice.js';
export {
  buildEvent,
  EVENT_CODES,
  type EventCode,
  type EventDataByCode,
  type EventEnvelope,
  type EventOf,
  EventSchema,
  type EventStamp,
  type IssuedInvoiceStateChangeData,
  IssuedInvoiceStateChangeDataSchema,
  type SiiBatchFinishedData,
  SiiBatchFinishedDataSchema,
  type TaxReportStateChangeData,
  TaxReportStateChangeDataSchema,
  type TinVerificationFinishedData,
  TinVerificationFinishedDataSchema,
} from '../model/event.js';
export { instantFromMillis, millisFromInstant } from '../model/instant.js';
export {
  type InlineContact,
  InlineContactSchema,
  type Invoice,
  InvoiceContactSchema,
  type InvoiceCreate,
  InvoiceCreateSchema,
  InvoiceSchema,
  type InvoiceUpdate,
  InvoiceUpdateSchema,
  MAX_INVOICE_ATTACHMENTS,
  MAX_INVOICE_LINES,
  parseInvoice,
} from '../model/invoice.js';
export {
  INVOICE_DELIVERY_STATUSES,
  type InvoiceDelivery,
  type InvoiceDeliveryAttempt,
  type InvoiceDeliveryStatus,
} from '../model/invoiceDelivery.js';
export {
  type InvoiceLine,
  type InvoiceLinePatch,
  InvoiceLinePatchSchema,
  InvoiceLineSchema,
  type InvoiceLineWrite,
  InvoiceLineWriteSchema,
  type LineTax,
  LineTaxSchema,
} from '../model/invoiceLine.js';
export {
  INVOICE_REFERENCE_TYPES,
  INVOICE_REFERENCE_WRITE_ONLY,
  type InvoiceReference,
  InvoiceReferenceSchema,
  type InvoiceReferenceType,
  type InvoiceReferenceWrite,
  InvoiceReferenceWriteSchema,
} from '../model/invoiceReference.js';
export { isIsoDate } from '../model/isoDate.js';
export { type KsefAdditionalInfo, KsefAdditionalInfoSchema } from '../model/ksefAdditionalInfo.js';
export { type KsefBankAccount, KsefBankAccountSchema } from '../model/ksefBankAccount.js';
export { type KsefCorrectedInvoice, KsefCorrectedInvoiceSchema } from '../model/ksefCorrectedInvoice.js';
export {
  type KsefLine,
  KsefLineSchema,
  type KsefOrderLine,
  KsefOrderLineSchema,
  ksefAmount,
  ksefQuantity,
  ksefRate,
  ksefUnitPrice,
} from '../model/ksefLine.js';
export { type KsefTaxBreakdown, KsefTaxBreakdownSchema } from '../model/ksefTaxBreakdown.js';
export {
  KSEF_DOCUMENT_FIELDS,
  KSEF_THIRD_PARTY_ROLES,
  type KsefTaxReport,
  type KsefTaxReportCreate,
  KsefTaxReportCreateSchema,
  KsefTaxReportSchema,
  type KsefTaxReportUpdate,
  KsefTaxReportUpdateSchema,
  type KsefThirdPartyRole,
  type PrepaymentReference,
  type PrepaymentReferenceInput,
  PrepaymentReferenceInputSchema,
  PrepaymentReferenceSchema,
  parseKsefTaxReport,
} from '../model/ksefTaxReport.js';
export { type KsefThirdParty, KsefThirdPartySchema } from '../model/ksefThirdParty.js';
export {
  LEDGER_KINDS,
  LEDGER_STATES,
  type Ledger,
  type LedgerKind,
  type LedgerResponse,
  LedgerSchema,
  type LedgerState,
  ledgerStateFromEstadoEnvio,
  MAX_RECORDS_PER_LEDGER,
  SII_RECORD_STATUSES,
  SII_SUBMISSION_STATUSES,
  type SiiRecordStatus,
  type SiiSubmissionStatus,
  taxReportStateFromEstadoRegistro,
} from '../model/ledger.js';
export {
  ORDER_STATES,
  ORDER_TYPES,
  type Order,
  type OrderCreate,
  OrderCreateSchema,
  type OrderMarkAs,
  OrderMarkAsSchema,
  OrderSchema,
  type OrderState,
  type OrderType,
  parseOrder,
  parseOrderMarkAs,
} from '../model/order.js';
export { orderTotal } from '../model/orderTotal.js';
export type { Operation } from '../model/parse.js';
export {
  PEPPOL_PARTICIPANT_ID,
  type PeppolOutboxEntry,
  PeppolOutboxEntrySchema,
  type PeppolOutboxEntrySummary,
} from '../model/peppolOutboxEntry.js';
export type { PeppolParticipant } from '../model/peppolParticipant.js';
export { type RequestLog, RequestLogSchema, type StoredRequestLog } from '../model/requestLog.js';
export { ROUTING_CODE_SLOTS, type RoutingCodes, RoutingCodesSchema } from '../model/routingCodes.js';
export { type SandboxMail, SandboxMailSchema, type SandboxMailSummary } from '../model/sandboxMail.js';
export {
  SII_COMMUNICATION_TYPES,
  SII_CORRECTIVE_INVOICE_TYPE_CODES,
  SII_CORRECTIVE_TYPES,
  SII_EXEMPTION_REASONS,
  SII_INSURANCE_OPERATION_KEYS,
  SII_INTRA_COMMUNITY_DECLARED_KEYS,
  SII_INTRA_COMMUNITY_OPERATION_KEYS,
  SII_INVOICE_TYPE_CODES,
  SII_MEMBER_STATES,
  SII_NO_SUBJECT_REASONS,
  SII_NON_EXEMPTION_CODES,
  SII_PARTY_TAX_SCHEMES,
  SII_PAYMENT_METHODS,
  SII_PERIODS,
  SII_SPECIAL_REGIME_KEYS,
} from '../model/siiCodes.js';
export {
  parseSiiTaxReport,
  SII_BOOK_TYPES,
  SII_COLLECTION_PAYMENT_BOOKS,
  SII_OPERATION_TYPES,
  type SiiBookType,
  type SiiCapitalGood,
  SiiCapitalGoodSchema,
  type SiiCorrectedInvoice,
  SiiCorrectedInvoiceSchema,
  type SiiIntraCommunityOperation,
  SiiIntraCommunityOperationSchema,
  type SiiPayment,
  SiiPaymentSchema,
  type SiiTaxBreakdown,
  SiiTaxBreakdownSchema,
  type SiiTaxReport,
  type SiiTaxReportCreate,
  SiiTaxReportCreateSchema,
  SiiTaxReportSchema,
  type SiiTaxReportUpdate,
  SiiTaxReportUpdateSchema,
} from '../model/siiTaxReport.js';
export {
  isTaxReportType,
  parseTaxReport,
  type TaxReport,
  type TaxReportCreate,
  TaxReportSchema,
  type TaxReportUpdate,
} from '../model/taxReport.js';
export { type TaxReportAuthority, TaxReportAuthoritySchema } from '../model/taxReportAuthority.js';
export {
  BATCH_RECORD_STATUSES,
  type BatchRecordError,
  BatchRecordErrorSchema,
  type BatchRecordResult,
  BatchRecordResultSchema,
  type BatchRecordStatus,
  batchRecordError,
  MAX_TAX_REPORTS_PER_BATCH,
  parseTaxReportBatch,
  TAX_REPORT_BATCH_STATUSES,
  type TaxReportBatch,
  type TaxReportBatchAccepted,
  TaxReportBatchAcceptedSchema,
  type TaxReportBatchInput,
  type TaxReportBatchRequest,
  TaxReportBatchRequestSchema,
  TaxReportBatchSchema,
  type TaxReportBatchStatus,
} from '../model/taxReportBatch.js';
export {
  TAX_REPORT_STATES,
  TAX_REPORT_TYPES,
  type TaxReportState,
  type TaxReportType,
} from '../model/taxReportCommon.js';
export {
  parseTaxReportSetting,
  TAX_REPORT_SETTING_CODES,
  TAX_REPORT_SETTING_COUNTRY,
  type TaxReportSetting,
  type TaxReportSettingCode,
  type TaxReportSettingCreate,
  TaxReportSettingCreateSchema,
  TaxReportSettingSchema,
  type TaxReportSettingUpdate,
  TaxReportSettingUpdateSchema,
  UNSERVED_TAX_REPORT_SETTING_CODES,
} from '../model/taxReportSetting.js';
export {
  THIRD_PARTY_ROLES,
  type ThirdParty,
  type ThirdPartyRole,
  ThirdPartySchema,
} from '../model/thirdParty.js';
export { isTimestamp } from '../model/timestamp.js';
export {
  CENSUS_RESULTS,
  type CensusAnswer,
  type CensusResult,
  censusMatch,
  FINISHED_TIN_VERIFICATION_STATUSES,
  MAX_TIN_VERIFICATION_PAIRS,
  normalizeCensusResult,
  parseTinVerificationRequest,
  resultName,
  type StoredTinVerification,
  TIN_VERIFICATION_STATUSES,
  type TinOutcome,
  TinOutcomeSchema,
  type TinPair,
  TinPairSchema,
  type TinResult,
  TinResultSchema,
  type TinVerification,
  TinVerificationBodySchema,
  type TinVerificationRecord,
  TinVerificationRecordSchema,
  type TinVerificationRequest,
  type TinVerificationRequestInput,
  TinVerificationSchema,
  type TinVerificationStatus,
  tinOutcome,
  toTinVerificationResource,
} from '../model/tinVerification.js';
export {
  newTransport,
  PEPPOL_PUBLICATION_STATUSES,
  type PeppolPublicationStatus,
  parseTransport,
  type ReceptionDocumentType,
  ReceptionDocumentTypeSchema,
  receptionDocumentTypes,
  type StoredTransport,
  type Transport,
  type TransportCreate,
  TransportCreateSchema,
  TransportSchema,
  type TransportUpdate,
  TransportUpdateSchema,
} from '../model/transport.js';
export {
  WEBHOOK_DELIVERY_STATUSES,
  type WebhookAttempt,
  WebhookAttemptSchema,
  type WebhookDelivery,
  WebhookDeliverySchema,
  type WebhookDeliveryStatus,
} from '../model/webhookDelivery.js';
export {
  applyWebhookSubscriptionUpdate,
  createWebhookSubscription,
  isWebhookSecret,
  type NewWebhookSubscription,
  parseWebhookSubscription,
  WEBHOOK_SECRET_BYTES,
  WEBHOOK_SECRET_PREFIX,
  type WebhookSubscription,
  type WebhookSubscriptionCreate,
  WebhookSubscriptionCreateSchema,
  WebhookSubscriptionSchema,
  type WebhookSubscriptionUpdate,
  WebhookSubscriptionUpdateSchema,
  webhookSecret,
} from '../model/webhookSubscription.js';
