import { afterAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../../src/adapters/memory/clock.js';
import { memoryTaxAuthority } from '../../../src/adapters/memory/taxAuthority.js';
import { TaxAuthorityError } from '../../../src/ports.js';
import { parseSiiResponse, type SiiResponse } from '../../../src/sii/import/response.js';
import { describeTaxAuthorityContract } from '../../contracts/taxAuthority.js';
import { hasShared } from '../../support/shared.js';
import { builtSiiMessage, SII_BOOK_KINDS } from '../../support/siiMessages.js';
import { type CompiledSchema, compileSchema, formatXsdErrors, validateWith } from '../../support/xsd.js';

describeTaxAuthorityContract('memoryTaxAuthority', () => memoryTaxAuthority());

function read(xml: string): SiiResponse {
  const response = parseSiiResponse(xml);
  if (!response.success) throw new Error(JSON.stringify(response.issues));
  return response.data;
}

const submit = async (authority: ReturnType<typeof memoryTaxAuthority>, xml: string) =>
  read((await authority.submit({ ledger_id: 1, xml })).xml);

describe('memoryTaxAuthority', () => {
  it('accepts every record by default: Correcto, a CSV for the submission and each record', async () => {
    const authority = memoryTaxAuthority({ clock: manualClock() });
    const response = await submit(authority, builtSiiMessage('Expedida', 'alta', 2));
    expect(response).toMatchObject({
      book_type: 'Expedida',
      kind: 'alta',
      submission_status: 'Correcto',
      state: 'accepted',
      csv: 'MEM0000000000003',
    });
    expect(response.records.map((record) => [record.invoice_number, record.status, record.csv])).toEqual([
      ['2026-A-000123-1', 'Correcto', 'MEM0000000000001'],
      ['2026-A-000123-2', 'Correcto', 'MEM0000000000002'],
    ]);
  });

  it('writes the presentation data with the clock, and echoes the header', async () => {
    const clock = manualClock();
    const authority = memoryTaxAuthority({ clock });
    const { xml } = await authority.submit({ ledger_id: 1, xml: builtSiiMessage('Recibida', 'alta') });
    expect(xml).toContain('<sii:TimestampPresentacion>20-04-2026 10:40:00</sii:TimestampPresentacion>');
    expect(xml).toContain('<sii:NIFPresentador>U2687761C</sii:NIFPresentador>');
    expect(xml).toContain('<sii:TipoComunicacion>A0</sii:TipoComunicacion>');
  });

  it('rejects the records a rule picks with error 1117: ParcialmenteCorrecto, then Incorrecto when all are', async () => {
    const authority = memoryTaxAuthority();
    authority.rejectInvoice('2026-A-000123-2');
    const partial = await submit(authority, builtSiiMessage('Expedida', 'alta', 3));
    expect(partial).toMatchObject({ submission_status: 'ParcialmenteCorrecto', state: 'partially_accepted' });
    expect(partial.records.map((record) => [record.status, record.error_code, record.state])).toEqual([
      ['Correcto', null, 'registered'],
      ['Incorrecto', 1117, 'error'],
      ['Correcto', null, 'registered'],
    ]);
    expect(partial.records[1]?.csv).toBeNull();
    expect(partial.records[1]?.error_description).toMatch(/NIF/);

    authority.rejectRecords((_, index) => index !== 1, {
      code: 1104,
      description: 'Valor del campo ID incorrecto',
    });
    const rejected = await submit(authority, builtSiiMessage('Expedida', 'alta', 3));
    expect(rejected).toMatchObject({ submission_status: 'Incorrecto', state: 'rejected', csv: null });
    // The first rule that picks a record gives its error.
    expect(rejected.records.map((record) => record.error_code)).toEqual([1104, 1117, 1104]);

    authority.acceptAll();
    expect((await submit(authority, builtSiiMessage('Expedida', 'alta', 3))).submission_status).toBe(
      'Correcto',
    );
  });

  it('fails the next submissions as told, recording them, then answers again', async () => {
    const authority = memoryTaxAuthority();
    authority.failNext(1);
    authority.failNext(1, false);
    const xml = builtSiiMessage('Metalico', 'alta');
    const errors: unknown[] = [];
    for (let index = 0; index < 2; index += 1) {
      try {
        await authority.submit({ ledger_id: 9, xml });
      } catch (error) {
        errors.push(error);
      }
    }
    expect(errors.map((error) => error instanceof TaxAuthorityError && error.retryable)).toEqual([
      true,
      false,
    ]);
    expect((await submit(authority, xml)).submission_status).toBe('Correcto');
    expect(authority.submissions).toEqual([
      { ledger_id: 9, xml },
      { ledger_id: 9, xml },
      { ledger_id: 1, xml },
    ]);
  });

  it('answers with the given function instead, when told', async () => {
    const authority = memoryTaxAuthority({
      answer: (submission) => `<answer ledger="${String(submission.ledger_id)}"/>`,
    });
    expect(await authority.submit({ ledger_id: 4, xml: 'anything' })).toEqual({
      xml: '<answer ledger="4"/>',
    });
  });

  describe.skipIf(!hasShared)('its responses against the official RespuestaSuministro.xsd', () => {
    let schema: CompiledSchema | undefined;
    const compiled = () => {
      schema ??= compileSchema('sii/RespuestaSuministro.xsd');
      return schema;
    };
    afterAll(() => schema?.dispose());

    it.each(SII_BOOK_KINDS)('%s %s: valid, accepted and with a rejected record', async (book, kind) => {
      const authority = memoryTaxAuthority();
      const xml = builtSiiMessage(book, kind, 2);
      const accepted = (await authority.submit({ ledger_id: 1, xml })).xml;
      authority.rejectRecords((_, index) => index === 1);
      const partial = (await authority.submit({ ledger_id: 1, xml })).xml;
      authority.rejectRecords(() => true);
      const rejected = (await authority.submit({ ledger_id: 1, xml })).xml;
      for (const response of [accepted, partial, rejected]) {
        const result = validateWith(compiled(), response);
        expect(result.valid, `${formatXsdErrors(result)}\n${response}`).toBe(true);
      }
      expect(read(partial).submission_status).toBe('ParcialmenteCorrecto');
      expect(read(rejected).submission_status).toBe('Incorrecto');
    });
  });
});
