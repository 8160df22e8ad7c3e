/**
 * `npm run artefacts:fetch -- <dir>` (scripts/fetch-artefacts.ts, issue #21): against a local HTTP
 * server (node:http) serving fixture files under `<host>/<path>`, as the script asks a mirror with
 * `--base-url` — never the network. And the pins themselves: every SHA-256 and size recorded is that of
 * the same file in `../shared/en16931` (collected from the same commits), and the releases lay out
 * every file the schematron and UBL/CII rule sets read.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ArtefactRelease, fetchArtefacts, RELEASES } from '../../scripts/fetch-artefacts.js';
import { artefactsFromDirectories } from '../../src/adapters/artefacts/directory.js';
import { RULE_SETS } from '../../src/einvoice/ruleSets.js';
import { createEInvoiceValidator } from '../../src/einvoice/validateEInvoice.js';
import { SHARED_DIR } from '../support/shared.js';

const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');
const text = (value: string) => new TextEncoder().encode(value);

const SCH = text('<schema xmlns="http://purl.oclc.org/dsdl/schematron"/>\n');
const COMMON = text('<pattern id="variable-pattern"/>\n');
const UBL_SCH = text('<schema><include href="../common.sch"/></schema>\n');
const ZIP = zipSync({
  'schematron/common.sch': COMMON,
  'schematron/ubl/XRechnung-UBL-validation.sch': UBL_SCH,
  'schematron/ubl/XRechnung-UBL-validation.xsl': text('<xsl:stylesheet/>'),
});

/** What the server serves, by path (`/<host>/<path>`), and what it was asked for. */
const served = new Map<string, Uint8Array>([
  ['/example.org/rules/a.sch', SCH],
  ['/example.org/rules/b%20c/d.xsd', text('<xs:schema/>')],
  ['/releases.example.org/xr.zip', ZIP],
  ['/example.org/tampered.sch', text('not what was pinned')],
]);
const requested: string[] = [];
let server: Server;
let base: string;
let dir: string;

const RELEASE: ArtefactRelease = {
  name: 'fixture release',
  files: [
    {
      url: 'https://example.org/rules/a.sch',
      path: 'schematron/x/a.sch',
      sha256: sha256(SCH),
      bytes: SCH.byteLength,
    },
    {
      url: 'https://example.org/rules/b%20c/d.xsd',
      path: 'xsd/d.xsd',
      sha256: sha256('<xs:schema/>'),
      bytes: 12,
    },
  ],
  zips: [
    {
      url: 'https://releases.example.org/xr.zip',
      sha256: null,
      entries: [
        { suffix: 'schematron/common.sch', path: 'schematron/xrechnung/merged/common.sch' },
        {
          suffix: 'schematron/ubl/XRechnung-UBL-validation.sch',
          path: 'schematron/xrechnung/merged/ubl/XRechnung-UBL-validation.sch',
        },
      ],
    },
  ],
};

