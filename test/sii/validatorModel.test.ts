import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { describe, expect, it } from 'vitest';
import { SII_CONTENT_MODEL } from '../../src/sii/validator/contentModel.js';
import type { Particle, SchemaModel, SimpleTypeModel } from '../../src/sii/validator/schemaModel.js';
import { compileSimpleType } from '../../src/sii/validator/simpleValue.js';
import { compileSchemaModel, schemaModelValidator } from '../../src/sii/validator/validate.js';
import { xsdPattern, xsdPatternSource } from '../../src/sii/validator/xsdPattern.js';
import { hasShared, SHARED_DIR } from '../support/shared.js';

const XSD_DIR = join(SHARED_DIR, 'xsd', 'sii');

/** The model's element tree of a root, in the format of `shared/xsd/sii/trees/*.txt`. */
function tree(model: SchemaModel, root: string): string {
  const lines: string[] = [root.replace(/^.*:/, '')];
  const local = (name: string) => name.replace(/^.*:/, '');
  const particles = (particle: Particle | null, indent: string) => {
    if (particle === null) return;
    if (particle.kind === 'element') {
      const type = model.types[particle.type];
      const bounds = particle.min === 1 && particle.max === 1 ? '' : ` [${particle.min}..${particle.max}]`;
      // Named types by name; anonymous complex types show nothing, anonymous simple types `: ?`.
      const name = particle.type.startsWith('~') ? '?' : particle.type;
      const annotation = type?.kind === 'complex' ? (name === '?' ? '' : `  <${name}>`) : `  : ${name}`;
      lines.push(`${indent}${local(particle.name)}${bounds}${annotation}`);
      if (type?.kind === 'complex') particles(type.content, `${indent}  `);
      return;
    }
    if (particle.kind === 'choice') {
      lines.push(`${indent}(choice)`);
      for (const child of particle.particles) particles(child, `${indent}  `);
      return;
    }
    for (const child of particle.particles) particles(child, indent);
  };
  const type = model.types[model.roots[root] as string];
  if (type?.kind === 'complex') particles(type.content, '  ');
  return `${lines.join('\n')}\n`;
}

/** The facets of every named simple type of an XSD file, read directly (an independent reading). */
function xsdSimpleTypes(file: string): Map<string, Record<string, unknown>> {
  const types = new Map<string, Record<string, unknown>>();
  const parser = new SaxesParser({ xmlns: true });
  let current: Record<string, unknown> | undefined;
  parser.on('opentag', (tag: SaxesTagNS) => {
    const value = tag.attributes.value?.value;
    if (tag.local === 'simpleType' && tag.attributes.name !== undefined) {
      current = {};
      types.set(`sii:${tag.attributes.name.value}`, current);
    } else if (current !== undefined && value !== undefined) {
      if (tag.local === 'enumeration' || tag.local === 'pattern') {
        const key = tag.local === 'enumeration' ? 'enumeration' : 'patterns';
        current[key] = [...((current[key] as string[] | undefined) ?? []), value];
      } else current[tag.local] = Number(value);
    }
  });
  parser.on('closetag', (tag) => {
    if (tag.local === 'simpleType') current = undefined;
  });
  parser.write(readFileSync(join(XSD_DIR, file), 'utf8')).close();
  return types;
}

describe.skipIf(!hasShared)('the generated SII content model', () => {
  const trees = hasShared
    ? readdirSync(join(XSD_DIR, 'trees')).filter((file) => /^(Suministro|Baja)LR.*\.txt$/.test(file))
    : [];

  it('has the 19 message roots of SuministroLR.xsd', () => {
    expect(Object.keys(SII_CONTENT_MODEL.roots)).toHaveLength(19);
    expect(trees.length).toBeGreaterThanOrEqual(13);
  });

  it.each(trees)('renders the element tree of shared/xsd/sii/trees/%s', (file) => {
    const root = `siiLR:${file.replace(/\.txt$/, '')}`;
    expect(tree(SII_CONTENT_MODEL, root)).toBe(readFileSync(join(XSD_DIR, 'trees', file), 'utf8'));
  });

  it('has the facets of every simple type as SuministroInformacion.xsd declares them', () => {
    const declared = xsdSimpleTypes('SuministroInformacion.xsd');
    const modelled = Object.entries(SII_CONTENT_MODEL.types).filter(
      (entry): entry is [string, SimpleTypeModel] =>
        entry[1].kind === 'simple' && entry[0].startsWith('sii:'),
    );
    expect(modelled.length).toBeGreaterThan(30);
    for (const [id, type] of modelled) {
      const { kind: _kind, base: _base, whiteSpace: _whiteSpace, ...facets } = type;
      expect(facets, id).toEqual(declared.get(id));
      expect(type.base, id).toBe('string');
    }
  });
});

