/**
 * The XDM builder `parseXdm` used before issue #21's scanner (`src/xpath/scan.ts`): the same tree,
 * built with saxes (`xmlns: true`), the reference parser the scanner is tested against. One change:
 * an element's line is the line of its start tag's `<` (what `parseXdm` reports now), read at saxes'
 * `opentagstart` — saxes' `line` at `opentag` is the line where the start tag ends.
 *
 * Also {@link dumpXdm}, a canonical text of a tree for comparing two.
 */
import { SaxesParser } from 'saxes';
import {
  expandedName,
  XdmAttribute,
  XdmDocument,
  XdmElement,
  XdmParseError,
  XdmText,
} from '../../src/xpath/document.js';

/**
 * Parses with saxes into the XDM tree; throws {@link XdmParseError} on anything saxes reports.
 *
 * @example
 * ```ts
 * parseXdmWithSaxes('<a><b/></a>').elements.length; // 2
 * ```
 */
export function parseXdmWithSaxes(xml: string): XdmDocument {
  const doc = new XdmDocument();
  const parser = new SaxesParser({ xmlns: true, position: true });
  let order = 0;
  let current: XdmElement | XdmDocument = doc;
  let lastText: XdmText | null = null;
  let failure: XdmParseError | null = null;
  let tagLine = 0;
  const addText = (text: string) => {
    if (current.kind === 'document') return; // whitespace around the document element
    if (lastText !== null) {
      lastText.value += text;
      return;
    }
    order += 1;
    lastText = new XdmText(current, order, text);
    current.children.push(lastText);
  };
  parser.on('error', (error) => {
    if (failure === null) failure = new XdmParseError(error.message, parser.line);
  });
  parser.on('opentagstart', () => {
    // saxes has read the name and the character after it: when that was a line end, `<` is a line up.
    tagLine = parser.column === 0 ? parser.line - 1 : parser.line;
  });
  parser.on('opentag', (tag) => {
    order += 1;
    lastText = null;
    const element: XdmElement = new XdmElement(
      current,
      order,
      tag.uri ?? '',
      tag.local ?? tag.name,
      tag.prefix ?? '',
      tagLine,
    );
    for (const attribute of Object.values(tag.attributes)) {
      if (typeof attribute === 'string') continue;
      // Namespace declarations are not attributes in the XDM (§6.3.1).
      if (attribute.prefix === 'xmlns' || (attribute.prefix === '' && attribute.local === 'xmlns')) continue;
      order += 1;
      element.attributes.push(
        new XdmAttribute(
          element,
          order,
          attribute.uri ?? '',
          attribute.local,
          attribute.prefix,
          attribute.value,
        ),
      );
    }
    (current.children as XdmElement[]).push(element);
    const key = expandedName(element.namespace, element.local);
    const list = doc.byName.get(key);
    if (list === undefined) doc.byName.set(key, [element]);
    else list.push(element);
    doc.elements.push(element);
    current = element;
  });
  parser.on('closetag', () => {
    lastText = null;
    if (current.kind === 'element') {
      current.end = order;
      current = current.parent;
    }
  });
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('comment', () => {
    lastText = null;
  });
  parser.on('processinginstruction', () => {
    lastText = null;
  });
  parser.write(xml).close();
  if (failure !== null) throw failure;
  if (doc.children.length === 0) throw new XdmParseError('the document has no root element', null);
  doc.end = order;
  return doc;
}

/**
 * A canonical text of a tree: every node with its kind, order number, names, namespace, line, value,
 * and every element's `end`; then the `byName` index and the element list, by order numbers.
 *
 * @example
 * ```ts
 * expect(dumpXdm(parseXdm(xml))).toBe(dumpXdm(parseXdmWithSaxes(xml)));
 * ```
 */
export function dumpXdm(doc: XdmDocument): string {
  const lines: string[] = [`document end=${doc.end} children=${doc.children.length}`];
  const walk = (element: XdmElement, depth: number) => {
    const indent = ' '.repeat(depth);
    lines.push(
      `${indent}element #${element.order} ${JSON.stringify([element.prefix, element.local, element.namespace])} line=${element.line} end=${element.end} parent=#${element.parent.order}`,
    );
    for (const attribute of element.attributes)
      lines.push(
        `${indent} @#${attribute.order} ${JSON.stringify([attribute.prefix, attribute.local, attribute.namespace, attribute.value])} parent=#${attribute.parent.order}`,
      );
    for (const child of element.children) {
      if (child.kind === 'element') walk(child, depth + 1);
      else
        lines.push(
          `${indent} text #${child.order} ${JSON.stringify(child.value)} parent=#${child.parent.order}`,
        );
    }
  };
  for (const root of doc.children) walk(root, 0);
  for (const [key, list] of [...doc.byName].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    lines.push(`byName ${key} ${list.map((element) => element.order).join(',')}`);
  lines.push(`elements ${doc.elements.map((element) => element.order).join(',')}`);
  return lines.join('\n');
}
