import { defineConfig } from 'tsup';

export default defineConfig({
  // One entry per public entry point (docs/public-api.md; package.json "exports"); `fiscalkit/xsd` is
  // the one adapter that touches the world (it reads the host's XSD files), so the build sees Node
  // types; the core's freedom from them is checked by `npm run typecheck` (tsconfig.core.json).
  entry: {
    index: 'src/index.ts',
    model: 'src/entries/model.ts',
    rules: 'src/rules/index.ts',
    http: 'src/entries/http.ts',
    ports: 'src/entries/ports.ts',
    ksef: 'src/ksef/index.ts',
    sii: 'src/sii/index.ts',
    xsd: 'src/adapters/xsd/index.ts',
    memory: 'src/adapters/memory/index.ts',
    testing: 'src/testing/index.ts',
    postgres: 'src/adapters/postgres/index.ts',
    threads: 'src/adapters/threads/index.ts',
    validate: 'src/entries/validate.ts',
    documents: 'src/entries/documents.ts',
    pdf: 'src/adapters/pdf/index.ts',
    xades: 'src/adapters/xades/index.ts',
    webhooks: 'src/adapters/http/index.ts',
    smtp: 'src/adapters/smtp/index.ts',
    sandbox: 'src/adapters/sandbox/index.ts',
    'ksef-client': 'src/adapters/ksef/index.ts',
    'sii-client': 'src/adapters/sii/index.ts',
    // The script of `fiscalkit/threads`' worker threads, loaded by path (not an entry point of
    // package.json): `threadCompute` finds it beside itself in dist/.
    'threads-worker': 'src/adapters/threads/worker.ts',
  },
  format: ['esm', 'cjs'],
  dts: { compilerOptions: { types: ['node'] } },
  tsconfig: 'tsconfig.json',
  target: 'node20',
  platform: 'neutral',
  sourcemap: true,
  clean: true,
  treeshake: true,
  splitting: true,
  external: [
    'libxml2-wasm',
    'fast-check',
    'pg',
    'piscina',
    'xml-crypto',
    'node-forge',
    'nodemailer',
    /^node:/,
  ],
  // `import.meta.url` in the CommonJS build (the threads adapter finds its worker script with it).
  shims: true,
});