describe('XSD patterns as JavaScript regular expressions', () => {
  it.each([
    ['(\\+|-)?\\d{1,12}(\\.\\d{0,2})?', '^(?:(?:\\+|-)?\\p{Nd}{1,12}(?:\\.\\p{Nd}{0,2})?)$'],
    ['\\d{2,2}-\\d{2,2}-\\d{4,4}', '^(?:\\p{Nd}{2,2}-\\p{Nd}{2,2}-\\p{Nd}{4,4})$'],
    ['[a-z|A-Z]{1}', '^(?:[a-z|A-Z]{1})$'],
    ['a$b^c', '^(?:a\\$b\\^c)$'],
    ['a.b', '^(?:a[^\\n\\r]b)$'],
    ['\\s\\S', '^(?:[ \\t\\n\\r][^ \\t\\n\\r])$'],
    ['[\\s\\d-]', '^(?:[ \\t\\n\\r\\p{Nd}-])$'],
    ['\\-\\p{Lu}\\P{Nd}', '^(?:-\\p{Lu}\\P{Nd})$'],
    ['[^\\]a]', '^(?:[^\\]a])$'],
  ])('%s → %s', (pattern, source) => {
    expect(xsdPatternSource(pattern)).toBe(source);
    expect(() => xsdPattern(pattern)).not.toThrow();
  });

  it('matches whole values, with \\d any decimal digit and $ an ordinary character', () => {
    const amount = xsdPattern('(\\+|-)?\\d{1,12}(\\.\\d{0,2})?');
    expect(['1', '-1.5', '+100.00', '100.', '٢٠٢٠'].map((value) => amount.test(value))).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['1.001', '1,5', ' 1', '1 ', '', '.5'].map((value) => amount.test(value))).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(xsdPattern('a$').test('a$')).toBe(true);
    expect(xsdPattern('a.').test('a\n')).toBe(false);
    expect(xsdPattern('[a-z|A-Z]').test('|')).toBe(true);
  });

  it.each(['[a-z-[aeiou]]', '\\p{IsBasicLatin}', '\\i', '[\\S]', '[\\w]', '\\q', '(a', 'a{x}'])(
    'refuses %s',
    (pattern) => {
      expect(() => xsdPattern(pattern)).toThrow();
    },
  );
});

