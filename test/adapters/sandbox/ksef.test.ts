import { readFileSync } from 'node:fs';
import { XmlDocument, XsdValidator } from 'libxml2-wasm';
import { afterAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../../src/adapters/memory/clock.js';
import {
  KSEF_INVOICE_STATUS,
  ksefCrc8,
  type SandboxKsefOptions,
  sandboxKsef,
} from '../../../src/adapters/sandbox/ksef.js';
import { buildFa3 } from '../../../src/ksef/build/buildFa3.js';
import type { KsefTaxReportCreate } from '../../../src/model/ksefTaxReport.js';
import { type KsefStatus, type KsefSubmission, TaxAuthorityError } from '../../../src/ports.js';
import { vatReport } from '../../support/ksefReports.js';
import { type CompiledSchema, formatXsdErrors, validateWith } from '../../support/xsd.js';

/** faktury/numer-ksef.md: `NIP-YYYYMMDD-12 hex-2 hex`, 35 characters (the OpenAPI `KsefNumber` pattern). */
const KSEF_NUMBER_PATTERN =
  /^([1-9](\d[1-9]|[1-9]\d)\d{7})-(20[2-9][0-9]|2[1-9]\d{2}|[3-9]\d{3})(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])-([0-9A-F]{6})-?([0-9A-F]{6})-([0-9A-F]{2})$/;

/** `TNumerReferencyjny` of upo-v4-3.xsd. */
const REFERENCE_PATTERN =
  /^(20[2-9][0-9]|2[1-9][0-9]{2}|[3-9][0-9]{3})(0[1-9]|1[0-2])(0[1-9]|[1-2][0-9]|3[0-1])-([0-9A-Z]{2})-([0-9A-F]{10})-([0-9A-F]{10})-([0-9A-F]{2})$/;

const options = (): SandboxKsefOptions => ({ clock: manualClock() });

function fa3(change: Partial<KsefTaxReportCreate> = {}): string {
  const built = buildFa3({ ...vatReport(), ...change }, { now: new Date('2026-04-20T10:00:00Z') });
  if (!built.success) throw new Error(JSON.stringify(built.issues));
  return built.data;
}

let keys = 0;
function submission(xml: string, nip = '9999999999'): KsefSubmission {
  keys += 1;
  return { tax_report_id: keys, account_id: 1, nip, xml, key: `tax-report-${String(keys)}` };
}

