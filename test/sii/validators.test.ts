import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createXsdSchemaValidator,
  type XsdSchemaValidator,
} from '../../src/adapters/xsd/xsdSchemaValidator.js';
import { SII_BOOK_TYPES } from '../../src/model/siiTaxReport.js';
import type { SchemaValidator, SchemaVerdict } from '../../src/ports.js';
import { buildSiiMessage } from '../../src/sii/build/buildSiiMessage.js';
import { importSiiMessage } from '../../src/sii/import/importSiiMessage.js';
import type { SiiMessage } from '../../src/sii/message.js';
import { structuralSiiValidator } from '../../src/sii/validator/structuralSiiValidator.js';
import { hasShared, SHARED_DIR } from '../support/shared.js';
import { siiMessageKindArb, siiTitularArb, VALID_SII_RECORD_ARBS } from '../support/siiArbitraries.js';
import { applyXmlTextEdits, mutateXml, xmlMutationArb, xmlTextEditsArb } from '../support/xmlMutations.js';

const SAMPLES = join(SHARED_DIR, 'samples', 'sii', 'oca-derived');
const INVALID_SAMPLE = 'sii_out_invoice_s_iva10b_s_req014_s_iva21s_s_req52.xml';
const SII_NS =
  'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/ssii/fact/ws';

const structural = structuralSiiValidator();

const show = (verdict: SchemaVerdict) =>
  verdict.errors.map((error) => `${error.path} (line ${error.line}): ${error.message}`).join('\n');

/** A one-record issued-invoice message written by hand (the element order of the XSD). */
function expedida(desglose: string, factura: { tipo?: string; periodo?: string; nif?: string } = {}): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<siiLR:SuministroLRFacturasEmitidas xmlns:siiLR="${SII_NS}/SuministroLR.xsd" xmlns:sii="${SII_NS}/SuministroInformacion.xsd">
  <sii:Cabecera>
    <sii:IDVersionSii>1.1</sii:IDVersionSii>
    <sii:Titular><sii:NombreRazon>Test company</sii:NombreRazon><sii:NIF>U2687761C</sii:NIF></sii:Titular>
    <sii:TipoComunicacion>A0</sii:TipoComunicacion>
  </sii:Cabecera>
  <siiLR:RegistroLRFacturasEmitidas>
    <sii:PeriodoLiquidacion><sii:Ejercicio>2026</sii:Ejercicio><sii:Periodo>${factura.periodo ?? '03'}</sii:Periodo></sii:PeriodoLiquidacion>
    <siiLR:IDFactura>
      <sii:IDEmisorFactura><sii:NIF>U2687761C</sii:NIF></sii:IDEmisorFactura>
      <sii:NumSerieFacturaEmisor>2026-A-000123</sii:NumSerieFacturaEmisor>
      <sii:FechaExpedicionFacturaEmisor>15-03-2026</sii:FechaExpedicionFacturaEmisor>
    </siiLR:IDFactura>
    <siiLR:FacturaExpedida>
      <sii:TipoFactura>${factura.tipo ?? 'F1'}</sii:TipoFactura>
      <sii:ClaveRegimenEspecialOTrascendencia>01</sii:ClaveRegimenEspecialOTrascendencia>
      <sii:ImporteTotal>1210.00</sii:ImporteTotal>
      <sii:DescripcionOperacion>Venta</sii:DescripcionOperacion>
      <sii:Contraparte><sii:NombreRazon>Cliente SL</sii:NombreRazon><sii:NIF>${factura.nif ?? 'B12345674'}</sii:NIF></sii:Contraparte>
      <sii:TipoDesglose>${desglose}</sii:TipoDesglose>
    </siiLR:FacturaExpedida>
  </siiLR:RegistroLRFacturasEmitidas>
