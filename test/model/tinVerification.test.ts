import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { apiErrorFromIssues } from '../../src/errors/validationIssue.js';
import {
  CENSUS_RESULTS,
  type CensusAnswer,
  censusMatch,
  MAX_TIN_VERIFICATION_PAIRS,
  normalizeCensusResult,
  parseTinVerificationRequest,
  resultName,
  TIN_VERIFICATION_STATUSES,
  TinVerificationRecordSchema,
  TinVerificationSchema,
  tinOutcome,
  toTinVerificationResource,
} from '../../src/model/tinVerification.js';

/** `n` distinct well-formed pairs (entity NIF `B12345674` is valid, es-tin.md §2). */
function pairs(n: number): { tin: string; name: string }[] {
  return Array.from({ length: n }, (_, i) => ({ tin: 'B12345674', name: `Company ${String(i)}` }));
}

function issuesOf(input: { country: unknown; body: unknown }) {
  const result = parseTinVerificationRequest(input);
  if (result.success) throw new Error('expected the request to be refused');
  return result.issues.map(({ code, param }) => ({ code, param }));
}

describe('parseTinVerificationRequest: the country query (spec §4.3)', () => {
  it('§4.3: country es is accepted in any case and with spaces, stored as ES', () => {
    for (const country of ['es', 'ES', 'Es', ' es ']) {
      const result = parseTinVerificationRequest({ country, body: pairs(1) });
      expect(result).toEqual({ success: true, data: { country: 'ES', pairs: pairs(1) } });
    }
  });

  it('§4.3: a missing country → parameter_blank at country', () => {
    expect(issuesOf({ country: undefined, body: pairs(1) })).toEqual([
      { code: 'parameter_blank', param: 'country' },
    ]);
  });

  it('§4.3: an empty or blank country → parameter_blank at country', () => {
    expect(issuesOf({ country: '', body: pairs(1) })).toEqual([
      { code: 'parameter_blank', param: 'country' },
    ]);
    expect(issuesOf({ country: '  ', body: pairs(1) })).toEqual([
      { code: 'parameter_blank', param: 'country' },
    ]);
  });

  it('§4.3: a country other than es → parameter_inclusion at country', () => {
    for (const country of ['pl', 'FR', 'esp', 'e s']) {
      expect(issuesOf({ country, body: pairs(1) })).toEqual([
        { code: 'parameter_inclusion', param: 'country' },
      ]);
    }
  });

  it('§7.2: a repeated country query (an array) → invalid_request_params at country', () => {
    expect(issuesOf({ country: ['es', 'es'], body: pairs(1) })).toEqual([
      { code: 'invalid_request_params', param: 'country' },
    ]);
  });

  it('§4.3: the query issue comes first, then the body issues', () => {
    expect(issuesOf({ country: 'fr', body: [] })).toEqual([
      { code: 'parameter_inclusion', param: 'country' },
      { code: 'parameter_empty', param: '' },
    ]);
  });
});

