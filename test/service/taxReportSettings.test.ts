/**
 * Tax report settings (issue #23; api-notes.md §9; the PHP client's `TaxReportSettingService`): CRUD,
 * the codes fiscalkit serves and the ones it refuses (saying so), the country of each code, the
 * defaults, validation of the SII default codes, tenancy.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { memoryPorts } from '../../src/adapters/memory/index.js';
import type { MemoryPorts } from '../../src/adapters/memory/memoryPorts.js';
import { isApiError } from '../../src/errors/ApiError.js';
import { TaxReportSettingSchema } from '../../src/model/taxReportSetting.js';
import { createFiscalkit, type Fiscalkit } from '../../src/service/fiscalkit.js';
import { callerOf, ES_ACCOUNT, OTHER_ACCOUNT, PL_ACCOUNT, seedWorld } from '../support/taxReportWorld.js';

const caller = callerOf(1);
const other = callerOf(2);
let ports: MemoryPorts;
let fiscalkit: Fiscalkit;

beforeEach(async () => {
  ports = memoryPorts();
  await seedWorld(ports);
  fiscalkit = createFiscalkit(ports, { base_url: 'https://api.example.test' });
});

async function rejection(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isApiError(error))
      return { code: error.code, status: error.status, param: error.param, message: error.message };
    throw error;
  }
  throw new Error('expected an ApiError');
}

describe('tax report settings', () => {
  it('create with defaults, get in any case, list, update, delete, then 404', async () => {
    const settings = fiscalkit.taxReportSettings;
    const created = await settings.create(caller, ES_ACCOUNT, { code: 'SII', start_date: '2026-01-01' });
    expect(TaxReportSettingSchema.safeParse(created).success).toBe(true);
    expect(created).toMatchObject({
      account_id: ES_ACCOUNT,
      code: 'sii',
      start_date: '2026-01-01',
      auto_generate: true,
      auto_send: false,
      special_regime_key: null,
      credit_note_code: null,
    });
    expect(await settings.get(caller, ES_ACCOUNT, 'Sii')).toEqual(created);
    const listed = await settings.list(caller, ES_ACCOUNT, { offset: 0, limit: 25 });
    expect(listed).toEqual({ items: [created], total_count: 1 });

    const updated = await settings.update(caller, ES_ACCOUNT, 'sii', {
      auto_send: true,
      special_regime_key: '05',
      reason_vat_exempt: 'E2',
      credit_note_code: 'R4',
    });
    expect(updated).toMatchObject({
      auto_send: true,
      auto_generate: true,
      start_date: '2026-01-01',
      special_regime_key: '05',
      reason_vat_exempt: 'E2',
      credit_note_code: 'R4',
    });
    // null clears an SII default; absent keeps it.
    expect(await settings.update(caller, ES_ACCOUNT, 'sii', { special_regime_key: null })).toMatchObject({
      special_regime_key: null,
      reason_vat_exempt: 'E2',
    });

    expect((await settings.remove(caller, ES_ACCOUNT, 'sii')).id).toBe(created.id);
    expect(await rejection(settings.get(caller, ES_ACCOUNT, 'sii'))).toMatchObject({
      code: 'resource_missing',
      status: 404,
      param: 'code',
    });
    // Deleted, it can be created again.
    expect((await settings.create(caller, ES_ACCOUNT, { code: 'sii', start_date: '2026-02-01' })).code).toBe(
      'sii',
    );
  });

  it('refuses the authorities fiscalkit does not report to, saying so', async () => {
    for (const code of ['verifactu', 'VeriFactu', 'ticketbai', 'sdi']) {
      const refused = await rejection(
        fiscalkit.taxReportSettings.create(caller, ES_ACCOUNT, { code, start_date: '2026-01-01' }),
      );
      expect(refused).toMatchObject({ code: 'parameter_inclusion', status: 422, param: 'code' });
      expect(refused.message).toContain('fiscalkit does not report to this tax authority');
    }
    const unknown = await rejection(
      fiscalkit.taxReportSettings.create(caller, ES_ACCOUNT, { code: 'aeat', start_date: '2026-01-01' }),
    );
    expect(unknown).toMatchObject({ code: 'parameter_inclusion', param: 'code' });
  });

  it('sii is for Spanish accounts and ksef for Polish ones', async () => {
    expect(
      await rejection(
        fiscalkit.taxReportSettings.create(caller, PL_ACCOUNT, { code: 'sii', start_date: '2026-01-01' }),
      ),
    ).toMatchObject({ code: 'parameter_invalid', param: 'code' });
    expect(
      await rejection(
        fiscalkit.taxReportSettings.create(caller, ES_ACCOUNT, { code: 'ksef', start_date: '2026-01-01' }),
      ),
    ).toMatchObject({ code: 'parameter_invalid', param: 'code' });
    const ksef = await fiscalkit.taxReportSettings.create(caller, PL_ACCOUNT, {
      code: 'ksef',
      start_date: '2026-01-01',
      auto_send: true,
    });
    expect(ksef).toMatchObject({ code: 'ksef', auto_send: true });
  });

  it('validates the fields', async () => {
    const create = (body: Record<string, unknown>) =>
      rejection(fiscalkit.taxReportSettings.create(caller, ES_ACCOUNT, body));
    expect(await create({ code: 'sii' })).toMatchObject({ param: 'start_date', status: 422 });
    expect(await create({ code: 'sii', start_date: '01/01/2026' })).toMatchObject({
      code: 'parameter_invalid',
      param: 'start_date',
    });
    expect(await create({ code: 'sii', start_date: '2026-01-01', special_regime_key: '99' })).toMatchObject({
      param: 'special_regime_key',
    });
    expect(await create({ code: 'sii', start_date: '2026-01-01', credit_note_code: 'F1' })).toMatchObject({
      param: 'credit_note_code',
    });
    expect(await create({ code: 'sii', start_date: '2026-01-01', auto_send: 'yes' })).toMatchObject({
      code: 'invalid_request_params',
      param: 'auto_send',
    });
    await fiscalkit.taxReportSettings.create(caller, ES_ACCOUNT, { code: 'sii', start_date: '2026-01-01' });
    expect(await create({ code: 'sii', start_date: '2026-01-01' })).toMatchObject({
      code: 'parameter_taken',
      param: 'code',
    });
    expect(
      await rejection(fiscalkit.taxReportSettings.update(caller, ES_ACCOUNT, 'sii', { code: 'ksef' })),
    ).toMatchObject({ code: 'parameter_cannot_change', param: 'code' });
  });

  it('another group sees none of it (404)', async () => {
    await fiscalkit.taxReportSettings.create(caller, ES_ACCOUNT, { code: 'sii', start_date: '2026-01-01' });
    expect(await rejection(fiscalkit.taxReportSettings.get(other, ES_ACCOUNT, 'sii'))).toMatchObject({
      status: 404,
    });
    expect(
      await rejection(
        fiscalkit.taxReportSettings.create(other, ES_ACCOUNT, { code: 'sii', start_date: '2026-01-01' }),
      ),
    ).toMatchObject({ status: 404 });
    expect(
      (await fiscalkit.taxReportSettings.list(other, OTHER_ACCOUNT, { offset: 0, limit: 25 })).items,
    ).toEqual([]);
  });
});
