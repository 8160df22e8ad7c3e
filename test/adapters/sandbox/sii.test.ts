import { afterAll, describe, expect, it } from 'vitest';
import { memoryCensus } from '../../../src/adapters/memory/census.js';
import { manualClock } from '../../../src/adapters/memory/clock.js';
import {
  SANDBOX_UNKNOWN_NIFS,
  type SandboxSiiOptions,
  SII_DUPLICATE,
  SII_TOTAL_OUT_OF_TOLERANCE,
  SII_UNKNOWN_NIF,
  sandboxSii,
} from '../../../src/adapters/sandbox/sii.js';
import type { SiiTaxReportCreate } from '../../../src/model/siiTaxReport.js';
import { TaxAuthorityError } from '../../../src/ports.js';
import { buildSiiMessage } from '../../../src/sii/build/buildSiiMessage.js';
import { parseSiiResponse, type SiiResponse } from '../../../src/sii/import/response.js';
import type { SiiMessage } from '../../../src/sii/message.js';
import { describeTaxAuthorityContract } from '../../contracts/taxAuthority.js';
import { hasShared } from '../../support/shared.js';
import { siiMessage } from '../../support/siiMessages.js';
import { expedidaF1, siiTitular } from '../../support/siiReports.js';
import { type CompiledSchema, compileSchema, formatXsdErrors, validateWith } from '../../support/xsd.js';

describeTaxAuthorityContract('sandboxSii', () => sandboxSii());

function build(message: SiiMessage): string {
  const built = buildSiiMessage(message);
  if (!built.success) throw new Error(JSON.stringify(built.issues));
  return built.data;
}

/** An Expedida message of the F1 fixture, each record changed by `change`. */
function expedidas(...changes: ((record: SiiTaxReportCreate) => Partial<SiiTaxReportCreate>)[]): {
  message: SiiMessage;
  xml: string;
} {
  const records = changes.map((change, index) => {
    const record = { ...expedidaF1(), invoice_number: `2026-S-${String(index + 1)}` };
    return { ...record, ...change(record) };
  });
  const message: SiiMessage = {
    book_type: 'Expedida',
    kind: 'alta',
    communication_type: 'A0',
    titular: siiTitular(),
    records,
  };
  return { message, xml: build(message) };
}

const same = () => ({});

/** The message with the n-th `ImporteTotal` (each 1985.00, the F1 fixture's) replaced by `totals[n]`. */
function withTotals(xml: string, totals: readonly string[]): string {
  let index = 0;
  const edited = xml.replace(/<sii:ImporteTotal>1985\.00<\/sii:ImporteTotal>/g, (found) => {
    const total = totals[index];
    index += 1;
    return total === undefined ? found : `<sii:ImporteTotal>${total}</sii:ImporteTotal>`;
  });
  if (index !== totals.length)
    throw new Error(`expected ${String(totals.length)} ImporteTotal, found ${String(index)}`);
  return edited;
}

function read(xml: string): SiiResponse {
  const response = parseSiiResponse(xml);
  if (!response.success) throw new Error(JSON.stringify(response.issues));
  return response.data;
}

async function submit(authority: ReturnType<typeof sandboxSii>, xml: string) {
  const { xml: answer } = await authority.submit({ ledger_id: 1, xml });
  return { xml: answer, response: read(answer) };
}

