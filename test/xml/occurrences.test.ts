/**
 * The occurrence limits the importers check while they parse (issue #24 item 1), generated from the
 * official XSDs by `scripts/generate-schema-occurrences.ts`: the committed tables are what the
 * schemas say today, the SII message table agrees with an independent reading (the structural
 * validator's content model), and every element the readers take as a list may repeat.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  FA3_XSD,
  SII_MESSAGE_XSD,
  SII_RESPONSE_XSD,
  schemaOccurrences,
} from '../../scripts/generate-schema-occurrences.js';
import { FA3_OCCURRENCES } from '../../src/ksef/import/fa3Occurrences.js';
import { FA3_REPEATABLE_ELEMENTS } from '../../src/ksef/import/xmlTree.js';
import { SII_MESSAGE_OCCURRENCES, SII_RESPONSE_OCCURRENCES } from '../../src/sii/import/siiOccurrences.js';
import { SII_CONTENT_MODEL } from '../../src/sii/validator/contentModel.js';
import type { Particle } from '../../src/sii/validator/schemaModel.js';
import type { SchemaOccurrences } from '../../src/xml/parse.js';
import { hasShared, SHARED_DIR } from '../support/shared.js';

const repeating = (occurrences: SchemaOccurrences) =>
  Object.entries(occurrences.maxOccurs)
    .filter(([, limit]) => limit !== 1)
    .map(([local]) => local)
    .sort();

describe.skipIf(!hasShared)('the generated tables are what the XSDs in shared/ say', () => {
  it.each([
    ['FA(3)', FA3_XSD, 'schemat_FA(3)_v1-0E.xsd', FA3_OCCURRENCES],
    ['SII messages', SII_MESSAGE_XSD, 'SuministroLR.xsd', SII_MESSAGE_OCCURRENCES],
    ['SII responses', SII_RESPONSE_XSD, 'RespuestaSuministro.xsd', SII_RESPONSE_OCCURRENCES],
  ])('%s: regenerating from shared/ gives the committed table', (_, file, schema, committed) => {
    expect(schemaOccurrences(join(SHARED_DIR, file), schema)).toEqual(committed);
  });
});

/** The most occurrences of each child local name under one parent in a content model particle. */
function modelCounts(particle: Particle | null): Map<string, number> {
  const counts = new Map<string, number>();
  if (particle === null) return counts;
  const factor = particle.max === 'unbounded' ? Number.POSITIVE_INFINITY : particle.max;
  if (particle.kind === 'element') {
    counts.set(particle.name.replace(/^.*:/, ''), factor);
    return counts;
  }
  for (const child of particle.particles) {
    for (const [local, count] of modelCounts(child)) {
      const before = counts.get(local) ?? 0;
      counts.set(local, particle.kind === 'choice' ? Math.max(before, count) : before + count);
    }
  }
  for (const [local, count] of counts) counts.set(local, count * factor);
  return counts;
}

describe('the tables', () => {
  it("SII messages: the same limits and depth as the structural validator's content model", () => {
    // The content model is its own reading of the same XSDs (scripts/generate-sii-content-model.ts).
    const limits = new Map<string, number>();
    for (const root of Object.keys(SII_CONTENT_MODEL.roots)) limits.set(root.replace(/^.*:/, ''), 1);
    for (const type of Object.values(SII_CONTENT_MODEL.types)) {
      if (type.kind !== 'complex') continue;
      for (const [local, count] of modelCounts(type.content))
        limits.set(local, Math.max(limits.get(local) ?? 0, count));
    }
    const expected = Object.fromEntries(
      [...limits].map(([local, limit]) => [local, limit === Number.POSITIVE_INFINITY ? 'unbounded' : limit]),
    );
    expect(SII_MESSAGE_OCCURRENCES.maxOccurs).toEqual(expected);
    const depth = (typeId: string): number => {
      const type = SII_CONTENT_MODEL.types[typeId];
      if (type?.kind !== 'complex') return 1;
      const children: string[] = [];
      const walk = (particle: Particle | null) => {
        if (particle === null) return;
        if (particle.kind === 'element') children.push(particle.type);
        else for (const child of particle.particles) walk(child);
      };
      walk(type.content);
      return 1 + Math.max(0, ...children.map(depth));
    };
    expect(SII_MESSAGE_OCCURRENCES.maxDepth).toBe(
      Math.max(...Object.values(SII_CONTENT_MODEL.roots).map(depth)),
    );
  });

  it('FA(3): the elements read as lists are exactly those FA(3) lets repeat', () => {
    expect(repeating(FA3_OCCURRENCES)).toEqual([...FA3_REPEATABLE_ELEMENTS].sort());
    expect(FA3_OCCURRENCES.maxOccurs).toMatchObject({ FaWiersz: 10000, P_2: 1, DaneKontaktowe: 3 });
  });

  it('SII: the records may occur 10,000 times (sii.md §6), AEAT answers up to 10,000 lines', () => {
    expect(SII_MESSAGE_OCCURRENCES.maxOccurs).toMatchObject({
      RegistroLRFacturasEmitidas: 10000,
      DetalleIVA: 6,
      Cabecera: 1,
      IDFacturaRectificada: 'unbounded',
    });
    expect(repeating(SII_RESPONSE_OCCURRENCES)).toEqual(['RespuestaLinea']);
  });
});
