// Lint rules run in CI (`npm run lint`): what review should not have to catch. Layout is prettier's.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'bench/results/', '.mcpsim/', 'test/support/conformance/everything-server.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
    },
  },
  // Tests read JSON bodies of many shapes; `any` there is a convenience, not a hole in the product's types.
  { files: ['test/**'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  { files: ['**/*.js', '**/*.cjs', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  // Plain JavaScript helpers run by Node (CommonJS preloads, stdio test servers): Node's globals, require allowed.
  { files: ['**/*.js', '**/*.cjs', '**/*.mjs'], rules: { 'no-undef': 'off', '@typescript-eslint/no-require-imports': 'off' } },
);
