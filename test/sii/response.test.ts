import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SII_RECORD_STATUSES, SII_SUBMISSION_STATUSES } from '../../src/model/ledger.js';
import { SII_LR_NAMESPACE, SII_NAMESPACE } from '../../src/sii/build/xml.js';
import { SOAP_ENVELOPE_NAMESPACE } from '../../src/sii/import/document.js';
import { parseSiiResponse, SII_RESPONSE_NAMESPACE, type SiiResponse } from '../../src/sii/import/response.js';
import { hasShared, SHARED_DIR } from '../support/shared.js';

/** An issued-invoice line: `IDFactura`, `EstadoRegistro`, and what follows it. */
function line(number: string, status: string, rest = ''): string {
  return `<siiR:RespuestaLinea>
      <siiR:IDFactura>
        <sii:IDEmisorFactura><sii:NIF>B12345674</sii:NIF></sii:IDEmisorFactura>
        <sii:NumSerieFacturaEmisor>${number}</sii:NumSerieFacturaEmisor>
        <sii:FechaExpedicionFacturaEmisor>15-03-2024</sii:FechaExpedicionFacturaEmisor>
      </siiR:IDFactura>
      <siiR:EstadoRegistro>${status}</siiR:EstadoRegistro>${rest}
    </siiR:RespuestaLinea>`;
}

/** A bare `RespuestaLRFacturasEmitidas` (RespuestaSuministro.xsd) with the given status and lines. */
function response(
  status: string,
  lines: string[],
  root = 'RespuestaLRFacturasEmitidas',
  csv = '<siiR:CSV>ABC</siiR:CSV>',
): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<siiR:${root} xmlns:siiR="${SII_RESPONSE_NAMESPACE}" xmlns:sii="${SII_NAMESPACE}">
  ${csv}
  <siiR:Cabecera>
    <sii:IDVersionSii>1.1</sii:IDVersionSii>
    <sii:Titular><sii:NombreRazon>EMPRESA EJEMPLO SL</sii:NombreRazon><sii:NIF>B12345674</sii:NIF></sii:Titular>
    <sii:TipoComunicacion>A0</sii:TipoComunicacion>
  </siiR:Cabecera>
  <siiR:EstadoEnvio>${status}</siiR:EstadoEnvio>
  ${lines.join('\n  ')}
