import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSiiMessage } from '../../src/sii/build/buildSiiMessage.js';
import { SII_LR_NAMESPACE, SII_NAMESPACE } from '../../src/sii/build/xml.js';
import { MAX_SII_IMPORT_BYTES, SOAP_ENVELOPE_NAMESPACE } from '../../src/sii/import/document.js';
import {
  importSiiMessage,
  importSiiTaxReport,
  type SiiImport,
} from '../../src/sii/import/importSiiMessage.js';
import type { SiiMessage } from '../../src/sii/message.js';
import { hasShared, SHARED_DIR } from '../support/shared.js';
import {
  agenciasViajes,
  expedidaF1,
  intracomunitaria,
  inversion,
  metalico,
  recibida,
  seguros,
  siiTitular,
} from '../support/siiReports.js';
import { formatXsdErrors, validateXml } from '../support/xsd.js';

/** A small complete issued-invoice message (after OCA's `sii_out_invoice_s_iva10b.xml`), so that the guards can be tested without shared/. */
const MINIMAL = `<?xml version="1.0" encoding="UTF-8"?>
<siiLR:SuministroLRFacturasEmitidas xmlns:sii="${SII_NAMESPACE}" xmlns:siiLR="${SII_LR_NAMESPACE}">
  <sii:Cabecera>
    <sii:IDVersionSii>1.1</sii:IDVersionSii>
    <sii:Titular>
      <sii:NombreRazon>Test company</sii:NombreRazon>
      <sii:NIF>U2687761C</sii:NIF>
    </sii:Titular>
    <sii:TipoComunicacion>A0</sii:TipoComunicacion>
  </sii:Cabecera>
  <siiLR:RegistroLRFacturasEmitidas>
    <sii:PeriodoLiquidacion>
      <sii:Ejercicio>2020</sii:Ejercicio>
      <sii:Periodo>01</sii:Periodo>
    </sii:PeriodoLiquidacion>
    <siiLR:IDFactura>
      <sii:IDEmisorFactura>
        <sii:NIF>U2687761C</sii:NIF>
      </sii:IDEmisorFactura>
      <sii:NumSerieFacturaEmisor>TEST001</sii:NumSerieFacturaEmisor>
      <sii:FechaExpedicionFacturaEmisor>01-01-2020</sii:FechaExpedicionFacturaEmisor>
    </siiLR:IDFactura>
    <siiLR:FacturaExpedida>
      <sii:TipoFactura>F1</sii:TipoFactura>
      <sii:ClaveRegimenEspecialOTrascendencia>01</sii:ClaveRegimenEspecialOTrascendencia>
      <sii:ImporteTotal>91.66</sii:ImporteTotal>
      <sii:DescripcionOperacion>Peña</sii:DescripcionOperacion>
      <sii:Contraparte>
        <sii:NombreRazon>Test partner</sii:NombreRazon>
        <sii:NIF>F35999705</sii:NIF>
      </sii:Contraparte>
      <sii:TipoDesglose>
        <sii:DesgloseFactura>
          <sii:Sujeta>
            <sii:NoExenta>
              <sii:TipoNoExenta>S1</sii:TipoNoExenta>
              <sii:DesgloseIVA>
                <sii:DetalleIVA>
                  <sii:TipoImpositivo>10.0</sii:TipoImpositivo>
                  <sii:BaseImponible>83.33</sii:BaseImponible>
                  <sii:CuotaRepercutida>8.33</sii:CuotaRepercutida>
                </sii:DetalleIVA>
              </sii:DesgloseIVA>
            </sii:NoExenta>
          </sii:Sujeta>
        </sii:DesgloseFactura>
      </sii:TipoDesglose>
    </siiLR:FacturaExpedida>
  </siiLR:RegistroLRFacturasEmitidas>
</siiLR:SuministroLRFacturasEmitidas>
`;

/** {@link MINIMAL} with an `S3` block of two `DetalleIVA` (one S1 and one S2, the message does not say which). */
const MIXED = MINIMAL.replace('>S1<', '>S3<')
  .replace('>91.66<', '>212.66<')
  .replace(
    '</sii:DetalleIVA>',
    `</sii:DetalleIVA>
                <sii:DetalleIVA>
                  <sii:TipoImpositivo>21</sii:TipoImpositivo>
                  <sii:BaseImponible>100.00</sii:BaseImponible>
                  <sii:CuotaRepercutida>21.00</sii:CuotaRepercutida>
                </sii:DetalleIVA>`,
  );

const RECORD_START = '  <siiLR:RegistroLRFacturasEmitidas>';
const RECORD = MINIMAL.slice(
  MINIMAL.indexOf(RECORD_START),
  MINIMAL.indexOf('</siiLR:SuministroLRFacturasEmitidas>'),
);

const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));

