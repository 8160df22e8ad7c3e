/**
 * The data tables of the EN 16931 mapping, row by row: VAT categories and rates, exemption reasons,
 * unit codes, payment means, invoice type codes, party identifiers, classification schemes, reason
 * codes.
 */
import { describe, expect, it } from 'vitest';
import { isSchemeCode } from '../../../src/codelists/schemes.js';
import { negated, sumAmounts } from '../../../src/einvoice/semantic/amounts.js';
import { classificationScheme } from '../../../src/einvoice/semantic/classificationSchemes.js';
import { invoiceTypeCode, isCreditNote } from '../../../src/einvoice/semantic/invoiceTypeCodes.js';
import {
  EAS_CODES,
  endpointOf,
  isEasCode,
  legalRegistrationOf,
  otherTaxIdOf,
  tinOfVatIdentifier,
  vatIdentifierOf,
} from '../../../src/einvoice/semantic/partyIdentifiers.js';
import { creditTransferCode, paymentOf } from '../../../src/einvoice/semantic/paymentMeans.js';
import { isReasonCode } from '../../../src/einvoice/semantic/reasonCodes.js';
import { UNIT_CODES } from '../../../src/einvoice/semantic/unitCodeList.js';
import { UNIT_WORDS, unitCode } from '../../../src/einvoice/semantic/unitCodes.js';
import { VAT_CATEGORY_CODES, vatCategoryOf } from '../../../src/einvoice/semantic/vatCategories.js';
import { REIMBURSABLE_EXEMPTION, VAT_EXEMPTIONS } from '../../../src/einvoice/semantic/vatExemptions.js';

describe('VAT categories (BT-151, BR-*-05)', () => {
  it.each([
    ['S', '21', 'S', '21'],
    ['h', '21.00', 'S', '21'],
    ['AA', '10', 'S', '10'],
    ['AAA', '4', 'S', '4'],
    ['Z', '0', 'Z', '0'],
    ['E', '0.00', 'E', '0'],
    ['AE', '0', 'AE', '0'],
    ['K', '0', 'K', '0'],
    ['G', '0', 'G', '0'],
    ['O', '0', 'O', undefined],
    ['NS', '0', 'O', undefined],
    ['L', '7', 'L', '7'],
    ['L', '0', 'L', '0'],
    ['M', '4', 'M', '4'],
  ])('category %s at %s %% is %s %s', (category, percent, code, rate) => {
    expect(vatCategoryOf({ name: 'IVA', category, percent })).toEqual({ ok: true, category: code, rate });
  });

  it('reads a tax without category by its name, else by its rate (0 % is zero rated)', () => {
    expect(vatCategoryOf({ name: 'IGIC', percent: '7' })).toMatchObject({ category: 'L' });
    expect(vatCategoryOf({ name: 'ipsi', percent: '4' })).toMatchObject({ category: 'M' });
    expect(vatCategoryOf({ name: 'IVA', percent: '5.50' })).toEqual({ ok: true, category: 'S', rate: '5.5' });
    expect(vatCategoryOf({ name: 'VAT', category: '  ', percent: '0' })).toEqual({
      ok: true,
      category: 'Z',
      rate: '0',
    });
  });

  it('refuses a category outside the table and a rate its category does not allow', () => {
    expect(vatCategoryOf({ name: 'IVA', category: 'B', percent: '22' })).toMatchObject({
      ok: false,
      field: 'category',
    });
    expect(vatCategoryOf({ name: 'IVA', category: 'S', percent: '0' })).toMatchObject({
      ok: false,
      field: 'percent',
    });
    expect(vatCategoryOf({ name: 'IVA', category: 'E', percent: '10' })).toMatchObject({
      ok: false,
      field: 'percent',
    });
    expect(vatCategoryOf({ name: 'IVA', category: 'NS', percent: '21' })).toMatchObject({
      ok: false,
      field: 'percent',
    });
    expect(vatCategoryOf({ name: 'IGIC', category: 'L', percent: '-1' })).toMatchObject({
      ok: false,
      field: 'percent',
    });
  });

  it('maps every row to a UNCL5305 code EN 16931 allows (BR-CL-18)', () => {
    for (const code of Object.values(VAT_CATEGORY_CODES))
      expect(['S', 'Z', 'E', 'AE', 'K', 'G', 'O', 'L', 'M']).toContain(code);
  });
});

