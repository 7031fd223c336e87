import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-all/**',
      'dist-bench/**',
      'coverage/**',
      '.stryker-tmp/**',
      'reports/**',
      'src/graphql/__generated__/**',
      'test/**/__generated__/**',
      'examples/back-office/dist/**',
      'examples/back-office/src/gql/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      curly: ['error', 'all'],
      'no-restricted-syntax': ['error', { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
    },
  },
  // The reference back office runs in the browser; Vite reads its config's default export.
  { files: ['examples/back-office/src/**'], languageOptions: { globals: { ...globals.browser } } },
  { files: ['examples/back-office/vite.config.ts'], rules: { 'no-restricted-syntax': 'off' } },
  // Layers (DESIGN.md), enforced: a wrong-way import fails `npm run lint`.
  // graphql/ (the top layer) may use upstream/, ledger/ and config; never the server or the sandbox.
  {
    files: ['src/graphql/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/sandbox/**'], message: 'Only main.ts, service.ts and tests may import the sandbox.' },
            { group: ['**/server/**'], message: 'graphql/ knows nothing of the HTTP server (server/ uses graphql/).' },
          ],
        },
      ],
    },
  },
  // graphql/runtime/: the per-request machinery, below the feature folders: it may use common/ and the
  // lower layers, never a feature folder or the graph's top-level files (schema, probes, cost...).
  {
    files: ['src/graphql/runtime/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/sandbox/**', '**/server/**'], message: 'graphql/ knows nothing of the server or the sandbox.' },
            {
              regex: '^\\.\\./(?!common/)[^.]',
              message: 'graphql/runtime/ sits below the feature folders: it may import graphql/common/ only (an arrow back up otherwise).',
            },
          ],
        },
      ],
    },
  },
  // graphql/'s feature folders form a star around proposal/ (DESIGN.md): each noun folder resolves its
  // own Proposal.<field> (its own @Resolver(() => Proposal) class) and imports only proposal/ (the hub),
  // installment/ (the proposal's Installment, which agenda/ and boleto/ extend), common/, runtime/,
  // scalars.js and the lower layers; never another noun folder nor the graph's top-level files
  // (schema, node.resolver, cost...), which import them. The hub imports no noun folder.
  {
    files: ['src/graphql/*/**/*.ts'],
    ignores: ['src/graphql/runtime/**', 'src/graphql/common/**', 'src/graphql/proposal/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/sandbox/**', '**/server/**'], message: 'graphql/ knows nothing of the server or the sandbox.' },
            {
              regex: '^\\.\\./(?!(?:proposal|installment|common|runtime)/|scalars\\.js$|\\.\\./)',
              message:
                "A noun folder of graphql/ imports only proposal/ (and the proposal's installment/), common/, runtime/ and scalars.js (a star around proposal/, never a knot): resolve your noun's own field of another type in your own folder instead.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/graphql/proposal/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/sandbox/**', '**/server/**'], message: 'graphql/ knows nothing of the server or the sandbox.' },
            {
              regex: '^\\.\\./(?!(?:common|runtime)/|scalars\\.js$|\\.\\./)',
              message:
                'graphql/proposal/ is the hub of the star: it imports common/, runtime/ and scalars.js only, never a noun folder (the noun resolves its own Proposal.<field>).',
            },
          ],
        },
      ],
    },
  },
  // graphql/common/: the bottom of the graph layer: nothing of the graph above it, nor upstream/ or the ledger.
  {
    files: ['src/graphql/common/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!\\.\\./shared/)',
              message:
                'graphql/common/ is the bottom of the graph layer: it imports no feature folder, no runtime/, no upstream/ or ledger/ (src/shared/ only).',
            },
          ],
        },
      ],
    },
  },
  // src/config/ is a leaf: every layer may read it, it reads none (the settings' shapes live in src/shared/).
  {
    files: ['src/config/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^\\.\\./(?!shared/)', message: 'src/config/ is a leaf: it imports src/shared/ only.' }] }],
    },
  },
  // upstream/ knows nothing of the layers above it nor of the ledger.
  {
    files: ['src/upstream/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/sandbox/**'], message: 'Only main.ts, service.ts and tests may import the sandbox.' },
            { group: ['**/ledger/**'], message: 'upstream/ knows nothing of the ledger (graphql/ uses both).' },
            {
              group: ['**/graphql/**', '**/server/**', '**/config/index.js'],
              message: 'upstream/ is below graphql/, server/ and config: it gets its settings as options.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/ledger/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/graphql/**', '**/server/**', '**/sandbox/**', '**/upstream/**'],
              message: 'ledger/ knows nothing of GraphQL, the server, the sandbox or the upstream dialect.',
            },
          ],
        },
      ],
    },
  },
  // sandbox/ is the partner's twin: it must be able to disagree with our client, so it shares nothing
  // with the other layers but the pure helpers of src/shared/.
  {
    files: ['src/sandbox/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/graphql/**', '**/server/**', '**/upstream/**', '**/ledger/**', '**/config/index.js', '**/main.js'],
              message: 'sandbox/ imports src/shared/ only (DESIGN.md: it shares no code with the client).',
            },
          ],
        },
      ],
    },
  },
  // server/ serves the graph; only service.ts (for main.ts) and tests start the sandbox.
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/sandbox/**'], message: 'Only main.ts, service.ts and tests may import the sandbox.' }] }],
    },
  },
  // shared/ is a leaf: pure helpers any layer may use, importing no layer.
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^\\.\\./', message: 'src/shared/ is a leaf: it imports no layer and no config.' }] }],
    },
  },
  // Config files (eslint, jest, Stryker) and jest's global setup are loaded through their default export.
  {
    files: ['eslint.config.js', 'jest.config.js', 'jest.e2e.config.js', 'stryker.config.mjs', 'test/helpers/global-setup.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
