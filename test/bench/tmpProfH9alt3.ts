type XmlContent = any;
const TEXT_SPECIALS = /[&<>\r]/g;
const TEXT_SPECIAL = /[&<>\r]/;
const ATTRIBUTE_SPECIALS = /[&<>"\r\n\t]/g;
const ATTRIBUTE_SPECIAL = /[&<>"\r\n\t]/;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\r': '&#13;', '\n': '&#10;', '\t': '&#9;' };
const entity = (char: string) => ENTITIES[char] ?? char;
function escapeText(text: string): string {
  return TEXT_SPECIAL.test(text) ? text.replace(TEXT_SPECIALS, entity) : text;
}
function writeElement(out: string[], name: string, content: XmlContent, pad: string, indent: string): void {
  if (content === undefined) return;
  if (typeof content === 'string') {
    out.push(pad, '<', name, '>', escapeText(content), '</', name, '>\n');
    return;
  }
  if (Array.isArray(content)) {
    for (const item of content) writeElement(out, name, item, pad, indent);
    return;
  }
  let attributes = '';
  let hasChildren = false;
  const keys = Object.keys(content);
  for (const key of keys) {
    const value = content[key];
    if (value === undefined) continue;
    if (key.charCodeAt(0) === 64) {
      const v = String(value);
      attributes += ' ' + key.slice(2) + '="' + (ATTRIBUTE_SPECIAL.test(v) ? v.replace(ATTRIBUTE_SPECIALS, entity) : v) + '"';
    } else if (key !== '#text') hasChildren = true;
  }
  if (!hasChildren) {
    const text = content['#text'];
    out.push(pad, '<', name, attributes, '>', typeof text === 'string' ? escapeText(text) : '', '</', name, '>\n');
    return;
  }
  out.push(pad, '<', name, attributes, '>\n');
  const inner = pad + indent;
  for (const key of keys) {
    const value = content[key];
    if (value !== undefined && key.charCodeAt(0) !== 64 && key !== '#text') writeElement(out, key, value, inner, indent);
  }
  out.push(pad, '</', name, '>\n');
}
export function writeXml(root: string, content: XmlContent, layout: { indent: string }): string {
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>\n'];
  writeElement(out, root, content, '', layout.indent);
  return out.join('');
}
