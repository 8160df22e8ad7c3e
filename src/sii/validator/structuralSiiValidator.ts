/**
 * fiscalkit's own SII schema validator (issue #6), the default {@link SchemaValidator}: pure TypeScript,
 * no WebAssembly. It walks a message against {@link SII_CONTENT_MODEL} — the rules of the official
 * `SuministroLR.xsd` / `SuministroInformacion.xsd` as data — and decides validity as the XSD does for
 * every `SuministroLR…` / `BajaLR…` message, with errors that name the element path and the reason.
 *
 * @module
 */
import type { SchemaValidator } from '../../xml/schemaValidator.js';
import { SII_CONTENT_MODEL } from './contentModel.js';
import { type CompiledSchemaModel, compileSchemaModel, schemaModelValidator } from './validate.js';

let compiled: CompiledSchemaModel | undefined;

/**
 * The structural SII validator. The content model is compiled on first use and shared by every
 * validator this returns; validation is synchronous, one document at a time, and no verdict depends on
 * an earlier document.
 *
 * @example
 * const validator = structuralSiiValidator();
 * const verdict = validator.validateSii(xml);
 * if (!verdict.valid) for (const error of verdict.errors) console.log(`${error.path}: ${error.message}`);
 * // FacturaExpedida/TipoDesglose/DesgloseTipoOperacion/PrestacionServicios/Sujeta/NoExenta/DesgloseIVA/
 * //   DetalleIVA[1]: element CuotaRecargoEquivalencia is not allowed here; expected end of DetalleIVA
 */
export function structuralSiiValidator(): SchemaValidator {
  compiled ??= compileSchemaModel(SII_CONTENT_MODEL);
  const validate = schemaModelValidator(compiled);
  return { name: 'structural', validateSii: (xml) => validate(xml) };
}