describe('exemption reasons (BT-120, BT-121)', () => {
  it('gives every category that needs one a reason, with the VATEX code that means it', () => {
    expect(VAT_EXEMPTIONS.AE).toEqual({ code: 'VATEX-EU-AE', reason: 'Reverse charge' });
    expect(VAT_EXEMPTIONS.K?.code).toBe('VATEX-EU-IC');
    expect(VAT_EXEMPTIONS.G?.code).toBe('VATEX-EU-G');
    expect(VAT_EXEMPTIONS.O?.code).toBe('VATEX-EU-O');
    expect(VAT_EXEMPTIONS.E).toEqual({ reason: 'Exempt from VAT' });
    expect(VAT_EXEMPTIONS.S).toBeUndefined();
    expect(REIMBURSABLE_EXEMPTION.code).toBe('VATEX-EU-79-C');
  });
});

describe('unit codes (BT-130, BR-CL-23)', () => {
  it('reads words, codes in any case, and falls back to C62', () => {
    expect(unitCode('Hours')).toBe('HUR');
    expect(unitCode('kg')).toBe('KGM');
    expect(unitCode('kgm')).toBe('KGM');
    expect(unitCode('XBX')).toBe('XBX');
    expect(unitCode(null)).toBe('C62');
    expect(unitCode('bottles of wine')).toBe('C62');
  });

  it('has only codes of the list in its word table', () => {
    for (const code of Object.values(UNIT_WORDS)) expect(UNIT_CODES.has(code), code).toBe(true);
    expect(UNIT_CODES.size).toBe(2162);
  });
});

describe('payment means (BG-16, UNTDID 4461)', () => {
  const base = { bank_account: null, payment_method: null, remittance_reference: null };
  const iban = { iban: 'es91 2100 0418 4502 0005 1332', bic: 'caixesbbxxx' };

  it('is absent when the invoice names no method, account or reference', () => {
    expect(paymentOf(base, 'EUR')).toEqual({ success: true, data: undefined });
  });

  it('pays into the IBAN by SEPA credit transfer in euro, by credit transfer otherwise', () => {
    expect(paymentOf({ ...base, bank_account: iban }, 'EUR')).toEqual({
      success: true,
      data: {
        means_code: '58',
        means_text: undefined,
        remittance_information: undefined,
        credit_transfers: [{ id: 'ES9121000418450200051332', provider: 'CAIXESBBXXX' }],
      },
    });
    expect(creditTransferCode('ES9121000418450200051332', 'USD')).toBe('30');
    expect(creditTransferCode('US12345678901234', 'EUR')).toBe('30');
  });

  it('reads the service codes and plain words, and keeps the text', () => {
    const cash = paymentOf({ ...base, payment_method: '1' }, 'EUR');
    expect(cash.success && cash.data).toMatchObject({
      means_code: '10',
      means_text: '1',
      credit_transfers: [],
    });
    const card = paymentOf({ ...base, bank_account: iban, payment_method: 'credit card' }, 'EUR');
    expect(card.success && card.data).toMatchObject({ means_code: '54', credit_transfers: [] });
    const unknown = paymentOf({ ...base, payment_method: 'Bizum' }, 'EUR');
    expect(unknown.success && unknown.data?.means_code).toBe('ZZZ');
    const unknownWithIban = paymentOf({ ...base, bank_account: iban, payment_method: 'Überweisung' }, 'EUR');
    expect(unknownWithIban.success && unknownWithIban.data?.means_code).toBe('58');
  });

  it('writes the Belgian OGM as the remittance information, code 1 without an account', () => {
    const ogm = paymentOf({ ...base, remittance_reference: '+++090/9337/55493+++' }, 'EUR');
    expect(ogm.success && ogm.data).toMatchObject({
      means_code: '1',
      remittance_information: '+++090/9337/55493+++',
    });
  });

  it('refuses a credit transfer without an IBAN (BR-61)', () => {
    expect(paymentOf({ ...base, payment_method: 'transferencia' }, 'EUR')).toMatchObject({
      success: false,
      issues: [
        { rule: 'en16931.write.payment-account', code: 'parameter_blank', param: 'bank_account.iban' },
      ],
    });
  });
});

describe('invoice type codes (BT-3)', () => {
  it('keeps a code the specification allows and assigns 380 / 381 otherwise', () => {
    expect(invoiceTypeCode({ type_code: '386' }, 'peppol-bis3')).toBe('386');
    expect(invoiceTypeCode({ type_code: '389' }, 'peppol-bis3')).toBe('380');
    expect(invoiceTypeCode({ type_code: '389' }, 'xrechnung-3.0')).toBe('389');
    expect(invoiceTypeCode({ type_code: '384' }, 'peppol-bis3')).toBe('380');
    expect(invoiceTypeCode({ type_code: 'KOR' }, 'en16931')).toBe('380');
    expect(invoiceTypeCode({ is_credit_note: true }, 'en16931')).toBe('381');
    expect(invoiceTypeCode({ is_credit_note: true, type_code: '396' }, 'peppol-bis3')).toBe('396');
    expect(invoiceTypeCode({ is_credit_note: true, type_code: '396' }, 'xrechnung-3.0')).toBe('381');
    expect(isCreditNote({ type_code: '381' })).toBe(true);
    expect(isCreditNote({ type_code: '380', is_credit_note: false })).toBe(false);
  });
});

