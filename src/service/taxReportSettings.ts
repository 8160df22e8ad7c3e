/**
 * The tax report settings of an account (issue #23; api-notes.md §9; `B2Brouter/b2brouter-php`
 * `TaxReportSettingService`): `GET, POST /accounts/{account}/tax_report_settings`, `GET, PUT, DELETE
 * /accounts/{account}/tax_report_settings/{code}`. One setting per authority `code`; fiscalkit serves
 * `sii` (a Spanish account's AEAT books) and `ksef` (a Polish account's KSeF). What a setting does:
 * `taxReportOnSend.ts` (the reports made when an invoice is sent) and the SII generate defaults.
 *
 * @module
 */
import { ApiError } from '../errors/ApiError.js';
import { instantFromMillis } from '../model/instant.js';
import type { TaxReportType } from '../model/taxReport.js';
import {
  parseTaxReportSetting,
  TAX_REPORT_SETTING_CODES,
  TAX_REPORT_SETTING_COUNTRY,
  type TaxReportSetting,
  type TaxReportSettingCode,
  type TaxReportSettingUpdate,
  UNSERVED_TAX_REPORT_SETTING_CODES,
} from '../model/taxReportSetting.js';
import type { PageRequest, Ports, Versioned } from '../ports.js';
import { checkedPage } from './accountWrites.js';
import type { Caller } from './caller.js';
import { fail } from './taxReportRequests.js';
import { activeAccount, ownedAccount } from './tenancy.js';
import type { ResourcePage } from './webHooks.js';

/** The use cases of tax report settings. */
export interface TaxReportSettingService {
  /** GET /accounts/{account}/tax_report_settings: the account's settings, oldest first. */
  list(caller: Caller, account_id: number, page: PageRequest): Promise<ResourcePage<TaxReportSetting>>;
  /** GET /accounts/{account}/tax_report_settings/{code}; 404 when the code is not configured. */
  get(caller: Caller, account_id: number, code: string): Promise<TaxReportSetting>;
  /** POST /accounts/{account}/tax_report_settings, body inside `{tax_report_setting: …}`. */
  create(caller: Caller, account_id: number, body: unknown): Promise<TaxReportSetting>;
  /** PUT /accounts/{account}/tax_report_settings/{code}: any subset of the fields. */
  update(caller: Caller, account_id: number, code: string, body: unknown): Promise<TaxReportSetting>;
  /** DELETE /accounts/{account}/tax_report_settings/{code}: answers the setting removed. */
  remove(caller: Caller, account_id: number, code: string): Promise<TaxReportSetting>;
}

/** Whether `code` is one fiscalkit reports to. */
function isServed(code: string): code is TaxReportSettingCode {
  return (TAX_REPORT_SETTING_CODES as readonly string[]).includes(code);
}

/**
 * A code fiscalkit does not report to: 422 at `code`, saying so plainly. The real service's other
 * authorities (Verifactu, TicketBAI, SDI) are named as such, so a client knows the code is right and
 * the authority is simply not served here (**fiscalkit choice**: never accepted and ignored, which
 * would let a host believe its invoices are reported).
 */
function unservedCode(code: string): ApiError {
  const known = (UNSERVED_TAX_REPORT_SETTING_CODES as readonly string[]).includes(code);
  return new ApiError(
    'parameter_inclusion',
    known
      ? `code ${JSON.stringify(code)}: fiscalkit does not report to this tax authority; it reports to SII (code sii, Spanish accounts) and KSeF (code ksef, Polish accounts)`
      : `code ${JSON.stringify(code)} is not a tax authority fiscalkit reports to: sii (Spanish accounts) or ksef (Polish accounts)`,
    { param: 'code', rule: 'fiscalkit.tax-report-setting.code' },
  );
}

/** The stored setting of `code`, or null (a code in any case; an unserved code is never stored). */
async function findSetting(
  ports: Ports,
  account_id: number,
  code: string,
): Promise<Versioned<TaxReportSetting> | null> {
  const found = await ports.store.taxReportSettings.find(
    account_id,
    { code: code.toLowerCase() },
    { offset: 0, limit: 1 },
  );
  return found.items[0] ?? null;
}

