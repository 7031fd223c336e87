import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/**', 'dist-all/**', 'dist-bench/**', 'coverage/**', '.stryker-tmp/**', 'reports/**', 'src/graphql/__generated__/**', 'test/**/__generated__/**'] },
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
  {
    files: ['src/upstream/**/*.ts', 'src/graphql/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/sandbox/**'], message: 'Only main.ts and tests may import the sandbox.' }] }],
    },
  },
  // Layers (DESIGN.md): upstream knows nothing of the ledger; the ledger knows nothing of GraphQL, the server, the sandbox or the partner's dialect.
  {
    files: ['src/upstream/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/sandbox/**'], message: 'Only main.ts and tests may import the sandbox.' },
            { group: ['**/ledger/**'], message: 'upstream/ knows nothing of the ledger (graphql/ uses both).' },
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
        { patterns: [{ group: ['**/graphql/**', '**/server/**', '**/sandbox/**', '**/upstream/**'], message: 'ledger/ knows nothing of GraphQL, the server, the sandbox or the upstream dialect.' }] },
      ],
    },
  },
  // Config files (eslint, jest, Stryker) and jest's global setup are loaded through their default export.
  { files: ['eslint.config.js', 'jest.config.js', 'stryker.config.mjs', 'test/helpers/global-setup.ts'], rules: { 'no-restricted-syntax': 'off' } },
);
