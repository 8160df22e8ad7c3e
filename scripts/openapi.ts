// `npm run openapi [directory]`: writes one OpenAPI 3.1 document per API version (issue #9), the same
// documents the HTTP binding serves at GET /openapi.json?version=… (src/openapi). Default directory
// `openapi/`; `FISCALKIT_BASE_URL` names the server in `servers` (default http://localhost:3000).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openApiDocument } from '../src/openapi/openApiDocument.js';
import { API_VERSIONS } from '../src/versions/apiVersion.js';

const directory = process.argv[2] ?? 'openapi';
const server_url = process.env.FISCALKIT_BASE_URL ?? 'http://localhost:3000';
mkdirSync(directory, { recursive: true });
for (const version of API_VERSIONS) {
  const file = join(directory, `${version}.json`);
  writeFileSync(file, `${JSON.stringify(openApiDocument(version, { server_url }), null, 2)}\n`);
  console.log(`wrote ${file}`);
}