describe('party identifiers', () => {
  it('writes a VAT number with its scheme country prefix, never guessing one', () => {
    expect(vatIdentifierOf({ tin_scheme: '9920', tin_value: 'B-12345674', country: 'ES' })).toBe(
      'ESB12345674',
    );
    expect(vatIdentifierOf({ tin_scheme: 'VAT', tin_value: '094259216', country: 'GR' })).toBe('EL094259216');
    expect(vatIdentifierOf({ tin_scheme: '9930', tin_value: 'DE 123 456 789', country: 'DE' })).toBe(
      'DE123456789',
    );
    expect(vatIdentifierOf({ tin_scheme: null, tin_value: 'DK12345678', country: 'DK' })).toBe('DK12345678');
    expect(vatIdentifierOf({ tin_scheme: null, tin_value: 'ATU12345678', country: 'DE' })).toBe(
      'ATU12345678',
    );
    expect(vatIdentifierOf({ tin_scheme: null, tin_value: 'B12345674', country: 'ES' })).toBeUndefined();
    expect(
      vatIdentifierOf({ tin_scheme: '0210', tin_value: 'RSSMRA85T10A562S', country: 'IT' }),
    ).toBeUndefined();
    expect(
      vatIdentifierOf({ tin_scheme: null, tin_value: 'PLLMRA80A01H501U', country: 'IT' }),
    ).toBeUndefined();
  });

  it('reads a VAT number back as its scheme and number', () => {
    expect(tinOfVatIdentifier('ESB12345674')).toEqual({ tin_scheme: '9920', tin_value: 'B12345674' });
    expect(tinOfVatIdentifier('EL094259216')).toEqual({ tin_scheme: '9933', tin_value: '094259216' });
    expect(tinOfVatIdentifier('DK12345678')).toEqual({ tin_scheme: null, tin_value: 'DK12345678' });
  });

  it('keeps other tax ids and company ids with their schemes where the rules allow them', () => {
    expect(otherTaxIdOf({ tin_scheme: '9959', tin_value: '12-3456789', country: 'US' })).toEqual({
      id: '12-3456789',
      scheme: '9959',
    });
    expect(legalRegistrationOf({ cin_scheme: '0208', cin_value: 'BE 0123.456.749' })).toEqual({
      id: '0123456749',
      scheme: '0208',
    });
    expect(legalRegistrationOf({ cin_scheme: '9920', cin_value: 'X1' })).toEqual({
      id: 'X1',
      scheme: undefined,
    });
  });

  it('derives the electronic address from the company id first, then the tax id', () => {
    expect(
      endpointOf({
        cin_scheme: '0208',
        cin_value: '0123456749',
        tin_scheme: '9925',
        tin_value: 'BE0123456749',
        country: 'BE',
      }),
    ).toEqual({ id: '0123456749', scheme: '0208' });
    expect(endpointOf({ tin_scheme: '9920', tin_value: 'B12345674', country: 'ES' })).toEqual({
      id: 'ESB12345674',
      scheme: '9920',
    });
    expect(endpointOf({ tin_scheme: null, tin_value: 'DK12345678', country: 'DK' })).toBeUndefined();
    expect(endpointOf({ cin_scheme: '8037', cin_value: '0000099999', country: 'PL' })).toBeUndefined();
  });

  it('uses only EAS codes both EN 16931 and Peppol accept, all of them known schemes', () => {
    for (const code of EAS_CODES) expect(isSchemeCode(code), code).toBe(true);
    expect(isEasCode('0244', false)).toBe(true);
    expect(isEasCode('0244', true)).toBe(false);
  });
});

describe('other lists', () => {
  it('reads UNTDID 7143 classification schemes and CPV', () => {
    expect(classificationScheme('cpv')).toBe('STI');
    expect(classificationScheme('HS')).toBe('HS');
    expect(classificationScheme('UNSPSC')).toBeUndefined();
  });

  it('tells allowance from charge reason codes', () => {
    expect(isReasonCode('95', false)).toBe(true);
    expect(isReasonCode('FC', true)).toBe(true);
    expect(isReasonCode('FC', false)).toBe(false);
    expect(isReasonCode('95', true)).toBe(false);
  });

  it('turns signs and adds printed amounts without JS numbers', () => {
    expect(negated('12.30')).toBe('-12.30');
    expect(negated('-0.00')).toBe('0.00');
    expect(sumAmounts(['0.10', '0.20'], 2)).toBe('0.30');
    expect(sumAmounts(['-1.00', '1.00'], 2)).toBe('0.00');
  });
});
