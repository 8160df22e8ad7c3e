/**
 * Rule ids (issue #20 §4): every `ValidationIssue` names the rule that found it, beside its wire code.
 * The rules of `src/rules` are asserted with their own tests (test/rules); here, the helpers that
 * build issues (`issueAt`, `documentIssue`, `issuesFromZod`) and the issues of the core
 * outside `src/rules`: the model, the XML guards and readers, the JSON body, the version, the order
 * state, the documents and the report generation.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { detectTaxReportDocument } from '../../src/documents/taxReportDocument.js';
import { validateDocument } from '../../src/documents/validateDocument.js';
import { isRuleId, RULE_SOURCES, SCHEMA_RULES } from '../../src/errors/ruleId.js';
import type { ValidationIssue } from '../../src/errors/validationIssue.js';
import { withParam } from '../../src/generate/params.js';
import { transitionOrderState } from '../../src/lifecycle/orderState.js';
import { countryCode, currencyCode, isoDate } from '../../src/model/fields.js';
import { ksefText } from '../../src/model/ksefText.js';
import { parseInvoiceInclude, parseQueryFlag } from '../../src/model/listQuery.js';
import { parseWith } from '../../src/model/parse.js';
import { RoutingCodesSchema } from '../../src/model/routingCodes.js';
import { parseTaxReport } from '../../src/model/taxReport.js';
import { parseTinVerificationRequest } from '../../src/model/tinVerification.js';
import { issueAt } from '../../src/rules/issue.js';
import { parseJsonBody } from '../../src/versions/jsonBody.js';
import { resolveVersion } from '../../src/versions/resolveVersion.js';
import {
  documentIssue,
  dtdIssue,
  guardXmlDocument,
  wellFormednessFailure,
  wellFormednessIssue,
  type XmlDocumentPolicy,
} from '../../src/xml/guards.js';
import { IMPORT_RULES, ImportContext } from '../../src/xml/reader.js';
import { staticSvgIssue } from '../../src/xml/staticSvg.js';

const POLICY: XmlDocumentPolicy = {
  param: 'file',
  document: 'an XML document',
  maxBytes: 64,
  maxBytesText: '64 bytes',
  reader: 'KSeF',
  reference: 'ksef-fa3.md §4',
  conversionHint: 'convert it first',
  documents: 'FA(3) documents',
};

describe('isRuleId: the id scheme (src/errors/ruleId.ts)', () => {
  it.each([
    'spec.2.7.1',
    'spec.8.krs',
    'fa3.TNrKRS',
    'sii.8.f2-limit',
    'fiscalkit.ksef.role8-tax-id',
    'taxmath.3.9.advance-split',
  ])('%s is a rule id', (id) => {
    expect(isRuleId(id)).toBe(true);
  });

  it.each([
    'parameter_invalid',
    'spec',
    'spce.2.7.1',
    'spec.2.7.1.',
    'spec..2',
    'spec 2.7.1',
    'Spec.2.7.1',
    '',
  ])('%j is not', (id) => {
    expect(isRuleId(id)).toBe(false);
  });

  it('the schema rules are rule ids of fiscalkit', () => {
    for (const rule of Object.values(SCHEMA_RULES)) {
      expect(isRuleId(rule)).toBe(true);
      expect(rule.startsWith('fiscalkit.schema.')).toBe(true);
    }
    expect(RULE_SOURCES).toContain('fiscalkit');
  });
});

describe('issueAt: the rule id first, and required', () => {
  it('builds an issue of the rule', () => {
    expect(issueAt('spec.2.4.3', 'parameter_blank', ['contact'], 'needs tin_value or cin_value')).toEqual({
      rule: 'spec.2.4.3',
      code: 'parameter_blank',
      param: 'contact',
      message: 'contact needs tin_value or cin_value',
    });
  });

  it('writes the param into the message, and names the whole input', () => {
    expect(issueAt('spec.2.4.3', 'parameter_blank', ['a', 0, 'b'], 'is required')).toEqual({
      rule: 'spec.2.4.3',
      code: 'parameter_blank',
      param: 'a[0].b',
      message: 'a[0].b is required',
    });
    expect(issueAt('spec.2.4.3', 'parameter_invalid', [], 'is wrong').message).toBe('the request is wrong');
  });

  it('refuses a first argument that is no rule id', () => {
    expect(() => issueAt('spce.2.4.3', 'parameter_blank', ['contact'], 'x')).toThrow(TypeError);
  });

  it('the old three-argument form, without a rule, is gone: it does not compile, and throws', () => {
    // @ts-expect-error a rule without an id is a compile error (issue #20 §4)
    expect(() => issueAt('parameter_blank', ['a'], 'is required')).toThrow(TypeError);
  });

  it('an issue built by hand needs its rule too', () => {
    // @ts-expect-error `rule` is required on ValidationIssue (issue #20 §4)
    const issue: ValidationIssue = { code: 'parameter_blank', param: 'a', message: 'a is required' };
    expect(issue.param).toBe('a');
  });

  it('withParam moves an issue without losing its rule', () => {
    const moved = withParam(
      issueAt('spec.2.7.1', 'parameter_blank', ['third_party_country'], 'is required'),
      'x',
    );
    expect(moved).toEqual({
      rule: 'spec.2.7.1',
      code: 'parameter_blank',
      param: 'x',
      message: 'x is required',
    });
  });
});

describe('documentIssue and the XML guards: xml.*', () => {
  it('documentIssue takes the rule first; the old two-argument form is gone', () => {
    expect(documentIssue('xml.root-element', 'file', 'has no root element')).toEqual({
      rule: 'xml.root-element',
      code: 'parameter_invalid',
      param: 'file',
      message: 'file has no root element',
    });
    // @ts-expect-error a document issue names its rule (issue #20 §4)
    expect(() => documentIssue('file', 'has no root element')).toThrow(TypeError);
    expect(() => documentIssue('not-a-rule', 'file', 'x')).toThrow(TypeError);
  });

  it.each([
    ['xml.input-type', 42 as unknown as string],
    ['xml.max-size', `<a>${'x'.repeat(100)}</a>`],
    ['xml.bom', '\uFEFF<a/>'],
    ['xml.utf-8', Uint8Array.of(0x3c, 0x61, 0x3e, 0xf1, 0x3c, 0x2f, 0x61, 0x3e)],
    ['xml.encoding', '<?xml version="1.0" encoding="ISO-8859-2"?><a/>'],
    ['xml.doctype', '<!DOCTYPE a><a/>'],
    ['xml.char', '<a>\u0001</a>'],
    ['xml.entity-reference', '<a>&nbsp;</a>'],
  ])('%s', (rule, input) => {
    const guarded = guardXmlDocument(input, POLICY);
    expect(guarded.success ? null : guarded.issue).toMatchObject({
      rule,
      code: 'parameter_invalid',
      param: 'file',
    });
  });

  it('the parse and the SVG check name theirs', () => {
    expect(wellFormednessFailure('1:9: unexpected close tag.', 'file').rule).toBe('xml.well-formed');
    expect(wellFormednessIssue('<a>&#1;</a>', 'file')?.rule).toBe('xml.entity-reference');
    expect(dtdIssue('<!ENTITY x "y"><a/>', POLICY)?.rule).toBe('xml.doctype');
    expect(staticSvgIssue('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')?.rule).toBe(
      'fiscalkit.svg.static-image',
    );
  });

  it("an import names the XML Schema rules by default, the importer's own when it gives them", () => {
    const context = new ImportContext('FA(3)');
    context.missing('Fa/P_2');
    context.invalid('Podmiot2/JST', 'must be 1 or 2');
    context.missing('Fa/P_1', 'fa3.P_1');
    expect(context.issues.map((issue) => issue.rule)).toEqual([
      IMPORT_RULES.missing,
      IMPORT_RULES.invalid,
      'fa3.P_1',
    ]);
    const own = new ImportContext('FA(3)', false, { missing: 'fa3.required', invalid: 'fa3.value' });
    own.missing('Fa/P_2');
    expect(own.issues[0]?.rule).toBe('fa3.required');
  });
});

describe('the model: the schema rules, and the rules a field applies', () => {
  it('parseTaxReport reads type with the schema rules', () => {
    const rules = (input: unknown) => {
      const result = parseTaxReport(input, 'create');
      return result.success ? [] : result.issues.map((issue) => [issue.rule, issue.code]);
    };
    expect(rules([])).toEqual([[SCHEMA_RULES.type, 'invalid_request_params']]);
    expect(rules({})).toEqual([[SCHEMA_RULES.required, 'parameter_blank']]);
    expect(rules({ type: 1 })).toEqual([[SCHEMA_RULES.type, 'invalid_request_params']]);
    expect(rules({ type: 'KSeF' })).toEqual([[SCHEMA_RULES.enum, 'parameter_inclusion']]);
  });

  it('spec §2.1 conventions: dates, country, currency', () => {
    const ruleOf = (schema: Parameters<typeof parseWith>[0], value: unknown) => {
      const result = parseWith(schema, value);
      return result.success ? null : result.issues[0]?.rule;
    };
    expect(ruleOf(isoDate(), '20-04-2026')).toBe('spec.2.1.dates');
    // A blank field is missing, not a badly written date (the body itself is never missing).
    expect(ruleOf(z.object({ date: isoDate() }), { date: ' ' })).toBe(SCHEMA_RULES.required);
    expect(ruleOf(countryCode(), 'XX')).toBe('spec.2.1.country');
    expect(ruleOf(currencyCode(), 'XAU')).toBe('spec.2.1.currency');
    expect(ruleOf(isoDate(), 20260420)).toBe(SCHEMA_RULES.type);
  });

  it('an FA(3) text too long names its FA(3) type', () => {
    const result = parseWith(ksefText('TZnakowy512'), 'a'.repeat(513));
    expect(result.success ? null : result.issues[0]).toMatchObject({
      rule: 'fa3.TZnakowy512',
      code: 'parameter_invalid',
    });
  });

  it('routing codes: the sixth slot is spec.8.routing-codes, an unknown key the schema rule', () => {
    const result = parseWith(RoutingCodesSchema, { cin6_value: 'X', colour: 'red' });
    expect(result.success ? [] : result.issues.map((issue) => [issue.param, issue.rule])).toEqual([
      ['cin6_value', 'spec.8.routing-codes'],
      ['colour', SCHEMA_RULES.unknownField],
    ]);
  });

  it('TIN verification: the country is spec.4.3.country, a body that is no array the schema rule', () => {
    const result = parseTinVerificationRequest({ country: 'fr', body: {} });
    expect(result.success ? [] : result.issues.map((issue) => [issue.param, issue.rule])).toEqual([
      ['country', 'spec.4.3.country'],
      ['', SCHEMA_RULES.type],
    ]);
  });

  it('a custom check naming a malformed rule is a programming error: TypeError, not another rule', () => {
    const custom = (rule: unknown) =>
      z.string().refine((value) => value === 'ok', { params: { code: 'parameter_invalid', rule } });
    expect(() => parseWith(custom('parameter_invalid'), 'no')).toThrow(
      new TypeError('issuesFromZod: params.rule "parameter_invalid" is not a rule id'),
    );
    expect(() => parseWith(custom(7), 'no')).toThrow(TypeError);
    const named = parseWith(custom('spec.2.1.dates'), 'no');
    expect(named.success ? null : named.issues[0]?.rule).toBe('spec.2.1.dates');
    const unnamed = parseWith(custom(undefined), 'no');
    expect(unnamed.success ? null : unnamed.issues[0]?.rule).toBe(SCHEMA_RULES.value);
  });

  it('list queries: include and a flag', () => {
    const include = parseInvoiceInclude('colour');
    expect(include.success ? null : include.issues[0]?.rule).toBe(SCHEMA_RULES.enum);
    const flag = parseQueryFlag('maybe', 'ack');
    expect(flag.success ? null : flag.issues[0]?.rule).toBe(SCHEMA_RULES.type);
  });
});

describe('the request: JSON body and version', () => {
  it('malformed JSON is spec.7.2.malformed-json; the limits are fiscalkit.json.*', () => {
    const ruleOf = (result: ReturnType<typeof parseJsonBody>) =>
      result.success ? null : result.issues[0]?.rule;
    expect(ruleOf(parseJsonBody('{"a":1,'))).toBe('spec.7.2.malformed-json');
    expect(ruleOf(parseJsonBody('{"a":"bcd"}', { maxBytes: 4 }))).toBe('fiscalkit.json.max-bytes');
    expect(ruleOf(parseJsonBody(`${'['.repeat(65)}${']'.repeat(65)}`))).toBe('fiscalkit.json.max-depth');
    const limits = { max_values: 3, max_string_length: 2 };
    expect(ruleOf(parseJsonBody('[1,2,3]', { limits }))).toBe('fiscalkit.json.max-values');
    expect(ruleOf(parseJsonBody('["abc"]', { limits }))).toBe('fiscalkit.json.max-string-length');
  });

  it('the version: spec §9 rule 1 and rule 3', () => {
    const ruleOf = (request: Parameters<typeof resolveVersion>[0]) => {
      const result = resolveVersion(request);
      return result.success ? null : [result.issues[0]?.rule, result.issues[0]?.code];
    };
    expect(ruleOf({})).toEqual(['spec.9.1', 'missing_api_version']);
    expect(ruleOf({ header: '1999-01-01' })).toEqual(['spec.9.1', 'invalid_api_version']);
    expect(ruleOf({ header: '2025-01-01', host: 'api.b2brouter.net' })).toEqual([
      'spec.9.3',
      'api_version_subdomain_mismatch',
    ]);
  });
});

describe('orders, documents', () => {
  it('the order state machine names its two refusals', () => {
    const inclusion = transitionOrderState({ type: 'ReceivedOrder', state: 'new' }, 'sent');
    expect(inclusion.accepted ? null : inclusion.issue.rule).toBe('fiscalkit.order.mark-as-state');
    const conflict = transitionOrderState({ type: 'IssuedOrder', state: 'refused' }, 'accepted');
    expect(conflict.accepted ? null : conflict.issue.rule).toBe('fiscalkit.order.state-move');
  });

  it('a document without a root element, or of a format fiscalkit does not read', () => {
    const detected = detectTaxReportDocument('<?xml version="1.0"?>');
    expect(detected.success ? null : detected.issues[0]?.rule).toBe('xml.root-element');
    const other = detectTaxReportDocument('<Invoice/>');
    expect(other.success ? null : other.issues[0]?.rule).toBe('fiscalkit.document.import-format');
    // Refused before the SII schema is needed: no validator is asked.
    const validator = {} as Parameters<typeof validateDocument>[1]['validator'];
    const unknown = validateDocument('<Unknown/>', { validator });
    expect(unknown.success ? null : unknown.issues[0]?.rule).toBe('fiscalkit.document.format');
    const rootless = validateDocument('<?xml version="1.0"?>', { validator });
    expect(rootless.success ? null : rootless.issues[0]?.rule).toBe('xml.root-element');
  });
});