const sample = (name: string) => readFileSync(join(SHARED_DIR, 'samples', 'sii', 'oca-derived', name));

/** `xml` inside a SOAP 1.1 Envelope/Body, without its XML declaration. */
function soap(xml: string, namespace = SOAP_ENVELOPE_NAMESPACE): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<soapenv:Envelope xmlns:soapenv="${namespace}">
  <soapenv:Header/>
  <soapenv:Body>
${xml.replace(/^<\?xml[^>]*\?>\s*/, '')}
  </soapenv:Body>
</soapenv:Envelope>`;
}

function imported(input: string | Uint8Array): SiiImport {
  const result = importSiiMessage(input);
  if (!result.success) throw new Error(JSON.stringify(result.issues, null, 2));
  return result.data;
}

function issuesOf(input: string | Uint8Array) {
  const result = importSiiMessage(input);
  expect(result.success).toBe(false);
  return result.success ? [] : result.issues;
}

/** The one issue a guard answers with. */
function guardIssue(input: string | Uint8Array) {
  const issues = issuesOf(input);
  expect(issues).toHaveLength(1);
  expect(issues[0]).toMatchObject({ code: 'parameter_invalid', param: 'file' });
  return issues[0];
}

/** Builds a message with the builder, failing the test with its issues. */
function built(message: SiiMessage): string {
  const result = buildSiiMessage(message);
  if (!result.success) throw new Error(JSON.stringify(result.issues, null, 2));
  return result.data;
}

describe('importSiiMessage: the document guards', () => {
  it('accepts the minimal message, as a string and as bytes', () => {
    const data = imported(MINIMAL);
    expect(data.message.records).toHaveLength(1);
    expect(data.message.records[0]?.description).toBe('Peña');
    expect(imported(bytes(MINIMAL))).toEqual(data);
    expect(data.ignored).toEqual([]);
  });

  it('refuses a document of 10 MB + 1 byte, and not one of exactly 10 MB', () => {
    expect(MAX_SII_IMPORT_BYTES).toBe(10 * 1024 * 1024);
    const closing = '</siiLR:SuministroLRFacturasEmitidas>';
    const padding = MAX_SII_IMPORT_BYTES - Buffer.byteLength(MINIMAL, 'utf8') - '<!---->'.length;
    const atLimit = MINIMAL.replace(closing, `<!--${'x'.repeat(padding)}-->${closing}`);
    expect(Buffer.byteLength(atLimit, 'utf8')).toBe(MAX_SII_IMPORT_BYTES);
    expect(importSiiMessage(atLimit).success).toBe(true);
    expect(importSiiMessage(bytes(atLimit)).success).toBe(true);

    const over = atLimit.replace('<!--', '<!-- ');
    expect(Buffer.byteLength(over, 'utf8')).toBe(MAX_SII_IMPORT_BYTES + 1);
    for (const input of [over, bytes(over)])
      expect(guardIssue(input)?.message).toContain('larger than 10 MB');
    // A string is measured in UTF-8 bytes: 4 M "ñ" are 8 MB of UTF-8 in 4 M UTF-16 units.
    const spanish = MINIMAL.replace(closing, `<!--${'ñ'.repeat(5_300_000)}-->${closing}`);
    expect(spanish.length).toBeLessThan(MAX_SII_IMPORT_BYTES);
    expect(guardIssue(spanish)?.message).toContain('larger than 10 MB');
  });

  it('refuses a BOM, as bytes and as U+FEFF', () => {
    expect(guardIssue(new Uint8Array([0xef, 0xbb, 0xbf, ...bytes(MINIMAL)]))?.message).toContain(
      'UTF-8 byte-order mark (EF BB BF)',
    );
    expect(guardIssue(`\uFEFF${MINIMAL}`)?.message).toContain('byte-order mark (U+FEFF)');
    expect(guardIssue(new Uint8Array([0xff, 0xfe, 0x3c, 0x00]))?.message).toContain('UTF-16 byte-order mark');
  });

  it('refuses Latin-1 bytes, naming the offset', () => {
    // "Peña" in ISO-8859-1: 50 65 F1 61.
    const [before, after] = MINIMAL.split('Peña');
    const latin1 = new Uint8Array([...bytes(before ?? ''), 0x50, 0x65, 0xf1, 0x61, ...bytes(after ?? '')]);
    const issue = guardIssue(latin1);
    expect(issue?.message).toContain('is not UTF-8');
    expect(issue?.message).toContain(`at byte ${String(bytes(before ?? '').length + 2)}`);
    expect(guardIssue(MINIMAL.replace('Peña', 'Pe\uD800a'))?.message).toContain('lone UTF-16 surrogate');
  });

  it('refuses an XML declaration naming another encoding', () => {
    const ascii = MINIMAL.replace('Peña', 'Pena');
    const declared = ascii.replace('encoding="UTF-8"', 'encoding="ISO-8859-1"');
    for (const input of [declared, bytes(declared)])
      expect(guardIssue(input)?.message).toContain('declares encoding="ISO-8859-1"');
    expect(importSiiMessage(ascii.replace('encoding="UTF-8"', "encoding='utf-8'")).success).toBe(true);
    expect(importSiiMessage(ascii.replace(' encoding="UTF-8"', '')).success).toBe(true);
  });

  it('refuses a DOCTYPE', () => {
    const doctype = MINIMAL.replace('<siiLR:Suministro', '<!DOCTYPE x>\n<siiLR:Suministro');
    expect(guardIssue(doctype)?.message).toContain('contains a DOCTYPE declaration (line 2, column 1)');
  });

  it('refuses an ENTITY declaration, and a billion-laughs document fast and unexpanded', () => {
    expect(guardIssue(MINIMAL.replace('<sii:Cabecera>', '<sii:Cabecera><!ENTITY x "y">'))?.message).toContain(
      'an ENTITY declaration',
    );
    const levels = ['<!ENTITY lol0 "lol">'];
    for (let level = 1; level <= 9; level++)
      levels.push(`<!ENTITY lol${String(level)} "${`&lol${String(level - 1)};`.repeat(10)}">`);
    const bomb = `<?xml version="1.0"?>\n<!DOCTYPE x [\n${levels.join('\n')}\n]>\n${MINIMAL.replace(
      /^<\?xml[^>]*\?>\n/,
      '',
    ).replace('TEST001', '&lol9;')}`;
    // Unexpanded is checked by what comes back (no `lol` text anywhere), not by a clock: how fast
    // the refusal is belongs in the benchmarks, and a time bound fails on a busy machine.
    const result = importSiiMessage(bomb);
    expect(JSON.stringify(result)).not.toContain('lollol');
    expect(result).toEqual({
      success: false,
      issues: [
        {
          rule: 'xml.doctype',
          code: 'parameter_invalid',
          param: 'file',
          message: expect.stringContaining('a DOCTYPE declaration'),
        },
      ],
    });
    expect(JSON.stringify(result)).not.toContain('lollollol');
  });

  it('refuses malformed XML, with the line and column', () => {
    expect(guardIssue(MINIMAL.replace('</sii:Titular>', '</sii:Titularr>'))?.message).toMatch(
      /^file is not well-formed XML: unexpected close tag \(line 8, column \d+\)$/,
    );
    expect(guardIssue(MINIMAL.replace('Peña', 'A & B'))?.message).toContain('not well-formed XML');
    expect(guardIssue(MINIMAL.replace('Peña', 'us&nbsp;'))?.message).toContain('&nbsp; is not declared');
    expect(guardIssue(MINIMAL.replace('Peña', 'x\u0001'))?.message).toContain('U+0001');
    expect(guardIssue(`${MINIMAL}<x/>`)?.message).toContain('not well-formed XML');
    expect(guardIssue('not xml at all')?.message).toBe('file has no root element');
    expect(guardIssue('')?.message).toBe('file has no root element');
  });

  it('decodes the predefined entities, character references and CDATA', () => {
    const text = (description: string) =>
      imported(MINIMAL.replace('Peña', description)).message.records[0]?.description;
    expect(text('Pe&#241;a &amp; &lt;hijos&gt; &#x41;&apos;&quot;')).toBe('Peña & <hijos> A\'"');
    expect(text('<![CDATA[a &amp; b]]>')).toBe('a &amp; b');
  });

  it('refuses another root, a root in another or no namespace, and a message of VERI*FACTU', () => {
    const invoice = guardIssue('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>');
    expect(invoice?.message).toContain('has the root element <Invoice>');
    expect(invoice?.message).toContain('SuministroLRFacturasEmitidas');
    expect(
      guardIssue(MINIMAL.replace(`xmlns:siiLR="${SII_LR_NAMESPACE}"`, 'xmlns:siiLR="urn:x"'))?.message,
    ).toContain('has its <SuministroLRFacturasEmitidas> root in the namespace urn:x');
    const verifactu = SII_LR_NAMESPACE.replace('/ssii/fact/ws/', '/tike/cont/ws/');
    expect(
      guardIssue(MINIMAL.replace(`xmlns:siiLR="${SII_LR_NAMESPACE}"`, `xmlns:siiLR="${verifactu}"`))?.message,
    ).toContain(`the namespace ${verifactu}`);
    expect(guardIssue('<SuministroLRFacturasEmitidas/>')?.message).toContain('root in no namespace');
    // A response is not a message, and a message root of no fiscalkit book is refused like any other.
    expect(
      guardIssue(`<siiLR:SuministroLRVentaBienesConsigna xmlns:siiLR="${SII_LR_NAMESPACE}"/>`)?.message,
    ).toContain('has the root element <SuministroLRVentaBienesConsigna>');
  });

  it('refuses an element in the wrong namespace, with its place', () => {
    const cabecera = guardIssue(
      MINIMAL.replace('<sii:Cabecera>', '<siiLR:Cabecera>').replace('</sii:Cabecera>', '</siiLR:Cabecera>'),
    );
    expect(cabecera?.message).toMatch(
      new RegExp(
        `^file has <Cabecera> in the namespace ${SII_LR_NAMESPACE.replace(/[.]/g, '\\.')}; SuministroLR\\.xsd puts it in the namespace .*SuministroInformacion\\.xsd \\(line 3, column \\d+\\)$`,
      ),
    );
    const idFactura = guardIssue(
      MINIMAL.replace('<siiLR:IDFactura>', '<sii:IDFactura>').replace(
        '</siiLR:IDFactura>',
        '</sii:IDFactura>',
      ),
    );
    expect(idFactura?.message).toContain('has <RegistroLRFacturasEmitidas/IDFactura> in the namespace');
    expect(
      guardIssue(MINIMAL.replace('<sii:TipoFactura>F1</sii:TipoFactura>', '<TipoFactura>F1</TipoFactura>'))
        ?.message,
    ).toContain('has <RegistroLRFacturasEmitidas/FacturaExpedida/TipoFactura> in no namespace');
  });

  it('refuses input that is neither a string nor bytes, and never throws', () => {
    expect(guardIssue(42 as unknown as string)?.message).toContain('must be the SII XML document');
    for (let length = 0; length < MINIMAL.length; length += 23) {
      expect(() => importSiiMessage(MINIMAL.slice(0, length))).not.toThrow();
      expect(importSiiMessage(MINIMAL.slice(0, length)).success).toBe(false);
    }
  });
});

describe('importSiiMessage: SOAP', () => {
  it('accepts the message as the only child of a SOAP 1.1 Envelope/Body, like the bare one', () => {
    expect(imported(soap(MINIMAL))).toEqual(imported(MINIMAL));
    // Namespaces declared on the Envelope reach the message.
    const declaredAbove = soap(MINIMAL)
      .replace(` xmlns:sii="${SII_NAMESPACE}" xmlns:siiLR="${SII_LR_NAMESPACE}"`, '')
      .replace(
        '<soapenv:Envelope ',
        `<soapenv:Envelope xmlns:sii="${SII_NAMESPACE}" xmlns:siiLR="${SII_LR_NAMESPACE}" `,
      );
    expect(imported(declaredAbove)).toEqual(imported(MINIMAL));
  });

  it('refuses SOAP 1.2, a Body with no or two messages, other Envelope children and a Fault', () => {
    expect(guardIssue(soap(MINIMAL, 'http://www.w3.org/2003/05/soap-envelope'))?.message).toContain(
      'SOAP 1.1',
    );
    const twice = soap(MINIMAL).replace(
      '</soapenv:Body>',
      `${MINIMAL.replace(/^<\?xml[^>]*\?>\s*/, '')}</soapenv:Body>`,
    );
    expect(guardIssue(twice)?.message).toContain('must have exactly one element in its SOAP Body, not 2');
    expect(guardIssue(soap(''))?.message).toContain('must have exactly one element in its SOAP Body, not 0');
    expect(guardIssue(soap(MINIMAL).replace('<soapenv:Header/>', '<soapenv:Other/>'))?.message).toContain(
      'which holds only Header and Body',
    );
    const fault = soap(
      `<soapenv:Fault><faultcode>soapenv:Client</faultcode><faultstring>Codigo[4102].XML no cumple el esquema</faultstring></soapenv:Fault>`,
    );
    expect(guardIssue(fault)?.message).toBe(
      'file is a SOAP Fault (soapenv:Client): Codigo[4102].XML no cumple el esquema, not an SII ledger message (a Fault refuses a whole submission)',
    );
  });
});

describe('importSiiMessage: structure', () => {
  it('reads the header: titular, representative and communication type', () => {
    const { message } = imported(MINIMAL);
    expect(message).toMatchObject({
      book_type: 'Expedida',
      kind: 'alta',
      communication_type: 'A0',
      titular: { name: 'Test company', nif: 'U2687761C' },
    });
    expect(message.titular).not.toHaveProperty('representative_nif');
    const represented = imported(
      MINIMAL.replace(
        '<sii:NIF>U2687761C</sii:NIF>\n    </sii:Titular>',
        '<sii:NIFRepresentante>B12345674</sii:NIFRepresentante><sii:NIF>U2687761C</sii:NIF></sii:Titular>',
      ).replace('<sii:TipoComunicacion>A0', '<sii:TipoComunicacion>A1'),
    ).message;
    expect(represented.titular).toEqual({
      name: 'Test company',
      nif: 'U2687761C',
      representative_nif: 'B12345674',
    });
    expect(represented.communication_type).toBe('A1');
    expect(represented.records[0]?.communication_type).toBe('A1');
  });

  it('answers a missing mandatory element at its XML path', () => {
    expect(
      issuesOf(MINIMAL.replace('<sii:NumSerieFacturaEmisor>TEST001</sii:NumSerieFacturaEmisor>', '')),
    ).toEqual([
      {
        rule: 'xml.schema.required-element',
        code: 'parameter_blank',
        param: 'RegistroLRFacturasEmitidas[1]/IDFactura/NumSerieFacturaEmisor',
        message:
          'RegistroLRFacturasEmitidas[1]/IDFactura/NumSerieFacturaEmisor is required: the element is mandatory in SuministroLR.xsd',
      },
    ]);
    const twoRecords = MINIMAL.replace(
      RECORD,
      `${RECORD}${RECORD.replace('<sii:TipoFactura>F1</sii:TipoFactura>', '')}`,
    );
    expect(issuesOf(twoRecords)).toEqual([
      expect.objectContaining({
        code: 'parameter_blank',
        param: 'RegistroLRFacturasEmitidas[2]/FacturaExpedida/TipoFactura',
      }),
    ]);
    expect(issuesOf(MINIMAL.replace('<sii:TipoComunicacion>A0</sii:TipoComunicacion>', ''))).toEqual([
      expect.objectContaining({ code: 'parameter_blank', param: 'Cabecera/TipoComunicacion' }),
    ]);
    expect(issuesOf(MINIMAL.replace(RECORD, ''))).toEqual([
      expect.objectContaining({ code: 'parameter_blank', param: 'RegistroLRFacturasEmitidas' }),
    ]);
  });

  it('answers a value the report refuses at the element it came from', () => {
    expect(
      issuesOf(
        MINIMAL.replace('<sii:TipoFactura>F1</sii:TipoFactura>', '<sii:TipoFactura>F9</sii:TipoFactura>'),
      ),
    ).toEqual([
      expect.objectContaining({
        code: 'parameter_inclusion',
        param: 'RegistroLRFacturasEmitidas[1]/FacturaExpedida/TipoFactura',
        message: expect.stringContaining(
          'RegistroLRFacturasEmitidas[1]/FacturaExpedida/TipoFactura (invoice_type_code) must be one of',
        ),
      }),
    ]);
    expect(issuesOf(MINIMAL.replace('<sii:BaseImponible>83.33<', '<sii:BaseImponible>83.333<'))).toEqual([
      expect.objectContaining({
        code: 'parameter_invalid',
        param:
          'RegistroLRFacturasEmitidas[1]/FacturaExpedida/TipoDesglose/DesgloseFactura/Sujeta/NoExenta/DesgloseIVA/DetalleIVA[1]/BaseImponible',
      }),
    ]);
    expect(issuesOf(MINIMAL.replace('>01-01-2020<', '>2020-01-01<'))).toEqual([
      expect.objectContaining({
        code: 'parameter_invalid',
        param: 'RegistroLRFacturasEmitidas[1]/IDFactura/FechaExpedicionFacturaEmisor',
        message: expect.stringContaining('must be a date written dd-mm-yyyy'),
      }),
    ]);
    expect(issuesOf(MINIMAL.replace('>01-01-2020<', '>30-02-2020<'))[0]?.param).toBe(
      'RegistroLRFacturasEmitidas[1]/IDFactura/FechaExpedicionFacturaEmisor',
    );
    expect(issuesOf(MINIMAL.replace('<sii:IDVersionSii>1.1<', '<sii:IDVersionSii>1.0<'))).toEqual([
      expect.objectContaining({ code: 'parameter_invalid', param: 'Cabecera/IDVersionSii' }),
    ]);
    expect(
      issuesOf(
        MINIMAL.replace(
          '<sii:NIF>U2687761C</sii:NIF>\n    </sii:Titular>',
          '<sii:NIF>ESU2687761C</sii:NIF></sii:Titular>',
        ),
      ),
    ).toEqual([expect.objectContaining({ code: 'parameter_invalid', param: 'Cabecera/Titular/NIF' })]);
  });

  it('imports TipoNoExenta S3: every row of the block carries S3 (sii.md §4.4, fiscalkit decision)', () => {
    const rows = imported(MIXED).message.records[0]?.tax_breakdowns;
    expect(rows).toEqual([
      { non_exemption_code: 'S3', percent: '10.0', taxable_base: '83.33', tax_amount: '8.33' },
      { non_exemption_code: 'S3', percent: '21', taxable_base: '100.00', tax_amount: '21.00' },
    ]);
  });

  it('keeps amounts and rates as the document writes them, dropping only a + and a trailing dot', () => {
    const row = (base: string, rate: string) =>
      imported(MINIMAL.replace('>83.33<', `>${base}<`).replace('>10.0<', `>${rate}<`)).message.records[0]
        ?.tax_breakdowns?.[0];
    expect(row('83.33', '10.0')).toMatchObject({ taxable_base: '83.33', percent: '10.0' });
    expect(row('100', '10')).toMatchObject({ taxable_base: '100', percent: '10' });
    expect(row('+83.', '10.')).toMatchObject({ taxable_base: '83', percent: '10' });
    expect(row('-0083.30', '010.00')).toMatchObject({ taxable_base: '-0083.30', percent: '010.00' });
  });

  it('reads every element of the schema into a field (issue #18 item 17), lists what no field holds in ignored, and reads the ones the builder derives', () => {
    const extra = MINIMAL.replace(
      '<sii:FechaExpedicionFacturaEmisor>',
      '<sii:NumSerieFacturaEmisorResumenFin>TEST009</sii:NumSerieFacturaEmisorResumenFin><sii:FechaExpedicionFacturaEmisor>',
    )
      .replace(
        '<sii:DescripcionOperacion>',
        '<sii:FechaOperacion>02-01-2020</sii:FechaOperacion><sii:DescripcionOperacion>',
      )
      .replace(
        '</sii:DescripcionOperacion>',
        '</sii:DescripcionOperacion><sii:RefExterna>R-1</sii:RefExterna><sii:Macrodato>N</sii:Macrodato><sii:EmitidaPorTercerosODestinatario>N</sii:EmitidaPorTercerosODestinatario>',
      )
      .replace(
        '<sii:NombreRazon>Test partner</sii:NombreRazon>',
        '<sii:NombreRazon>Test partner</sii:NombreRazon><sii:NIFRepresentante>B12345674</sii:NIFRepresentante>',
      )
      .replace(
        '<siiLR:SuministroLRFacturasEmitidas ',
        '<siiLR:SuministroLRFacturasEmitidas xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="x y" ',
      );
    const { message, ignored } = imported(extra);
    expect(message.records).toHaveLength(1);
    expect(message.records[0]).toMatchObject({
      last_invoice_number: 'TEST009',
      operation_date: '2020-01-02',
      external_reference: 'R-1',
      issued_by_third_party: false,
      customer_party_representative_nif: 'B12345674',
    });
    expect(ignored).toEqual(['@schemaLocation']);
    // `Macrodato` S with a total of 91.66 is not what the builder derives.
    const macro = extra.replace('<sii:Macrodato>N</sii:Macrodato>', '<sii:Macrodato>S</sii:Macrodato>');
    expect(imported(macro).ignored).toContain('RegistroLRFacturasEmitidas/FacturaExpedida/Macrodato');
    // An issuer NIF other than the titular's has no field (the builder writes the titular's).
    expect(
      imported(
        MINIMAL.replace(
          '<sii:NIF>U2687761C</sii:NIF>\n      </sii:IDEmisorFactura>',
          '<sii:NIF>B12345674</sii:NIF></sii:IDEmisorFactura>',
        ),
      ).ignored,
    ).toEqual(['RegistroLRFacturasEmitidas/IDFactura/IDEmisorFactura/NIF']);
    // A Contraparte on a simplified invoice is not written by the builder (sii.md §8).
    const f2 = imported(MINIMAL.replace('>F1<', '>F2<'));
    expect(f2.ignored).toEqual(['RegistroLRFacturasEmitidas/FacturaExpedida/Contraparte']);
    expect(f2.message.records[0]).not.toHaveProperty('customer_party_name');
    // The corrective elements of a type that is not corrective.
    expect(
      imported(
        MINIMAL.replace(
          '<sii:TipoFactura>F1</sii:TipoFactura>',
          '<sii:TipoFactura>F1</sii:TipoFactura><sii:TipoRectificativa>I</sii:TipoRectificativa>',
        ),
      ).ignored,
    ).toEqual(['RegistroLRFacturasEmitidas/FacturaExpedida/TipoRectificativa']);
  });

  it('reads an exempt line without a cause as category E, which the builder asks a cause for', () => {
    const exempt = MINIMAL.replace(
      /<sii:NoExenta>[\s\S]*<\/sii:NoExenta>/,
      '<sii:Exenta><sii:DetalleExenta><sii:BaseImponible>91.66</sii:BaseImponible></sii:DetalleExenta></sii:Exenta>',
    );
    const { message } = imported(exempt);
    expect(message.records[0]?.tax_breakdowns).toEqual([{ category: 'E', taxable_base: '91.66' }]);
    const rebuilt = buildSiiMessage(message);
    expect(rebuilt.success).toBe(false);
    if (!rebuilt.success)
      expect(rebuilt.issues).toEqual([
        expect.objectContaining({
          code: 'parameter_blank',
          param: 'records[0].tax_breakdowns[0].reason_vat_exempt',
        }),
      ]);
  });
});

describe('importSiiMessage: every book, from the builder', () => {
  const titular = siiTitular();
  const alta = (record: ReturnType<typeof expedidaF1>): SiiMessage => ({
    book_type: record.book_type,
    kind: 'alta',
    communication_type: record.communication_type ?? null,
    titular,
    records: [record],
  });

  it('reads the fixture of each book back, and building it again gives the same XML', () => {
    for (const record of [
      expedidaF1(),
      recibida(),
      inversion(),
      intracomunitaria(),
      metalico(),
      seguros(),
      agenciasViajes(),
    ]) {
      const xml = built(alta(record));
      const { message, ignored } = imported(xml);
      expect(ignored).toEqual([]);
      expect(message.book_type).toBe(record.book_type);
      expect(message.records[0]).toMatchObject({ type: 'SiiDocument', book_type: record.book_type });
      expect(built(message)).toBe(xml);
    }
  });

  it('reads annulment (baja) messages: the identifying fields', () => {
    const baja = (record: ReturnType<typeof expedidaF1>): SiiMessage => ({
      ...alta(record),
      kind: 'baja',
      communication_type: null,
    });
    const expedida = imported(built(baja(expedidaF1())));
    expect(expedida.message).toMatchObject({ book_type: 'Expedida', kind: 'baja', communication_type: null });
    expect(expedida.message.records).toEqual([
      {
        type: 'SiiDocument',
        book_type: 'Expedida',
        period_year: 2026,
        period: '03',
        invoice_number: '2026-A-000123',
        invoice_date: '2026-03-15',
      },
    ]);
    expect(imported(built(baja(recibida()))).message.records[0]).toMatchObject({
      supplier_party_name: 'PROVEEDOR EJEMPLO SA',
      supplier_party_tax_id: 'A58818501',
    });
    expect(imported(built(baja(seguros()))).message.records[0]).toMatchObject({
      customer_party_tax_id: 'B12345674',
      insurance_operation_key: 'A',
    });
    for (const record of [
      expedidaF1(),
      recibida(),
      inversion(),
      intracomunitaria(),
      metalico(),
      seguros(),
      agenciasViajes(),
    ]) {
      const xml = built(baja(record));
      expect(built(imported(xml).message)).toBe(xml);
    }
    // A capital good's baja names it by IdentificacionBien alone (no start date, no proration).
    expect(imported(built(baja(inversion()))).message.records[0]?.capital_good).toEqual({
      identification: inversion().capital_good?.identification,
    });
  });
});

describe.skipIf(!hasShared)('importSiiMessage: an S3 block (sii.md §4.4)', () => {
  it('rebuilds the imported S3 rows as an S3 block the XSD accepts', () => {
    const message = imported(MIXED).message;
    const built = buildSiiMessage(message);
    if (!built.success) throw new Error(JSON.stringify(built.issues, null, 2));
    expect(built.data).toContain('<sii:TipoNoExenta>S3</sii:TipoNoExenta>');
    const result = validateXml('sii', built.data);
    expect(result.valid, formatXsdErrors(result)).toBe(true);
    // The rebuilt XML writes rates with two decimals; from there build → import is the identity.
    const again = imported(built.data).message;
    expect(again.records[0]?.tax_breakdowns?.map((row) => row.non_exemption_code)).toEqual(['S3', 'S3']);
    const rebuilt = buildSiiMessage(again);
    expect(rebuilt.success && rebuilt.data).toBe(built.data);
  });
});

describe.skipIf(!hasShared)('importSiiMessage: the OCA samples', () => {
  it('reads an issued invoice split by operation type (DesgloseTipoOperacion)', () => {
    const { message, ignored } = imported(sample('sii_out_invoice_s_iva0_sp_i_s_iva0_ic.xml'));
    expect(ignored).toEqual([]);
    expect(message).toMatchObject({
      book_type: 'Expedida',
      kind: 'alta',
      communication_type: 'A0',
      titular: { name: 'Test company', nif: 'U2687761C' },
    });
    expect(message.records).toEqual([
      {
        type: 'SiiDocument',
        book_type: 'Expedida',
        communication_type: 'A0',
        period_year: 2020,
        period: '01',
        invoice_number: 'TEST001',
        invoice_date: '2020-01-01',
        invoice_type_code: 'F1',
        special_regime_key: '01',
        tax_inclusive_amount: '300.00',
        description: '/',
        customer_party_name: 'Test partner',
        customer_party_tax_id: 'F35999705',
        customer_party_tax_scheme: '9920',
        tax_breakdowns: [
          // PrestacionServicios comes first in the XSD sequence.
          { operation_type: 'services', reason_no_subject: 'N2', taxable_base: '100.00' },
          { operation_type: 'goods', reason_vat_exempt: 'E5', taxable_base: '200' },
        ],
      },
    ]);
  });

  it('reads a received invoice with reverse charge (InversionSujetoPasivo)', () => {
    const record = imported(sample('sii_in_invoice_p_iva21_sp_ex.xml')).message.records[0];
    expect(record).toMatchObject({
      book_type: 'Recibida',
      invoice_number: 'sup0004',
      invoice_type_code: 'F1',
      supplier_party_name: 'Test partner',
      supplier_party_tax_id: 'F35999705',
      supplier_party_tax_scheme: '9920',
      tax_inclusive_amount: '121.00',
      accounting_date: '2020-10-01',
      deductible_tax_amount: '21.00',
      tax_breakdowns: [
        { reverse_charge: true, percent: '21.0', taxable_base: '100.00', tax_amount: '21.00' },
      ],
    });
  });

  it('reads a refund by differences (R4, TipoRectificativa I) with its negative amounts', () => {
    const record = imported(sample('sii_in_refund_p_iva21_sp_in.xml')).message.records[0];
    expect(record).toMatchObject({
      invoice_type_code: 'R4',
      corrective_type: 'I',
      tax_inclusive_amount: '-121.00',
      deductible_tax_amount: '-21.00',
      tax_breakdowns: [{ percent: '21.0', taxable_base: '-100.00', tax_amount: '-21.00' }],
    });
    expect(record).not.toHaveProperty('corrected_invoices');
    const issued = imported(sample('sii_out_refund_s_iva10b_s_iva10b_s_iva21s.xml')).message.records[0];
    expect(issued).toMatchObject({
      invoice_type_code: 'R1',
      corrective_type: 'I',
      tax_inclusive_amount: '-462.00',
    });
  });

  it('keeps amounts written without decimals as the document writes them', () => {
    const record = imported(sample('sii_in_invoice_p_iva10_bc_p_req014_p_iva21_sc_p_req52.xml')).message
      .records[0];
    expect(record?.tax_breakdowns).toEqual([
      {
        percent: '10.0',
        taxable_base: '100',
        tax_amount: '10',
        surcharge_percent: '1.40',
        surcharge_amount: '1.40',
      },
      {
        percent: '21.0',
        taxable_base: '200',
        tax_amount: '42',
        surcharge_percent: '5.20',
        surcharge_amount: '10.40',
      },
    ]);
    expect(record?.deductible_tax_amount).toBe('52');
  });

  it('reads a not-subject purchase line (a DetalleIVA with a base only) as category NS', () => {
    const record = imported(sample('sii_in_invoice_p_iva0_ns_p_iva10_bc.xml')).message.records[0];
    expect(record?.tax_breakdowns).toEqual([
      { category: 'NS', taxable_base: '100.00' },
      { percent: '10.0', taxable_base: '200.00', tax_amount: '20.00' },
    ]);
  });

  it('accepts a SOAP-wrapped sample like the bare one', () => {
    const xml = sample('sii_out_invoice_s_iva10b_s_iva21s.xml').toString('utf8');
    expect(imported(soap(xml))).toEqual(imported(xml));
  });
});

describe('importSiiTaxReport', () => {
  it('imports a one-record message as a report, with its header', () => {
    const result = importSiiTaxReport(MINIMAL);
    expect(result.success).toBe(true);
    if (result.success) {
      expect(result.data.report).toMatchObject({
        type: 'SiiDocument',
        book_type: 'Expedida',
        invoice_number: 'TEST001',
      });
      expect(result.data.titular).toEqual({ name: 'Test company', nif: 'U2687761C' });
      expect(result.data.communication_type).toBe('A0');
      expect(result.data.ignored).toEqual([]);
    }
  });

  it('refuses a message of two records at file, pointing to the ledger import', () => {
    const two = MINIMAL.replace(RECORD, `${RECORD}${RECORD.replace('TEST001', 'TEST002')}`);
    expect(importSiiMessage(two).success).toBe(true);
    const result = importSiiTaxReport(two);
    expect(result).toEqual({
      success: false,
      issues: [
        {
          rule: 'fiscalkit.sii.one-record-import',
          code: 'parameter_invalid',
          param: 'file',
          message: expect.stringContaining(
            'holds 2 records; a tax report import takes a message with exactly one',
          ),
        },
      ],
    });
    if (!result.success)
      expect(result.issues[0]?.message).toContain('POST /accounts/{account}/ledgers/import');
  });

  it('passes the message import issues through', () => {
    expect(importSiiTaxReport('<Invoice/>')).toMatchObject({ success: false, issues: [{ param: 'file' }] });
  });
});
