/**
 * Generates `src/model/siiXsdCodes.ts`: the AEAT SII code lists a `SiiDocument` tax report carries, as
 * the XSDs enumerate them (issue #20 §5; before, `src/model/siiCodes.ts` retyped them by hand).
 *
 *   npm run generate (every generator), or npx tsx scripts/generate-sii-codes.ts [directory]
 *
 * `directory` holds `SuministroLR.xsd` and what it imports (default: `$FISCALKIT_SHARED/xsd/sii`, or
 * `../shared/xsd/sii` beside the checkout). The schemas are read by the content-model generator
 * (`readSiiSchemaModel` of `generate-sii-content-model.ts`, one reading of the SII XSDs for both), and
 * each list of the table below is the enumeration of one simple type, in the XSD's order; a type that
 * is missing or has no enumeration stops the generator. `src/model/siiCodes.ts` (hand-written)
 * re-exports the lists under the names fiscalkit has always used and adds fiscalkit's own choices on
 * them. {@link siiCodesFiles} returns the file's text and writes nothing; the command line formats it
 * with Biome and writes it. Commit the result.
 */
import { join } from 'node:path';
import { readSiiSchemaModel } from './generate-sii-content-model.js';
import {
  docComment,
  type GeneratedFiles,
  generatedHeader,
  isMain,
  sharedDirectory,
  writeGenerated,
} from './generated.js';

/** The generated file, from the project root. */
export const SII_CODES_FILE = 'src/model/siiXsdCodes.ts';

/** One generated list: its name, the type it enumerates (a model id) and its comment. */
interface Entry {
  readonly constant: string;
  /** A type id of the content model: `sii:…Type`, or `~owner/element` for an anonymous type. */
  readonly type: string;
  readonly doc: string;
}

/** The lists, in the order of the file (sii.md §3, §4). */
const ENTRIES: readonly Entry[] = [
  {
    constant: 'SII_COMMUNICATION_TYPES',
    type: 'sii:ClaveTipoComunicacionType',
    doc: "`TipoComunicacion` (sii.md §3): `A0` new, `A1` modification, `A4`, `A5` and `A6` the travellers' regime.",
  },
  {
    constant: 'SII_PERIODS',
    type: 'sii:TipoPeriodoType',
    doc: '`PeriodoLiquidacion/Periodo` (sii.md §3): the months `01` to `12`, `0A` annual, the quarters `1T` to `4T`.',
  },
  {
    constant: 'SII_INVOICE_TYPE_CODES',
    type: 'sii:ClaveTipoFacturaType',
    doc: '`TipoFactura` (sii.md §4.1).',
  },
  {
    constant: 'SII_SPECIAL_REGIME_KEYS',
    type: 'sii:IdOperacionesTrascendenciaTributariaType',
    doc: '`ClaveRegimenEspecialOTrascendencia` (sii.md §4.3): `01` to `17`; the meaning differs between issued and received invoices.',
  },
  {
    constant: 'SII_XSD_CORRECTIVE_TYPES',
    type: 'sii:ClaveTipoRectificativaType',
    doc: '`TipoRectificativa` (sii.md §4.2) as the XSD lists it: `S` by substitution, `I` by differences, and a single space (which fiscalkit does not accept: `SII_CORRECTIVE_TYPES`).',
  },
  {
    constant: 'SII_NON_EXEMPTION_CODES',
    type: 'sii:TipoOperacionSujetaNoExentaType',
    doc: '`NoExenta/TipoNoExenta` (sii.md §4.4): `S1` without and `S2` with reverse charge, `S3` a block of both. How fiscalkit reads `S3` on a row: `siiCodes.ts`.',
  },
  {
    constant: 'SII_EXEMPTION_REASONS',
    type: 'sii:CausaExencionType',
    doc: '`CausaExencion` (sii.md §4.5): `E1` art. 20 … `E5` art. 25, `E6` other.',
  },
  {
    constant: 'SII_PAYMENT_METHODS',
    type: 'sii:MedioPagoType',
    doc: '`Cobro/Medio`, `Pago/Medio` (sii.md §3): `01` transfer, `02` cheque, `03` not collected or paid (accrual deadline or insolvency), `04` other, `05` direct debit.',
  },
  {
    constant: 'SII_ID_TYPES',
    type: 'sii:PersonaFisicaJuridicaIDTypeType',
    doc: '`IDOtro/IDType` (sii.md §3): `02` EU VAT number, `03` passport, `04` official ID of the country of residence, `05` residence certificate, `06` other document, `07` not in the census.',
  },
  {
    constant: 'SII_PROPERTY_SITUATIONS',
    type: 'sii:SituacionInmuebleType',
    doc: '`DatosInmueble/DetalleInmueble/SituacionInmueble`: `1` a property with a cadastral reference anywhere in Spain but the Basque Country and Navarre, `2` one in the Basque Country or Navarre, `3` either without a cadastral reference, `4` one abroad.',
  },
  {
    constant: 'SII_INSURANCE_OPERATION_KEYS',
    type: 'sii:ClaveOperacionType',
    doc: '`ClaveOperacion` of the insurance book: `A` and `B`.',
  },
  {
    constant: 'SII_INTRA_COMMUNITY_OPERATION_KEYS',
    type: '~sii:OperacionIntracomunitariaType/TipoOperacion',
    doc: '`OperacionIntracomunitaria/TipoOperacion`: `A` goods sent or received for work or expert reports (art. 70.1.7º LIVA), `B` transfers and intra-community acquisitions of arts. 9.3º and 16.2º LIVA.',
  },
  {
    constant: 'SII_INTRA_COMMUNITY_DECLARED_KEYS',
    type: '~sii:OperacionIntracomunitariaType/ClaveDeclarado',
    doc: '`OperacionIntracomunitaria/ClaveDeclarado`: `D` recipient (destinatario), `R` sender (remitente).',
  },
  {
    constant: 'SII_MEMBER_STATES',
    type: 'sii:CountryMiembroType',
    doc: '`OperacionIntracomunitaria/EstadoMiembro`: the member states as the SII 1.1 schema lists them, still including `GB`.',
  },
];

