/**
 * Structural mutations of an XML document, for differential tests of schema validators: parse (saxes,
 * prefixes kept as written), change one thing, serialize. Each mutation names its target element by
 * an index into the document's elements in document order (taken modulo their number), so that a
 * fast-check arbitrary of mutations applies to any document.
 *
 * Also edits of the text itself, well-formed or not ({@link xmlTextEditsArb}, {@link applyXmlTextEdits}),
 * for differential tests of parsers: markup characters, references, comments, CDATA, control
 * characters, lone surrogates, carriage returns…
 *
 * Exports: {@link XmlMutation}, {@link mutateXml}, {@link xmlMutationArb}, {@link BREAKING_VALUES},
 * {@link XmlTextEdit}, {@link applyXmlTextEdits}, {@link xmlTextEditsArb}.
 */
import fc from 'fast-check';
import { SaxesParser, type SaxesTagPlain } from 'saxes';

interface XmlElement {
  name: string;
  attributes: Array<[string, string]>;
  children: Array<XmlElement | string>;
}

/** Values that break (or, some of them, satisfy) the SII simple types' facets. */
export const BREAKING_VALUES: readonly string[] = [
  '',
  ' ',
  'F9',
  'F1',
  ' F1',
  'S',
  '13',
  '0A',
  '1T',
  '20201',
  '٢٠٢٠',
  '1.1',
  '100.001',
  '+100.5',
  '.5',
  '5.',
  '1234567890123',
  '123456789012.99',
  '1000.0',
  '01-01-2020',
  '2020-01-01',
  '1-1-2020',
  'B12345674',
  'B123456745',
  '|1234567|',
  'ES',
  'XX',
  '02',
  '08',
  'A0',
  'A9',
  'E7',
  'N',
  'a'.repeat(61),
  'a'.repeat(121),
  '😀'.repeat(20),
  '😀'.repeat(21),
  '1\n',
];

/** One change to a document; `target` picks the element (modulo the number of elements). */
export type XmlMutation =
  | { kind: 'drop' | 'duplicate' | 'swap-next' | 'repeat-7' | 'unwrap' | 'switch-prefix'; target: number }
  | { kind: 'value'; target: number; value: string }
  | { kind: 'insert-unknown' | 'insert-text'; target: number; name: string }
  | { kind: 'attribute'; target: number; name: string; value: string };