describe('simple values against their facets', () => {
  const simple = (facets: Partial<SimpleTypeModel>): SimpleTypeModel => ({
    kind: 'simple',
    base: 'string',
    whiteSpace: 'preserve',
    ...facets,
  });

  it('counts characters (code points), not UTF-16 units', () => {
    const check = compileSimpleType('t', simple({ maxLength: 3, minLength: 2 }));
    expect(check('😀😀😀')).toBeNull();
    expect(check('😀😀😀😀')).toBe('value "😀😀😀😀" has 4 characters; t allows at most 3');
    expect(check('😀')).toBe('value "😀" has 1 characters; t requires at least 2');
  });

  it('keeps whitespace in strings and collapses it in tokens', () => {
    expect(compileSimpleType('s', simple({ enumeration: ['S', ' '] }))(' ')).toBeNull();
    expect(compileSimpleType('s', simple({ enumeration: ['S'] }))(' S')).not.toBeNull();
    const token = compileSimpleType(
      't',
      simple({ base: 'token', whiteSpace: 'collapse', enumeration: ['a b'] }),
    );
    expect(token('  a \n\t b ')).toBeNull();
  });

  it('checks decimals on their digits: fraction and total digits, bounds and enumerations by value', () => {
    const check = compileSimpleType(
      'd',
      simple({
        base: 'decimal',
        whiteSpace: 'collapse',
        totalDigits: 5,
        fractionDigits: 2,
        minInclusive: '-10',
        maxExclusive: '100.5',
      }),
    );
    expect(['0', '-10', '100.49', ' 12.50 ', '+0.1', '1.', '.5', '012.100'].map(check)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(check('1.001')).toBe('value "1.001" has 3 fraction digits; d allows at most 2');
    expect(check('100.5')).toBe('value "100.5" is not less than 100.5 (d)');
    expect(check('-10.01')).toBe('value "-10.01" is less than -10 (d)');
    expect(check('1e3')).toBe('value "1e3" is not a decimal (d)');
    expect(
      compileSimpleType('d', simple({ base: 'decimal', whiteSpace: 'collapse', totalDigits: 3 }))('1234'),
    ).toBe('value "1234" has 4 digits; d allows at most 3');
    const enumerated = compileSimpleType(
      'e',
      simple({ base: 'decimal', whiteSpace: 'collapse', enumeration: ['1', '2.5'] }),
    );
    expect(['1.0', '01', '2.50'].map(enumerated)).toEqual([null, null, null]);
    expect(enumerated('3')).not.toBeNull();
    expect(compileSimpleType('i', simple({ base: 'integer', whiteSpace: 'collapse' }))('1.0')).toBe(
      'value "1.0" is not an integer (i)',
    );
  });

  it('checks booleans and dates (with leap years)', () => {
    const bool = compileSimpleType('b', simple({ base: 'boolean', whiteSpace: 'collapse' }));
    expect(['true', '0', ' false '].map(bool)).toEqual([null, null, null]);
    expect(bool('yes')).not.toBeNull();
    const date = compileSimpleType('d', simple({ base: 'date', whiteSpace: 'collapse' }));
    expect(['2024-02-29', '2000-02-29', '2026-03-15Z', '2026-12-31+01:00'].map(date)).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect(
      ['2023-02-29', '1900-02-29', '2026-13-01', '2026-04-31', '15-03-2026'].map(
        (value) => date(value) !== null,
      ),
    ).toEqual([true, true, true, true, true]);
  });
});

describe('content models compiled to automata', () => {
  const model: SchemaModel = {
    source: 'test.xsd',
    namespaces: { t: 'urn:test' },
    roots: { 't:root': 'root' },
    types: {
      root: {
        kind: 'complex',
        content: {
          kind: 'sequence',
          min: 1,
          max: 1,
          particles: [
            { kind: 'element', name: 't:a', type: 'xs:string', min: 0, max: 1 },
            {
              kind: 'choice',
              min: 0,
              max: 'unbounded',
              particles: [
                { kind: 'element', name: 't:b', type: 'xs:string', min: 1, max: 1 },
                { kind: 'element', name: 't:c', type: 'xs:string', min: 1, max: 1 },
              ],
            },
            { kind: 'element', name: 't:d', type: 'xs:string', min: 2, max: 3 },
          ],
        },
      },
      'xs:string': { kind: 'simple', base: 'string', whiteSpace: 'preserve' },
    },
  };
  const validate = schemaModelValidator(compileSchemaModel(model));
  const doc = (children: string) =>
    `<t:root xmlns:t="urn:test">${children.replace(/(\w)/g, '<t:$1/>')}</t:root>`;

  it.each([
    ['dd', true],
    ['abcbdd', true],
    ['cccddd', true],
    ['add', true],
    ['d', false],
    ['dddd', false],
    ['ba', false],
    ['abd', false],
    ['', false],
  ])('%s → %s', (children, valid) => {
    expect(validate(doc(children)).valid).toBe(valid);
  });

  it('says what was expected', () => {
    expect(validate(doc('ba')).errors).toEqual([
      { path: 'root', line: 1, message: 'element a is not allowed here; expected b, c or d' },
    ]);
    expect(validate(doc('dddd')).errors[0]?.message).toBe(
      'element d is not allowed here: at most 3 d in root; expected end of root',
    );
    expect(validate(doc('d')).errors[0]?.message).toBe(
      'content ends too early: d must occur at least 2 times',
    );
    expect(validate(doc('dbd')).errors[0]?.message).toBe('element b is not allowed here; expected d');
  });

  it('refuses models that are not deterministic or count model groups', () => {
    const ambiguous: SchemaModel = {
      ...model,
      types: {
        ...model.types,
        root: {
          kind: 'complex',
          content: {
            kind: 'sequence',
            min: 1,
            max: 1,
            particles: [
              { kind: 'element', name: 't:a', type: 'xs:string', min: 0, max: 1 },
              { kind: 'element', name: 't:a', type: 'xs:string', min: 1, max: 1 },
            ],
          },
        },
      },
    };
    expect(() => compileSchemaModel(ambiguous)).toThrow('not deterministic');
    const counted: SchemaModel = {
      ...model,
      types: {
        ...model.types,
        root: {
          kind: 'complex',
          content: {
            kind: 'sequence',
            min: 1,
            max: 2,
            particles: [{ kind: 'element', name: 't:a', type: 'xs:string', min: 1, max: 1 }],
          },
        },
      },
    };
    expect(() => compileSchemaModel(counted)).toThrow('bounded maxOccurs');
  });
});
