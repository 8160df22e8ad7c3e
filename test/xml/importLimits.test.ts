/**
 * The importers refuse an element repeated beyond its schema's `maxOccurs` as soon as the parse
 * reaches it (issue #24 item 1): FA(3) (`importFa3`), SII messages (`importSiiMessage`, bare and in a
 * SOAP envelope) and AEAT responses (`parseSiiResponse`), each with one 422 `parameter_invalid` at
 * `file` naming the element path, the limit and the line and column. A schema-valid document with the
 * most repeats its schema allows is still imported. POST /documents/validate (`validateDocument`) holds
 * documents it reads for well-formedness only, and SOAP envelopes, to 256 levels of nesting.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { validateDocument } from '../../src/documents/validateDocument.js';
import { importFa3 } from '../../src/ksef/import/importFa3.js';
import { SII_LR_NAMESPACE, SII_NAMESPACE } from '../../src/sii/build/xml.js';
import { SOAP_ENVELOPE_NAMESPACE } from '../../src/sii/import/document.js';
import { importSiiMessage } from '../../src/sii/import/importSiiMessage.js';
import { parseSiiResponse, SII_RESPONSE_NAMESPACE } from '../../src/sii/import/response.js';
import { structuralSiiValidator } from '../../src/sii/validator/structuralSiiValidator.js';
import { vatReport } from '../support/ksefReports.js';
import { hasShared } from '../support/shared.js';
import { builtSiiMessage } from '../support/siiMessages.js';
import { fa3Of } from '../support/taxReportWorld.js';
import { disposeSchemas, formatXsdErrors, validateXml } from '../support/xsd.js';

afterAll(() => disposeSchemas());

/** `(line L, column C)` of the end of the start tag that begins at `index` (as `parseRefusal` writes it). */
function positionOf(xml: string, index: number): string {
  const end = xml.indexOf('>', index) + 1;
  const lineStart = xml.lastIndexOf('\n', index) + 1;
  const line = xml.slice(0, index).split('\n').length;
  return `(line ${String(line)}, column ${String(end - lineStart + 1)})`;
}

/** The index of the `n`-th (from 1) occurrence of `needle`. */
function nthIndex(xml: string, needle: string, n: number): number {
  let index = -1;
  for (let found = 0; found < n; found++) index = xml.indexOf(needle, index + 1);
  return index;
}

/** `xml` with the first `block` (from `open` to its `close`) written `count` times. */
function repeatBlock(xml: string, open: string, close: string, count: number): string {
  const start = xml.indexOf(open);
  const end = xml.indexOf(close, start) + close.length;
  const block = xml.slice(start, end);
  return `${xml.slice(0, start)}${Array.from({ length: count }, () => block).join('\n')}${xml.slice(end)}`;
}

function refusal(result: { success: boolean; issues?: unknown }): {
  code: string;
  param: string;
  message: string;
} {
  expect(result.success).toBe(false);
  const issues = (result as { issues: { code: string; param: string; message: string }[] }).issues;
  expect(issues).toHaveLength(1);
  return issues[0] as { code: string; param: string; message: string };
}

