/**
 * SII messages that hold every element of their root's content model (issue #18 item 17): written by
 * walking the generated SII content model (`src/sii/validator/contentModel.ts`, generated from the
 * official XSDs by `scripts/generate-sii-content-model.ts`), every optional element present, one
 * document per branch of the model's choices. What an import of them leaves in `ignored` is what the
 * report has no field for: the check that nothing of a valid message is dropped.
 */

import { SII_CONTENT_MODEL } from '../../src/sii/validator/contentModel.js';
import type { Particle, SimpleTypeModel } from '../../src/sii/validator/schemaModel.js';

/** The titular's NIF (`siiTitular()` of `siiReports.ts`); every NIF of the documents is this one. */
const NIF = 'U2687761C';

/**
 * Values of elements whose type alone does not give one the report and the builder agree with: a
 * corrective invoice by substitution (so that `ImporteRectificacion` is the record's), the first
 * value of an enumeration that is not the meaningful one, and the patterned types.
 */
const BY_NAME: Readonly<Record<string, string>> = {
  IDVersionSii: '1.1',
  TipoComunicacion: 'A0',
  TipoFactura: 'R1',
  TipoRectificativa: 'S',
  Periodo: '03',
  PeriodoDeduccion: '03',
  TipoNoExenta: 'S1',
  CausaExencion: 'E1',
  ClaveRegimenEspecialOTrascendencia: '01',
  ClaveRegimenEspecialOTrascendenciaAdicional1: '02',
  ClaveRegimenEspecialOTrascendenciaAdicional2: '03',
  Macrodato: 'N',
  IDType: '02',
  CodigoPais: 'FR',
  ID: 'FR12345678901',
  EstadoMiembro: 'FR',
  ReferenciaCatastral: '1234567AB1234C0001DE',
  ClaveOperacion: 'A',
  Medio: '01',
  SituacionInmueble: '1',
};

/** A value of a simple type, for an element without a value of its own. */
function simpleValue(name: string, typeId: string): string {
  const own = BY_NAME[name];
  if (own !== undefined) return own;
  const type = SII_CONTENT_MODEL.types[typeId] as SimpleTypeModel | undefined;
  if (type === undefined) throw new Error(`no type ${typeId}`);
  switch (typeId) {
    case 'sii:NIFType':
      return NIF;
    case 'sii:fecha':
      return '15-03-2026';
    case 'sii:ImporteSgn12.2Type':
      return '100.00';
    case 'sii:Tipo2.2Type':
      return '21.00';
    case 'sii:YearType':
      return '2026';
    case '~sii:OperacionIntracomunitariaType/PlazoOperacion':
      return '30';
  }
  if (type.enumeration !== undefined) return type.enumeration[0] as string;
  if (type.patterns !== undefined) throw new Error(`no value for the patterned type ${typeId} of ${name}`);
  return `${name.slice(0, Math.min(8, type.maxLength ?? 8))}`;
}

/** The local name of a prefixed name. */
const local = (name: string) => name.replace(/^[^:]+:/, '');

/**
 * Writes the content of a particle: every element of a sequence, optional ones included (once); the
 * `variant`-th branch of a choice (modulo its width).
 */
function content(particle: Particle, variant: number): string {
  if (particle.kind === 'element') return element(particle.name, particle.type, variant);
  if (particle.kind === 'sequence')
    return particle.particles.map((inner) => content(inner, variant)).join('');
  const branch = particle.particles[variant % particle.particles.length] as Particle;
  return content(branch, variant);
}

function element(name: string, typeId: string, variant: number): string {
  const type = SII_CONTENT_MODEL.types[typeId];
  if (type === undefined) throw new Error(`no type ${typeId}`);
  const inner =
    type.kind === 'simple'
      ? simpleValue(local(name), typeId)
      : type.content === null
        ? ''
        : content(type.content, variant);
  return `<${name}>${inner}</${name}>`;
}

/** The widest choice of the model: how many variants cover every branch of every choice. */
function widestChoice(): number {
  let widest = 1;
  const walk = (particle: Particle) => {
    if (particle.kind === 'element') return;
    if (particle.kind === 'choice') widest = Math.max(widest, particle.particles.length);
    for (const inner of particle.particles) walk(inner);
  };
  for (const type of Object.values(SII_CONTENT_MODEL.types))
    if (type.kind === 'complex' && type.content !== null) walk(type.content);
  return widest;
}

/**
 * The documents of root `root` (`SuministroLRFacturasEmitidas`, `BajaLRFacturasRecibidas`, …), each
 * with every element of the content model present and the `variant`-th branch of every choice, for
 * every variant up to the widest choice: together they hold every element the root can hold.
 *
 * @example
 * ```ts
 * schemaDocuments('SuministroLRFacturasRecibidas').length; // 2: NIF or IDOtro, DesgloseFactura or …
 * ```
 */
export function schemaDocuments(root: string): string[] {
  const typeId = SII_CONTENT_MODEL.roots[`siiLR:${root}`];
  if (typeId === undefined) throw new Error(`no root ${root}`);
  const namespaces = Object.entries(SII_CONTENT_MODEL.namespaces)
    .map(([prefix, uri]) => `xmlns:${prefix}="${uri}"`)
    .join(' ');
  return Array.from({ length: widestChoice() }, (_, variant) =>
    element(`siiLR:${root}`, typeId, variant).replace(`<siiLR:${root}>`, `<siiLR:${root} ${namespaces}>`),
  );
}

/**
 * Every element path below the root that the root's content model has (`RegistroLRFacturasEmitidas/
 * FacturaExpedida/ImporteRectificacion/CuotaRecargoRectificado`), in model order.
 *
 * @example
 * ```ts
 * schemaPaths('BajaLRFacturasEmitidas').includes('RegistroLRBajaExpedidas/IDFactura/NumSerieFacturaEmisor'); // true
 * ```
 */
export function schemaPaths(root: string): string[] {
  const paths: string[] = [];
  const walk = (particle: Particle, at: string) => {
    if (particle.kind !== 'element') {
      for (const inner of particle.particles) walk(inner, at);
      return;
    }
    const path = at === '' ? local(particle.name) : `${at}/${local(particle.name)}`;
    paths.push(path);
    const type = SII_CONTENT_MODEL.types[particle.type];
    if (type?.kind === 'complex' && type.content !== null) walk(type.content, path);
  };
  const type = SII_CONTENT_MODEL.types[SII_CONTENT_MODEL.roots[`siiLR:${root}`] ?? ''];
  if (type?.kind === 'complex' && type.content !== null) walk(type.content, '');
  return [...new Set(paths)];
}
