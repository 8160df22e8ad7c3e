/**
 * `fiscalkit`: the root entry point — what a host needs most (docs/public-api.md). The service and
 * its use cases, errors, exact money and totals, identifiers, code lists, and the versioned request
 * cycle every binding runs (resolve the client's version, upgrade its body, serialize the answer).
 * The rest has its own entry point: `fiscalkit/model` (resources and their state machines),
 * `fiscalkit/rules` (the rule functions), `fiscalkit/http` (what a binding needs beyond the request
 * cycle), `fiscalkit/ports` (what an adapter implements), the formats (`fiscalkit/ksef`,
 * `fiscalkit/sii`) and the adapters (`fiscalkit/memory`, `fiscalkit/postgres`, `fiscalkit/threads`,
 * `fiscalkit/xsd`, `fiscalkit/testing`).
 *
 * @module
 */

// Each section header below is followed by a blank line: biome sorts exports only up to such a detached
// comment, so an export sorted by path stays under its own header (without it, sorting moves exports
// across headers).
// ─── Code lists ───────────────────────────────────────────────────────────────────────────────────

export { ALLOWANCE_CHARGE_INDICATORS, type AllowanceChargeIndicator } from './codelists/allowanceCharges.js';
export { COUNTRIES, countryName, isCountryCode } from './codelists/countries.js';
export { CURRENCIES, type CurrencyEntry } from './codelists/currencies.js';
export {
  INVOICE_STATES,
  type InvoiceStateEntry,
  isInvoiceState,
  isMarkAsState,
  MARK_AS_STATES,
} from './codelists/invoiceStates.js';
export {
  FATTURAPA_DOCUMENT_TYPES,
  INVOICE_TYPE_CODES,
  INVOICE_TYPES,
  type InvoiceType,
  isInvoiceType,
  isInvoiceTypeCode,
  KSEF_TYPE_CODES,
  type KsefTypeCode,
  UNCL1001_INVOICE_TYPE_CODES,
} from './codelists/invoiceTypes.js';
export { isLanguageCode, LANGUAGES, type LanguageEntry } from './codelists/languages.js';
export { DEPRECATED_SCHEMES, isSchemeCode, SCHEMES, type SchemeEntry } from './codelists/schemes.js';
export { TAX_KINDS, type TaxKind } from './codelists/taxKinds.js';
export { isTransportTypeCode, TRANSPORT_TYPES, type TransportTypeEntry } from './codelists/transportTypes.js';
// ─── Documents: which format a document is, and whether it is valid ──────────────────────────────

export {
  type Detection,
  DOCUMENT_FORMATS,
  type DocumentFormat,
  detectFormat,
} from './documents/detectFormat.js';
export {
  type DocumentError,
  type DocumentRuleSet,
  type DocumentValidation,
  MAX_DOCUMENT_BYTES,
  type ValidateDocumentOptions,
  type ValidationLevel,
  validateDocument,
} from './documents/validateDocument.js';
export type { RootElement } from './xml/guards.js';
export { SII_SCHEMA_RULE } from './xml/schemaValidator.js';
export type { XmlContent, XmlElement } from './xml/write.js';
// ─── Errors: the wire errors of spec §7, the issues they are made of, and storage away (503) ──────

export { ApiError, type ApiErrorOptions, isApiError } from './errors/ApiError.js';
export { ERROR_CATALOG, ERROR_TYPE, type ErrorCode, errorStatus, isErrorCode } from './errors/catalog.js';
export { type ErrorBody, errorBody } from './errors/errorBody.js';
export { isRuleId, RULE_SOURCES, type RuleSource } from './errors/ruleId.js';
export {
  apiErrorFromIssues,
  formatParam,
  type Validated,
  type ValidationIssue,
} from './errors/validationIssue.js';
export { isStorageUnavailable, StorageUnavailableError } from './ports.js';
// ─── Webhooks a host receives: check their signature ─────────────────────────────────────────────

export {
  signWebhook,
  type VerifyWebhookSignatureOptions,
  verifyWebhookSignature,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_SIGNATURE_TOLERANCE_SECONDS,
  type WebhookSignatureCheck,
  type WebhookSignatureFailure,
} from './events/webhookSignature.js';
// ─── Identifiers: tax ids, company registers, bank accounts, payment references ──────────────────

export { checkBic, checkIban, type IbanCheck } from './identifiers/bankAccount.js';
export { checkBelgianOgm, createBelgianOgm, ogmBase } from './identifiers/belgianOgm.js';
export type { IdentifierCheck } from './identifiers/identifierCheck.js';
export { checkPolishKrs } from './identifiers/polishKrs.js';
export { checkPolishNip } from './identifiers/polishNip.js';
export { checkPolishRegon, isRegonShape, type PolishRegonCheck } from './identifiers/polishRegon.js';
export { padSchemeCode, schemeCode } from './identifiers/schemeCode.js';
export {
  checkSpanishTin,
  compactSpanishTin,
  type SpanishTinCheck,
  type SpanishTinKind,
} from './identifiers/spanishTin.js';
// ─── Money: exact decimals, rounding, currencies ─────────────────────────────────────────────────