describe('FA(3): importFa3', () => {
  const withContacts = (count: number) =>
    repeatBlock(fa3Of(vatReport()), '<DaneKontaktowe>', '</DaneKontaktowe>', count);

  it.skipIf(!hasShared)(
    'imports Podmiot1 with DaneKontaktowe 3 times, the most FA(3) allows (XSD-valid)',
    () => {
      const xml = withContacts(3);
      const verdict = validateXml('ksef-fa3', xml);
      expect(verdict.valid, formatXsdErrors(verdict)).toBe(true);
      const imported = importFa3(xml);
      expect(imported.success).toBe(true);
      if (imported.success) expect(imported.data.ignored).toContain('Podmiot1/DaneKontaktowe[3]');
    },
  );

  it('refuses the 4th DaneKontaktowe where it stands, with the path, the limit and its position', () => {
    const xml = withContacts(4);
    expect(refusal(importFa3(xml))).toEqual({
      rule: 'xml.schema-limits',
      code: 'parameter_invalid',
      param: 'file',
      message:
        'file has <Faktura/Podmiot1/DaneKontaktowe> more than 3 times in one <Podmiot1> (occurrence 4), but ' +
        `schemat_FA(3)_v1-0E.xsd allows it at most 3 times there (maxOccurs="3") ${positionOf(xml, nthIndex(xml, '<DaneKontaktowe>', 4))}`,
    });
  });

  it('refuses a second P_2, and a second element FA(3) does not declare, at the second', () => {
    const xml = fa3Of(vatReport()).replace('<P_2>', '<P_2>X</P_2><P_2>');
    expect(refusal(importFa3(xml)).message).toMatch(
      /^file has <Faktura\/Fa\/P_2> more than once in one <Fa> \(occurrence 2\), but schemat_FA\(3\)_v1-0E\.xsd allows it at most once there \(maxOccurs="1"\) \(line \d+, column \d+\)$/,
    );
    const attack = `<Faktura xmlns="http://crd.gov.pl/wzor/2025/06/25/13775/">${'<x/>'.repeat(200000)}</Faktura>`;
    expect(refusal(importFa3(attack)).message).toBe(
      'file has <Faktura/x> more than once in one <Faktura> (occurrence 2), but schemat_FA(3)_v1-0E.xsd declares no ' +
        'element x, and an element the schema does not declare is read at most once per parent (line 1, column 67)',
    );
  });

  it('refuses an element deeper than any FA(3) element (7 levels)', () => {
    const deep = `<Faktura xmlns="http://crd.gov.pl/wzor/2025/06/25/13775/">${'<a>'.repeat(100000)}${'</a>'.repeat(100000)}</Faktura>`;
    expect(refusal(importFa3(deep)).message).toMatch(
      /^file has <Faktura\/a\/a\/a\/a\/a\/a\/a> at level 8, deeper than any element of schemat_FA\(3\)_v1-0E\.xsd \(at most 7 levels\)/,
    );
  });
});

describe('SII messages: importSiiMessage', () => {
  const detalle = ['<sii:DetalleIVA>', '</sii:DetalleIVA>'] as const;
  const withVatRows = (count: number) =>
    repeatBlock(builtSiiMessage('Expedida', 'alta', 1), ...detalle, count);

  it.skipIf(!hasShared)(
    'imports a DesgloseIVA with DetalleIVA 6 times, the most SuministroLR.xsd allows (XSD-valid)',
    () => {
      const xml = withVatRows(6);
      const verdict = validateXml('sii', xml);
      expect(verdict.valid, formatXsdErrors(verdict)).toBe(true);
      const imported = importSiiMessage(xml);
      expect(imported.success, JSON.stringify(imported.success ? null : imported.issues)).toBe(true);
    },
  );

  it('refuses the 7th DetalleIVA where it stands', () => {
    const xml = withVatRows(7);
    expect(refusal(importSiiMessage(xml)).message).toBe(
      'file has <SuministroLRFacturasEmitidas/RegistroLRFacturasEmitidas/FacturaExpedida/TipoDesglose/' +
        'DesgloseTipoOperacion/PrestacionServicios/Sujeta/NoExenta/DesgloseIVA/DetalleIVA> more than 6 times in one ' +
        '<DesgloseIVA> (occurrence 7), but SuministroLR.xsd allows it at most 6 times there (maxOccurs="6") ' +
        positionOf(xml, nthIndex(xml, detalle[0], 7)),
    );
  });

  const root = (inner: string) =>
    `<siiLR:SuministroLRFacturasEmitidas xmlns:siiLR="${SII_LR_NAMESPACE}" xmlns:sii="${SII_NAMESPACE}">${inner}</siiLR:SuministroLRFacturasEmitidas>`;

  it('reads 10,000 records and refuses record 10,001 as it opens (maxOccurs="10000")', () => {
    const record = '<siiLR:RegistroLRFacturasEmitidas/>';
    expect(refusal(importSiiMessage(root(record.repeat(10000)))).message).not.toMatch(/maxOccurs/);
    const xml = root(record.repeat(10001));
    expect(refusal(importSiiMessage(xml)).message).toBe(
      'file has <SuministroLRFacturasEmitidas/RegistroLRFacturasEmitidas> more than 10000 times in one ' +
        '<SuministroLRFacturasEmitidas> (occurrence 10001), but SuministroLR.xsd allows it at most 10000 times there ' +
        `(maxOccurs="10000") ${positionOf(xml, nthIndex(xml, record, 10001))}`,
    );
  });

  it('in a SOAP envelope: the message is limited as bare, the Header is not read', () => {
    const envelope = (header: string, body: string) =>
      `<soapenv:Envelope xmlns:soapenv="${SOAP_ENVELOPE_NAMESPACE}"><soapenv:Header>${header}</soapenv:Header><soapenv:Body>${body}</soapenv:Body></soapenv:Envelope>`;
    const message = builtSiiMessage('Expedida', 'alta', 1).replace(/^<\?xml[^>]*\?>\s*/, '');
    expect(importSiiMessage(envelope('<t:x xmlns:t="urn:t"/>'.repeat(3), message)).success).toBe(true);
    const twice = message.replace('<sii:Cabecera>', '<sii:Cabecera/><sii:Cabecera>');
    expect(refusal(importSiiMessage(envelope('', twice))).message).toMatch(
      /^file has <Envelope\/Body\/SuministroLRFacturasEmitidas\/Cabecera> more than once in one <SuministroLRFacturasEmitidas> \(occurrence 2\), but SuministroLR\.xsd allows it at most once there/,
    );
  });
});

