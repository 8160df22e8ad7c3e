import { XMLParser } from 'fast-xml-parser';
import { readFileSync } from 'node:fs';
import { writeXml } from '../../src/xml/write.js';
const alt = process.env.ALT ? (await import(process.env.ALT)).writeXml : undefined;
const parser = new XMLParser({ ignoreAttributes: false, parseTagValue: false, parseAttributeValue: false, trimValues: true, processEntities: true, ignoreDeclaration: true, htmlEntities: false });
for (const f of ['fe', 'ubl', 'cii']) {
  const xml = readFileSync(`/tmp/h9/${f}.xml`, 'utf8');
  const tree = parser.parse(xml);
  const root = Object.keys(tree)[0]!;
  const content = tree[root];
  const a = writeXml(root, content, { indent: '  ' });
  const t = (w: typeof writeXml) => { for (let i = 0; i < 5; i++) w(root, content, { indent: '  ' }); const c: number[] = []; for (let i = 0; i < 40; i++) { const s = process.cpuUsage(); Buffer.byteLength(w(root, content, { indent: '  ' })); const u = process.cpuUsage(s); c.push((u.user + u.system) / 1000); } return c.sort((x, y) => x - y)[20]!.toFixed(1); };
  console.log(f, 'roundtrip', a === xml, "len", Buffer.byteLength(a), 'cur', t(writeXml), alt ? `alt ${t(alt)} same ${alt(root, content, { indent: '  ' }) === a}` : '');
}