export { CURRENCY_CODES, currencyExponent, isCurrencyCode } from './money/currencies.js';
export { Decimal } from './money/decimal.js';
export { divideAndRound } from './money/divideAndRound.js';
export {
  decimalPlaces,
  formatUnits,
  formatUnitsTrimmed,
  isDecimalString,
  MAX_INTEGER_DIGITS,
  pow10,
  toUnits,
} from './money/fixedPoint.js';
export { round, roundUnits } from './money/round.js';
export {
  type AccountRoundingMethod,
  ROUNDING_METHODS,
  type RoundingMethod,
  roundingMethodFromAccount,
} from './money/roundingMethod.js';
// ─── The service: createFiscalkit over the ports, its use cases and their input types ──────────────

export type { AccountEventDraft, AccountEventService } from './service/accountEvents.js';
export { LOGO_CONTENT_TYPES, type LogoContentType, type LogoUpload } from './service/accountLogo.js';
export type { AccountService } from './service/accounts.js';
export {
  API_KEY_HEADER,
  type Authenticated,
  type AuthenticateOptions,
  type Authentication,
  authenticateApiKey,
} from './service/authentication.js';
export type { BankAccountService } from './service/bankAccounts.js';
export type { Caller } from './service/caller.js';
export {
  CODE_LISTS,
  type CodeListEntries,
  type CodeListName,
  type CodeListService,
  type CountryEntry,
  type SchemeListEntry,
} from './service/codeLists.js';
export type { ContactService } from './service/contacts.js';
export type { DespatchAdviceService } from './service/despatchAdvices.js';
export type { DirectoryParticipant, DirectoryService } from './service/directory.js';
export type { DocumentInput, DocumentService } from './service/documents.js';
export type { EventPublisher, GuardedWrite } from './service/events.js';
export {
  createFiscalkit,
  type EventService,
  type Fiscalkit,
  type FiscalkitOptions,
} from './service/fiscalkit.js';
export type { AttachmentUpload } from './service/invoiceAttachments.js';
export type {
  DocumentTypeEntry,
  InvoiceDocument,
  InvoiceDocumentService,
} from './service/invoiceDocuments.js';
export type { InvoiceListWhere } from './service/invoiceListQuery.js';
export type {
  ImportAnswer,
  ImportInput,
  InvoiceSendingService,
  SendAnswer,
  SendOptions,
  SendValidation,
  SendValidationError,
} from './service/invoiceSending/index.js';
export type { InvoicePage, InvoiceService } from './service/invoices.js';
export type { LedgerService } from './service/ledgers.js';
export type { OrderService } from './service/orders.js';
export type { PeppolOutboxDocument, PeppolOutboxService } from './service/peppolOutbox.js';
export type { SandboxMailAttachment, SandboxMailboxService } from './service/sandboxMailbox.js';
export type {
  BatchRequestOptions,
  TaxReportBatchService,
  TaxReportBatchServiceOptions,
} from './service/taxReportBatches.js';
export type { TaxReportSettingService } from './service/taxReportSettings.js';
export type { TaxReportSubmissionService } from './service/taxReportSubmission.js';
export type {
  LedgerImportInput,
  TaxReportImportInput,
  TaxReportListFilters,
  TaxReportService,
} from './service/taxReports.js';
export type { TinVerificationCreateOptions, TinVerificationService } from './service/tinVerifications.js';
export type { TransportService, TransportUpdateOptions } from './service/transports.js';
export type { ResourcePage, WebHookService } from './service/webHooks.js';
export type { JobContext, Worker, WorkerOptions } from './service/worker.js';
// ─── Totals: the tax math of an invoice (docs/totals.md) ─────────────────────────────────────────

export { allocate } from './totals/allocate.js';
export { computeTotals } from './totals/computeTotals.js';
export {
  type FlatTotalsInput,
  type FlatTotalsLineInput,
  flatToAllowanceCharges,
} from './totals/flatFields.js';
export type {
  TotalsAllowanceChargeInput,
  TotalsInput,
  TotalsLineAllowanceChargeInput,
  TotalsLineInput,
  TotalsTaxInput,
} from './totals/input.js';
export { modeFlags, TOTALS_MODES, type TotalsMode, totalsMode } from './totals/mode.js';
export type {
  AdvanceGroup,
  LocalGroup,
  LocalTotals,
  OrderTotals,
  Totals,
  TotalsAllowanceCharge,
  TotalsGroup,
  TotalsLine,
  TotalsLineAllowanceCharge,
  TotalsResult,
} from './totals/result.js';
export { unitPrice } from './totals/unitPrice.js';
// ─── The versioned request cycle (spec §9): resolve the version, upgrade the body, serialize ─────

export {
  API_VERSIONS,
  type ApiVersion,
  isApiVersion,
  LATEST_API_VERSION,
  parseApiVersion,
} from './versions/apiVersion.js';
export type { UpgradeContext, View } from './versions/change.js';
export type { JsonObject } from './versions/fieldPath.js';
export { DEFAULT_MAX_BODY_BYTES, type JsonBodyOptions, parseJsonBody } from './versions/jsonBody.js';
export { normalizeRequest } from './versions/normalize.js';
export { resolveVersion, type VersionRequest } from './versions/resolveVersion.js';
export type { ResourceKind } from './versions/resourceKind.js';
export {
  type ListMeta,
  type SerializeOptions,
  serialize,
  serializeList,
  toJson,
} from './versions/serialize.js';