describe('parseTinVerificationRequest: the body (spec §4.3, §8)', () => {
  it('§4.3: an empty array → parameter_empty with param "" (written as null)', () => {
    const result = parseTinVerificationRequest({ country: 'es', body: [] });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.issues.map(({ code, param }) => ({ code, param }))).toEqual([
      { code: 'parameter_empty', param: '' },
    ]);
    const error = apiErrorFromIssues(result.issues);
    expect(error.status).toBe(422);
    expect(error.param).toBeNull();
  });

  it('§4.3: 1 pair is accepted (lower bound)', () => {
    const result = parseTinVerificationRequest({ country: 'es', body: pairs(1) });
    expect(result.success && result.data.pairs).toHaveLength(1);
  });

  it('§8: exactly 20,000 pairs are accepted (upper bound)', () => {
    expect(MAX_TIN_VERIFICATION_PAIRS).toBe(20_000);
    const result = parseTinVerificationRequest({ country: 'es', body: pairs(20_000) });
    expect(result.success && result.data.pairs).toHaveLength(20_000);
  });

  it('§8: more than 20,000 pairs (20,001) → parameter_invalid with param ""', () => {
    expect(issuesOf({ country: 'es', body: pairs(20_001) })).toEqual([
      { code: 'parameter_invalid', param: '' },
    ]);
  });

  it('§8: an oversized body is answered with the limit alone, not one issue per bad element', () => {
    const body: unknown[] = Array.from({ length: 20_001 }, () => 7);
    expect(issuesOf({ country: 'es', body })).toEqual([{ code: 'parameter_invalid', param: '' }]);
  });

  it('§7.2: a body that is not an array → invalid_request_params with param ""', () => {
    for (const body of [{ tin: 'B12345674', name: 'ACME' }, 'B12345674', 42, null, undefined, true]) {
      expect(issuesOf({ country: 'es', body })).toEqual([{ code: 'invalid_request_params', param: '' }]);
    }
  });

  it('§7.2: an element that is not an object → invalid_request_params at [i]', () => {
    expect(issuesOf({ country: 'es', body: [...pairs(3), 'B12345674'] })).toEqual([
      { code: 'invalid_request_params', param: '[3]' },
    ]);
    expect(issuesOf({ country: 'es', body: [[], ...pairs(1)] })).toEqual([
      { code: 'invalid_request_params', param: '[0]' },
    ]);
  });

  it('§7.2: a null element is a missing pair → parameter_blank at [i]', () => {
    expect(issuesOf({ country: 'es', body: [...pairs(1), null] })).toEqual([
      { code: 'parameter_blank', param: '[1]' },
    ]);
  });

  it('§7.2: tin or name of the wrong JSON type → invalid_request_params at [i].tin / [i].name', () => {
    expect(issuesOf({ country: 'es', body: [...pairs(3), { tin: 12345678, name: 'ACME' }] })).toEqual([
      { code: 'invalid_request_params', param: '[3].tin' },
    ]);
    expect(issuesOf({ country: 'es', body: [{ tin: 'B12345674', name: ['ACME'] }] })).toEqual([
      { code: 'invalid_request_params', param: '[0].name' },
    ]);
  });

  it('§4.3: a missing, null, empty or blank tin → parameter_blank at [i].tin', () => {
    for (const element of [
      { name: 'ACME' },
      { tin: null, name: 'ACME' },
      { tin: '', name: 'ACME' },
      { tin: ' ', name: 'ACME' },
    ]) {
      expect(issuesOf({ country: 'es', body: [...pairs(2), element] })).toEqual([
        { code: 'parameter_blank', param: '[2].tin' },
      ]);
    }
  });

  it('§4.3 / api-notes §6: name is required — missing, null, empty or blank → parameter_blank at [i].name', () => {
    for (const element of [
      { tin: 'B12345674' },
      { tin: 'B12345674', name: null },
      { tin: 'B12345674', name: '' },
      { tin: 'B12345674', name: '\t ' },
    ]) {
      expect(issuesOf({ country: 'es', body: [element] })).toEqual([
        { code: 'parameter_blank', param: '[0].name' },
      ]);
    }
  });

  it('a tin over 64 or a name over 255 characters → parameter_invalid at the field', () => {
    expect(issuesOf({ country: 'es', body: [{ tin: 'B'.repeat(65), name: 'ACME' }] })).toEqual([
      { code: 'parameter_invalid', param: '[0].tin' },
    ]);
    expect(issuesOf({ country: 'es', body: [{ tin: 'B12345674', name: 'x'.repeat(256) }] })).toEqual([
      { code: 'parameter_invalid', param: '[0].name' },
    ]);
    expect(
      parseTinVerificationRequest({ country: 'es', body: [{ tin: 'B'.repeat(64), name: 'x'.repeat(255) }] })
        .success,
    ).toBe(true);
  });

  it('reports every bad element at its own index', () => {
    expect(issuesOf({ country: 'es', body: [{ tin: 'A', name: '' }, ...pairs(1), { name: 'B' }] })).toEqual([
      { code: 'parameter_blank', param: '[0].name' },
      { code: 'parameter_blank', param: '[2].tin' },
    ]);
  });

  it('keeps tin and name exactly as sent, keeps duplicates and order, and drops unknown keys', () => {
    const body = [
      { tin: ' es b-12345674 ', name: ' Acme SL ', extra: 1 },
      { tin: ' es b-12345674 ', name: ' Acme SL ' },
    ];
    const result = parseTinVerificationRequest({ country: 'es', body });
    expect(result).toEqual({
      success: true,
      data: {
        country: 'ES',
        pairs: [
          { tin: ' es b-12345674 ', name: ' Acme SL ' },
          { tin: ' es b-12345674 ', name: ' Acme SL ' },
        ],
      },
    });
  });

  test.prop([fc.anything(), fc.anything()])('never throws, whatever the query and body', (country, body) => {
    const result = parseTinVerificationRequest({ country, body });
    expect(typeof result.success).toBe('boolean');
  });
});

