/**
 * Quarry's layer rules (docs/architecture.md), checked by `npm run lint:layers` in CI.
 * Surfaces → use cases → domain → adapters: nothing imports up a layer, nothing imports in a
 * circle, a feature reaches another only through that folder's public `index.ts`, migrations are
 * frozen in time, and the product never imports its tests. Test files (`*.test.ts`) may reach
 * into whatever they test: the rules are about the product.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Adapters and shared infrastructure: below every feature. */
const ADAPTERS = ['db', 'redis', 'cache', 'throttle', 'config'];
/** Every other folder of src/ (except http, the shared HTTP machinery) is a feature: a domain, a surface or the use cases. */
const FEATURES = readdirSync(join(import.meta.dirname, 'src'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !ADAPTERS.includes(entry.name) && entry.name !== 'http')
  .map((entry) => entry.name);
const FEATURE = `^src/(?:${FEATURES.join('|')})/`;
const TEST = '\\.test\\.ts$';
const ROOT_MODULES = '^src/(?:app|feature|deps|main|core-services|operations-feature)\\.ts$';

/** Adapter modules that may import up, each for a stated reason. */
const ADAPTER_EXCEPTIONS = [
  // The ledger's live SQL function has one source, in src/credits; the migration runner hands it to
  // the migration that installs it (a migration itself imports nothing, so it stays frozen).
  '^src/db/migrate\\.ts$',
];

export default {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import cycles, not even through types: a cycle is two modules that are really one, or a missing lower layer.',
      severity: 'error',
      from: { path: '^(?:src|scripts|bin|bench|tests)/' },
      to: { circular: true },
    },
    {
      name: 'src-not-to-tests',
      comment: 'The product never imports test support, benchmarks or build scripts (tests may import the product).',
      severity: 'error',
      from: { path: '^src/', pathNot: TEST },
      to: { path: '^(?:tests|bench|scripts)/' },
    },
    {
      name: 'http-no-features',
      comment: 'src/http is the HTTP machinery under every surface: it knows no feature (features register their routes and error mappers with it).',
      severity: 'error',
      from: { path: '^src/http/', pathNot: TEST },
      to: { path: [FEATURE, ROOT_MODULES] },
    },
    {
      name: 'adapters-not-up',
      comment: 'Adapters (database, Redis, cache, throttle, configuration) import no feature, no HTTP and not the composition root.',
      severity: 'error',
      from: { path: ADAPTERS.map((name) => `^src/${name}/`), pathNot: [TEST, '^src/db/migrations/', ...ADAPTER_EXCEPTIONS] },
      to: { path: [FEATURE, '^src/http/', ROOT_MODULES] },
    },
    {
      name: 'not-to-composition-root',
      comment: 'Only the entry point (src/main.ts) imports src/app.ts, the composition root.',
      severity: 'error',
      from: { path: '^src/', pathNot: [TEST, '^src/main\\.ts$'] },
      to: { path: '^src/app\\.ts$' },
    },
    ...FEATURES.map((name) => ({
      name: 'features-through-index',
      comment: `src/${name} reaches another feature only through that folder's public index.ts (src/x/index.ts, or a sub-folder's such as src/scrape/extract/index.ts).`,
      severity: 'error',
      from: { path: `^src/${name}/`, pathNot: TEST },
      to: {
        path: FEATURE,
        // The use cases are the surfaces' entry points, one operation a file: any surface may call any of them.
        pathNot: [`^src/${name}/`, '/index\\.ts$', '^src/use-cases/'],
        // A lazy `import()` of one heavy module (the CLI's services, the MCP SDK's server) stays direct:
        // going through the folder's index would load the whole folder with it.
        dependencyTypesNot: ['dynamic-import'],
      },
    })),
    {
      name: 'migrations-frozen',
      comment: 'A migration imports nothing of ours but its own folder, so it builds the same schema forever.',
      severity: 'error',
      from: { path: '^src/db/migrations/', pathNot: TEST },
      to: { path: '^(?:src|tests|scripts|bench|bin)/', pathNot: '^src/db/migrations/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^web/dist/', '^dist/'] },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.js', '.mjs', '.d.ts'],
    },
  },
};