function parse(xml: string): XmlElement {
  const parser = new SaxesParser();
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  parser.on('opentag', (tag: SaxesTagPlain) => {
    const element: XmlElement = { name: tag.name, attributes: Object.entries(tag.attributes), children: [] };
    stack.at(-1)?.children.push(element);
    stack.push(element);
    root ??= element;
  });
  parser.on('text', (text) => {
    stack.at(-1)?.children.push(text);
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  parser.write(xml).close();
  if (root === undefined) throw new Error('no root element');
  return root;
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function serialize(element: XmlElement): string {
  const attributes = element.attributes.map(
    ([name, value]) => ` ${name}="${escapeText(value).replace(/"/g, '&quot;')}"`,
  );
  const children = element.children.map((child) =>
    typeof child === 'string' ? escapeText(child) : serialize(child),
  );
  return `<${element.name}${attributes.join('')}>${children.join('')}</${element.name}>`;
}

function elements(root: XmlElement): Array<{ element: XmlElement; parent: XmlElement | undefined }> {
  const found: Array<{ element: XmlElement; parent: XmlElement | undefined }> = [];
  const walk = (element: XmlElement, parent: XmlElement | undefined) => {
    found.push({ element, parent });
    for (const child of element.children) if (typeof child !== 'string') walk(child, element);
  };
  walk(root, undefined);
  return found;
}

const isLeaf = (element: XmlElement) => element.children.every((child) => typeof child === 'string');

/**
 * Applies one mutation; the result may be valid or not (a swap of equal siblings, a valid value…) —
 * differential tests compare validators on it, they do not expect invalidity.
 *
 * @example
 * ```ts
 * mutateXml(xml, { kind: 'value', target: 12, value: 'F9' });
 * ```
 */
export function mutateXml(xml: string, mutation: XmlMutation): string {
  const root = parse(xml);
  const all = elements(root);
  const { element, parent } = all[mutation.target % all.length] as (typeof all)[number];
  const siblings = parent?.children;
  const at = siblings?.indexOf(element) ?? -1;
  switch (mutation.kind) {
    case 'drop':
      siblings?.splice(at, 1);
      break;
    case 'duplicate':
      siblings?.splice(at, 0, structuredClone(element));
      break;
    case 'repeat-7':
      siblings?.splice(at, 0, ...Array.from({ length: 6 }, () => structuredClone(element)));
      break;
    case 'swap-next': {
      const next = siblings?.slice(at + 1).find((child): child is XmlElement => typeof child !== 'string');
      if (siblings !== undefined && next !== undefined) {
        siblings[siblings.indexOf(next)] = element;
        siblings[at] = next;
      }
      break;
    }
    case 'unwrap':
      if (siblings !== undefined && !isLeaf(element)) siblings.splice(at, 1, ...element.children);
      break;
    case 'switch-prefix':
      element.name = element.name.startsWith('sii:')
        ? element.name.replace('sii:', 'siiLR:')
        : element.name.replace('siiLR:', 'sii:');
      break;
    case 'value':
      if (isLeaf(element)) element.children = [mutation.value];
      else element.children.push(mutation.value);
      break;
    case 'insert-unknown':
      element.children.push({ name: mutation.name, attributes: [], children: ['1'] });
      break;
    case 'insert-text':
      element.children.unshift(mutation.name);
      break;
    case 'attribute':
      if (mutation.name.startsWith('xsi:')) {
        root.attributes.push(['xmlns:xsi', 'http://www.w3.org/2001/XMLSchema-instance']);
      }
      element.attributes.push([mutation.name, mutation.value]);
      break;
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n${serialize(root)}`;
}

/**
 * Arbitrary mutations (see {@link XmlMutation}); values from {@link BREAKING_VALUES}.
 *
 * @example
 * ```ts
 * fc.assert(fc.property(xmlMutationArb, (mutation) => agree(mutateXml(xml, mutation))));
 * ```
 */
export const xmlMutationArb: fc.Arbitrary<XmlMutation> = fc.oneof(
  fc.record({
    kind: fc.constantFrom('drop', 'duplicate', 'swap-next', 'repeat-7', 'unwrap', 'switch-prefix'),
    target: fc.nat(),
  }),
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('value'),
      target: fc.nat(),
      value: fc.constantFrom(...BREAKING_VALUES),
    }),
  },
  fc.record({
    kind: fc.constantFrom('insert-unknown', 'insert-text'),
    target: fc.nat(),
    name: fc.constantFrom('sii:Foo', 'sii:NIF', 'sii:DetalleIVA', 'siiLR:IDFactura', 'x'),
  }),
  fc.record({
    kind: fc.constant('attribute'),
    target: fc.nat(),
    name: fc.constantFrom('foo', 'xml:lang', 'xsi:nil', 'xsi:schemaLocation'),
    value: fc.constantFrom('true', 'es', 'a b'),
  }),
) as fc.Arbitrary<XmlMutation>;

/** Text inserted by {@link XmlTextEdit}s: markup, references, forbidden characters… */
const TOKENS: readonly string[] = [
  '<',
  '>',
  '&',
  '"',
  "'",
  ':',
  '/',
  ' ',
  '=',
  '\r',
  '\t',
  '\u0000',
  '\u0001',
  'é',
  '😀',
  '\ud800',
  '\ufffe',
  '\ufeff',
  '&#0;',
  '&#x41;',
  '&#65;',
  '&#xD800;',
  '&#1114111;',
  '&#99999999;',
  '&amp;',
  '&foo;',
  ']]>',
  '<!--c-->',
  '<?pi x?>',
  '<![CDATA[x]]>',
  '<!DOCTYPE a>',
  '<a>',
  '</a>',
  '<a/>',
  ' b="1"',
  " b='>'",
  ' b="1" b="2"',
  ' xmlns:x="u"',
];

/** One edit of a document's text at a place (taken modulo its length). */
export interface XmlTextEdit {
  at: number;
  kind: 'insert' | 'delete' | 'replace';
  token: string;
}

/**
 * Applies text edits in order (the result is often not well-formed: that is the point).
 *
 * @example
 * ```ts
 * applyXmlTextEdits('<a/>', [{ at: 2, kind: 'insert', token: '&' }]); // '<a&/>'
 * ```
 */
export function applyXmlTextEdits(xml: string, edits: readonly XmlTextEdit[]): string {
  return edits.reduce((text, { at, kind, token }) => {
    const index = at % (text.length + 1);
    if (kind === 'insert') return text.slice(0, index) + token + text.slice(index);
    if (kind === 'delete') return text.slice(0, index) + text.slice(index + 1 + (at % 3));
    return text.slice(0, index) + token + text.slice(index + 1);
  }, xml);
}

/**
 * Zero to three text edits.
 *
 * @example
 * ```ts
 * fc.assert(fc.property(xmlTextEditsArb, (edits) => agree(applyXmlTextEdits(xml, edits))));
 * ```
 */
export const xmlTextEditsArb: fc.Arbitrary<XmlTextEdit[]> = fc.array(
  fc.record({
    at: fc.nat(),
    kind: fc.constantFrom('insert' as const, 'delete' as const, 'replace' as const),
    token: fc.constantFrom(...TOKENS),
  }),
  { minLength: 0, maxLength: 3 },
);
