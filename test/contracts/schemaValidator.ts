/**
 * The contract of the `SchemaValidator` port (ports.ts "Schema validation"; issue #6): every SII
 * message fiscalkit builds is valid, and a message that breaks the schema is not, with errors that
 * say where and why. Every adapter must give the same `valid` on the same document.
 */
import { describe, expect, it } from 'vitest';
import type { SchemaValidator } from '../../src/ports.js';
import { builtSiiMessage, SII_BOOK_KINDS } from '../support/siiMessages.js';

/** Documents no SII schema accepts, each with what breaks it. */
function invalidDocuments(): [string, string][] {
  const valid = builtSiiMessage('Expedida', 'alta', 2);
  const replaced = (pattern: RegExp | string, replacement: string) => {
    const changed = valid.replace(pattern, replacement);
    if (changed === valid) throw new Error(`the fixture has nothing matching ${String(pattern)}`);
    return changed;
  };
  return [
    ['malformed XML', '<a><b></a>'],
    ['an empty document', ''],
    ['a root SuministroLR.xsd does not declare', '<Factura/>'],
    ['no Cabecera', replaced(/<sii:Cabecera>[\s\S]*?<\/sii:Cabecera>\n/, '')],
    ['a period outside the code list', replaced(/<sii:Periodo>[^<]*</, '<sii:Periodo>13<')],
    ['an unknown invoice type', replaced(/<sii:TipoFactura>[^<]*</, '<sii:TipoFactura>F9<')],
    ['an amount with 3 decimals', replaced(/<sii:ImporteTotal>[^<]*</, '<sii:ImporteTotal>1985.001<')],
    ['an element in the wrong namespace', replaced(/siiLR:IDFactura>/g, 'sii:IDFactura>')],
    // A lone surrogate cannot be written as UTF-8 (an encoder would put U+FFFD in its place, which
    // makes `<?xml` a processing instruction and the document valid): the validator must see it.
    ['a lone UTF-16 surrogate', replaced('<?xml', '<?\ud800xml')],
    // The emoji 😀 cut in half inside a text: only its high surrogate is left (the structural
    // validator's fast scan once accepted it).
    ['half an emoji in text', replaced(/<sii:NumSerieFacturaEmisor>/, '<sii:NumSerieFacturaEmisor>\ud83d')],
    [
      'a lone surrogate in text',
      replaced(/<sii:NumSerieFacturaEmisor>/, '<sii:NumSerieFacturaEmisor>\udc00'),
    ],
    ['an undeclared element', replaced('<sii:TipoFactura>', '<sii:Extra>1</sii:Extra><sii:TipoFactura>')],
  ];
}

/**
 * Registers the schema validator contract as a `describe` block named after `name`.
 *
 * @example
 * ```ts
 * describeSchemaValidatorContract('structural', () => structuralSiiValidator());
 * ```
 */
export function describeSchemaValidatorContract(
  name: string,
  make: () => SchemaValidator | Promise<SchemaValidator>,
): void {
  describe(`SchemaValidator contract: ${name}`, () => {
    it('has a name', async () => {
      const validator = await make();
      expect(validator.name).toMatch(/\S/);
    });

    it.each(SII_BOOK_KINDS)('accepts a built %s %s message of several records', async (book, kind) => {
      const validator = await make();
      expect(validator.validateSii(builtSiiMessage(book, kind, 3))).toEqual({ valid: true, errors: [] });
    });

    it.each(invalidDocuments())('refuses %s, saying where and why', async (_, xml) => {
      const validator = await make();
      const verdict = validator.validateSii(xml);
      expect(verdict.valid).toBe(false);
      expect(verdict.errors.length).toBeGreaterThan(0);
      for (const error of verdict.errors) {
        expect(typeof error.path).toBe('string');
        expect(error.line === null || (Number.isSafeInteger(error.line) && error.line >= 0)).toBe(true);
        expect(error.message).toMatch(/\S/);
      }
    });
  });
}