describe('AEAT responses: parseSiiResponse', () => {
  const response = (inner: string) =>
    `<siiR:RespuestaLRFacturasEmitidas xmlns:siiR="${SII_RESPONSE_NAMESPACE}" xmlns:sii="${SII_NAMESPACE}">${inner}</siiR:RespuestaLRFacturasEmitidas>`;

  it('refuses RespuestaLinea 10,001 times, and a repeated element the schema holds once', () => {
    expect(refusal(parseSiiResponse(response('<siiR:RespuestaLinea/>'.repeat(10001)))).message).toMatch(
      /^file has <RespuestaLRFacturasEmitidas\/RespuestaLinea> more than 10000 times in one <RespuestaLRFacturasEmitidas> \(occurrence 10001\), but RespuestaSuministro\.xsd allows it at most 10000 times there/,
    );
    for (const count of [16000, 200000])
      expect(refusal(parseSiiResponse(response('<siiR:EstadoEnvio/>'.repeat(count)))).message).toMatch(
        /^file has <RespuestaLRFacturasEmitidas\/EstadoEnvio> more than once in one <RespuestaLRFacturasEmitidas> \(occurrence 2\)/,
      );
  });
});

describe('POST /documents/validate: validateDocument on deep nesting', () => {
  const validator = structuralSiiValidator();
  const deep = (open: string, close: string, count: number) => `${open.repeat(count)}${close.repeat(count)}`;

  it('answers a UBL document nested 100,000 deep with its verdict: not valid, deeper than 256 levels', () => {
    const ubl = `<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">${deep('<a>', '</a>', 100000)}</Invoice>`;
    const result = validateDocument(ubl, { validator });
    expect(result.success && result.data.valid).toBe(false);
    if (result.success)
      expect(result.data.errors[0]?.message).toMatch(
        /nests elements more than 256 levels deep \(<a> at level 257\)/,
      );
  });

  it('refuses a SOAP envelope whose Body is nested 100,000 deep (saxes resolved prefixes at every level)', () => {
    const envelope =
      `<s:Envelope xmlns:s="${SOAP_ENVELOPE_NAMESPACE}" xmlns:sii="${SII_NAMESPACE}"><s:Body>` +
      `<siiLR:SuministroLRFacturasEmitidas xmlns:siiLR="${SII_LR_NAMESPACE}">${deep('<sii:a>', '</sii:a>', 100000)}` +
      '</siiLR:SuministroLRFacturasEmitidas></s:Body></s:Envelope>';
    const result = validateDocument(envelope, { validator });
    expect(result.success).toBe(false);
    if (!result.success)
      expect(result.issues[0]?.message).toMatch(/elements are nested more than 256 levels deep/);
  });
});