const codes = (response: SiiResponse) => response.records.map((record) => record.error_code);

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('sandboxSii', () => {
  const options: SandboxSiiOptions = { clock: manualClock() };

  it('accepts a good message: Correcto, a CSV per record, and registers each invoice', async () => {
    const authority = sandboxSii(options);
    const { response } = await submit(authority, expedidas(same, same).xml);
    expect(response.submission_status).toBe('Correcto');
    expect(response.csv).toMatch(/^MEM\d{13}$/);
    expect(response.records.map((record) => [record.status, record.error_code])).toEqual([
      ['Correcto', null],
      ['Correcto', null],
    ]);
    expect(response.records.every((record) => record.csv !== null)).toBe(true);
    expect(authority.registered).toBe(2);
  });

  it('rejects the same invoice sent again (A0) with 3000 and RegistroDuplicado, accepting the new one', async () => {
    const authority = sandboxSii(options);
    await submit(authority, expedidas(same).xml);
    const again = expedidas(same, (record) => ({ invoice_number: `${record.invoice_number}-new` }));
    const { xml, response } = await submit(authority, again.xml);
    expect(response.submission_status).toBe('ParcialmenteCorrecto');
    expect(codes(response)).toEqual([SII_DUPLICATE.code, null]);
    expect(response.records[0]?.error_description).toBe('Registro de factura duplicado');
    expect(xml).toContain(
      '<siiR:RegistroDuplicado><sii:EstadoRegistro>Correcta</sii:EstadoRegistro></siiR:RegistroDuplicado></siiR:RespuestaLinea>',
    );
    // Only the duplicate's line carries it.
    expect(xml.split('<siiR:RegistroDuplicado>')).toHaveLength(2);
    expect(authority.registered).toBe(2);
  });

  it('judges uniqueness by NIF, number and date: another date is another invoice; twice in one message is a duplicate', async () => {
    const authority = sandboxSii(options);
    await submit(authority, expedidas(same).xml);
    const { response } = await submit(authority, expedidas(() => ({ invoice_date: '2026-03-16' })).xml);
    expect(response.submission_status).toBe('Correcto');
    const twice = expedidas(
      () => ({ invoice_number: 'X-1' }),
      () => ({ invoice_number: 'X-1' }),
    );
    expect(codes((await submit(authority, twice.xml)).response)).toEqual([null, 3000]);
  });

  it('lets a modification (A1) through, and a baja frees the invoice for a new A0', async () => {
    const authority = sandboxSii(options);
    const first = expedidas(same);
    await submit(authority, first.xml);
    const a1 = build({
      ...first.message,
      communication_type: 'A1',
      records: first.message.records.map((record) => ({ ...record, communication_type: 'A1' })),
    });
    expect((await submit(authority, a1)).response.submission_status).toBe('Correcto');
    const baja = build({ ...first.message, kind: 'baja', communication_type: null });
    expect((await submit(authority, baja)).response.submission_status).toBe('Correcto');
    expect(authority.registered).toBe(0);
    expect((await submit(authority, first.xml)).response.submission_status).toBe('Correcto');
  });

  it('rejects a counterparty NIF of the documented unknown list with 1117, without a census', async () => {
    const authority = sandboxSii({ ...options, unknown_nifs: ['B12345674'] });
    const { response } = await submit(
      authority,
      expedidas(() => ({ customer_party_tax_id: SANDBOX_UNKNOWN_NIFS[0] }), same).xml,
    );
    expect(codes(response)).toEqual([SII_UNKNOWN_NIF.code, SII_UNKNOWN_NIF.code]);
    expect(response.submission_status).toBe('Incorrecto');
    expect(authority.registered).toBe(0);
  });

  it('asks the census when given one: NO IDENTIFICADO is 1117, IDENTIFICADO passes', async () => {
    const census = memoryCensus({ entries: [{ nif: 'B12345674', name: 'EMPRESA EJEMPLO SL' }] });
    const authority = sandboxSii({ ...options, census });
    const { response } = await submit(
      authority,
      expedidas(same, () => ({ customer_party_tax_id: 'A58818501' })).xml,
    );
    expect(codes(response)).toEqual([null, 1117]);
    expect(census.calls[0]).toEqual([
      { nif: 'B12345674', name: 'EMPRESA EJEMPLO SL' },
      { nif: 'A58818501', name: 'EMPRESA EJEMPLO SL' },
    ]);
  });

  it('turns a census that cannot answer into a retryable TaxAuthorityError', async () => {
    const census = memoryCensus();
    census.failNext(1);
    const error = await caught(
      sandboxSii({ ...options, census }).submit({ ledger_id: 1, xml: expedidas(same).xml }),
    );
    expect(error).toBeInstanceOf(TaxAuthorityError);
    expect((error as TaxAuthorityError).retryable).toBe(true);
  });

  it('rejects an ImporteTotal more than 10 € away from the breakdown, and lets 9.99 € through', async () => {
    const authority = sandboxSii(options);
    // The fixture's breakdown sums to 1985.00; fiscalkit's builder refuses such totals itself
    // (sii.8.total-amount), so the message is edited as another client could have written it.
    const built = expedidas(same, same, same, () => ({ special_regime_key: '03' })).xml;
    const { response } = await submit(
      authority,
      withTotals(built, ['1995.01', '1994.99', '1975.00', '1000.00']),
    );
    expect(codes(response)).toEqual([SII_TOTAL_OUT_OF_TOLERANCE.code, null, null, null]);
    expect(response.records[0]?.error_description).toMatch(/ImporteTotal/);
  });

  it('rejects every record with 1117, marked as simulated, when switched to reject', async () => {
    const authority = sandboxSii({ ...options, mode: 'reject' });
    const { response } = await submit(authority, expedidas(same, same).xml);
    expect(response.submission_status).toBe('Incorrecto');
    expect(codes(response)).toEqual([1117, 1117]);
    expect(response.records[0]?.error_description).toMatch(/FISCALKIT_SANDBOX_AUTHORITY=reject/);
  });

  it('rejects only the invoice whose number carries SANDBOX-REJECT when accepting', async () => {
    const authority = sandboxSii(options);
    const { response } = await submit(
      authority,
      expedidas(same, () => ({ invoice_number: 'F-SANDBOX-REJECT-1' })).xml,
    );
    expect(response.submission_status).toBe('ParcialmenteCorrecto');
    expect(codes(response)).toEqual([null, 1117]);
  });

  it('times out with a retryable TaxAuthorityError when switched to timeout, or by SANDBOX-TIMEOUT', async () => {
    const switched = sandboxSii({ ...options, mode: 'timeout', timeout_ms: 1 });
    const error = await caught(switched.submit({ ledger_id: 1, xml: expedidas(same).xml }));
    expect(error).toBeInstanceOf(TaxAuthorityError);
    expect((error as TaxAuthorityError).retryable).toBe(true);
    expect((error as Error).message).toMatch(/timed out \(FISCALKIT_SANDBOX_AUTHORITY=timeout\)/);

    const triggered = sandboxSii({ ...options, timeout_ms: 1 });
    const byNumber = await caught(
      triggered.submit({ ledger_id: 1, xml: expedidas(() => ({ invoice_number: 'SANDBOX-TIMEOUT-7' })).xml }),
    );
    expect((byNumber as TaxAuthorityError).retryable).toBe(true);
    expect((byNumber as Error).message).toMatch(/SANDBOX-TIMEOUT/);
    expect(triggered.registered).toBe(0);
  });

  it('refuses what is not an SII message with a non-retryable TaxAuthorityError', async () => {
    const error = await caught(sandboxSii(options).submit({ ledger_id: 1, xml: '<Factura/>' }));
    expect((error as TaxAuthorityError).retryable).toBe(false);
  });

  describe.skipIf(!hasShared)('its responses against the official RespuestaSuministro.xsd', () => {
    let schema: CompiledSchema | undefined;
    const compiled = () => {
      schema ??= compileSchema('sii/RespuestaSuministro.xsd');
      return schema;
    };
    afterAll(() => schema?.dispose());

    it('validates accepted, duplicate, unknown-NIF and out-of-tolerance answers, in several books', async () => {
      const authority = sandboxSii(options);
      const answers = [
        (await submit(authority, expedidas(same).xml)).xml,
        (await submit(authority, expedidas(same, () => ({ customer_party_tax_id: '00000000T' })).xml)).xml,
        (await submit(authority, withTotals(expedidas(same).xml.replace('2026-S-1', '2026-S-9'), ['1.00'])))
          .xml,
      ];
      for (const book of ['Recibida', 'Intracomunitaria'] as const) {
        const xml = build(siiMessage(book, 'alta', 2));
        answers.push((await submit(authority, xml)).xml, (await submit(authority, xml)).xml);
      }
      for (const answer of answers) {
        const result = validateWith(compiled(), answer);
        expect(result.valid, `${formatXsdErrors(result)}\n${answer}`).toBe(true);
      }
      // The Recibida and Intracomunitaria resubmissions were duplicates.
      expect(codes(read(answers[4] ?? ''))).toEqual([3000, 3000]);
      expect(codes(read(answers[6] ?? ''))).toEqual([3000, 3000]);
    });
  });
});
