import { describe, expect, it } from 'vitest';
import { COUNTRIES, DEPRECATED_SCHEMES, isSchemeCode, SCHEMES } from '../../src/index.js';

const byCode = new Map(SCHEMES.map((scheme) => [scheme.code, scheme]));

describe('SCHEMES (GET /schemes)', () => {
  it.each([
    ['0002', 'System Information et Repertoire des Entreprise et des Etablissements: SIRENE', 'FR'],
    ['0007', 'Organisationsnummer', 'SE'],
    ['0060', 'Data Universal Numbering System (D-U-N-S Number)', null],
    ['0088', 'EAN Location Code', null],
    ['0192', 'Organisasjonsnummer', 'NO'],
    ['0208', "Numero d'entreprise / ondernemingsnummer / Unternehmensnummer", 'BE'],
    ['0211', 'PARTITA IVA', 'IT'],
    ['8036', 'REGON (Polish statistical business register number)', 'PL'],
    ['8037', 'KRS (Polish National Court Register number)', 'PL'],
    ['8038', 'BDO (Polish waste register number)', 'PL'],
    ['9906', 'Ufficio responsabile gestione partite IVA', 'IT'],
    ['9920', 'Agencia Española de Administración Tributaria', 'ES'],
    ['9925', 'Belgium VAT number', 'BE'],
    ['9945', 'Poland VAT number', 'PL'],
    ['9959', 'US Employer ID Number', 'US'],
  ])('has %s %s (%s)', (code, name, country) => {
    expect(byCode.get(code)).toEqual({ code, name, country });
  });

  it('has 0106, the Dutch KvK scheme', () => {
    expect(byCode.get('0106')?.name).toMatch(
      /^Vereniging van Kamers van Koophandel en Fabrieken in Nederland/,
    );
    expect(byCode.get('0106')?.country).toBe('NL');
  });

  it('holds 243 ISO 6523 ICDs, 3 Polish service codes and 57 Peppol 99xx codes', () => {
    const count = (pattern: RegExp) => SCHEMES.filter(({ code }) => pattern.test(code)).length;
    expect(count(/^0/)).toBe(243);
    expect(count(/^80/)).toBe(3);
    expect(count(/^99/)).toBe(57);
    expect(SCHEMES).toHaveLength(303);
  });

  it('has no unassigned ICD and no placeholder', () => {
    for (const code of ['0000', '0001', '0092', '0103', '0181', '0182', '0249', '9903', '9911', '9960']) {
      expect(isSchemeCode(code), code).toBe(false);
    }
  });

  it('writes every code as 4 digits', () => {
    for (const { code } of SCHEMES) expect(code).toMatch(/^[0-9]{4}$/);
  });

  it('gives each scheme an assigned ISO 3166-1 country or null', () => {
    const countries = new Set(COUNTRIES.map(({ code }) => code));
    for (const { code, country } of SCHEMES) {
      if (country !== null) expect(countries.has(country), `${code}: ${country}`).toBe(true);
    }
  });

  it('collapses the whitespace of the source layout in names', () => {
    for (const { code, name } of SCHEMES) expect(name, code).not.toMatch(/\s{2}|^\s|\s$|\n/);
  });
});

describe('DEPRECATED_SCHEMES', () => {
  it('marks the deprecated and removed Peppol schemes, each still in the catalogue with a reason', () => {
    for (const [code, reason] of DEPRECATED_SCHEMES) {
      expect(isSchemeCode(code), code).toBe(true);
      expect(reason, code).toMatch(/^Peppol: (deprecated|removed)/);
    }
    for (const code of ['9906', '9907', '9956', '9958', '0193'])
      expect(DEPRECATED_SCHEMES.has(code), code).toBe(true);
  });

  it('does not mark the schemes in active use', () => {
    for (const code of ['0088', '0208', '0211', '9920', '9925', '8036']) {
      expect(DEPRECATED_SCHEMES.has(code), code).toBe(false);
    }
  });

  it('names replacements that are themselves active schemes', () => {
    for (const [code, reason] of DEPRECATED_SCHEMES) {
      const replacement = /use ([0-9]{4})$/.exec(reason)?.[1];
      if (replacement === undefined) continue;
      expect(isSchemeCode(replacement), `${code} → ${replacement}`).toBe(true);
      expect(DEPRECATED_SCHEMES.has(replacement), `${code} → ${replacement}`).toBe(false);
    }
  });
});

describe('isSchemeCode', () => {
  it.each(['0007', '0088', '9920', '8037', '0248'])('accepts %s', (code) => {
    expect(isSchemeCode(code)).toBe(true);
  });

  it.each(['7', '88', '9920 ', 'VAT', '', '09920', 'constructor'])(
    'rejects the unpadded or unknown %j',
    (code) => {
      expect(isSchemeCode(code)).toBe(false);
    },
  );
});