</siiR:${root}>`;
}

function parsed(input: string | Uint8Array): SiiResponse {
  const result = parseSiiResponse(input);
  if (!result.success) throw new Error(JSON.stringify(result.issues, null, 2));
  return result.data;
}

function issuesOf(input: string | Uint8Array) {
  const result = parseSiiResponse(input);
  expect(result.success).toBe(false);
  return result.success ? [] : result.issues;
}

describe.skipIf(!hasShared)('parseSiiResponse: the sample response (sii.md §7)', () => {
  const sample = () =>
    readFileSync(
      join(SHARED_DIR, 'samples', 'sii', 'responses', 'respuesta_emitidas_parcialmente_correcto.xml'),
    );

  it('reads the submission and each record: one accepted, one rejected with 1104', () => {
    expect(parsed(sample())).toEqual({
      book_type: 'Expedida',
      kind: 'alta',
      csv: 'A1B2C3D4E5F6G7H8',
      submission_status: 'ParcialmenteCorrecto',
      state: 'partially_accepted',
      records: [
        {
          invoice_number: '2024-A-000123',
          invoice_date: '2024-03-15',
          issuer_nif: 'B12345674',
          counterparty_tax_id: null,
          status: 'Correcto',
          error_code: null,
          error_description: null,
          csv: null,
          duplicate_state: null,
          state: 'registered',
        },
        {
          invoice_number: '2024-X-000003',
          invoice_date: '2024-03-21',
          issuer_nif: 'B12345674',
          counterparty_tax_id: null,
          status: 'Incorrecto',
          error_code: 1104,
          error_description: 'Valor del campo ID incorrecto',
          csv: null,
          duplicate_state: null,
          state: 'error',
        },
      ],
    });
  });

  it('reads the SOAP-wrapped sample like its bare body', () => {
    const text = sample().toString('utf8');
    const body = text.slice(text.indexOf('<siiR:RespuestaLRFacturasEmitidas'), text.indexOf('</env:Body>'));
    // The body declares its own namespaces, so it stands alone.
    expect(parsed(body)).toEqual(parsed(sample()));
  });
});

describe('parseSiiResponse: states', () => {
  it.each([
    ['Correcto', 'accepted'],
    ['ParcialmenteCorrecto', 'partially_accepted'],
    ['Incorrecto', 'rejected'],
  ] as const)('EstadoEnvio %s → ledger state %s', (status, state) => {
    expect(parsed(response(status, [line('A-1', 'Correcto')]))).toMatchObject({
      submission_status: status,
      state,
    });
  });

  it.each([
    ['Correcto', 'registered'],
    ['AceptadoConErrores', 'registered_with_errors'],
    ['Incorrecto', 'error'],
  ] as const)('EstadoRegistro %s → tax report state %s', (status, state) => {
    expect(parsed(response('ParcialmenteCorrecto', [line('A-1', status)])).records).toEqual([
      expect.objectContaining({ invoice_number: 'A-1', status, state }),
    ]);
  });

  it('covers every AEAT status of RespuestaSuministro.xsd', () => {
    expect(SII_SUBMISSION_STATUSES).toEqual(['Correcto', 'ParcialmenteCorrecto', 'Incorrecto']);
    expect(SII_RECORD_STATUSES).toEqual(['Correcto', 'AceptadoConErrores', 'Incorrecto']);
  });

  it('reads a record CSV, an accepted-with-errors code, no submission CSV, and no lines', () => {
    const data = parsed(
      response(
        'Correcto',
        [
          line(
            'A-2',
            'AceptadoConErrores',
            '<siiR:CodigoErrorRegistro>2011</siiR:CodigoErrorRegistro><siiR:DescripcionErrorRegistro>Aviso</siiR:DescripcionErrorRegistro><siiR:CSV>R1</siiR:CSV>',
          ),
        ],
        'RespuestaLRFacturasEmitidas',
        '',
      ),
    );
    expect(data.csv).toBeNull();
    expect(data.records[0]).toMatchObject({ error_code: 2011, error_description: 'Aviso', csv: 'R1' });
    expect(parsed(response('Incorrecto', [])).records).toEqual([]);
  });

  it('reads the lines of the counterparty books, which name a Contraparte instead of an invoice', () => {
    const metalico = `<siiR:RespuestaLinea>
      <siiR:PeriodoLiquidacion><siiR:Ejercicio>2025</siiR:Ejercicio><siiR:Periodo>0A</siiR:Periodo></siiR:PeriodoLiquidacion>
      <siiR:Contraparte><sii:NombreRazon>JUAN</sii:NombreRazon><sii:NIF>12345678Z</sii:NIF></siiR:Contraparte>
      <siiR:EstadoRegistro>Correcto</siiR:EstadoRegistro>
    </siiR:RespuestaLinea>`;
    const data = parsed(response('Correcto', [metalico], 'RespuestaLRCobrosMetalico'));
    expect(data).toMatchObject({ book_type: 'Metalico', kind: 'alta' });
    expect(data.records).toEqual([
      expect.objectContaining({
        invoice_number: null,
        issuer_nif: null,
        counterparty_tax_id: '12345678Z',
        state: 'registered',
      }),
    ]);
    expect(
      parsed(response('Correcto', [line('A-1', 'Correcto')], 'RespuestaLRBajaFacturasEmitidas')),
    ).toMatchObject({
      book_type: 'Expedida',
      kind: 'baja',
    });
  });
});

describe('parseSiiResponse: refusals', () => {
  it('answers a missing or unknown status at its XML path', () => {
    expect(
      issuesOf(
        response('Correcto', [
          line('A-1', 'Correcto'),
          line('A-2', 'Correcto').replace(/<siiR:EstadoRegistro>.*<\/siiR:EstadoRegistro>/, ''),
        ]),
      ),
    ).toEqual([
      {
        rule: 'xml.schema.required-element',
        code: 'parameter_blank',
        param: 'RespuestaLinea[2]/EstadoRegistro',
        message:
          'RespuestaLinea[2]/EstadoRegistro is required: the element is mandatory in RespuestaSuministro.xsd',
      },
    ]);
    expect(issuesOf(response('Aceptado', []))).toEqual([
      expect.objectContaining({ code: 'parameter_invalid', param: 'EstadoEnvio' }),
    ]);
    expect(
      issuesOf(
        response('Correcto', [
          line('A-1', 'Correcto', '<siiR:CodigoErrorRegistro>x</siiR:CodigoErrorRegistro>'),
        ]),
      ),
    ).toEqual([
      expect.objectContaining({ code: 'parameter_invalid', param: 'RespuestaLinea[1]/CodigoErrorRegistro' }),
    ]);
  });

  it('refuses a message, another root, wrong namespaces and a SOAP Fault at file', () => {
    const message = `<siiLR:SuministroLRFacturasEmitidas xmlns:siiLR="${SII_LR_NAMESPACE}"/>`;
    expect(issuesOf(message)).toEqual([
      {
        rule: 'sii.1.root-element',
        code: 'parameter_invalid',
        param: 'file',
        message: expect.stringContaining('has the root element <SuministroLRFacturasEmitidas>'),
      },
    ]);
    expect(issuesOf(response('Correcto', [], 'RespuestaLRVentaBienesConsigna'))[0]?.param).toBe('file');
    expect(
      issuesOf(
        response('Correcto', [])
          .replace('<siiR:EstadoEnvio>', '<sii:EstadoEnvio>')
          .replace('</siiR:EstadoEnvio>', '</sii:EstadoEnvio>'),
      )[0]?.message,
    ).toContain('has <EstadoEnvio> in the namespace');
    const fault = `<e:Envelope xmlns:e="${SOAP_ENVELOPE_NAMESPACE}"><e:Body><e:Fault><faultcode>e:Server</faultcode><faultstring>Codigo[4102].El XML no cumple el esquema</faultstring></e:Fault></e:Body></e:Envelope>`;
    expect(issuesOf(fault)).toEqual([
      {
        rule: 'sii.1.soap-fault',
        code: 'parameter_invalid',
        param: 'file',
        message:
          'file is a SOAP Fault (e:Server): Codigo[4102].El XML no cumple el esquema, not an SII response (a Fault refuses a whole submission)',
      },
    ]);
    expect(issuesOf('<!DOCTYPE x><x/>')[0]?.message).toContain('DOCTYPE');
    expect(() => parseSiiResponse(7 as unknown as string)).not.toThrow();
  });
});
