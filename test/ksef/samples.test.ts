import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { buildFa3 } from '../../src/ksef/build/buildFa3.js';
import { importFa3 } from '../../src/ksef/import/importFa3.js';
import { hasShared, SHARED_DIR } from '../support/shared.js';
import { disposeSchemas, formatXsdErrors, validateXml } from '../support/xsd.js';
import { VARIANT_CORRECTION, VARIANT_SETTLEMENT } from './fa3Variants.js';

/**
 * Every sample of `shared/samples/ksef/` goes round: import → build → the official XSD → the same
 * figures and party identifiers as the original → import again gives the same report (a fixed point).
 */

const SAMPLES_DIR = join(SHARED_DIR, 'samples', 'ksef');
const NOW = new Date('2026-02-01T12:00:00Z');

function sampleFiles(): string[] {
  if (!hasShared) return [];
  return readdirSync(SAMPLES_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) =>
      readdirSync(join(SAMPLES_DIR, entry.name))
        .filter((file) => file.endsWith('.xml'))
        .map((file) => `${entry.name}/${file}`),
    )
    .sort();
}

const parser = new XMLParser({
  parseTagValue: false,
  parseAttributeValue: false,
  ignoreAttributes: true,
  removeNSPrefix: true,
  trimValues: true,
  isArray: (name) => ['Podmiot3', 'FaWiersz', 'ZamowienieWiersz'].includes(name),
});

type Node = Record<string, unknown>;
const node = (value: unknown): Node => (typeof value === 'object' && value !== null ? (value as Node) : {});
const list = (value: unknown): Node[] => (Array.isArray(value) ? value.map(node) : []);

/** `NIP`, `KodUE`+`NrVatUE`, `NrID` (with its `KodKraju`), `IDWew` or `BrakID` of a `DaneIdentyfikacyjne`. */
function identifierOf(identification: Node): string {
  if (identification.NIP !== undefined) return `NIP ${String(identification.NIP)}`;
  if (identification.IDWew !== undefined) return `IDWew ${String(identification.IDWew)}`;
  if (identification.NrVatUE !== undefined) {
    return `VAT ${String(identification.KodUE)}${String(identification.NrVatUE)}`;
  }
  if (identification.NrID !== undefined) return `NrID ${String(identification.NrID)}`;
  if (identification.BrakID !== undefined) return 'BrakID';
  return 'none';
}

/** What the round trip must keep: the buckets and totals, the counts, the type and the party identifiers. */
function summary(xml: string) {
  const faktura = node(node(parser.parse(xml)).Faktura);
  const fa = node(faktura.Fa);
  const figures = Object.fromEntries(
    Object.entries(fa).filter(([name]) => /^(P_13_|P_14_|P_15$|P_15ZK$)/.test(name)),
  );
  return {
    figures,
    type: fa.RodzajFaktury,
    lines: list(fa.FaWiersz).length,
    orderLines: list(node(fa.Zamowienie).ZamowienieWiersz).length,
    seller: node(node(faktura.Podmiot1).DaneIdentyfikacyjne).NIP,
    buyer: identifierOf(node(node(faktura.Podmiot2).DaneIdentyfikacyjne)),
    thirdParties: list(faktura.Podmiot3).map(
      (party) => `${identifierOf(node(party.DaneIdentyfikacyjne))} role ${String(party.Rola)}`,
    ),
  };
}

describe.skipIf(!hasShared)('the 40 samples round-trip: importFa3 → buildFa3 → XSD → importFa3', () => {
  afterAll(disposeSchemas);

  it('finds the 40 samples', () => {
    expect(sampleFiles()).toHaveLength(40);
  });

  /**
   * import → build → XSD → the same summary (as `expected` adjusts it for what the import lists in
   * `ignored`) → import again gives the same report.
   */
  function roundTrip(original: string, expected = summary): void {
    const first = importFa3(original);
    if (!first.success) throw new Error(`import: ${JSON.stringify(first.issues, null, 2)}`);

    const built = buildFa3(first.data.report, { now: NOW });
    if (!built.success) throw new Error(`build: ${JSON.stringify(built.issues, null, 2)}`);
    const result = validateXml('ksef-fa3', built.data);
    expect(result.valid, formatXsdErrors(result)).toBe(true);

    expect(summary(built.data)).toEqual(expected(original));

    const second = importFa3(built.data);
    if (!second.success) throw new Error(`re-import: ${JSON.stringify(second.issues, null, 2)}`);
    expect(second.data.report).toEqual(first.data.report);
  }

  it.each(sampleFiles())('%s', (file) => {
    roundTrip(readFileSync(join(SAMPLES_DIR, file), 'utf8'));
  });

  it('a schema-valid KOR with IDWew, EU VAT, NrID and BrakID parties; the RolaInna party is not rebuilt', () => {
    const original = validateXml('ksef-fa3', VARIANT_CORRECTION);
    expect(original.valid, formatXsdErrors(original)).toBe(true);
    roundTrip(VARIANT_CORRECTION, (xml) => {
      const expected = summary(xml);
      // `Podmiot3[4]` (RolaInna + OpisRoli) is in `ignored`: `additional_third_parties` needs a `Rola`.
      expect(expected.thirdParties.pop()).toBe('BrakID role undefined');
      return expected;
    });
  });

  it('a schema-valid ROZ with NrKSeFZN, PlatnoscInna and repeated blocks', () => {
    const original = validateXml('ksef-fa3', VARIANT_SETTLEMENT);
    expect(original.valid, formatXsdErrors(original)).toBe(true);
    roundTrip(VARIANT_SETTLEMENT);
  });
});
