import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist', 'dist-*', 'node_modules', 'data', 'server/db/migrations', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // L7 comes from src/maps/l7.ts only (and the keyed providers' lazy map classes), so the parts
    // of L7 the app loads are chosen in one place (page weight, issue 18: docs/maps.md).
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/maps/l7.ts', 'src/maps/keyedMaps.ts', 'src/maps/l7-slim/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@antv/l7', '@antv/l7/**', '@antv/l7-*', '@antv/l7-*/**'],
              message: "Take L7's classes from src/maps/l7.ts (it chooses the parts of L7 the app loads).",
            },
          ],
        },
      ],
    },
  },
);
