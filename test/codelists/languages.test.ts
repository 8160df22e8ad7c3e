import { languages } from 'countries-list';
import { describe, expect, it } from 'vitest';
import { isLanguageCode, LANGUAGES } from '../../src/index.js';

// The 183 current ISO 639-1 codes, typed here independently of countries-list.
const ISO_639_1 = (
  'aa ab ae af ak am an ar as av ay az ba be bg bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv ' +
  'dz ee el en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ' +
  'ig ii ik io is it iu ja jv ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv ' +
  'mg mh mi mk ml mn mr ms mt my na nb nd ne ng nl nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm ' +
  'rn ro ru rw sa sc sd se sg si sk sl sm sn so sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ts ' +
  'tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu'
).split(' ');

describe('LANGUAGES (ISO 639-1, GET /languages)', () => {
  it('holds exactly the 183 current ISO 639-1 codes', () => {
    expect(ISO_639_1).toHaveLength(183);
    expect(LANGUAGES.map(({ code }) => code)).toEqual(ISO_639_1);
  });

  it('drops the deprecated codes countries-list still has and adds the Avestan it lacks', () => {
    for (const code of ['bh', 'mo', 'sh']) {
      expect(code in languages, code).toBe(true);
      expect(isLanguageCode(code), code).toBe(false);
    }
    expect('ae' in languages).toBe(false);
    expect(LANGUAGES.find(({ code }) => code === 'ae')).toEqual({
      code: 'ae',
      name: 'Avestan',
      native: 'avesta',
    });
  });

  it.each([
    ['es', 'Spanish', 'Español'],
    ['pl', 'Polish', 'Polski'],
    ['ca', 'Catalan', 'Català'],
  ])('has %s (%s, %s)', (code, name, native) => {
    expect(LANGUAGES.find((language) => language.code === code)).toEqual({ code, name, native });
  });

  it('takes names from countries-list', () => {
    for (const { code, name, native } of LANGUAGES) {
      if (code === 'ae') continue;
      const language = languages[code as keyof typeof languages];
      expect([name, native], code).toEqual([language.name, language.native]);
    }
  });
});

describe('isLanguageCode', () => {
  it.each(['es', 'en', 'pl', 'ca', 'ae'])('accepts %s', (code) => {
    expect(isLanguageCode(code)).toBe(true);
  });

  it.each(['ES', 'spa', 'xx', '', 'es-ES', 'constructor'])('rejects %j', (code) => {
    expect(isLanguageCode(code)).toBe(false);
  });
});
