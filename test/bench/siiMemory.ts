// Peak memory of the SII workload (issue #6: "peak memory under 300 MB"). The 5,000-record Expedida
// message is written to a JSON file here (the fixtures are TypeScript, run through tsx), and measured
// in a plain `node` child process (siiMemoryChild.mjs) that imports only the built package: tsx's
// loader thread alone adds ~150 MB of resident memory when it sees libxml2-wasm, which is not
// fiscalkit's.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hasShared, SHARED_DIR } from '../support/shared.js';
import { benchSiiMessage } from './siiWorkload.js';

const directory = mkdtempSync(join(tmpdir(), 'fiscalkit-sii-memory-'));
try {
  const input = join(directory, 'message.json');
  writeFileSync(input, JSON.stringify(benchSiiMessage(5000)));
  const child = new URL('./siiMemoryChild.mjs', import.meta.url).pathname;
  const xsdDirectory = hasShared ? join(SHARED_DIR, 'xsd', 'sii') : '';
  process.stdout.write(execFileSync(process.execPath, [child, input, xsdDirectory], { encoding: 'utf8' }));
} finally {
  rmSync(directory, { recursive: true, force: true });
}