/**
 * The account's stored setting of `code` (`sii`, `ksef`), or null when it has none.
 *
 * @example
 * ```ts
 * (await storedTaxReportSetting(ports, 1, 'sii'))?.auto_send; // true
 * ```
 */
export async function storedTaxReportSetting(
  ports: Ports,
  account_id: number,
  code: TaxReportSettingCode,
): Promise<TaxReportSetting | null> {
  return (await findSetting(ports, account_id, code))?.value ?? null;
}

/**
 * Which report each setting code makes (a row per authority fiscalkit reports to): an `sii` setting of
 * a Spanish account makes `SiiDocument` records, a `ksef` setting of a Polish account `Ksef` reports.
 */
export const REPORT_TYPE_OF_SETTING: { readonly [C in TaxReportSettingCode]: TaxReportType } = {
  sii: 'SiiDocument',
  ksef: 'Ksef',
};

/**
 * The account's setting of the authority a report `type` goes to (`REPORT_TYPE_OF_SETTING`), or
 * null: what the generate path reads its defaults from (sii.md §10 `tax_report_setting`).
 *
 * @example
 * ```ts
 * (await taxReportSettingOf(ports, 1, 'SiiDocument'))?.special_regime_key; // '01'
 * ```
 */
export async function taxReportSettingOf(
  ports: Ports,
  account_id: number,
  type: TaxReportType,
): Promise<TaxReportSetting | null> {
  const code = TAX_REPORT_SETTING_CODES.find((candidate) => REPORT_TYPE_OF_SETTING[candidate] === type);
  return code === undefined ? null : storedTaxReportSetting(ports, account_id, code);
}

function notConfigured(account_id: number, code: string): ApiError {
  return new ApiError(
    'resource_missing',
    `account ${String(account_id)} has no tax report setting ${JSON.stringify(code)}`,
    { param: 'code' },
  );
}

/** The setting as `update` leaves it (absent fields keep their value; null clears an SII default). */
function merged(stored: TaxReportSetting, update: TaxReportSettingUpdate, now: string): TaxReportSetting {
  const next: TaxReportSetting = { ...stored, updated_at: now };
  if (update.start_date !== undefined) next.start_date = update.start_date;
  if (update.auto_generate !== undefined && update.auto_generate !== null)
    next.auto_generate = update.auto_generate;
  if (update.auto_send !== undefined && update.auto_send !== null) next.auto_send = update.auto_send;
  if (update.special_regime_key !== undefined) next.special_regime_key = update.special_regime_key ?? null;
  if (update.reason_vat_exempt !== undefined) next.reason_vat_exempt = update.reason_vat_exempt ?? null;
  if (update.reason_no_subject !== undefined) next.reason_no_subject = update.reason_no_subject ?? null;
  if (update.credit_note_code !== undefined) next.credit_note_code = update.credit_note_code ?? null;
  return next;
}

/**
 * The tax report setting use cases. Decisions where the public documentation is silent, each beside
 * its code: codes are read in any case and stored lower case; a code fiscalkit does not report to
 * (`verifactu`, `ticketbai`, `sdi`, …) is 422 with a message saying so; `sii` needs a Spanish account
 * and `ksef` a Polish one (422 at `code`: a setting that can never apply would mislead); `start_date`
 * is required on create (from when invoices are reported is the host's decision, never guessed);
 * `auto_generate` defaults to true and `auto_send` to false (submitting to an authority is never done
 * unasked); a second setting of a code is 422 `parameter_taken`; a code that is not configured is 404.
 *
 * @example
 * ```ts
 * const settings = createTaxReportSettingService(ports);
 * await settings.create(caller, 1, { code: 'sii', start_date: '2026-01-01', auto_send: true });
 * (await settings.get(caller, 1, 'SII')).auto_generate; // true
 * ```
 */
