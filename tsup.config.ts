import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', ksef: 'src/ksef/index.ts' },
  format: ['esm', 'cjs'],
  dts: { compilerOptions: { types: [] } },
  tsconfig: 'tsconfig.core.json',
  target: 'node20',
  platform: 'neutral',
  sourcemap: true,
  clean: true,
  treeshake: true,
  splitting: true,
});
