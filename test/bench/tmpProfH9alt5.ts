type XmlContent = any;
const TEXT_SPECIALS = /[&<>\r]/g;
const TEXT_SPECIAL = /[&<>\r]/;
const ATTRIBUTE_SPECIALS = /[&<>"\r\n\t]/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\r': '&#13;', '\n': '&#10;', '\t': '&#9;' };
const entity = (char: string) => ENTITIES[char] ?? char;
const isAttribute = (key: string) => key.charCodeAt(0) === 64;
function escapeText(text: string): string {
  return TEXT_SPECIAL.test(text) ? text.replace(TEXT_SPECIALS, entity) : text;
}
// original, with flat pads by depth
function writeElement(out: string[], name: string, content: XmlContent, depth: number, pads: string[]): void {
  if (content === undefined) return;
  const pad = pads[depth]!;
  if (typeof content === 'string') {
    out.push(`${pad}<${name}>${escapeText(content)}</${name}>\n`);
    return;
  }
  if (Array.isArray(content)) {
    for (const item of content) writeElement(out, name, item, depth, pads);
    return;
  }
  const element = content;
  let attributes = '';
  let hasChildren = false;
  for (const key in element) {
    const value = element[key];
    if (value === undefined) continue;
    if (isAttribute(key))
      attributes += ` ${key.slice(2)}="${String(value).replace(ATTRIBUTE_SPECIALS, entity)}"`;
    else if (key !== '#text') hasChildren = true;
  }
  const text = element['#text'];
  if (!hasChildren) {
    out.push(`${pad}<${name}${attributes}>${typeof text === 'string' ? escapeText(text) : ''}</${name}>\n`);
    return;
  }
  out.push(`${pad}<${name}${attributes}>\n`);
  if (pads.length === depth + 1) pads.push(pads[depth - 0]!.length === 0 && depth === 0 ? pads.indent! : pad + (pads as any).indent);
  for (const key in element) {
    const value = element[key];
    if (value !== undefined && !isAttribute(key) && key !== '#text')
      writeElement(out, key, value, depth + 1, pads);
  }
  out.push(`${pad}</${name}>\n`);
}
export function writeXml(root: string, content: XmlContent, layout: { indent: string }): string {
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>\n'];
  const pads: any = Array.from({ length: 64 }, (_, d) => layout.indent.repeat(d));
  pads.indent = layout.indent;
  writeElement(out, root, content, 0, pads);
  return out.join('');
}
