import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
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
