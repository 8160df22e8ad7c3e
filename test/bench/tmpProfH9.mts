import fc from 'fast-check';
import { en16931FromInvoice } from '../../src/einvoice/semantic/en16931FromInvoice.js';
import { documentTotals } from '../../src/einvoice/semantic/source.js';
import { writeUbl } from '../../src/einvoice/ubl/writeUbl.js';
import { writeCii } from '../../src/einvoice/cii/writeCii.js';
import { writeFacturae } from '../../src/einvoice/facturae/write/writeFacturae.js';
import { type EInvoiceCase, einvoiceCaseArb } from '../../src/testing/index.js';
import { caseService, storeCase } from '../support/einvoiceCases.js';
import { createHash } from 'node:crypto';

async function sourceOf(family: 'peppol-bis3' | 'facturae', lines: number) {
  const [value] = fc.sample(einvoiceCaseArb({ family, maxLines: 4 }), { seed: 22, numRuns: 1 }) as [EInvoiceCase];
  const template = value.invoice.invoice_lines_attributes as unknown[];
  const invoice = { ...value.invoice, invoice_lines_attributes: Array.from({ length: lines }, (_, i) => template[i % template.length]) };
  return storeCase(caseService(), { ...value, invoice });
}
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
function measure(name: string, work: () => unknown, runs = Number(process.env.RUNS ?? 30)) {
  for (let i = 0; i < 5; i++) work();
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) { const s = process.cpuUsage(); work(); const u = process.cpuUsage(s); cpu.push((u.user + u.system) / 1000); }
  console.log(name.padEnd(24), median(cpu).toFixed(1), 'ms cpu');
}
const hash = (s: unknown) => createHash('sha256').update(JSON.stringify(s)).digest('hex').slice(0, 16);
const ok = <T,>(r: any): T => { if (!r.success) throw new Error(JSON.stringify(r.issues).slice(0, 300)); return r.data; };
const only = process.env.ONLY;
const peppol = await sourceOf('peppol-bis3', 1000);
const spanish = await sourceOf('facturae', 1000);
const doc = ok<any>(en16931FromInvoice(peppol, 'peppol-bis3'));
const ublXml = writeUbl(doc, 'peppol-bis3');
const ciiXml = writeCii(doc, 'en16931');
const feXml = ok<string>(writeFacturae(spanish));
console.log('hash ubl', hash(ublXml), 'cii', hash(ciiXml), 'fe', hash(feXml), 'doc', hash(doc));
if (!only || only === 'totals') measure('documentTotals', () => documentTotals(peppol));
if (!only || only === 'map') measure('en16931FromInvoice', () => en16931FromInvoice(peppol, 'peppol-bis3'));
if (!only || only === 'ubl') measure('writeUbl', () => writeUbl(doc, 'peppol-bis3'));
if (!only || only === 'cii') measure('writeCii', () => writeCii(doc, 'en16931'));
if (!only || only === 'fe') measure('writeFacturae', () => writeFacturae(spanish));
if (!only || only === 'fetotals') measure('documentTotals(fe)', () => documentTotals(spanish));
if (process.env.DUMP) { const fs = await import('node:fs'); fs.writeFileSync('/tmp/h9/fe.xml', feXml); fs.writeFileSync('/tmp/h9/ubl.xml', ublXml); fs.writeFileSync('/tmp/h9/cii.xml', ciiXml); }
