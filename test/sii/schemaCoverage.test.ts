/**
 * Issue #18 item 17: an SII message imported and downloaded again carries everything it held — every
 * amount above all. The check walks the generated content model of SuministroLR.xsd 1.1
 * (`src/sii/validator/contentModel.ts`) and writes, for each of the sixteen roots fiscalkit imports,
 * messages holding every element the root can hold (`test/support/siiSchemaDocuments.ts`); the import
 * must leave none of them in `ignored`, and import → write → import must give the same records and the
 * same amounts. (The builder's SII rules are not what this checks: the messages are written with the
 * record builders alone, the way `buildSiiMessage` writes a record its rules accept.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createXsdSchemaValidator,
  type XsdSchemaValidator,
} from '../../src/adapters/xsd/xsdSchemaValidator.js';
import { SII_BOOK_TYPES } from '../../src/model/siiTaxReport.js';
import { SII_BAJA_BOOKS } from '../../src/sii/build/baja.js';
import { SII_ALTA_BOOKS } from '../../src/sii/build/books.js';
import { cabecera } from '../../src/sii/build/cabecera.js';
import { writeSiiXml } from '../../src/sii/build/xml.js';
import { importSiiMessage } from '../../src/sii/import/importSiiMessage.js';
import type { SiiMessage } from '../../src/sii/message.js';
import { SII_CONTENT_MODEL } from '../../src/sii/validator/contentModel.js';
import type { Particle } from '../../src/sii/validator/schemaModel.js';
import { hasShared, SHARED_DIR } from '../support/shared.js';
import { schemaDocuments, schemaPaths } from '../support/siiSchemaDocuments.js';

/** The sixteen roots fiscalkit reads: nine altas and seven bajas (sii.md §2). */
const ROOTS = SII_BOOK_TYPES.flatMap((book) => {
  const baja = SII_BAJA_BOOKS[book];
  return [
    { book, kind: 'alta' as const, root: SII_ALTA_BOOKS[book].root },
    ...(baja === undefined ? [] : [{ book, kind: 'baja' as const, root: baja.root }]),
  ];
});

/** A message written by the record builders, without the SII rules (see the module comment). */
function write(message: SiiMessage): string {
  const book =
    message.kind === 'baja' ? SII_BAJA_BOOKS[message.book_type] : SII_ALTA_BOOKS[message.book_type];
  if (book === undefined) throw new Error(`no ${message.kind} of ${message.book_type}`);
  return writeSiiXml(book.root, {
    'sii:Cabecera': cabecera(message),
    [`siiLR:${book.record}`]: message.records.map((record) => book.build(record, message.titular.nif)),
  });
}

function imported(xml: string) {
  const result = importSiiMessage(xml);
  if (!result.success) throw new Error(JSON.stringify(result.issues));
  return result.data;
}

/** The local names of the elements whose type is an amount (`ImporteSgn12.2Type`). */
const AMOUNT_ELEMENTS: ReadonlySet<string> = (() => {
  const names = new Set<string>();
  const walk = (particle: Particle) => {
    if (particle.kind === 'element') {
      if (particle.type === 'sii:ImporteSgn12.2Type') names.add(particle.name.replace(/^[^:]+:/, ''));
      return;
    }
    for (const inner of particle.particles) walk(inner);
  };
  for (const type of Object.values(SII_CONTENT_MODEL.types))
    if (type.kind === 'complex' && type.content !== null) walk(type.content);
  return names;
})();

/** Every amount of a message as `Element=value`, in document order. */
function amounts(xml: string): string[] {
  return [...xml.matchAll(/<(?:sii|siiLR):([A-Za-z0-9_.]+)>([^<]*)</g)]
    .filter((match) => AMOUNT_ELEMENTS.has(match[1] ?? ''))
    .map((match) => `${match[1]}=${match[2]}`);
}

describe('every element of SuministroLR.xsd 1.1 has a report field (issue #18 item 17)', () => {
  it('the content model has amounts the report did not model before (CuotaRecargoRectificado, …)', () => {
    for (const name of [
      'CuotaRecargoRectificado',
      'BaseImponibleACoste',
      'ImporteTransmisionInmueblesSujetoAIVA',
      'ImporteCompensacionREAGYP',
      'RegularizacionDeduccionEfectuada',
    ])
      expect(AMOUNT_ELEMENTS.has(name), name).toBe(true);
  });

  it.each(ROOTS)('$root: the generated messages hold every element of the root', ({ root }) => {
    const documents = schemaDocuments(root);
    const held = new Set(
      documents.flatMap((xml) =>
        [...xml.matchAll(/<(?:sii|siiLR):([A-Za-z0-9_.]+)>/g)].map((match) => match[1]),
      ),
    );
    for (const path of schemaPaths(root)) expect(held.has(path.split('/').at(-1)), path).toBe(true);
  });

  it.each(ROOTS)('$root: the import leaves nothing in ignored', ({ root }) => {
    for (const xml of schemaDocuments(root)) expect(imported(xml).ignored).toEqual([]);
  });

  it.each(ROOTS)(
    '$root: import → write → import gives the same records, and the written message the same amounts',
    ({ book, kind, root }) => {
      for (const xml of schemaDocuments(root)) {
        const first = imported(xml).message;
        expect([first.book_type, first.kind]).toEqual([book, kind]);
        const written = write(first);
        const second = imported(written);
        expect(second.ignored).toEqual([]);
        expect(second.message).toEqual(first);
        expect(amounts(written)).toEqual(amounts(xml));
      }
    },
  );

  describe.skipIf(!hasShared)('against the official XSD', () => {
    let xsd: XsdSchemaValidator;
    beforeAll(async () => {
      xsd = await createXsdSchemaValidator({ directory: `${SHARED_DIR}/xsd/sii` });
    });
    afterAll(() => xsd?.dispose());

    it.each(ROOTS)('$root: the generated messages and their rewrites are valid', ({ root }) => {
      for (const xml of schemaDocuments(root)) {
        const verdicts = [xml, write(imported(xml).message)].map((document) => xsd.validateSii(document));
        for (const verdict of verdicts)
          expect(verdict, JSON.stringify(verdict.errors)).toMatchObject({ valid: true });
      }
    });
  });
});
