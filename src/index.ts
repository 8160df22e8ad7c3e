// fiscalkit: the root entry point. Named exports only; one line per concept.

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
export { isTransportTypeCode, TRANSPORT_TYPES, type TransportTypeEntry } from './codelists/transportTypes.js';
export { inlineCompute } from './compute/inlineCompute.js';
export { COMPUTE_TASKS, type ComputeContext, runComputeTask } from './compute/tasks.js';
export { DOCUMENT_FORMATS, type DocumentFormat, detectFormat } from './documents/detectFormat.js';
export {
  type DocumentValidation,
  MAX_DOCUMENT_BYTES,
  type ValidationLevel,
  validateDocument,
} from './documents/validateDocument.js';
export { ApiError, type ApiErrorOptions, isApiError } from './errors/ApiError.js';
export { ERROR_CATALOG, ERROR_TYPE, type ErrorCode, errorStatus, isErrorCode } from './errors/catalog.js';
export { type ErrorBody, errorBody } from './errors/errorBody.js';
export {
  apiErrorFromIssues,
  formatParam,
  type Validated,
  type ValidationIssue,
} from './errors/validationIssue.js';
export { issuesFromZod } from './errors/zodIssues.js';
export {
  nextWebhookAttempt,
  WEBHOOK_FIRST_RETRY_MS,
  WEBHOOK_MAX_RETRY_DELAY_MS,
  WEBHOOK_RETRY_WINDOW_MS,
  WEBHOOK_TIMEOUT_MS,
  webhookRetryDelay,
} from './events/retrySchedule.js';
export { webhookBody } from './events/webhookBody.js';
export {
  signWebhook,
  type VerifyWebhookSignatureOptions,
  verifyWebhookSignature,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_SIGNATURE_TOLERANCE_SECONDS,
  type WebhookSignatureCheck,
  type WebhookSignatureFailure,
} from './events/webhookSignature.js';
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
// ─── The service of issue #8: use cases of every endpoint, their models and state machines ─────────
export {
  AFTER_PAID_STATES,
  COMMITTED_INVOICE_STATES,
  FINAL_INVOICE_STATES,
  type InvoiceStateTransition,
  markAsTargets,
  transitionInvoiceState,
} from './lifecycle/invoiceState.js';
export { type LedgerEvent, transitionLedger } from './lifecycle/ledger.js';
export {
  FINAL_ORDER_STATES,
  ORDER_MARK_AS_STATES,
  ORDER_STATE_MOVES,
  type OrderStateTransition,
  transitionOrderState,
} from './lifecycle/orderState.js';
export {
  nextPublicationStep,
  type PeppolPublication,
  type PeppolPublicationEvent,
  type PeppolPublicationTarget,
  publicationSettled,
  transitionPeppolPublication,
} from './lifecycle/peppolPublication.js';
export {
  type TaxReportBatchEffect,
  type TaxReportBatchEvent,
  transitionTaxReportBatch,
} from './lifecycle/taxReportBatch.js';
export {
  type TinVerificationEffect,
  type TinVerificationEvent,
  transitionTinVerification,
} from './lifecycle/tinVerification.js';
export type { EmitEffect, Transition } from './lifecycle/transition.js';
export {
  type NewWebhookDelivery,
  newWebhookDelivery,
  type ScheduleEffect,
  transitionWebhookDelivery,
  type WebhookDeliveryEvent,
} from './lifecycle/webhookDelivery.js';
export {
  ACCOUNT_ROUNDING_METHODS,
  type Account,
  type AccountCreate,
  AccountCreateSchema,
  AccountSchema,
  type AccountUpdate,
  AccountUpdateSchema,
  parseAccount,
} from './model/account.js';
export {
  ACCOUNT_EVENT_KINDS,
  type AccountEvent,
  type AccountEventKind,
  AccountEventSchema,
} from './model/accountEvent.js';
export type { AccountMembership } from './model/accountMembership.js';
export { type BankAccount, BankAccountSchema } from './model/bankAccount.js';
export {
  type BankAccountCreate,
  BankAccountCreateSchema,
  type BankAccountRecord,
  BankAccountRecordSchema,
  parseBankAccount,
} from './model/bankAccountRecord.js';
export {
  type Contact,
  type ContactCreate,
  ContactCreateSchema,
  ContactSchema,
  type ContactUpdate,
  ContactUpdateSchema,
  parseContact,
} from './model/contact.js';
export {
  type DespatchAdvice,
  type DespatchAdviceCreate,
  DespatchAdviceCreateSchema,
  DespatchAdviceSchema,
  parseDespatchAdvice,
} from './model/despatchAdvice.js';
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
} from './model/event.js';
export { instantFromMillis, millisFromInstant } from './model/instant.js';
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
} from './model/invoice.js';
export {
  type InvoiceLine,
  type InvoiceLinePatch,
  InvoiceLinePatchSchema,
  InvoiceLineSchema,
  type InvoiceLineWrite,
  InvoiceLineWriteSchema,
  type LineTax,
  LineTaxSchema,
} from './model/invoiceLine.js';
export {
  INVOICE_REFERENCE_TYPES,
  INVOICE_REFERENCE_WRITE_ONLY,
  type InvoiceReference,
  InvoiceReferenceSchema,
  type InvoiceReferenceType,
  type InvoiceReferenceWrite,
  InvoiceReferenceWriteSchema,
} from './model/invoiceReference.js';
export { isIsoDate } from './model/isoDate.js';
export { type KsefAdditionalInfo, KsefAdditionalInfoSchema } from './model/ksefAdditionalInfo.js';
export { type KsefBankAccount, KsefBankAccountSchema } from './model/ksefBankAccount.js';
export { type KsefCorrectedInvoice, KsefCorrectedInvoiceSchema } from './model/ksefCorrectedInvoice.js';
export {
  type KsefLine,
  KsefLineSchema,
  type KsefOrderLine,
  KsefOrderLineSchema,
  ksefAmount,
  ksefQuantity,
  ksefRate,
  ksefUnitPrice,
} from './model/ksefLine.js';
export { type KsefTaxBreakdown, KsefTaxBreakdownSchema } from './model/ksefTaxBreakdown.js';
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
} from './model/ksefTaxReport.js';
export { type KsefThirdParty, KsefThirdPartySchema } from './model/ksefThirdParty.js';
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
} from './model/ledger.js';
export {
  DEFAULT_PAGE_LIMIT,
  INVOICE_EXPANDABLE_FIELDS,
  type InvoiceExpandableField,
  type InvoiceListQuery,
  type ListQuery,
  ListQuerySchema,
  MAX_PAGE_LIMIT,
  parseInvoiceInclude,
  parseInvoiceListQuery,
  parseListQuery,
  parseQueryFlag,
} from './model/listQuery.js';
export { isLosslessNumber, type LosslessNumberLike, plainNumberText } from './model/losslessNumber.js';
export {
  ORDER_STATES,
  ORDER_TYPES,
  type Order,
  type OrderCreate,
  OrderCreateSchema,
  OrderSchema,
  type OrderState,
  type OrderType,
  parseOrder,
  parseOrderMarkAs,
} from './model/order.js';
export { orderTotal } from './model/orderTotal.js';
export { type Operation, parseWith } from './model/parse.js';
export type { PeppolParticipant } from './model/peppolParticipant.js';
export {
  asciiLowerCase,
  type ConditionValue,
  type FieldPath,
  type RecordCondition,
  recordMatches,
  valueAt,
} from './model/recordFilter.js';
export { type RequestLog, RequestLogSchema, type StoredRequestLog } from './model/requestLog.js';
export { ROUTING_CODE_SLOTS, type RoutingCodes, RoutingCodesSchema } from './model/routingCodes.js';
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
} from './model/siiCodes.js';
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
} from './model/siiTaxReport.js';
export {
  isTaxReportType,
  parseTaxReport,
  type TaxReport,
  type TaxReportCreate,
  TaxReportSchema,
  type TaxReportUpdate,
} from './model/taxReport.js';
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
} from './model/taxReportBatch.js';
export {
  TAX_REPORT_STATES,
  TAX_REPORT_TYPES,
  type TaxReportState,
  type TaxReportType,
} from './model/taxReportCommon.js';
export {
  THIRD_PARTY_ROLES,
  type ThirdParty,
  type ThirdPartyRole,
  ThirdPartySchema,
} from './model/thirdParty.js';
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
} from './model/tinVerification.js';
export {
  newTransport,
  PEPPOL_PUBLICATION_STATUSES,
  type PeppolPublicationStatus,
  parseTransport,
  type ReceptionDocumentType,
  ReceptionDocumentTypeSchema,
  receptionDocumentTypes,
  type Transport,
  type TransportCreate,
  TransportCreateSchema,
  TransportSchema,
  type TransportUpdate,
  TransportUpdateSchema,
} from './model/transport.js';
export {
  WEBHOOK_DELIVERY_STATUSES,
  type WebhookAttempt,
  WebhookAttemptSchema,
  type WebhookDelivery,
  WebhookDeliverySchema,
  type WebhookDeliveryStatus,
} from './model/webhookDelivery.js';
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
} from './model/webhookSubscription.js';
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
export { type OpenApiDocument, type OpenApiOptions, openApiDocument } from './openapi/openApiDocument.js';
export {
  type AccountGroup,
  type ApiEnvironment,
  type ApiKeyRecord,
  type BlobStore,
  type Cache,
  type CensusClient,
  CensusError,
  type CensusFailure,
  type CensusQuery,
  type Clock,
  type Compute,
  type ComputeTask,
  type ComputeTasks,
  censusCacheKey,
  DuplicateRecordError,
  type EventSink,
  type FieldValue,
  type IdGenerator,
  type Inserted,
  type InsertOptions,
  isStorageUnavailable,
  type Job,
  type JobDraft,
  type JobQueue,
  type JobStatus,
  type KeyStore,
  type Lease,
  LeaseLostError,
  type LeaseOptions,
  type LedgerImportTaskOutput,
  MAX_CENSUS_PAIRS_PER_CALL,
  type OutboxEvent,
  OutboxKeyConflictError,
  type Page,
  type PageRequest,
  type Ports,
  type RandomSource,
  RecordMissingError,
  type Repository,
  type RetryOptions,
  type SchemaError,
  type SchemaValidator,
  type SchemaVerdict,
  StorageUnavailableError,
  type Store,
  type StoredBlob,
  TaxAuthorityError,
  type TaxAuthoritySubmission,
  type TaxAuthorityTransport,
  type TaxReportImportTaskInput,
  type TaxReportImportTaskOutput,
  type Updated,
  type UpdateOptions,
  VersionConflictError,
  type Versioned,
  type WebhookRequest,
  type WebhookTransport,
} from './ports.js';
export { accountIssues } from './rules/account.js';
export { type AutoRemittanceInput, autoRemittanceReference } from './rules/autoRemittance.js';
export { bankAccountIssues } from './rules/bankAccount.js';
export { cannotChangeIssues } from './rules/cannotChange.js';
export { type ContactRuleContext, contactIssues } from './rules/contact.js';
export { type InlineContactInvoice, inlineContactIssues } from './rules/inlineContact.js';
export {
  type InvoiceRuleContext,
  invoiceIssues,
  type ValidateInvoiceContext,
  validateInvoice,
} from './rules/invoice.js';
export { type CounterpartyFields, counterpartyIssues } from './rules/invoiceCounterparty.js';
export { invoiceLineIssues } from './rules/invoiceLines.js';
export {
  type FindInvoiceByNumber,
  type InvoiceNumberKey,
  invoiceNumberTakenIssues,
} from './rules/invoiceNumberTaken.js';
export { invoiceReferenceIssues, MAX_AMEND_REFERENCES } from './rules/invoiceReferences.js';
export { invoiceStateIssues } from './rules/invoiceState.js';
export { isPresent, issueAt } from './rules/issue.js';
export { ksefAdvanceAmountIssues } from './rules/ksefAdvanceAmounts.js';
export {
  type KsefBuyerUnitCandidate,
  type KsefBuyerUnitOptions,
  ksefBuyerUnitIssues,
} from './rules/ksefBuyerUnit.js';
export {
  type KsefCorrectedInvoicesCandidate,
  ksefCorrectedInvoicesIssues,
} from './rules/ksefCorrectedInvoices.js';
export { type KsefExemptionBasisCandidate, ksefExemptionBasisIssues } from './rules/ksefExemptionBasis.js';
export { type KsefForeignCurrencyCandidate, ksefForeignCurrencyIssues } from './rules/ksefForeignCurrency.js';
export { ksefInvoiceContentIssues } from './rules/ksefInvoiceContent.js';
export { type KsefTaxReportRuleOptions, ksefTaxReportIssues } from './rules/ksefTaxReport.js';
export {
  inheritFromParent,
  type OfficeFields,
  officeCandidate,
  officeParentIssues,
  officeTinIssues,
} from './rules/office.js';
export {
  type PrepaymentReferenceCandidate,
  prepaymentReferenceIssues,
} from './rules/prepaymentReferences.js';
export { routingCodeIssues } from './rules/routingCodes.js';
export { siiAnnualPeriodIssues } from './rules/siiAnnualPeriod.js';
export {
  SII_BOOK_REQUIREMENTS,
  type SiiRequiredField,
  siiBookRequirementIssues,
} from './rules/siiBookRequirements.js';
export { siiCorrectiveIssues } from './rules/siiCorrective.js';
export { siiCounterpartyIssues } from './rules/siiCounterparty.js';
export { siiTaxBreakdownIssues } from './rules/siiTaxBreakdowns.js';
export { siiTaxReportIssues } from './rules/siiTaxReport.js';
export { supplierPartyKrsIssues } from './rules/supplierPartyKrs.js';
export { supplierPartyRegonIssues } from './rules/supplierPartyRegon.js';
export { type TaxableBaseRoundingFlags, taxableBaseRoundingIssues } from './rules/taxableBaseRounding.js';
export { batchRecordIssues, parseBatchRecord } from './rules/taxReportBatchRecord.js';
export { taxReportTypeChangeIssues } from './rules/taxReportTypeChange.js';
export { type ThirdPartyFields, thirdPartyIssues } from './rules/thirdParty.js';
export { thirdPartyCountryIssues } from './rules/thirdPartyCountry.js';
export { totalAmountDueIssues } from './rules/totalAmountDue.js';
export { transportIssues } from './rules/transport.js';
export { transportCodeIssues } from './rules/transportCode.js';
export {
  type FindTransportByType,
  type TransportTypeKey,
  transportTypeTakenIssues,
} from './rules/transportTypeTaken.js';
export {
  type AccountEventDraft,
  type AccountEventService,
  createAccountEventService,
  recordAccountEvent,
} from './service/accountEvents.js';
export { type AccountService, createAccountService } from './service/accounts.js';
export { type BankAccountService, createBankAccountService } from './service/bankAccounts.js';
export type { Caller } from './service/caller.js';
export {
  CODE_LISTS,
  type CodeListName,
  type CodeListService,
  createCodeListService,
} from './service/codeLists.js';
export { type ContactService, createContactService } from './service/contacts.js';
export type { ServiceDeps } from './service/deps.js';
export { createDespatchAdviceService, type DespatchAdviceService } from './service/despatchAdvices.js';
export {
  createDirectoryService,
  type DirectoryParticipant,
  type DirectoryService,
} from './service/directory.js';
export { createDocumentService, type DocumentInput, type DocumentService } from './service/documents.js';
export { eventDispatchHandler } from './service/eventDispatch.js';
export {
  createEventPublisher,
  EVENT_DISPATCH_DELAY_MS,
  EVENT_DISPATCH_JOB,
  type EventPublisher,
  type GuardedWrite,
  WEBHOOK_DELIVERY_JOB,
} from './service/events.js';
export {
  createFiscalkit,
  type EventService,
  type Fiscalkit,
  type FiscalkitOptions,
} from './service/fiscalkit.js';
export {
  INVOICE_STATE_FLAGS,
  type InvoiceListWhere,
  invoiceListQuery,
  updatedAtInstant,
} from './service/invoiceListQuery.js';
export {
  createInvoiceService,
  DELETABLE_INVOICE_STATES,
  EDITABLE_INVOICE_STATES,
  type InvoiceService,
} from './service/invoices.js';
export {
  isJobNotReady,
  JobNotReadyError,
  NOT_STORED_GRACE_MS,
  notStoredYet,
} from './service/jobNotReady.js';
export {
  createLedgerService,
  LEDGER_SUBMISSION_JOB,
  type LedgerService,
  ledgerSubmissionHandler,
} from './service/ledgers.js';
export {
  contactListConditions,
  listQueryConditions,
  PAGE_PARAMS,
  parseQueryFilter,
  QUERY_FIELDS,
  type QueryField,
  type QueryList,
  type QueryValueKind,
  queryConditions,
  unknownListParams,
  versionHasQueryFilter,
} from './service/listFilters.js';
export { createOrderService, type OrderService } from './service/orders.js';
export { siiTitularOf } from './service/siiTitular.js';
export {
  BATCH_CHUNK_SIZE,
  type BatchRequestOptions,
  createTaxReportBatchService,
  TAX_REPORT_BATCH_JOB,
  type TaxReportBatchService,
  type TaxReportBatchServiceOptions,
  taxReportBatchHandler,
} from './service/taxReportBatches.js';
export { createTaxReportService, type TaxReportService } from './service/taxReports.js';
export { ownedAccount, ownedRecord, ownsAccount, resourceMissing } from './service/tenancy.js';
export {
  createTinVerificationService,
  TIN_CACHE_TTL_MS,
  TIN_VERIFICATION_JOB,
  type TinVerificationCreateOptions,
  type TinVerificationService,
  tinVerificationHandler,
} from './service/tinVerifications.js';
export {
  createTransportService,
  PEPPOL_PUBLICATION_JOB,
  type TransportService,
  transportJobHandlers,
} from './service/transports.js';
export { createWebHookService, type ResourcePage, type WebHookService } from './service/webHooks.js';
export { webhookDeliveryHandler } from './service/webhookDeliveries.js';
export {
  createWorker,
  exponentialBackoff,
  type JobContext,
  type JobHandler,
  type Worker,
  type WorkerOptions,
} from './service/worker.js';
export { allocate } from './totals/allocate.js';
export { computeTotals } from './totals/computeTotals.js';
export {
  type FlatTotalsInput,
  type FlatTotalsLineInput,
  flatToAllowanceCharges,
} from './totals/flatFields.js';
export {
  ALLOWANCE_CHARGE_INDICATORS,
  type AllowanceChargeIndicator,
  TAX_KINDS,
  type TaxKind,
  type TotalsAllowanceChargeInput,
  type TotalsInput,
  type TotalsLineAllowanceChargeInput,
  type TotalsLineInput,
  type TotalsTaxInput,
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
export {
  type AllowanceChargeTaxation,
  AMOUNT_DUE_TYPE_CODES,
  NOT_SUBJECT_CATEGORY,
  type NormalizedAllowanceCharge,
  type NormalizedLine,
  type NormalizedLineAllowanceCharge,
  type NormalizedTax,
  type NormalizedTotalsInput,
  validateTotalsInput,
} from './totals/validateTotalsInput.js';
export {
  API_VERSIONS,
  type ApiVersion,
  isApiVersion,
  LATEST_API_VERSION,
  parseApiVersion,
} from './versions/apiVersion.js';
export { behaviourIntroducedIn, type VersionedBehaviour, versionHas } from './versions/behaviours.js';
export { changesAfter, VERSION_CHAIN } from './versions/chain.js';
export {
  addedFields,
  type DowngradeContext,
  type ResourceChange,
  removedField,
  renamedField,
  type UpgradeContext,
  type VersionChanges,
  type View,
} from './versions/change.js';
export { canonicalEventKind, eventKindName } from './versions/eventKinds.js';
export type { JsonObject } from './versions/fieldPath.js';
export { fieldsOf } from './versions/fieldsOf.js';
export { type HostKind, hostKind, SERVICE_HOSTS, type ServiceHosts } from './versions/hosts.js';
export { DEFAULT_MAX_BODY_BYTES, type JsonBodyOptions, parseJsonBody } from './versions/jsonBody.js';
export {
  DEPTH_ONLY_JSON_LIMITS,
  type JsonLimits,
  jsonLimitIssue,
  MAX_JSON_DEPTH,
} from './versions/jsonLimits.js';
export { decodeJsonTree, encodeJsonTree } from './versions/jsonTransfer.js';
export {
  canonicalPath,
  LEGACY_CODE_LISTS,
  type LegacyPathResult,
  legacyPath,
  removedEndpointOf,
  resolveLegacyPath,
  SEND_TAX_REPORT_REFUSAL,
} from './versions/legacyPaths.js';
export { normalizeRequest } from './versions/normalize.js';
export {
  createdStatus,
  DEPRECATED_INVOICE_STATUS_FILTERS,
  effectiveContactId,
  endpointMissingMessage,
  INVOICE_STATUS_FILTERS,
  type InvoiceListFilterSupport,
  type InvoiceStatusFilter,
  invoiceListFilterSupport,
  LEGACY_REQUEST_ID_HEADER,
  listResponseHasMeta,
  REMOVED_INVOICE_STATUS_FILTERS,
  REQUEST_ID_HEADER,
  requestIdHeaders,
  taxReportDocumentTypeCode,
  VERSIONED_ENDPOINTS,
  type VersionedEndpoint,
  versionHasEndpoint,
  writeResponseHasBody,
  writeStatus,
} from './versions/protocol.js';
export {
  BATCH_DEFAULT_API_VERSION,
  LEGACY_API_VERSION,
  resolveVersion,
  type VersionRequest,
} from './versions/resolveVersion.js';
export { KINDS, type KindShape, RESOURCE_KINDS, type ResourceKind } from './versions/resourceKind.js';
export {
  type ListMeta,
  type SerializeOptions,
  serialize,
  serializeList,
  toJson,
} from './versions/serialize.js';
