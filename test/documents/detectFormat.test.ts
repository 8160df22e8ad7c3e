/**
 * detectFormat (spec §4.8 POST /documents/validate): which format a root element stands for — here
 * Facturae by version (the namespaces moved to src/einvoice/facturae/namespaces.ts) and FatturaPA 1.2,
 * which was refused as unknown before issue #21 layer 7.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_FORMATS, detectFormat } from '../../src/documents/detectFormat.js';
import { validateDocument } from '../../src/documents/validateDocument.js';
import { FACTURAE_NAMESPACES } from '../../src/einvoice/facturae/namespaces.js';
import {
  FATTURAPA_NAMESPACE,
  FATTURAPA_ROOT,
  FATTURAPA_VERSIONS,
  fatturaPaVersione,
  isFatturaPaVersion,
} from '../../src/einvoice/fatturapa/index.js';
import { structuralSiiValidator } from '../../src/sii/validator/structuralSiiValidator.js';
import { rootElement } from '../../src/xml/guards.js';
import { PROJECT_ROOT } from '../support/shared.js';

const FATTURAPA_FIXTURES = join(PROJECT_ROOT, 'test', 'fixtures', 'einvoice', 'fatturapa');
const fatturapa = (name: string) => readFileSync(join(FATTURAPA_FIXTURES, name), 'utf8');

describe('Facturae: one format, the version its namespace names', () => {
  it.each([...FACTURAE_NAMESPACES])('%s → facturae %s', (namespace, version) => {
    expect(detectFormat({ name: 'Facturae', namespace })).toEqual({
      kind: 'format',
      format: 'facturae',
      document_type: 'Facturae',
      version,
    });
  });

  it('another root in a Facturae namespace, or Facturae 3.1, is not Facturae 3.2.x', () => {
    const [namespace] = [...FACTURAE_NAMESPACES.keys()];
    expect(detectFormat({ name: 'Invoice', namespace: namespace ?? '' }).kind).toBe('unknown');
    expect(
      detectFormat({ name: 'Facturae', namespace: 'http://www.facturae.es/Facturae/2007/v3.1/Facturae' })
        .kind,
    ).toBe('unknown');
  });
});

describe('FatturaPA 1.2 (ordinaria): detected, with its versione read from the root', () => {
  it('is a format of POST /documents/validate', () => {
    expect(DOCUMENT_FORMATS).toContain('fatturapa');
    expect(FATTURAPA_ROOT).toBe('FatturaElettronica');
    expect(FATTURAPA_NAMESPACE).toBe('http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2');
  });

  it.each([
    ['IT01234567890_FPA01.xml', 'FPA12'],
    ['IT01234567890_FPR01.xml', 'FPR12'],
  ])('the official example %s is fatturapa, versione %s', (file, versione) => {
    const xml = fatturapa(file);
    const root = rootElement(xml);
    expect(root).toEqual({ name: 'FatturaElettronica', namespace: FATTURAPA_NAMESPACE });
    expect(detectFormat(root ?? { name: '', namespace: null })).toEqual({
      kind: 'format',
      format: 'fatturapa',
      document_type: 'FatturaElettronica',
      version: null,
    });
    expect(fatturaPaVersione(xml)).toBe(versione);
  });

  it('FatturaElettronica in another namespace (the simplified invoice, v1.0) is not FatturaPA 1.2', () => {
    expect(
      detectFormat({
        name: 'FatturaElettronicaSemplificata',
        namespace: 'http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.0',
      }).kind,
    ).toBe('unknown');
    expect(
      detectFormat({
        name: 'FatturaElettronica',
        namespace: 'http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.0',
      }).kind,
    ).toBe('unknown');
  });

  it('versione values: FPA12 and FPR12 only', () => {
    expect(FATTURAPA_VERSIONS).toEqual(['FPA12', 'FPR12']);
    expect(isFatturaPaVersion('FPA12')).toBe(true);
    expect(isFatturaPaVersion('FPR12')).toBe(true);
    expect(isFatturaPaVersion('FSM10')).toBe(false);
    expect(isFatturaPaVersion('fpr12')).toBe(false);
  });

  it('fatturaPaVersione reads the root start tag only: quotes, comments and a missing attribute', () => {
    const ns = `xmlns:p="${FATTURAPA_NAMESPACE}"`;
    expect(
      fatturaPaVersione(`<?xml version="1.0"?><!-- a > b --><p:FatturaElettronica ${ns} versione='FPA12'/>`),
    ).toBe('FPA12');
    expect(fatturaPaVersione(`<p:FatturaElettronica SistemaEmittente="a>b" versione="FPR12" ${ns}>`)).toBe(
      'FPR12',
    );
    expect(
      fatturaPaVersione(`<p:FatturaElettronica ${ns}><x versione="FPA12"/></p:FatturaElettronica>`),
    ).toBeNull();
    expect(fatturaPaVersione('no markup')).toBeNull();
  });

  it('is no longer refused by POST /documents/validate', () => {
    const result = validateDocument(fatturapa('IT01234567890_FPA01.xml'), {
      validator: structuralSiiValidator(),
    });
    expect(result.success).toBe(true);
    expect(result.success && result.data.format).toBe('fatturapa');
    expect(result.success && result.data.document_type).toBe('FatturaElettronica');
  });
});