export function createTaxReportSettingService(ports: Ports): TaxReportSettingService {
  const now = () => instantFromMillis(ports.clock.now());
  const requireSetting = async (account_id: number, code: string) => {
    const stored = await findSetting(ports, account_id, code);
    if (stored === null) throw notConfigured(account_id, code);
    return stored;
  };
  return {
    async list(caller, account_id, page) {
      await ownedAccount(ports, caller, account_id);
      const found = await ports.store.taxReportSettings.list(account_id, checkedPage(page));
      return { items: found.items.map((item) => item.value), total_count: found.total_count };
    },

    async get(caller, account_id, code) {
      await ownedAccount(ports, caller, account_id);
      return (await requireSetting(account_id, code)).value;
    },

    async create(caller, account_id, body) {
      const { value: account } = await activeAccount(ports, caller, account_id);
      const parsed = parseTaxReportSetting(body, 'create');
      if (!parsed.success) fail(parsed.issues);
      const input = parsed.data;
      if (!isServed(input.code)) throw unservedCode(input.code);
      const country = TAX_REPORT_SETTING_COUNTRY[input.code];
      if (account.country !== country)
        throw new ApiError(
          'parameter_invalid',
          `code ${input.code} reports to the tax authority of ${country}: account ${String(account.id)} is in ${account.country}`,
          { param: 'code', rule: 'fiscalkit.tax-report-setting.country' },
        );
      if ((await findSetting(ports, account.id, input.code)) !== null)
        throw new ApiError(
          'parameter_taken',
          `account ${String(account.id)} already has a tax report setting ${input.code}: change it with PUT /accounts/${String(account.id)}/tax_report_settings/${input.code}`,
          { param: 'code' },
        );
      const at = now();
      const setting: TaxReportSetting = {
        id: await ports.ids.next('tax_report_setting'),
        account_id: account.id,
        code: input.code,
        start_date: input.start_date,
        auto_generate: input.auto_generate ?? true,
        auto_send: input.auto_send ?? false,
        special_regime_key: input.special_regime_key ?? null,
        reason_vat_exempt: input.reason_vat_exempt ?? null,
        reason_no_subject: input.reason_no_subject ?? null,
        credit_note_code: input.credit_note_code ?? null,
        created_at: at,
        updated_at: at,
      };
      // One setting per code even under concurrency: after the insert, the lowest id of the code
      // stands and a later one gives way (an insert key would outlive a DELETE and block re-creation).
      const inserted = await ports.store.taxReportSettings.insert(setting);
      const rivals = await ports.store.taxReportSettings.find(
        account.id,
        { code: input.code },
        { offset: 0, limit: 2 },
      );
      const first = rivals.items[0];
      if (first !== undefined && first.value.id !== setting.id) {
        await ports.store.taxReportSettings.remove(account.id, setting.id, inserted.version);
        throw new ApiError(
          'parameter_taken',
          `account ${String(account.id)} already has a tax report setting ${input.code}`,
          { param: 'code' },
        );
      }
      return inserted.value;
    },

    async update(caller, account_id, code, body) {
      await activeAccount(ports, caller, account_id);
      const stored = await requireSetting(account_id, code);
      const parsed = parseTaxReportSetting(body, 'update');
      if (!parsed.success) fail(parsed.issues);
      if (
        parsed.data.code !== undefined &&
        parsed.data.code !== null &&
        parsed.data.code !== stored.value.code
      )
        throw new ApiError(
          'parameter_cannot_change',
          `code is the setting's identity (${stored.value.code}): create a setting of another code instead`,
          { param: 'code' },
        );
      if (parsed.data.start_date === null)
        throw new ApiError('parameter_blank', 'start_date cannot be blank', { param: 'start_date' });
      const written = await ports.store.taxReportSettings.update(
        merged(stored.value, parsed.data, now()),
        stored.version,
      );
      return written.value;
    },

    async remove(caller, account_id, code) {
      await activeAccount(ports, caller, account_id);
      const stored = await requireSetting(account_id, code);
      await ports.store.taxReportSettings.remove(account_id, stored.value.id, stored.version);
      return stored.value;
    },
  };
}
