import { describe, expect, it } from 'vitest';
import {
  FATTURAPA_DOCUMENT_TYPES,
  INVOICE_TYPE_CODES,
  INVOICE_TYPES,
  isInvoiceType,
  isInvoiceTypeCode,
  KSEF_TYPE_CODES,
  UNCL1001_INVOICE_TYPE_CODES,
} from '../../src/index.js';

describe('INVOICE_TYPES and isInvoiceType (api-notes.md §8.1, spec §2.4 rule 4)', () => {
  it('lists the four document classes of the list filter', () => {
    expect(INVOICE_TYPES).toEqual([
      'IssuedInvoice',
      'ReceivedInvoice',
      'IssuedSelfInvoice',
      'IssuedSimplifiedInvoice',
    ]);
  });

  it.each(INVOICE_TYPES)('accepts %s', (type) => {
    expect(isInvoiceType(type)).toBe(true);
  });

  it.each(['issuedinvoice', 'Invoice', 'VAT', '380', '', 'constructor'])('rejects %j', (value) => {
    expect(isInvoiceType(value)).toBe(false);
  });
});

describe('KSEF_TYPE_CODES (spec §2.9)', () => {
  it('lists the seven KSeF codes in the spec order', () => {
    expect(KSEF_TYPE_CODES).toEqual(['VAT', 'KOR', 'ZAL', 'ROZ', 'UPR', 'KOR_ZAL', 'KOR_ROZ']);
  });
});

describe('UNCL1001_INVOICE_TYPE_CODES (EN 16931 BT-3, BR-CL-01)', () => {
  it('holds the 62 codes of BR-CL-01, invoice and credit note codes alike', () => {
    expect(UNCL1001_INVOICE_TYPE_CODES).toHaveLength(62);
    for (const code of ['380', '381', '383', '384', '386', '389', '393', '396', '71', '751', '875', '935']) {
      expect(UNCL1001_INVOICE_TYPE_CODES, code).toContain(code);
    }
  });

  it('leaves out UNTDID 1001 codes that are not invoice or credit note codes', () => {
    for (const code of ['220', '231', '351', '480', '1', '999'])
      expect(UNCL1001_INVOICE_TYPE_CODES).not.toContain(code);
  });
});

describe('FATTURAPA_DOCUMENT_TYPES (TipoDocumento)', () => {
  it('holds TD01–TD06 and TD16–TD29', () => {
    expect(FATTURAPA_DOCUMENT_TYPES).toEqual([
      'TD01',
      'TD02',
      'TD03',
      'TD04',
      'TD05',
      'TD06',
      'TD16',
      'TD17',
      'TD18',
      'TD19',
      'TD20',
      'TD21',
      'TD22',
      'TD23',
      'TD24',
      'TD25',
      'TD26',
      'TD27',
      'TD28',
      'TD29',
    ]);
  });
});

describe('INVOICE_TYPE_CODES and isInvoiceTypeCode', () => {
  it('is the union of the KSeF, UNTDID 1001 and FatturaPA codes', () => {
    expect(INVOICE_TYPE_CODES).toHaveLength(
      KSEF_TYPE_CODES.length + UNCL1001_INVOICE_TYPE_CODES.length + FATTURAPA_DOCUMENT_TYPES.length,
    );
    expect(new Set(INVOICE_TYPE_CODES)).toEqual(
      new Set([...KSEF_TYPE_CODES, ...UNCL1001_INVOICE_TYPE_CODES, ...FATTURAPA_DOCUMENT_TYPES]),
    );
  });

  it.each([...KSEF_TYPE_CODES, '380', '381', '389', '326', 'TD01', 'TD04', 'TD29'])('accepts %s', (code) => {
    expect(isInvoiceTypeCode(code)).toBe(true);
  });

  it.each([
    ['IssuedInvoice', 'a type, not a type_code'],
    ['ReceivedInvoice', 'a type, not a type_code'],
    ['vat', 'lower case'],
    ['480', 'not in the EN 16931 subset'],
    ['0380', 'padded'],
    ['TD07', 'simplified-invoice format only'],
    ['TD15', 'not a FatturaPA document type'],
    ['TD30', 'not assigned'],
    ['', 'empty'],
  ])('rejects %j (%s)', (code) => {
    expect(isInvoiceTypeCode(code)).toBe(false);
  });
});