describe('census results (es-tin.md §4.3, §5)', () => {
  it('lists the seven Resultado values and the three statuses of §2.10', () => {
    expect(CENSUS_RESULTS).toEqual([
      'IDENTIFICADO',
      'IDENTIFICADO-BAJA',
      'IDENTIFICADO-REVOCADO',
      'NO IDENTIFICADO',
      'NO IDENTIFICADO-SIMILAR',
      'NO PROCESADO',
      'NO IDENTIFICABLE',
    ]);
    expect(TIN_VERIFICATION_STATUSES).toEqual(['pending', 'success', 'failed']);
  });

  it('es-tin §5: census_match is true for IDENTIFICADO, -BAJA and -REVOCADO only', () => {
    const matching = CENSUS_RESULTS.filter((result) => censusMatch(result));
    expect(matching).toEqual(['IDENTIFICADO', 'IDENTIFICADO-BAJA', 'IDENTIFICADO-REVOCADO']);
  });

  it('es-tin §4.3: values are compared upper-cased with whitespace removed', () => {
    expect(normalizeCensusResult('No identificado -similar')).toBe('NO IDENTIFICADO-SIMILAR');
    expect(normalizeCensusResult(' identificado - baja ')).toBe('IDENTIFICADO-BAJA');
    expect(normalizeCensusResult('NOIDENTIFICABLE')).toBe('NO IDENTIFICABLE');
    expect(censusMatch('Identificado - Revocado')).toBe(true);
    expect(censusMatch('no identificado')).toBe(false);
  });

  it('an unknown value, an empty one or no census answer is never a match', () => {
    expect(normalizeCensusResult('IDENTIFICADA')).toBeNull();
    expect(censusMatch('IDENTIFICADA')).toBe(false);
    expect(censusMatch('')).toBe(false);
    expect(censusMatch(null)).toBe(false);
    expect(censusMatch(undefined)).toBe(false);
  });

  test.prop([
    fc.constantFrom(...CENSUS_RESULTS),
    fc.boolean(),
    fc.array(fc.constantFrom(' ', '\t'), { maxLength: 3 }),
  ])('normalising survives any case and added whitespace', (result, lower, padding) => {
    const written = `${padding.join('')}${lower ? result.toLowerCase() : result}${padding.join('')}`;
    expect(normalizeCensusResult(written)).toBe(result);
  });
});