/** Submits and polls once: the verdict. */
async function sendAndPoll(ksef: ReturnType<typeof sandboxKsef>, sent: KsefSubmission): Promise<KsefStatus> {
  const pending = await ksef.submit(sent);
  expect(pending).toMatchObject({ state: 'pending', code: 150, description: 'Trwa przetwarzanie' });
  return ksef.status(sent, pending.reference);
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('ksefCrc8 (faktury/numer-ksef.md)', () => {
  // The MF FA(3) samples' numbers (ksefReports.ts KSEF_NUMBER, KSEF_NUMBER_2) are placeholders whose
  // last two characters are not a CRC-8; the three below are KSeF 2.0's own, from CIRFMF/ksef-docs.
  it('gives the check digits of published KSeF numbers', () => {
    for (const number of [
      '5265877635-20250826-0100001AF629-AF', // numer-ksef.md
      '5265877635-20250916-0200A0D6723E-C2', // the UPO example
      '5265877635-20250626-010080DD2B5E-26', // the OpenAPI example
    ])
      expect(ksefCrc8(number.slice(0, 32))).toBe(number.slice(33));
  });
});

describe('sandboxKsef', () => {
  it('answers pending 150, then accepted 200 with a well-formed KSeF number and a UPO', async () => {
    const ksef = sandboxKsef(options());
    const sent = submission(fa3());
    const pending = await ksef.submit(sent);
    expect(pending).toMatchObject({ state: 'pending', code: 150 });
    expect(pending.reference).toMatch(REFERENCE_PATTERN);
    expect(pending.reference.slice(9, 11)).toBe('EE');
    const accepted = await ksef.status(sent, pending.reference);
    if (accepted.state !== 'accepted') throw new Error(JSON.stringify(accepted));
    expect(accepted).toMatchObject({ code: 200, description: 'Sukces', reference: pending.reference });
    expect(accepted.ksef_number).toMatch(KSEF_NUMBER_PATTERN);
    expect(accepted.ksef_number).toHaveLength(35);
    expect(accepted.ksef_number.startsWith('9999999999-20260420-')).toBe(true);
    expect(ksefCrc8(accepted.ksef_number.slice(0, 32))).toBe(accepted.ksef_number.slice(33));
    expect(accepted.upo).toContain(`<NumerKSeFDokumentu>${accepted.ksef_number}</NumerKSeFDokumentu>`);
    expect(accepted.upo).toContain('<NumerFaktury>FV2026/02/150</NumerFaktury>');
    expect(accepted.upo).toContain('not issued by the Ministerstwo Finansów');
    expect(ksef.numbered).toBe(1);
    // Polling again answers the same.
    expect(await ksef.status(sent, pending.reference)).toEqual(accepted);
  });

  it('answers the invoice already received when the same key is sent again (no duplicate of itself)', async () => {
    const ksef = sandboxKsef(options());
    const sent = submission(fa3());
    const first = await sendAndPoll(ksef, sent);
    expect(await ksef.submit(sent)).toEqual(first);
    expect(ksef.numbered).toBe(1);
  });

  it('rejects a second invoice with the same seller, RodzajFaktury and P_2 with 440, naming the first', async () => {
    const ksef = sandboxKsef(options());
    const first = await sendAndPoll(ksef, submission(fa3()));
    if (first.state !== 'accepted') throw new Error(JSON.stringify(first));
    const duplicate = await sendAndPoll(ksef, submission(fa3()));
    expect(duplicate).toMatchObject({ state: 'rejected', code: 440, description: 'Duplikat faktury' });
    expect(duplicate.state === 'rejected' && duplicate.details[0]).toContain(first.ksef_number);
    // Another number is another invoice.
    expect((await sendAndPoll(ksef, submission(fa3({ number: 'FV2026/02/151' })))).state).toBe('accepted');
    expect(ksef.numbered).toBe(2);
  });

  it('rejects what is not FA(3) with 450, naming the problem', async () => {
    const ksef = sandboxKsef(options());
    const status = await sendAndPoll(
      ksef,
      submission('<Faktura xmlns="http://crd.gov.pl/wzor/2023/06/29/12648/"/>'),
    );
    expect(status).toMatchObject({ state: 'rejected', code: KSEF_INVOICE_STATUS.semantic.code });
    expect(status.state === 'rejected' && status.details.join(' ')).toMatch(/FA\(2\)/);
  });

  it('rejects an invoice of another seller than the session NIP with 410', async () => {
    const ksef = sandboxKsef(options());
    const status = await sendAndPoll(ksef, submission(fa3(), '1111111111'));
    expect(status).toMatchObject({ state: 'rejected', code: 410 });
  });

  it('rejects a P_1 later than the day of receipt with 450', async () => {
    const ksef = sandboxKsef(options());
    const status = await sendAndPoll(ksef, submission(fa3({ date: '2026-04-21' })));
    expect(status).toMatchObject({ state: 'rejected', code: 450 });
    expect(status.state === 'rejected' && status.details[0]).toMatch(/P_1/);
  });

  it('rejects every invoice with 450, marked as simulated, when switched to reject; SANDBOX-REJECT one by one', async () => {
    const switched = sandboxKsef({ ...options(), mode: 'reject' });
    const status = await sendAndPoll(switched, submission(fa3()));
    expect(status).toMatchObject({ state: 'rejected', code: 450 });
    expect(status.state === 'rejected' && status.details[0]).toMatch(/FISCALKIT_SANDBOX_AUTHORITY=reject/);

    const accepting = sandboxKsef(options());
    const triggered = await sendAndPoll(accepting, submission(fa3({ number: 'FV/SANDBOX-REJECT/1' })));
    expect(triggered).toMatchObject({ state: 'rejected', code: 450 });
    expect((await sendAndPoll(accepting, submission(fa3()))).state).toBe('accepted');
  });

  it('times out with a retryable TaxAuthorityError when switched to timeout, or by SANDBOX-TIMEOUT', async () => {
    const switched = sandboxKsef({ ...options(), mode: 'timeout', timeout_ms: 1 });
    const error = await caught(switched.submit(submission(fa3())));
    expect(error).toBeInstanceOf(TaxAuthorityError);
    expect((error as TaxAuthorityError).retryable).toBe(true);
    expect((error as Error).message).toMatch(/timed out \(FISCALKIT_SANDBOX_AUTHORITY=timeout\)/);

    const accepting = sandboxKsef({ ...options(), timeout_ms: 1 });
    const byNumber = await caught(accepting.submit(submission(fa3({ number: 'FV/SANDBOX-TIMEOUT/1' }))));
    expect((byNumber as TaxAuthorityError).retryable).toBe(true);
    expect(accepting.numbered).toBe(0);
  });

  it('refuses a status poll for an invoice it does not know, and a session for what is not a NIP', async () => {
    const ksef = sandboxKsef(options());
    const unknown = await caught(ksef.status(submission(fa3()), '20260420-EE-0000000001-0000000000-00'));
    expect((unknown as TaxAuthorityError).retryable).toBe(false);
    const notNip = await caught(ksef.submit(submission(fa3(), '0123')));
    expect((notNip as TaxAuthorityError).retryable).toBe(false);
  });

  describe('its UPO against the published upo-v4-3.xsd (CIRFMF/ksef-docs, MIT)', () => {
    let schema: CompiledSchema | undefined;
    afterAll(() => schema?.dispose());

    it('validates', async () => {
      const doc = XmlDocument.fromBuffer(readFileSync(new URL('./upo-v4-3.xsd', import.meta.url)));
      const validator = XsdValidator.fromDoc(doc);
      schema = {
        validator,
        dispose() {
          validator.dispose();
          doc.dispose();
        },
      };
      const status = await sendAndPoll(sandboxKsef(options()), submission(fa3()));
      if (status.state !== 'accepted' || status.upo === null) throw new Error(JSON.stringify(status));
      const result = validateWith(schema, status.upo);
      expect(result.valid, `${formatXsdErrors(result)}\n${status.upo}`).toBe(true);
      // And a broken one does not (the schema is really applied).
      expect(
        validateWith(schema, status.upo.replace('<TrybWysylki>Online', '<TrybWysylki>Pigeon')).valid,
      ).toBe(false);
    });
  });
});
