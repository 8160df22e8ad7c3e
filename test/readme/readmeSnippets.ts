/**
 * The README's TypeScript snippets as runnable programs (issue #9: "CI proves every snippet … still
 * runs"). Every ```ts block of README.md is a snippet, named after the `##` section it sits in; a block
 * whose info string says `no-run` is skipped (the README says why next to it). A snippet imports the
 * package as a user does (`fiscalkit`, `fiscalkit/ksef`, …); {@link runnableSource} points those
 * imports at the source entry points, the same files tsup builds each export of package.json from.
 */

import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ENTRY_POINTS } from '../support/entryPoints.js';

/** One ```ts block of the README. */
export interface Snippet {
  /** The `##` heading above the block, with ` (2)`, ` (3)` … when a section has several blocks. */
  name: string;
  /** The line of the opening fence (1-based), for failure messages. */
  line: number;
  /** The code between the fences. */
  code: string;
}

/**
 * The package's entry points (package.json `exports`) and the source file each is built from
 * (tsup.config.ts), as tsconfig.json's `paths` map them. A snippet importing anything else under
 * `fiscalkit/` fails to resolve.
 */
export { ENTRY_POINTS } from '../support/entryPoints.js';

const FENCE = /^```(\S*)(.*)$/;

/**
 * The ```ts blocks of a Markdown text, in order, skipping those marked `no-run` (```ts no-run).
 *
 * @example
 * ```ts
 * readmeSnippets('## Totals\n```ts\nconst a = 1;\n```\n').map((s) => s.name); // ['Totals']
 * ```
 */
export function readmeSnippets(markdown: string): Snippet[] {
  const snippets: Snippet[] = [];
  const perSection = new Map<string, number>();
  let section = '(before any section)';
  let open: { lang: string; meta: string; line: number; lines: string[] } | null = null;
  const lines = markdown.split(/\r?\n/);
  for (const [index, text] of lines.entries()) {
    if (open !== null) {
      if (text.startsWith('```')) {
        if (open.lang === 'ts' && !/\bno-run\b/.test(open.meta)) {
          const count = (perSection.get(section) ?? 0) + 1;
          perSection.set(section, count);
          const name = count === 1 ? section : `${section} (${String(count)})`;
          snippets.push({ name, line: open.line, code: open.lines.join('\n') });
        }
        open = null;
      } else open.lines.push(text);
      continue;
    }
    const fence = FENCE.exec(text);
    if (fence !== null) {
      open = { lang: fence[1] ?? '', meta: fence[2] ?? '', line: index + 1, lines: [] };
      continue;
    }
    const heading = /^## (.+)$/.exec(text);
    if (heading?.[1] !== undefined) section = heading[1].trim();
  }
  if (open !== null)
    throw new Error(`README: the code block opened at line ${String(open.line)} never closes`);
  return snippets;
}

/** Where {@link runnableSource} points a snippet's imports and paths. */
export interface SnippetPlaces {
  /** The checkout: `fiscalkit…` imports go to its entry points, `./examples/…` to its examples. */
  root: string;
  /** The `shared/` directory that the README calls `../shared` (tests may set `$FISCALKIT_SHARED`). */
  shared: string;
  /** `url` (default): imports as file URLs, for Node. `path`: plain paths, for the TypeScript checker. */
  style?: 'url' | 'path';
}

/**
 * The snippet as a program that runs anywhere: its package imports (`from 'fiscalkit…'`,
 * `import('fiscalkit…')`) pointed at the source entry points under `root`, its `./examples/…` imports
 * (the HTTP binding, which a README reader imports from the checkout's root) at `root/examples`, and the
 * `'../shared/…` paths it reads at `shared`. An import of an unknown `fiscalkit/…` subpath throws: a
 * README that names an export package.json does not have is wrong.
 *
 * @example
 * ```ts
 * runnableSource("import { computeTotals } from 'fiscalkit';", { root: '/repo', shared: '/shared' });
 * // "import { computeTotals } from 'file:///repo/src/index.ts';"
 * ```
 */
export function runnableSource(code: string, places: SnippetPlaces): string {
  const where = (path: string) => (places.style === 'path' ? path : pathToFileURL(path).href);
  // Only module specifiers (`from '…'`, `import '…'`, `import('…')`), never a string that merely says
  // "fiscalkit" (an FA(3) `SystemInfo`, say).
  return code
    .replace(
      /(\bfrom\s*|\bimport\s*\(?\s*)(['"])(fiscalkit(?:\/[^'"]*)?|\.\/examples\/[^'"]*)\2/g,
      (_match, before: string, quote: string, specifier: string) => {
        if (specifier.startsWith('./examples/'))
          return `${before}${quote}${where(join(places.root, specifier))}${quote}`;
        const entry = ENTRY_POINTS[specifier];
        if (entry === undefined)
          throw new Error(`the README imports '${specifier}', which is not an entry point of package.json`);
        return `${before}${quote}${where(join(places.root, entry))}${quote}`;
      },
    )
    .replace(/(['"`])\.\.\/shared\//g, (_match, quote: string) => `${quote}${places.shared}/`);
}