beforeAll(async () => {
  server = createServer((request, response) => {
    requested.push(request.url ?? '');
    const body = served.get(request.url ?? '');
    if (body === undefined) {
      response.writeHead(404).end('not found');
      return;
    }
    response.writeHead(200, { 'Content-Type': 'application/octet-stream' }).end(Buffer.from(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/`;
  dir = mkdtempSync(join(tmpdir(), 'fiscalkit-fetch-'));
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

describe('fetchArtefacts against a local server (--base-url)', () => {
  const lines: string[] = [];
  const log = (line: string) => lines.push(line);

  it('downloads each file under <base>/<host>/<path>, checks it, and lays it out; takes the wanted zip entries', async () => {
    const result = await fetchArtefacts({ dir, baseUrl: base, releases: [RELEASE], log });
    expect(requested).toEqual([
      '/example.org/rules/a.sch',
      '/example.org/rules/b%20c/d.xsd',
      '/releases.example.org/xr.zip',
    ]);
    expect(result.written).toEqual([
      'schematron/x/a.sch',
      'xsd/d.xsd',
      'schematron/xrechnung/merged/common.sch',
      'schematron/xrechnung/merged/ubl/XRechnung-UBL-validation.sch',
    ]);
    expect(readFileSync(join(dir, 'schematron', 'x', 'a.sch'))).toEqual(Buffer.from(SCH));
    expect(
      readFileSync(
        join(dir, 'schematron', 'xrechnung', 'merged', 'ubl', 'XRechnung-UBL-validation.sch'),
        'utf8',
      ),
    ).toBe(new TextDecoder().decode(UBL_SCH));
    expect(
      existsSync(join(dir, 'schematron', 'xrechnung', 'merged', 'ubl', 'XRechnung-UBL-validation.xsl')),
    ).toBe(false);
    // The zip's digest is not pinned: it is printed, for the host to record.
    expect(result.unpinned).toEqual([{ url: 'https://releases.example.org/xr.zip', sha256: sha256(ZIP) }]);
    expect(lines.join('\n')).toContain(`SHA-256 ${sha256(ZIP)} (not pinned`);
  });

  it('a second run keeps the files that are there with their digest', async () => {
    requested.length = 0;
    const result = await fetchArtefacts({ dir, baseUrl: base, releases: [RELEASE], log });
    expect(result.kept).toEqual(['schematron/x/a.sch', 'xsd/d.xsd']);
    expect(requested).toEqual(['/releases.example.org/xr.zip']);
  });

  it('refuses a file whose digest differs from the pin, writing nothing for it', async () => {
    const tampered: ArtefactRelease = {
      name: 'tampered',
      files: [
        {
          url: 'https://example.org/tampered.sch',
          path: 'schematron/tampered.sch',
          sha256: sha256(SCH),
          bytes: 19,
        },
      ],
      zips: [],
    };
    await expect(fetchArtefacts({ dir, baseUrl: base, releases: [tampered], log })).rejects.toThrow(
      /tampered\.sch: expected 19 bytes with SHA-256 .* got 19 bytes with SHA-256 .*nothing written/,
    );
    expect(existsSync(join(dir, 'schematron', 'tampered.sch'))).toBe(false);
  });

  it('a missing file or a zip without a wanted entry fails, naming it', async () => {
    const missing: ArtefactRelease = {
      name: 'missing',
      files: [{ url: 'https://example.org/nowhere.sch', path: 'x.sch', sha256: sha256(SCH), bytes: 1 }],
      zips: [],
    };
    await expect(fetchArtefacts({ dir, baseUrl: base, releases: [missing], log })).rejects.toThrow(
      /nowhere\.sch answered 404/,
    );
    const zipMissing: ArtefactRelease = {
      name: 'zip',
      files: [],
      zips: [
        {
          url: 'https://releases.example.org/xr.zip',
          sha256: null,
          entries: [{ suffix: 'schematron/cii/X.sch', path: 'x.sch' }],
        },
      ],
    };
    await expect(fetchArtefacts({ dir, baseUrl: base, releases: [zipMissing], log })).rejects.toThrow(
      /expected one schematron\/cii\/X\.sch in the zip, found 0/,
    );
    const pinned: ArtefactRelease = {
      name: 'pinned zip',
      files: [],
      zips: [{ url: 'https://releases.example.org/xr.zip', sha256: sha256('other'), entries: [] }],
    };
    await expect(fetchArtefacts({ dir, baseUrl: base, releases: [pinned], log })).rejects.toThrow(
      /expected SHA-256/,
    );
  });

  it('reads the XRechnung zip from a local file when told (--xrechnung-zip)', async () => {
    const other = mkdtempSync(join(tmpdir(), 'fiscalkit-fetch-zip-'));
    try {
      const zipFile = join(other, 'xr.zip');
      writeFileSync(zipFile, ZIP);
      requested.length = 0;
      const xrechnungOnly: ArtefactRelease = {
        ...RELEASE,
        name: 'xr',
        files: [],
        zips: [
          {
            ...(RELEASE.zips[0] as ArtefactRelease['zips'][number]),
            url: 'https://releases.example.org/xrechnung.zip',
          },
        ],
      };
      const result = await fetchArtefacts({
        dir: join(other, 'out'),
        baseUrl: base,
        releases: [xrechnungOnly],
        xrechnungZip: zipFile,
        log,
      });
      expect(requested).toEqual([]);
      expect(result.written).toContain('schematron/xrechnung/merged/common.sch');
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});

describe('the pinned releases', () => {
  const files = RELEASES.flatMap((release) => release.files);
  const laidOut = new Set([
    ...files.map((file) => file.path),
    ...RELEASES.flatMap((release) => release.zips.flatMap((zip) => zip.entries.map((entry) => entry.path))),
  ]);

  it('lay out every file the schematron rule sets and the UBL / CII XSDs read', () => {
    for (const set of RULE_SETS.filter(
      (one) => one.kind === 'schematron' || one.id === 'ubl-2.1-xsd' || one.id === 'cii-d16b-xsd',
    ))
      for (const file of set.files) expect(laidOut.has(file), `${set.id}: ${file}`).toBe(true);
    expect(
      files.every(
        (file) => /^[0-9a-f]{64}$/.test(file.sha256) && file.bytes > 0 && file.url.startsWith('https://'),
      ),
    ).toBe(true);
    expect(new Set(files.map((file) => file.path)).size).toBe(files.length);
  });

  const shared = join(SHARED_DIR, 'en16931');
  it.skipIf(!existsSync(join(shared, 'schematron')))(
    'each pinned digest and size is that of the same file in ../shared/en16931 (collected from the same commits)',
    () => {
      const differing = files.flatMap((file) => {
        const bytes = readFileSync(join(shared, ...file.path.split('/')));
        return bytes.byteLength === file.bytes && sha256(bytes) === file.sha256 ? [] : [file.path];
      });
      expect(differing).toEqual([]);
      expect(files.length).toBe(76);
    },
  );

  it.skipIf(!existsSync(join(shared, 'schematron')))(
    'the whole fetch from a mirror of ../shared/en16931 gives a directory on which every schematron rule set compiles',
    async () => {
      const byUrl = new Map<string, Uint8Array>();
      for (const file of files)
        byUrl.set(
          new URL(file.url).host + new URL(file.url).pathname,
          readFileSync(join(shared, ...file.path.split('/'))),
        );
      const merged = (path: string) =>
        new Uint8Array(readFileSync(join(shared, 'schematron', 'xrechnung', 'merged', ...path.split('/'))));
      const zip = zipSync({
        'xrechnung-3.0.2-schematron-2.5.0/schematron/common.sch': merged('common.sch'),
        'xrechnung-3.0.2-schematron-2.5.0/schematron/ubl/XRechnung-UBL-validation.sch': merged(
          'ubl/XRechnung-UBL-validation.sch',
        ),
        'xrechnung-3.0.2-schematron-2.5.0/schematron/cii/XRechnung-CII-validation.sch': merged(
          'cii/XRechnung-CII-validation.sch',
        ),
      });
      for (const release of RELEASES)
        for (const one of release.zips) byUrl.set(new URL(one.url).host + new URL(one.url).pathname, zip);
      const mirror = createServer((request, response) => {
        const body = byUrl.get((request.url ?? '').slice(1));
        if (body === undefined) response.writeHead(404).end();
        else response.writeHead(200).end(Buffer.from(body));
      });
      await new Promise<void>((resolve) => mirror.listen(0, '127.0.0.1', resolve));
      const out = mkdtempSync(join(tmpdir(), 'fiscalkit-fetch-all-'));
      try {
        const result = await fetchArtefacts({
          dir: out,
          baseUrl: `http://127.0.0.1:${String((mirror.address() as AddressInfo).port)}`,
          log: () => undefined,
        });
        expect(result.written).toHaveLength(79);
        const availability = createEInvoiceValidator({ artefacts: artefactsFromDirectories([out]) }).warm();
        for (const set of availability.filter(
          (one) => RULE_SETS.find((row) => row.id === one.id)?.kind === 'schematron',
        ))
          expect(set, set.id).toMatchObject({ status: 'available' });
      } finally {
        await new Promise<void>((resolve) => mirror.close(() => resolve()));
        rmSync(out, { recursive: true, force: true });
      }
    },
  );
});
