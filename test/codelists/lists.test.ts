import { describe, expect, it } from 'vitest';
import {
  COUNTRIES,
  CURRENCIES,
  FATTURAPA_DOCUMENT_TYPES,
  INVOICE_STATES,
  INVOICE_TYPE_CODES,
  LANGUAGES,
  SCHEMES,
  TRANSPORT_TYPES,
  UNCL1001_INVOICE_TYPE_CODES,
} from '../../src/index.js';

// Every code list the endpoints serve. INVOICE_TYPES and KSEF_TYPE_CODES keep the spec's order instead.
const ENTRY_LISTS = { COUNTRIES, CURRENCIES, LANGUAGES, SCHEMES, INVOICE_STATES, TRANSPORT_TYPES };
const CODE_LISTS = { INVOICE_TYPE_CODES, UNCL1001_INVOICE_TYPE_CODES, FATTURAPA_DOCUMENT_TYPES };

function strictlyAscending(codes: readonly string[]): boolean {
  return codes.every((code, i) => i === 0 || (codes[i - 1] as string) < code);
}

describe('code lists', () => {
  it.each(Object.entries(ENTRY_LISTS))('%s is sorted by code, without duplicates', (_, list) => {
    expect(list.length).toBeGreaterThan(0);
    expect(strictlyAscending(list.map(({ code }) => code))).toBe(true);
  });

  it.each(Object.entries(CODE_LISTS))('%s is sorted, without duplicates', (_, list) => {
    expect(list.length).toBeGreaterThan(0);
    expect(strictlyAscending(list)).toBe(true);
  });

  it.each(Object.entries(ENTRY_LISTS))('%s gives every entry a trimmed, non-empty name', (_, list) => {
    for (const entry of list) {
      expect(entry.name.length, entry.code).toBeGreaterThan(0);
      expect(entry.name.trim(), entry.code).toBe(entry.name);
    }
  });

  it('gives every language a native name', () => {
    for (const { code, native } of LANGUAGES) expect(native.trim().length, code).toBeGreaterThan(0);
  });
});
