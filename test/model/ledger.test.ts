/**
 * The ledger (spec §4.2; fiscalkit's shape) and the AEAT response mappings of sii.md §7.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  LEDGER_STATES,
  LedgerSchema,
  ledgerStateFromEstadoEnvio,
  MAX_RECORDS_PER_LEDGER,
  SII_RECORD_STATUSES,
  SII_SUBMISSION_STATUSES,
  taxReportStateFromEstadoRegistro,
} from '../../src/model/ledger.js';
import { hasShared, SHARED_DIR } from '../support/shared.js';

function ledger(overrides: Record<string, unknown> = {}) {
  return {
    id: 3,
    account_id: 5,
    book_type: 'Expedida',
    kind: 'alta',
    communication_type: 'A0',
    period_year: 2026,
    period: '03',
    state: 'partially_accepted',
    tax_report_ids: [100, 101],
    csv: 'A-ABCDEF1234567890',
    created_at: '2026-04-20T10:00:00Z',
    sent_at: '2026-04-20T10:05:00Z',
    ...overrides,
  };
}

describe('AEAT response → states (sii.md §7)', () => {
  it('EstadoEnvio: Correcto → accepted, ParcialmenteCorrecto → partially_accepted, Incorrecto → rejected', () => {
    expect(SII_SUBMISSION_STATUSES.map(ledgerStateFromEstadoEnvio)).toEqual([
      'accepted',
      'partially_accepted',
      'rejected',
    ]);
  });

  it('EstadoRegistro: Correcto → registered, AceptadoConErrores → registered_with_errors, Incorrecto → error', () => {
    expect(SII_RECORD_STATUSES.map(taxReportStateFromEstadoRegistro)).toEqual([
      'registered',
      'registered_with_errors',
      'error',
    ]);
  });

  it.skipIf(!hasShared)('the AEAT values are the RespuestaSuministro.xsd enumerations', () => {
    const xsd = readFileSync(join(SHARED_DIR, 'xsd', 'sii', 'RespuestaSuministro.xsd'), 'utf8');
    const values = (name: string) => {
      const start = xsd.indexOf(`name="${name}"`);
      return [
        ...xsd.slice(start, xsd.indexOf('</simpleType>', start)).matchAll(/enumeration value="([^"]*)"/g),
      ].map((match) => match[1]);
    };
    expect(values('EstadoEnvioType')).toEqual([...SII_SUBMISSION_STATUSES]);
    expect(values('EstadoRegistroType')).toEqual([...SII_RECORD_STATUSES]);
  });
});

describe('LedgerSchema (fiscalkit shape)', () => {
  it('states: pending, sent, accepted, partially_accepted, rejected', () => {
    expect(LEDGER_STATES).toEqual(['pending', 'sent', 'accepted', 'partially_accepted', 'rejected']);
  });

  it('accepts a sent ledger', () => {
    expect(LedgerSchema.parse(ledger()).state).toBe('partially_accepted');
  });

  it('the cash-accounting books have no header communication type or period (sii.md §2)', () => {
    const cobros = ledger({
      book_type: 'CobrosEmitidas',
      communication_type: null,
      period_year: null,
      period: null,
    });
    expect(LedgerSchema.safeParse(cobros).success).toBe(true);
    expect(LedgerSchema.safeParse({ ...cobros, period: '03' }).success).toBe(false);
    expect(LedgerSchema.safeParse(ledger({ communication_type: null })).success).toBe(false);
  });

  it('a baja ledger (BajaLR…, CabeceraSiiBaja) has no communication type but its period, and only for a book with a baja', () => {
    const baja = ledger({ kind: 'baja', communication_type: null });
    expect(LedgerSchema.safeParse(baja).success).toBe(true);
    expect(LedgerSchema.safeParse({ ...baja, communication_type: 'A0' }).success).toBe(false);
    expect(LedgerSchema.safeParse({ ...baja, period: null }).success).toBe(false);
    const cobros = { ...baja, book_type: 'CobrosEmitidas', period_year: null, period: null };
    expect(LedgerSchema.safeParse(cobros).success).toBe(false);
    expect(LedgerSchema.safeParse(ledger({ kind: 'modification' })).success).toBe(false);
  });

  it('a pending ledger has no sent_at; a sent one has it', () => {
    expect(LedgerSchema.safeParse(ledger({ state: 'pending', sent_at: null, csv: null })).success).toBe(true);
    expect(LedgerSchema.safeParse(ledger({ state: 'pending' })).success).toBe(false);
    expect(LedgerSchema.safeParse(ledger({ state: 'sent', sent_at: null })).success).toBe(false);
  });

  it('sii.md §6: at most 10,000 records per ledger (one AEAT message)', () => {
    expect(MAX_RECORDS_PER_LEDGER).toBe(10000);
    const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
    expect(LedgerSchema.safeParse(ledger({ tax_report_ids: ids(10000) })).success).toBe(true);
    expect(LedgerSchema.safeParse(ledger({ tax_report_ids: ids(10001) })).success).toBe(false);
  });

  it('book, period and state are closed lists', () => {
    expect(LedgerSchema.safeParse(ledger({ book_type: 'Emitidas' })).success).toBe(false);
    expect(LedgerSchema.safeParse(ledger({ period: '13' })).success).toBe(false);
    expect(LedgerSchema.safeParse(ledger({ state: 'Correcto' })).success).toBe(false);
  });
});