describe('resultName (spec §2.10 rule)', () => {
  const census = (result: string, name = 'ACME SOCIEDAD LIMITADA'): CensusAnswer => ({ name, result });

  it('§2.10: on a census match the name is the canonical census name', () => {
    expect(resultName('acme', census('IDENTIFICADO'))).toBe('ACME SOCIEDAD LIMITADA');
    expect(resultName('acme', census('IDENTIFICADO-BAJA'))).toBe('ACME SOCIEDAD LIMITADA');
    expect(resultName('acme', census('identificado-revocado'))).toBe('ACME SOCIEDAD LIMITADA');
  });

  it('§2.10: without a match the submitted name is echoed, even when AEAT sent its own (-SIMILAR)', () => {
    expect(resultName('Jon Perez', census('NO IDENTIFICADO-SIMILAR', 'PEREZ JUAN'))).toBe('Jon Perez');
    expect(resultName('acme', census('NO IDENTIFICADO'))).toBe('acme');
    expect(resultName('acme', census('NO PROCESADO'))).toBe('acme');
  });

  it('§2.10: with no census answer, or a blank census name on a match, the submitted name is kept', () => {
    expect(resultName('acme', null)).toBe('acme');
    expect(resultName('acme', undefined)).toBe('acme');
    expect(resultName('acme', census('IDENTIFICADO', '  '))).toBe('acme');
  });
});

describe('tinOutcome and the resource (spec §2.10, es-tin.md §5)', () => {
  it('§2.10: a matching pair gets the census name, ES-prefixed normalized_tin and census_result', () => {
    expect(
      tinOutcome({ tin: 'b-12345674', name: 'Acme' }, { name: 'ACME SL', result: 'Identificado' }),
    ).toEqual({
      tin: 'b-12345674',
      normalized_tin: 'ESB12345674',
      name: 'ACME SL',
      tin_format_valid: true,
      census_match: true,
      census_result: 'IDENTIFICADO',
    });
  });

  it('es-tin §5: a deregistered NIF is a match, and census_result keeps the -BAJA for warnings', () => {
    const outcome = tinOutcome(
      { tin: '12345678Z', name: 'Ana' },
      { name: 'GARCIA ANA', result: 'IDENTIFICADO-BAJA' },
    );
    expect(outcome.census_match).toBe(true);
    expect(outcome.census_result).toBe('IDENTIFICADO-BAJA');
  });

  it('es-tin §5: normalized_tin is computed for an invalid TIN too (B12345678 → ESB12345678)', () => {
    expect(tinOutcome({ tin: 'B12345678', name: 'Acme' }, null)).toEqual({
      tin: 'B12345678',
      normalized_tin: 'ESB12345678',
      name: 'Acme',
      tin_format_valid: false,
      census_match: false,
      census_result: null,
    });
  });

  it('an unrecognised Resultado is no match and census_result null', () => {
    const outcome = tinOutcome({ tin: 'B12345674', name: 'Acme' }, { name: 'ACME SL', result: '???' });
    expect(outcome).toMatchObject({ census_match: false, census_result: null, name: 'Acme' });
  });

  it('§2.10: the API shape has exactly the five spec fields; census_result is left out', () => {
    const record = {
      id: 7,
      status: 'success' as const,
      results: [
        tinOutcome({ tin: 'B12345674', name: 'Acme' }, { name: 'ACME SL', result: 'IDENTIFICADO-REVOCADO' }),
      ],
    };
    expect(TinVerificationRecordSchema.safeParse(record).success).toBe(true);
    const resource = toTinVerificationResource(record);
    expect(resource).toEqual({
      id: 7,
      status: 'success',
      results: [
        {
          tin: 'B12345674',
          normalized_tin: 'ESB12345674',
          name: 'ACME SL',
          tin_format_valid: true,
          census_match: true,
        },
      ],
    });
    expect(Object.keys(resource.results[0] ?? {})).toHaveLength(5);
    expect(TinVerificationSchema.safeParse(resource).success).toBe(true);
  });

  it('§2.10: results are empty while pending', () => {
    expect(TinVerificationSchema.safeParse({ id: 1, status: 'pending', results: [] }).success).toBe(true);
    const pendingWithResults = {
      id: 1,
      status: 'pending',
      results: [
        {
          tin: 'B12345674',
          normalized_tin: 'ESB12345674',
          name: 'A',
          tin_format_valid: true,
          census_match: false,
        },
      ],
    };
    expect(TinVerificationSchema.safeParse(pendingWithResults).success).toBe(false);
    expect(TinVerificationSchema.safeParse({ ...pendingWithResults, status: 'failed' }).success).toBe(true);
  });
});
