/**
 * `npm run openapi` (issue #9): one OpenAPI 3.1 document per API version, written to a directory, each
 * valid against the official OpenAPI 3.1 schema and equal to what the HTTP binding serves.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../../src/openapi/openApiDocument.js';
import { API_VERSIONS } from '../../src/versions/apiVersion.js';

const directory = mkdtempSync(join(tmpdir(), 'fiscalkit-openapi-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe('npm run openapi', () => {
  it('writes one valid OpenAPI 3.1 document per version, the one the binding serves', async () => {
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/openapi.ts', directory], {
      env: { ...process.env, FISCALKIT_BASE_URL: 'https://api.example.com' },
      stdio: 'pipe',
    });
    expect(readdirSync(directory).sort()).toEqual(API_VERSIONS.map((version) => `${version}.json`).sort());
    for (const version of API_VERSIONS) {
      const written = JSON.parse(readFileSync(join(directory, `${version}.json`), 'utf8'));
      expect(written.openapi).toBe('3.1.0');
      expect(written.servers[0].url).toBe('https://api.example.com');
      expect(written).toEqual(
        JSON.parse(JSON.stringify(openApiDocument(version, { server_url: 'https://api.example.com' }))),
      );
      const verdict = await new Validator().validate(written);
      expect([version, verdict.valid, verdict.errors ?? []]).toEqual([version, true, []]);
    }
  }, 60_000);
});
