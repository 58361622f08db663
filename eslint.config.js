import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import { readdirSync } from 'node:fs';

const directoriesIn = (folder) =>
  readdirSync(`${import.meta.dirname}/${folder}`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const webSrc = 'apps/web/src';
const webFeatures = directoriesIn(`${webSrc}/features`);

/**
 * The only features the web's journey engine (features/journeys) may import: what every journey uses
 * (content, documents, step-up, the access key, the site's frame). Every other feature, a new journey's
 * included, is refused without being listed (issue 37).
 */
const engineFeatureAllowList = ['journeys', 'access-key', 'content', 'documents', 'site', 'step-up'];
const featuresBeyondTheEngine = webFeatures.filter((feature) => !engineFeatureAllowList.includes(feature));

/**
 * The only server areas the generic journey engine (areas/journeys) may import: what every journey
 * uses (content, documents, cases, the access key, member data, step-up). Every other area, one that
 * owns a journey or what a journey's answers change included, and any new one, is refused (issue 37).
 */
const serverEngineAllowList = [
  'journeys',
  'access-key',
  'cases',
  'content',
  'documents',
  'member-data',
  'step-up',
];
const areasBeyondTheEngine = directoriesIn('apps/server/src/areas').filter(
  (area) => !serverEngineAllowList.includes(area),
);

/**
 * The web's layout (docs/quality.md#layout-and-the-import-rules): a feature reaches another feature only through its index.ts,
 * and shared code (components/, lib/) never reaches a feature or the app's wiring. Tests may use the app
 * wiring, to render the whole app.
 */
const webBoundaries = ({ featuresMayImportApp }) => [
  ...webFeatures.map((feature) => ({
    target: `${webSrc}/features/${feature}`,
    from: `${webSrc}/features`,
    except: [
      `./${feature}`,
      ...webFeatures.filter((other) => other !== feature).map((other) => `./${other}/index.ts`),
    ],
    message:
      'A feature imports another feature only through its index.ts (or move the piece to components/ or lib/).',
  })),
  {
    target: `${webSrc}/features/journeys`,
    from: featuresBeyondTheEngine.map((feature) => `${webSrc}/features/${feature}`),
    message:
      'The journey engine knows no journey: a journey’s feature fills its extension points (kinds, audiences.ts) and app/ registers it.',
  },
  ...(featuresMayImportApp
    ? []
    : [
        {
          target: `${webSrc}/features`,
          from: `${webSrc}/app`,
          message: 'app/ is the wiring (router, providers, page frame): features use lib/ and components/.',
        },
      ]),
  {
    target: [`${webSrc}/components`, `${webSrc}/lib`],
    from: [`${webSrc}/features`, `${webSrc}/app`],
    message: 'Shared code (components/, lib/) must not import a feature or the app wiring.',
  },
  {
    target: `${webSrc}/lib`,
    from: `${webSrc}/components`,
    message: 'lib/ is below components/: a type both need lives in lib/.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      // Deliberate rule breaks that apps/web/src/import-rules.test.ts lints on purpose.
      '**/__lint-fixtures__/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // A lint run is short: each module is read and resolved once, not again every 30 s.
      'import-x/cache': { lifetime: Infinity },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      // A lazy import() runs once every module has loaded, so it cannot see a half-initialised one: it
      // is how the content registry renders retirement's and cases' blocks that render content again.
      'import-x/no-cycle': ['error', { allowUnsafeDynamicCyclicDependency: true, ignoreExternal: true }],
    },
  },
  // Nothing imports a test, so no test can be on a circle: skipping them halves the rule's work.
  { files: ['**/test/**', '**/*.test.{ts,tsx}'], rules: { 'import-x/no-cycle': 'off' } },
  {
    files: [`${webSrc}/**/*.{ts,tsx}`],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: webBoundaries({ featuresMayImportApp: false }) },
      ],
    },
  },
  {
    files: [`${webSrc}/**/*.test.{ts,tsx}`],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: webBoundaries({ featuresMayImportApp: true }) },
      ],
    },
  },
  {
    // The server's layout (docs/quality.md#layout-and-the-import-rules): lib/ and db/ are below the API
    // areas and the app's plugins, so a piece both need lives in lib/.
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: ['apps/server/src/lib', 'apps/server/src/db'],
              from: ['apps/server/src/areas', 'apps/server/src/plugins'],
              message: 'lib/ and db/ must not import an area or a plugin: move the shared piece to lib/.',
            },
            {
              // issue 37: an area fills the engine's hooks (docs/journeys.md "Hooks"); the engine calls them.
              target: 'apps/server/src/areas/journeys',
              from: areasBeyondTheEngine.map((area) => `apps/server/src/areas/${area}`),
              message:
                'The journey engine knows no journey: the area registers its hooks (areas/journeys/plugins.ts) and app.ts imports it.',
            },
          ],
        },
      ],
    },
  },
  {
    // A report of a death is kept apart from member data (docs/bereavement.md): only its own area and
    // the console's matching step read its tables. Every table of the schema's module is covered (a new
    // one too): the module itself, and any `bereavement…` name from the schema's index.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/areas/bereavement/**',
      'apps/server/src/areas/operations/record-work.ts',
      'apps/server/src/db/schema/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/db/schema/bereavement'],
              message:
                'Only areas/bereavement and the console matching step (operations/record-work.ts) read the bereavement schema.',
            },
            {
              group: ['**/db/schema', '**/db/schema/index'],
              importNamePattern: '^bereavement',
              message:
                'Only areas/bereavement and the console matching step (operations/record-work.ts) read the bereavement schema.',
            },
          ],
        },
      ],
    },
  },
  { files: ['**/*.mjs'], languageOptions: { globals: { process: 'readonly', console: 'readonly' } } },
  {
    files: ['apps/server/src/**/*.ts', 'packages/contracts/src/**/*.ts'],
    ignores: ['packages/contracts/src/input-policy.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.property.name='iso'][property.name=/^date/]",
          message: 'Use safeDate() from @meridian/contracts: dates outside 1900-2100 are refused.',
        },
        {
          selector: "MemberExpression[object.name='z'][property.name='date']",
          message: 'Use safeDate() from @meridian/contracts: dates outside 1900-2100 are refused.',
        },
        {
          selector: "MemberExpression[object.property.name='coerce'][property.name='date']",
          message: 'Use safeDate() from @meridian/contracts: dates outside 1900-2100 are refused.',
        },
      ],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
