// @ts-check
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');

const nodeGlobals = Object.fromEntries(
  ['require', '__dirname', '__filename', 'process', 'console', 'fetch', 'setTimeout', 'clearTimeout', 'Buffer', 'URL'].map((name) => [name, 'readonly']),
);
nodeGlobals.module = 'writable';

// No bound parameters on the embedded database: PGlite's socket server once answered a
// statement whose parameters were bound beside it (the extended protocol) with another
// request's rows (`git show 726bdeb`). MikroORM writes parameters into the statement's text
// (src/shared/sql.ts); these are the ways to reach a driver that binds them.
const boundParameters = [
  { selector: 'MemberExpression[property.name=/^(getKnex|getKnexQuery|getClient)$/]', message: 'Run SQL through MikroORM (`Sql`, src/shared/sql.ts, or an EntityManager): knex and the pg client bind parameters, which leaked rows across requests on the embedded database (git show 726bdeb).' },
  { selector: 'ImportDeclaration[source.value=/^(pg|pg-pool|knex|@mikro-orm\\/knex)$/]', message: 'Run SQL through MikroORM (`Sql`, src/shared/sql.ts, or an EntityManager): knex and the pg client bind parameters, which leaked rows across requests on the embedded database (git show 726bdeb).' },
];
// LiteSVM's internal binding is reached through one adapter, whose test pins what it relies on.
const liteSvmOutsideItsAdapter = {
  selector: 'ImportDeclaration[source.value=/^litesvm/]',
  message: "Import LiteSVM through src/chain/litesvm-binding.ts, whose test checks what the ledger relies on.",
};

module.exports = tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Services and the agent hold the logic and know nothing of HTTP or GraphQL (STYLE.md).
    files: ['src/**/*.service.ts', 'src/**/*.repository.ts', 'src/agent/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['express', 'graphql', 'type-graphql', '@apollo/server', '@as-integrations/express5'],
          patterns: ['**/rest-adapter/**'],
        },
      ],
    },
  },
  {
    // The REST adapter maps requests to operations; it never reaches entities or repositories,
    // and src/app, which mounts it, hands it what it runs: the two folders depend one way.
    files: ['rest-adapter/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/*.entity', '**/*.repository', '**/*.service', '@mikro-orm/*', '**/src/app/**'] }],
    },
  },
  {
    files: ['src/**/*.ts', 'rest-adapter/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', ...boundParameters, liteSvmOutsideItsAdapter] },
  },
  {
    files: ['src/chain/litesvm-binding.ts'],
    rules: { 'no-restricted-syntax': ['error', ...boundParameters] },
  },
  {
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.js'],
    ignores: ['src/pages/assets/**', 'src/widget/**', 'test/widget/dapp/**'],
    languageOptions: { sourceType: 'commonjs', globals: nodeGlobals },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Scripts of the pages run in the browser.
    files: ['src/pages/assets/**/*.js'],
    languageOptions: {
      sourceType: 'script',
      globals: Object.fromEntries(['window', 'document', 'sessionStorage', 'fetch', 'navigator'].map((name) => [name, 'readonly'])),
    },
  },
  {
    // The <parley-chat> widget: ES modules for the browser, bundled by scripts/bundle-widget.js.
    files: ['src/widget/**/*.js'],
    languageOptions: {
      sourceType: 'module',
      globals: Object.fromEntries(
        ['document', 'customElements', 'HTMLElement', 'CSSStyleSheet', 'CustomEvent', 'ResizeObserver', 'queueMicrotask', 'fetch', 'btoa', 'atob', 'URL'].map((name) => [name, 'readonly']),
      ),
    },
  },
  {
    // The browser test's dApp page: ES modules bundled by the test.
    files: ['test/widget/dapp/**/*.js'],
    languageOptions: {
      sourceType: 'module',
      globals: Object.fromEntries(['window', 'document', 'fetch', 'atob', 'btoa', 'crypto', 'performance'].map((name) => [name, 'readonly'])),
    },
  },
);
