// @ts-check
/**
 * The layer check (issue #20 §2; docs/architecture.md "Layers"): dependency-cruiser's rules, built
 * from the layers written down as data in architecture/layers.json, so that the order lives in one
 * place and a reader can see it without reading code. Run it with `npm run check:layers`; the test
 * test/repository/layers.test.ts runs the same rules through dependency-cruiser's API inside `npm test`.
 *
 * Type-only imports count (`tsPreCompilationDeps`): a type pulled from an upper layer still ties the
 * lower one to it.
 */
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

/**
 * @typedef {{ name: string, modules: string[], isolated?: boolean, why: string }} Layer
 * @typedef {Layer & { below: string, importedBy: string[] }} SideLayer
 * @typedef {{ layers: Layer[], side: SideLayer[] }} Layers
 */

/** @type {Layers} */
const LAYERS = JSON.parse(readFileSync(join(__dirname, 'architecture', 'layers.json'), 'utf8'));

const escapeRegExp = (/** @type {string} */ text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `src/<name>/…` for a folder, `src/<name>` itself for a top-level file (`ports.ts`, `index.ts`). */
const modulePath = (/** @type {string} */ name) =>
  name.endsWith('.ts') ? `^src/${escapeRegExp(name)}$` : `^src/${escapeRegExp(name)}/`;

const pathsOf = (/** @type {string[]} */ modules) => modules.map(modulePath);

const slug = (/** @type {string} */ name) => name.replace(/[^a-z0-9]+/g, '-');

/**
 * The files the package's entry points are built from (every `'src/….ts'` named in tsup.config.ts's
 * `entry`): the only src/ files examples/ may reach, as `fiscalkit` and `fiscalkit/<entry>` resolved to
 * the source in development.
 */
function entryPointFiles() {
  const tsup = readFileSync(join(__dirname, 'tsup.config.ts'), 'utf8');
  return [...tsup.matchAll(/['"](src\/[^'"]+\.ts)['"]/g)].map((match) => match[1] ?? '');
}

const layerIndex = (/** @type {string} */ name) => {
  const index = LAYERS.layers.findIndex((layer) => layer.name === name);
  if (index < 0) throw new Error(`architecture/layers.json: no layer named "${name}"`);
  return index;
};

const allModules = [...LAYERS.layers, ...LAYERS.side].flatMap((layer) => layer.modules);
const sideModules = LAYERS.side.flatMap((side) => side.modules);

/** @type {import('dependency-cruiser').IForbiddenRuleType[]} */
const layerRules = LAYERS.layers.flatMap((layer, index) => {
  const above = LAYERS.layers.slice(index + 1).flatMap((upper) => upper.modules);
  // The side layers (adapters) are "above" every layer that may not import them.
  const sides = LAYERS.side
    .filter((side) => !side.importedBy.includes(layer.name))
    .flatMap((side) => side.modules);
  const below = LAYERS.layers
    .slice(0, index)
    .map((lower) => lower.name)
    .join(', ');
  /** @type {import('dependency-cruiser').IForbiddenRuleType[]} */
  const rules = [];
  if (above.length + sides.length > 0)
    rules.push({
      name: `layer:${slug(layer.name)}`,
      severity: 'error',
      comment: `${layer.name} (${layer.modules.join(', ')}) imports only its own layer and those below it (${below || 'none'}), never ${[...above, ...sides].join(', ')}. ${layer.why}`,
      from: { path: pathsOf(layer.modules) },
      to: { path: pathsOf([...above, ...sides]) },
    });
  if (layer.isolated)
    for (const member of layer.modules)
      rules.push({
        name: `isolated:${slug(layer.name)}`,
        severity: 'error',
        comment: `${member} is one of the ${layer.name} (${layer.modules.join(', ')}), which never import each other: what two share goes down a layer. ${layer.why}`,
        from: { path: modulePath(member) },
        to: { path: pathsOf(layer.modules.filter((other) => other !== member)) },
      });
  return rules;
});

/** @type {import('dependency-cruiser').IForbiddenRuleType[]} */
const sideRules = LAYERS.side.map((side) => {
  const above = LAYERS.layers.slice(layerIndex(side.below)).flatMap((upper) => upper.modules);
  return {
    name: `layer:${slug(side.name)}`,
    severity: 'error',
    comment: `${side.name} (${side.modules.join(', ')}) import every layer below ${side.below}, never ${above.join(', ')}. ${side.why}`,
    from: { path: pathsOf(side.modules) },
    to: { path: pathsOf(above) },
  };
});

const inLayer = pathsOf(allModules);

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...layerRules,
    ...sideRules,
    // Three rules, one name: a module outside every layer is caught whether it imports, is imported
    // or stands alone.
    ...[
      { from: { path: '^src/', pathNot: inLayer }, to: {} },
      { from: { path: '^src/' }, to: { path: '^src/', pathNot: inLayer } },
      { from: { path: '^src/', pathNot: inLayer, orphan: true }, to: {} },
    ].map((rule) => ({
      name: 'not-in-a-layer',
      severity: /** @type {const} */ ('error'),
      comment:
        'Every folder and top-level file of src/ belongs to a layer: add it to architecture/layers.json (docs/architecture.md "Layers").',
      ...rule,
    })),
    {
      name: 'no-cycle',
      severity: 'error',
      comment:
        'A cycle, type-only ones included, makes two modules one: neither can be read, tested or moved alone.',
      from: { path: '^(src|examples)/' },
      to: { circular: true },
    },
    {
      name: 'no-node-in-core',
      severity: 'error',
      comment:
        'The core runs in any JavaScript runtime (DESIGN.md "Shape"): only src/adapters may import node: modules.',
      from: { path: '^src/', pathNot: `^src/(${sideModules.map(escapeRegExp).join('|')})/` },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to no file is a broken one (or one the check cannot see).',
      from: { path: '^(src|examples)/' },
      to: { couldNotResolve: true },
    },
    {
      name: 'examples-entry-points-only',
      severity: 'error',
      comment:
        'The reference binding is built from the package alone (issue #20 §1): examples/ imports `fiscalkit` and `fiscalkit/<entry>`, whose sources are the entry points of tsup.config.ts, never another src/ file.',
      from: { path: '^examples/' },
      to: { path: '^src/', pathNot: entryPointFiles().map((file) => `^${escapeRegExp(file)}$`) },
    },
  ],
  options: {
    doNotFollow: { path: ['node_modules'] },
    moduleSystems: ['es6', 'cjs'],
    // Type-only imports are dependencies too.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: join(__dirname, 'tsconfig.json') },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
    reporterOptions: { text: { highlightFocused: true } },
  },
};
