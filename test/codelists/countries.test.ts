import { countries } from 'countries-list';
import { describe, expect, it } from 'vitest';
import { COUNTRIES, countryName, isCountryCode } from '../../src/index.js';

// The 249 officially assigned ISO 3166-1 alpha-2 codes, typed here independently of countries-list so
// that a package release adding or dropping a code fails this test.
const ISO_3166_1 = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT ' +
  'BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ' +
  'ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT ' +
  'HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS ' +
  'LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI ' +
  'NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG ' +
  'SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG ' +
  'UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

describe('COUNTRIES (ISO 3166-1 alpha-2, GET /countries)', () => {
  it('holds exactly the 249 assigned codes', () => {
    expect(ISO_3166_1).toHaveLength(249);
    expect(COUNTRIES.map(({ code }) => code)).toEqual(ISO_3166_1);
  });

  it('leaves out the reserved and user-assigned codes countries-list carries', () => {
    for (const code of ['AC', 'TA', 'XK']) {
      expect(code in countries, `${code} is in the package`).toBe(true);
      expect(isCountryCode(code), code).toBe(false);
    }
    expect(Object.keys(countries)).toHaveLength(252);
  });

  it.each([
    ['ES', 'Spain'],
    ['PL', 'Poland'],
    ['BE', 'Belgium'],
    ['IT', 'Italy'],
    ['SH', 'Saint Helena'],
  ])('names %s %s', (code, name) => {
    expect(countryName(code)).toBe(name);
    expect(COUNTRIES.find((country) => country.code === code)?.name).toBe(name);
  });

  it('takes every name from countries-list', () => {
    for (const { code, name } of COUNTRIES) {
      expect(name, code).toBe(countries[code as keyof typeof countries].name);
    }
  });
});

describe('isCountryCode and countryName', () => {
  it.each(['ES', 'PL', 'BE', 'AX', 'BQ', 'SS'])('accept %s', (code) => {
    expect(isCountryCode(code)).toBe(true);
    expect(countryName(code)).toEqual(expect.any(String));
  });

  it.each([
    ['es', 'lower case: callers normalise'],
    ['XX', 'unassigned'],
    ['UK', 'not ISO (GB is)'],
    ['EL', 'the VAT prefix of Greece, not its country code'],
    ['EU', 'exceptionally reserved'],
    ['', 'empty'],
    [' ES', 'leading space'],
    ['ESP', 'alpha-3'],
    ['constructor', 'inherited object key'],
  ])('reject %j (%s)', (code) => {
    expect(isCountryCode(code)).toBe(false);
    expect(countryName(code)).toBeNull();
  });
});