</siiLR:SuministroLRFacturasEmitidas>`;
}

const detalle = (base = '1000.00') =>
  `<sii:DetalleIVA><sii:TipoImpositivo>21</sii:TipoImpositivo><sii:BaseImponible>${base}</sii:BaseImponible><sii:CuotaRepercutida>210.00</sii:CuotaRepercutida></sii:DetalleIVA>`;
const noExenta = (detalles: string) =>
  `<sii:Sujeta><sii:NoExenta><sii:TipoNoExenta>S1</sii:TipoNoExenta><sii:DesgloseIVA>${detalles}</sii:DesgloseIVA></sii:NoExenta></sii:Sujeta>`;
const desgloseFactura = (detalles = detalle()) =>
  `<sii:DesgloseFactura>${noExenta(detalles)}</sii:DesgloseFactura>`;
const VALID = expedida(desgloseFactura());

/** Hand-made invalid variants: name → [document, the structural error expected (path: message)]. */
const VARIANTS: ReadonlyArray<readonly [string, string, string]> = [
  [
    'wrong order (DescripcionOperacion before ImporteTotal)',
    VALID.replace(
      '<sii:ImporteTotal>1210.00</sii:ImporteTotal>\n      <sii:DescripcionOperacion>Venta</sii:DescripcionOperacion>',
      '<sii:DescripcionOperacion>Venta</sii:DescripcionOperacion>\n      <sii:ImporteTotal>1210.00</sii:ImporteTotal>',
    ),
    'FacturaExpedida: element ImporteTotal is not allowed here; expected RefExterna, FacturaSimplificadaArticulos7.2_7.3, EntidadSucedida, RegPrevioGGEEoREDEMEoCompetencia, Macrodato, DatosInmueble, ImporteTransmisionInmueblesSujetoAIVA, EmitidaPorTercerosODestinatario, FacturacionDispAdicionalTerceraYsextayDelMercadoOrganizadoDelGas, VariosDestinatarios, Cupon, FacturaSinIdentifDestinatarioAritculo6.1.d, Contraparte or TipoDesglose',
  ],
  [
    'missing mandatory element (DescripcionOperacion)',
    VALID.replace('<sii:DescripcionOperacion>Venta</sii:DescripcionOperacion>', ''),
    'FacturaExpedida: element Contraparte is not allowed here; expected BaseImponibleACoste or DescripcionOperacion',
  ],
  [
    'missing mandatory element at the end (TipoDesglose)',
    VALID.replace(/<sii:TipoDesglose>.*<\/sii:TipoDesglose>/, ''),
    'FacturaExpedida: content ends too early; expected TipoDesglose',
  ],
  [
    'extra element',
    VALID.replace(
      '<sii:TipoNoExenta>S1</sii:TipoNoExenta>',
      '<sii:TipoNoExenta>S1</sii:TipoNoExenta><sii:Extra>1</sii:Extra>',
    ),
    'FacturaExpedida/TipoDesglose/DesgloseFactura/Sujeta/NoExenta: element Extra is not allowed here; expected DesgloseIVA',
  ],
  [
    'bad pattern (NIF of 10 characters)',
    expedida(desgloseFactura(), { nif: 'B123456745' }),
    'FacturaExpedida/Contraparte/NIF: value "B123456745" has 10 characters; sii:NIFType requires exactly 9',
  ],
  [
    'bad pattern (NIF of 9 characters, no letter)',
    expedida(desgloseFactura(), { nif: '123456789' }),
    'FacturaExpedida/Contraparte/NIF: value "123456789" does not match the pattern (([a-z|A-Z]{1}\\d{7}[a-z|A-Z]{1})|(\\d{8}[a-z|A-Z]{1})|([a-z|A-Z]{1}\\d{8})) of sii:NIFType',
  ],
  [
    '3-decimal amount',
    expedida(desgloseFactura(detalle('1000.001'))),
    'FacturaExpedida/TipoDesglose/DesgloseFactura/Sujeta/NoExenta/DesgloseIVA/DetalleIVA[1]/BaseImponible: value "1000.001" does not match the pattern (\\+|-)?\\d{1,12}(\\.\\d{0,2})? of sii:ImporteSgn12.2Type',
  ],
  [
    'enumeration value F9',
    expedida(desgloseFactura(), { tipo: 'F9' }),
    'FacturaExpedida/TipoFactura: value "F9" is not one of "F1", "F2", "R1", "R2", "R3", "R4", "R5", "F3", "F4", "F5", "F6", "LC", "AJ" (sii:ClaveTipoFacturaType)',
  ],
  [
    '7 DetalleIVA (at most 6)',
    expedida(desgloseFactura(detalle().repeat(7))),
    'FacturaExpedida/TipoDesglose/DesgloseFactura/Sujeta/NoExenta/DesgloseIVA: element DetalleIVA is not allowed here: at most 6 DetalleIVA in DesgloseIVA; expected end of DesgloseIVA',
  ],
  [
    'both DesgloseFactura and DesgloseTipoOperacion',
    expedida(
      `${desgloseFactura()}<sii:DesgloseTipoOperacion><sii:Entrega>${noExenta(detalle())}</sii:Entrega></sii:DesgloseTipoOperacion>`,
    ),
    'FacturaExpedida/TipoDesglose: element DesgloseTipoOperacion is not allowed here; expected end of TipoDesglose',
  ],
  [
    'Periodo 13',
    expedida(desgloseFactura(), { periodo: '13' }),
    'PeriodoLiquidacion/Periodo: value "13" is not one of "01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12", "0A", "1T", "2T", "3T", "4T" (sii:TipoPeriodoType)',
  ],
  [
    'recargo under PrestacionServicios',
    expedida(
      `<sii:DesgloseTipoOperacion><sii:PrestacionServicios>${noExenta(detalle().replace('</sii:DetalleIVA>', '<sii:TipoRecargoEquivalencia>5.2</sii:TipoRecargoEquivalencia></sii:DetalleIVA>'))}</sii:PrestacionServicios></sii:DesgloseTipoOperacion>`,
    ),
    'FacturaExpedida/TipoDesglose/DesgloseTipoOperacion/PrestacionServicios/Sujeta/NoExenta/DesgloseIVA/DetalleIVA[1]: element TipoRecargoEquivalencia is not allowed here; expected end of DetalleIVA',
  ],
  [
    'text in element-only content',
    VALID.replace('<sii:TipoDesglose>', '<sii:TipoDesglose>x'),
    'FacturaExpedida/TipoDesglose: text is not allowed in TipoDesglose (element-only content)',
  ],
  [
    'element in the wrong namespace',
    VALID.replace(/siiLR:IDFactura>/g, 'sii:IDFactura>'),
    `RegistroLRFacturasEmitidas: element IDFactura in namespace ${SII_NS}/SuministroInformacion.xsd is not allowed here; expected IDFactura in namespace ${SII_NS}/SuministroLR.xsd`,
  ],
  [
    'an undeclared attribute',
    VALID.replace('<sii:TipoFactura>', '<sii:TipoFactura code="1">'),
    'FacturaExpedida/TipoFactura: attribute code is not allowed on TipoFactura',
  ],
];

describe('the structural SII validator', () => {
  it('accepts a hand-made valid message', () => {
    expect(structural.validateSii(VALID)).toEqual({ valid: true, errors: [] });
    expect(structural.name).toBe('structural');
  });

  it.each(VARIANTS)('%s: names the element path and the reason', (_, xml, expected) => {
    const verdict = structural.validateSii(xml);
    expect(verdict.valid).toBe(false);
    expect(verdict.errors.map((error) => `${error.path}: ${error.message}`)).toContain(expected);
    for (const error of verdict.errors) expect(error.line).toBeGreaterThan(0);
  });

  it('prefixes paths with the record and its position when a message has several records', () => {
    const record =
      /<siiLR:RegistroLRFacturasEmitidas>[\s\S]*<\/siiLR:RegistroLRFacturasEmitidas>/.exec(VALID)?.[0] ?? '';
    const bad = record.replace('<sii:TipoFactura>F1<', '<sii:TipoFactura>F9<');
    const verdict = structural.validateSii(VALID.replace(record, `${record}${bad}${record}`));
    expect(verdict.errors.map((error) => error.path)).toEqual([
      'RegistroLRFacturasEmitidas[2]/FacturaExpedida/TipoFactura',
    ]);
  });

  it('reports malformed XML, undeclared roots and an empty message without throwing', () => {
    expect(structural.validateSii('<a><b></a>')).toMatchObject({
      valid: false,
      errors: [{ path: '', line: 1 }],
    });
    expect(structural.validateSii('')).toMatchObject({ valid: false });
    expect(structural.validateSii('<Factura/>')).toEqual({
      valid: false,
      errors: [
        {
          path: 'Factura',
          line: 1,
          message:
            'root element Factura (no namespace) is not declared by SuministroLR.xsd + SuministroInformacion.xsd',
        },
      ],
    });
    const empty = `<siiLR:SuministroLRFacturasEmitidas xmlns:siiLR="${SII_NS}/SuministroLR.xsd"/>`;
    expect(structural.validateSii(empty).errors).toEqual([
      { path: 'SuministroLRFacturasEmitidas', line: 1, message: 'content ends too early; expected Cabecera' },
    ]);
    expect(structural.validateSii(VALID.replace('xmlns:sii=', 'xmlns:other=')).errors[0]?.message).toBe(
      'malformed XML: unbound namespace prefix: "sii"',
    );
  });

  it('refuses a processing instruction whose target has a colon, as libxml2 does (Namespaces in XML §7)', () => {
    const verdict = structural.validateSii(
      VALID.replace('<?xml version="1.0" encoding="UTF-8"?>', '<?:xml x?>'),
    );
    expect(verdict).toMatchObject({ valid: false, errors: [{ path: '', line: 1 }] });
    expect(verdict.errors[0]?.message).toMatch(/colons are forbidden from processing instruction targets/);
    expect(structural.validateSii(`${VALID}<?a:b c?>`).valid).toBe(false);
    expect(structural.validateSii(`${VALID}<?ab c?>`).valid).toBe(true);
  });

  it('keeps validating documents after a malformed one (the parser is renewed)', () => {
    expect(structural.validateSii('<a').valid).toBe(false);
    expect(structural.validateSii(VALID).valid).toBe(true);
  });
});

describe.skipIf(!hasShared)('both SII validators (structural and fiscalkit/xsd)', () => {
  let xsd: XsdSchemaValidator;
  let validators: Array<[string, SchemaValidator]>;
  beforeAll(async () => {
    xsd = await createXsdSchemaValidator({ directory: join(SHARED_DIR, 'xsd', 'sii') });
    validators = [
      ['structural', structural],
      ['xsd', xsd],
    ];
  });
  afterAll(() => xsd?.dispose());

  const samples = hasShared ? readdirSync(SAMPLES).filter((file) => file.endsWith('.xml')) : [];

  it('reads the 18 OCA-derived samples', () => {
    expect(samples).toHaveLength(18);
    expect(xsd.name).toBe('xsd');
  });

  it('refuse a lone UTF-16 surrogate with one verdict, on its line, and accept a surrogate pair', () => {
    const lone = VALID.replace('<sii:NumSerieFacturaEmisor>', '\n<sii:NumSerieFacturaEmisor>\uD800');
    const pair = VALID.replace('<sii:NumSerieFacturaEmisor>', '<sii:NumSerieFacturaEmisor>\uD83D\uDE00');
    const line = lone.slice(0, lone.indexOf('\uD800')).split('\n').length;
    for (const [name, validator] of validators) {
      expect(validator.validateSii(lone), name).toEqual({
        valid: false,
        errors: [
          { path: '', line, message: 'malformed XML: a lone UTF-16 surrogate is not an XML character' },
        ],
      });
      expect(
        validator
          .validateSii(pair)
          .errors.map((error) => error.message)
          .join('\n'),
        name,
      ).not.toContain('surrogate');
    }
  });

  it.each(samples.filter((file) => file !== INVALID_SAMPLE))('accept the valid sample %s', (file) => {
    const xml = readFileSync(join(SAMPLES, file), 'utf8');
    for (const [name, validator] of validators) {
      const verdict = validator.validateSii(xml);
      expect(verdict.valid, `${name}:\n${show(verdict)}`).toBe(true);
    }
  });

  it('reject the sample with recargo under PrestacionServicios, and the structural one says where', () => {
    const xml = readFileSync(join(SAMPLES, INVALID_SAMPLE), 'utf8');
    expect(xsd.validateSii(xml)).toMatchObject({ valid: false, errors: [{ line: 43 }] });
    expect(xsd.validateSii(xml).errors[0]?.message).toContain('CuotaRecargoEquivalencia');
    expect(structural.validateSii(xml)).toEqual({
      valid: false,
      errors: [
        {
          path: 'FacturaExpedida/TipoDesglose/DesgloseTipoOperacion/PrestacionServicios/Sujeta/NoExenta/DesgloseIVA/DetalleIVA[1]',
          line: 43,
          message: 'element CuotaRecargoEquivalencia is not allowed here; expected end of DetalleIVA',
        },
      ],
    });
  });

  it('accept the hand-made valid message and reject every hand-made invalid variant', () => {
    expect(xsd.validateSii(VALID)).toEqual({ valid: true, errors: [] });
    for (const [name, xml] of VARIANTS) {
      for (const [validatorName, validator] of validators) {
        expect(validator.validateSii(xml).valid, `${validatorName} on ${name}`).toBe(false);
      }
    }
  });

  it('fiscalkit/xsd: refuses a directory without the schemas, compiles an entry below the directory, disposes', async () => {
    await expect(createXsdSchemaValidator({ directory: SAMPLES })).rejects.toThrow(
      'SuministroLR.xsd not found',
    );
    const nested = await createXsdSchemaValidator({
      directory: join(SHARED_DIR, 'xsd'),
      entry: 'sii/SuministroLR.xsd',
    });
    expect(nested.validateSii(VALID).valid).toBe(true);
    nested.dispose();
    nested.dispose();
    expect(() => nested.validateSii(VALID)).toThrow('disposed');
    // The first validator still works: each has its own compiled schema.
    expect(xsd.validateSii(VALID).valid).toBe(true);
  });

  it('fiscalkit/xsd: reads the document as the string it is, whatever encoding its declaration names', () => {
    const latin = VALID.replace('encoding="UTF-8"', 'encoding="ISO-8859-1"').replace('Venta', 'Compañía');
    expect(xsd.validateSii(latin)).toEqual({ valid: true, errors: [] });
    expect(structural.validateSii(latin)).toEqual({ valid: true, errors: [] });
  });

  it('reject malformed XML with the line', () => {
    expect(xsd.validateSii('<a>\n<b></a>')).toMatchObject({ valid: false, errors: [{ path: '', line: 2 }] });
    expect(structural.validateSii('<a>\n<b></a>')).toMatchObject({
      valid: false,
      errors: [{ path: '', line: 2 }],
    });
  });

  /** A message of one book built by the builder from the helper's valid records (1–3 records). */
  const builtMessageArb = fc.constantFrom(...SII_BOOK_TYPES).chain((book) =>
    fc
      .record({
        kind: siiMessageKindArb(book),
        titular: siiTitularArb,
        records: fc.array(VALID_SII_RECORD_ARBS[book], { minLength: 1, maxLength: 3 }),
      })
      .map(({ kind, titular, records }): SiiMessage => {
        const communication = kind === 'alta' ? (records[0]?.communication_type ?? null) : null;
        return {
          book_type: book,
          kind,
          communication_type: communication,
          titular,
          records: records.map((record) => ({
            ...record,
            communication_type: record.communication_type && communication,
          })),
        };
      }),
  );

  const build = (message: SiiMessage): string => {
    const built = buildSiiMessage(message);
    if (!built.success)
      throw new Error(`the builder refused a valid message: ${JSON.stringify(built.issues)}`);
    return built.data;
  };

  it('agree (both valid) on built messages of every book, alta and baja', () => {
    fc.assert(
      fc.property(builtMessageArb, (message) => {
        const xml = build(message);
        const verdicts = validators.map(([, validator]) => validator.validateSii(xml));
        expect(
          verdicts.map((verdict) => verdict.valid),
          `${verdicts.map(show).join('\n')}\n${xml}`,
        ).toEqual([true, true]);
      }),
      { numRuns: 200 },
    );
  }, 30_000);

  it('agree on built messages with one structural defect (drop, swap, repeat, bad value, extra element…)', () => {
    let invalid = 0;
    fc.assert(
      fc.property(
        builtMessageArb,
        fc.array(xmlMutationArb, { minLength: 1, maxLength: 2 }),
        (message, mutations) => {
          const xml = mutations.reduce(mutateXml, build(message));
          const verdicts = validators.map(([, validator]) => validator.validateSii(xml));
          if (!verdicts[1]?.valid) invalid += 1;
          expect(
            verdicts[0]?.valid,
            `${mutations.map((m) => JSON.stringify(m)).join(' ')}\nstructural: ${show(verdicts[0] as SchemaVerdict)}\nxsd: ${show(verdicts[1] as SchemaVerdict)}\n${xml}`,
          ).toBe(verdicts[1]?.valid);
        },
      ),
      { numRuns: 300 },
    );
    // The mutations do break documents (most of them), so the agreement is not only on valid ones.
    expect(invalid).toBeGreaterThan(150);
  }, 30_000);

  /**
   * A `Cabecera` written by hand for any book and kind (issue #18 item 18): `IDVersionSii` of this or
   * an older version (or none), `Titular` with or without a representative, `TipoComunicacion` absent,
   * valid, unknown or repeated, and now and then out of order — whatever the header's type
   * (`CabeceraSii`, `CabeceraSiiBaja`, `CabeceraSiiCobrosPagos`) allows or not.
   */
  const cabeceraArb = fc
    .record({
      version: fc.constantFrom<string | null>('1.1', '1.0', '0.7', null),
      representative: fc.boolean(),
      types: fc.array(fc.constantFrom('A0', 'A1', 'A4', 'A9'), { maxLength: 2 }),
      typeFirst: fc.boolean(),
    })
    .map(({ version, representative, types, typeFirst }) => {
      const titular = `<sii:Titular><sii:NombreRazon>Test company</sii:NombreRazon>${
        representative ? '<sii:NIFRepresentante>B12345674</sii:NIFRepresentante>' : ''
      }<sii:NIF>U2687761C</sii:NIF></sii:Titular>`;
      const type = types.map((code) => `<sii:TipoComunicacion>${code}</sii:TipoComunicacion>`).join('');
      const idVersion = version === null ? '' : `<sii:IDVersionSii>${version}</sii:IDVersionSii>`;
      return {
        header: `<sii:Cabecera>${idVersion}${typeFirst ? type + titular : titular + type}</sii:Cabecera>`,
        ordered: !typeFirst || types.length === 0,
      };
    });

  it('agree on the header of every book, alta and baja, and the importer refuses every header the XSD refuses', () => {
    let invalid = 0;
    fc.assert(
      fc.property(builtMessageArb, cabeceraArb, (message, { header, ordered }) => {
        const xml = build(message).replace(/<sii:Cabecera>[\s\S]*?<\/sii:Cabecera>/, header);
        const verdicts = validators.map(([, validator]) => validator.validateSii(xml));
        const valid = verdicts[1]?.valid;
        if (!valid) invalid += 1;
        const shown = `structural: ${show(verdicts[0] as SchemaVerdict)}\nxsd: ${show(verdicts[1] as SchemaVerdict)}\n${header}`;
        expect(verdicts[0]?.valid, shown).toBe(valid);
        // An import reads the header's elements and values as the XSD does: what the XSD refuses is
        // never imported. (The import reads elements by name; their order is the builder's again in
        // the message it judges and stores, so an order the XSD refuses loses nothing.)
        if (!valid && ordered)
          expect(importSiiMessage(xml).success, `${message.book_type} ${message.kind}: ${shown}`).toBe(false);
      }),
      { numRuns: 300 },
    );
    expect(invalid).toBeGreaterThan(100);
  }, 30_000);

  it('agree on built messages with their text edited (markup, references, forbidden characters…)', () => {
    fc.assert(
      fc.property(builtMessageArb, xmlTextEditsArb, (message, edits) => {
        const xml = applyXmlTextEdits(build(message), edits);
        const verdicts = validators.map(([, validator]) => validator.validateSii(xml));
        expect(
          verdicts[0]?.valid,
          `${JSON.stringify(edits)}\nstructural: ${show(verdicts[0] as SchemaVerdict)}\nxsd: ${show(verdicts[1] as SchemaVerdict)}`,
        ).toBe(verdicts[1]?.valid);
      }),
      { numRuns: 300 },
    );
  }, 30_000);
});
