/**
 * A minimal DOM of XML Schema documents for the generator scripts (`generate-sii-content-model.ts`,
 * `generate-schema-occurrences.ts`): elements with their namespace, unqualified attributes, in-scope
 * namespace bindings (for QName-valued attributes such as `type` and `base`) and where they stand, read
 * with saxes. One reader, so that both generators read the official XSDs the same way.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { SaxesParser, type SaxesTagNS } from 'saxes';

/** An element of a schema document. */
export interface XsdNode {
  readonly uri: string;
  readonly local: string;
  readonly attributes: Readonly<Record<string, string>>;
  /** In-scope namespace bindings (prefix → URI), for QName-valued attributes. */
  readonly scope: Readonly<Record<string, string>>;
  readonly children: XsdNode[];
  readonly file: string;
  readonly line: number;
  /** The target namespace of the schema document it belongs to (set by a generator that needs it). */
  targetNamespace: string;
}

/**
 * Reads a schema document into {@link XsdNode}s.
 *
 * @example
 * const schema = readXsdDom('../shared/xsd/sii/SuministroLR.xsd');
 * schema.local; // 'schema'
 */
export function readXsdDom(path: string): XsdNode {
  const parser = new SaxesParser({ xmlns: true, position: true, fileName: path });
  const stack: XsdNode[] = [];
  let root: XsdNode | undefined;
  parser.on('opentag', (tag: SaxesTagNS) => {
    const attributes: Record<string, string> = {};
    for (const attribute of Object.values(tag.attributes))
      if (attribute.uri === '') attributes[attribute.local] = attribute.value;
    const node: XsdNode = {
      uri: tag.uri,
      local: tag.local,
      attributes,
      // tag.ns holds the declarations made on this tag only.
      scope: { ...stack.at(-1)?.scope, ...tag.ns },
      children: [],
      file: basename(path),
      line: parser.line,
      targetNamespace: '',
    };
    stack.at(-1)?.children.push(node);
    stack.push(node);
    root ??= node;
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  parser.write(readFileSync(path, 'utf8')).close();
  if (root === undefined) throw new Error(`${path}: no root element`);
  return root;
}

/**
 * Stops a generator at a schema element it cannot read, naming the file and line.
 *
 * @example
 * failAt(node, 'no name'); // throws "SuministroLR.xsd:12: no name"
 */
export function failAt(node: XsdNode, message: string): never {
  throw new Error(`${node.file}:${String(node.line)}: ${message}`);
}

/**
 * The constraining facets of XML Schema 1.0 (Part 2 §4.3), one home for the generators: the ones a
 * simple type states once (`length` … `maxExclusive`), then those it may repeat or that describe
 * its text rather than bound its value (`pattern`, `enumeration`, `whiteSpace`).
 *
 * @example
 * XSD_SINGLE_VALUED_FACETS.has('maxLength'); // true
 * XSD_FACETS.has('pattern'); // true
 */
export const XSD_SINGLE_VALUED_FACETS: ReadonlySet<string> = new Set([
  'length',
  'minLength',
  'maxLength',
  'totalDigits',
  'fractionDigits',
  'minInclusive',
  'maxInclusive',
  'minExclusive',
  'maxExclusive',
]);

/** Every constraining facet of XML Schema 1.0 ({@link XSD_SINGLE_VALUED_FACETS} and the others). */
export const XSD_FACETS: ReadonlySet<string> = new Set([
  ...XSD_SINGLE_VALUED_FACETS,
  'pattern',
  'enumeration',
  'whiteSpace',
]);