/** How the comment names the type: an anonymous type by its element. */
const typeLabel = (type: string): string =>
  type.startsWith('~')
    ? `the anonymous type of \`${type.slice(1).replace(/^sii:/, '')}\``
    : `\`${type.slice(4)}\``;

/**
 * The text of `src/model/siiXsdCodes.ts` (unformatted: {@link writeGenerated} and the CI check format
 * it with Biome) from the SII schemas in `directory` (the one holding `SuministroLR.xsd`). Writes
 * nothing.
 *
 * @example
 * siiCodesFiles('../shared/xsd/sii')['src/model/siiXsdCodes.ts']; // '// GENERATED FILE …'
 */
export function siiCodesFiles(directory: string): GeneratedFiles {
  const model = readSiiSchemaModel(directory);
  const lists = ENTRIES.map(({ constant, type, doc }) => {
    const simple = model.types[type];
    if (simple === undefined) throw new Error(`${type} is not in the SII schemas (${model.source})`);
    if (simple.kind !== 'simple' || simple.enumeration === undefined)
      throw new Error(`${type} has no enumeration`);
    const comment = docComment(
      `${doc}\n\nThe enumeration of ${typeLabel(type)} (\`SuministroInformacion.xsd\`), in the XSD's order.`,
    );
    return `${comment}export const ${constant} = ${JSON.stringify(simple.enumeration)} as const;\n`;
  });
  const text = `${generatedHeader(
    'scripts/generate-sii-codes.ts',
    `${model.source} (AEAT SII 1.1, "1.1 bis" content), read from shared/xsd/sii/.`,
  )}/**
 * The AEAT SII code lists a \`SiiDocument\` tax report carries, generated from the XSDs
 * (\`shared/xsd/sii/SuministroInformacion.xsd\`, SII 1.1), each in the XSD's enumeration order. These are
 * AEAT's values, written as AEAT writes them. Import them from \`siiCodes.ts\`, which adds fiscalkit's
 * own choices on them; fiscalkit's own vocabulary (\`book_type\`, \`operation_type\`, …) is in
 * \`siiTaxReport.ts\`.
 *
 * @module
 */

${lists.join('\n')}`;
  return { [SII_CODES_FILE]: text };
}

if (isMain(import.meta.url)) {
  const argument = process.argv[2];
  writeGenerated(siiCodesFiles(argument ?? join(sharedDirectory(), 'xsd', 'sii')));
}
