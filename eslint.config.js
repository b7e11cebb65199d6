import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Folders of apps/web/src and what each may import (docs/architecture.md "Web boundaries"). */
const WEB = 'apps/web/src';
const webBoundaries = {
  files: [`${WEB}/**/*.{ts,tsx}`],
  plugins: { boundaries },
  settings: {
    // Static and lazy imports and re-exports all count as dependencies.
    'boundaries/dependency-nodes': ['import', 'dynamic-import', 'export'],
    // Relative imports carry their extension (`../lib/paths.ts`); packages resolve through node_modules.
    'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
    'boundaries/elements': [
      { type: 'app', pattern: `${WEB}/app` },
      { type: 'feature', pattern: `${WEB}/features/*`, capture: ['feature'] },
      { type: 'demo', pattern: `${WEB}/demo` },
      { type: 'layout', pattern: `${WEB}/layout` },
      { type: 'pages', pattern: `${WEB}/pages` },
      { type: 'components', pattern: `${WEB}/components` },
      { type: 'lib', pattern: `${WEB}/lib` },
      { type: 'locales', pattern: `${WEB}/locales` },
      { type: 'testing', pattern: `${WEB}/testing` },
    ],
    'boundaries/files': [
      { category: 'test', pattern: '**/*.test.{ts,tsx}' },
      { category: 'test', pattern: `${WEB}/features/*/testing/**` },
      // Test-only entry of the demo handlers (msw/node).
      { category: 'test', pattern: `${WEB}/demo/mock/node.ts` },
      // Loose files at the top: the entry (composes like app/) and ambient type declarations.
      { category: 'entry', pattern: `${WEB}/main.tsx` },
      { category: 'ambient', pattern: `${WEB}/*.d.ts` },
    ],
  },
  rules: {
    'boundaries/dependencies': [
      'error',
      {
        default: 'disallow',
        message: '{{from.element.type}} may not import {{to.element.type}} ({{dependency.source}}): see docs/architecture.md "Web boundaries"',
        policies: [
          // Packages (contracts, React, MUI...) are open to every element.
          { allow: { to: { module: { origin: ['external', 'core'] } } } },
          // app/ and main.tsx compose everything.
          { from: { element: { type: 'app' } }, allow: { to: { element: { type: '*' } } } },
          { from: { file: { categories: 'entry' } }, allow: { to: { element: { type: '*' } } } },
          { from: { file: { categories: 'ambient' } }, allow: { to: { element: { type: 'locales' } } } },
          // Test support wires the app for tests the way app/ does.
          { from: { element: { type: 'testing' } }, allow: { to: { element: { types: { noneOf: ['feature'] } } } } },
          // A feature: itself, the shared layers, never another feature.
          {
            from: { element: { type: 'feature' } },
            allow: [
              { to: { element: { types: { anyOf: ['lib', 'components', 'locales'] } } } },
              { to: { element: { type: 'feature', captured: { feature: '{{from.element.captured.feature}}' } } } },
            ],
          },
          // The template's demo areas: the shell's types, shared layers; never a product feature.
          { from: { element: { type: 'demo' } }, allow: { to: { element: { types: { anyOf: ['demo', 'layout', 'lib', 'components', 'locales'] } } } } },
          { from: { element: { type: 'layout' } }, allow: { to: { element: { types: { anyOf: ['layout', 'lib', 'components', 'locales'] } } } } },
          { from: { element: { type: 'pages' } }, allow: { to: { element: { types: { anyOf: ['pages', 'lib', 'components', 'locales'] } } } } },
          { from: { element: { type: 'components' } }, allow: { to: { element: { types: { anyOf: ['components', 'lib', 'locales'] } } } } },
          { from: { element: { type: 'lib' } }, allow: { to: { element: { types: { anyOf: ['lib', 'locales'] } } } } },
          { from: { element: { type: 'locales' } }, allow: { to: { element: { types: { anyOf: ['locales', 'lib'] } } } } },
          // Tests anywhere may use the shared test support; production code never does.
          { from: { file: { categories: 'test' } }, allow: { to: { element: { type: 'testing' } } } },
        ],
      },
    ],
    // Every file of apps/web/src belongs to one of the elements above.
    'boundaries/no-unknown-files': 'error',
  },
};

/**
 * Server modules have front doors (docs/architecture.md "Server modules"): a file outside
 * `apps/server/src/modules/<m>/` imports that module only through `modules/<m>/index.ts`. Relative
 * specifiers are checked as written (the server imports with the `.ts` extension, no aliases):
 * from a module file another module is `../<m>/…`, from the rest of `src` it is `…/modules/<m>/…`.
 * Static imports and re-exports go through `no-restricted-imports`, `import()` through
 * `no-restricted-syntax`. app.ts, the composition root, also registers each module's `*.routes.ts`.
 */
const SERVER = 'apps/server/src';
const FRONT_DOOR_MESSAGE = 'import another server module only through its index.ts (docs/architecture.md "Server modules")';
const FROM_MODULE = String.raw`^\.\./(?!\.\.?/)[^/]+/(?!index\.ts$)`;
const FROM_SHELL = (allowed) => String.raw`^\.{1,2}/(\.\./)*modules/[^/]+/(?!${allowed}$)`;
const frontDoors = (patterns) => ({
  'no-restricted-imports': ['error', { patterns: patterns.map((regex) => ({ regex, message: FRONT_DOOR_MESSAGE })) }],
  'no-restricted-syntax': ['error', ...patterns.map((regex) => ({ selector: `ImportExpression > Literal[value=/${regex.replaceAll('/', '\\/')}/]`, message: FRONT_DOOR_MESSAGE }))],
});
const serverFrontDoors = [
  { files: [`${SERVER}/**/*.ts`], rules: frontDoors([FROM_SHELL(String.raw`index\.ts`)]) },
  { files: [`${SERVER}/modules/*/*.ts`], rules: frontDoors([FROM_MODULE, FROM_SHELL(String.raw`index\.ts`)]) },
  { files: [`${SERVER}/app.ts`], rules: frontDoors([FROM_SHELL(String.raw`index\.ts|[^/]+\.routes\.ts`)]) },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'var/**', 'test-results/**', 'playwright-report/**', 'apps/server/drizzle/**', 'apps/web/public/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  webBoundaries,
  ...serverFrontDoors,
);
