/**
 * What the generators of checked-in source share (issue #20 §5): where the project and `shared/` are,
 * the header every generated file starts with, and one way to format and write the files. A generator
 * is a pure function from the official XSDs to file texts ({@link GeneratedFiles}); its command line
 * only writes them. `npm run generate` (`scripts/generate.ts`) runs them all, and
 * `test/scripts/generated.test.ts` regenerates them in memory, formatted the same way, and compares.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The project root. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Generated files: the path from the project root (with `/`) → the file's text. */
export type GeneratedFiles = Readonly<Record<string, string>>;

/**
 * Where `shared/` is: the command-line argument, else `$FISCALKIT_SHARED`, else `../shared` beside
 * the checkout (as in CI, and as the tests find it: `test/support/shared.ts`).
 *
 * @example
 * sharedDirectory(); // '/work/shared' for a checkout at /work/main
 */
export function sharedDirectory(argument?: string): string {
  return resolve(argument ?? process.env.FISCALKIT_SHARED ?? join(ROOT, '..', 'shared'));
}

/**
 * The first lines of a generated file: that it is generated, by which generator, how to regenerate it
 * and from which official files. `source` may span lines (each is commented).
 *
 * @example
 * generatedHeader('scripts/generate-fa3-types.ts', 'schemat_FA(3)_v1-0E.xsd, read from shared/xsd/ksef-fa3/.');
 */
export function generatedHeader(generator: string, source: string): string {
  const lines = [
    `GENERATED FILE — do not edit. Generator: ${generator}.`,
    'Regenerate with `npm run generate` (CI checks it: test/scripts/generated.test.ts).',
    ...source.split('\n').map((line, index) => (index === 0 ? `Source: ${line}` : line)),
  ];
  return `${lines.map((line) => `// ${line}`.trimEnd()).join('\n')}\n`;
}

/**
 * A TSDoc comment of `text` wrapped at Biome's line width (110), indented by `indent`: one line when
 * it fits. Biome leaves comments as they are, so a generator wraps its own. Blank lines in `text`
 * separate paragraphs.
 *
 * @example
 * docComment('The FA(3) namespace.'); // '/** The FA(3) namespace. *\/\n'
 */
export function docComment(text: string, indent = ''): string {
  const width = 110 - indent.length - ' * '.length;
  const single = `${indent}/** ${text} */`;
  if (!text.includes('\n') && single.length <= 110) return `${single}\n`;
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/ +/).filter((part) => part !== '')) {
      if (line !== '' && line.length + 1 + word.length > width) {
        lines.push(line);
        line = word;
      } else line = line === '' ? word : `${line} ${word}`;
    }
    lines.push(line);
  }
  const body = lines.map((line) => `${indent} *${line === '' ? '' : ` ${line}`}`).join('\n');
  return `${indent}/**\n${body}\n${indent} */\n`;
}

/**
 * A file's text as Biome formats it (the project's `biome.json`), without writing anything: the
 * generators emit readable but unformatted TypeScript, and the command line and the CI comparison both
 * pass it through here, so the two cannot disagree on formatting.
 *
 * @example
 * formatWithBiome('src/x.ts', 'export const X = ["a"]'); // "export const X = ['a'];\n"
 */
export function formatWithBiome(path: string, text: string): string {
  return execFileSync(join(ROOT, 'node_modules', '.bin', 'biome'), ['format', `--stdin-file-path=${path}`], {
    cwd: ROOT,
    input: text,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
}

/**
 * Every file formatted with Biome.
 *
 * @example
 * formatted({ 'src/x.ts': 'export const X = 1' }); // { 'src/x.ts': 'export const X = 1;\n' }
 */
export function formatted(files: GeneratedFiles): GeneratedFiles {
  return Object.fromEntries(Object.entries(files).map(([path, text]) => [path, formatWithBiome(path, text)]));
}

/**
 * Formats and writes generated files below the project root, saying which.
 *
 * @example
 * writeGenerated(fa3TypesFiles(sharedDirectory()));
 */
export function writeGenerated(files: GeneratedFiles): void {
  for (const [path, text] of Object.entries(formatted(files))) {
    writeFileSync(join(ROOT, path), text);
    console.log(`wrote ${path}`);
  }
}

/**
 * Whether the module at `url` is the one node was started with (a generator's command line runs only
 * then; imported by `scripts/generate.ts` or a test, it only exports its function).
 *
 * @example
 * if (isMain(import.meta.url)) writeGenerated(fa3TypesFiles(sharedDirectory(process.argv[2])));
 */
export function isMain(url: string): boolean {
  return process.argv[1] !== undefined && url === pathToFileURL(resolve(process.argv[1])).href;
}
