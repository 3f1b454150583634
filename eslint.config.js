// ESLint (flat config): `npm run lint`, run by `npm test`, where any error fails the run.
// The rule set and why: docs/decisions/lint.md.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import floors from './eslint/floors.js';

const RENDERER = ['renderer/**/*.{ts,tsx}', 'test/renderer/**/*.{ts,tsx}'];

export default tseslint.config(
  { ignores: ['dist/', 'shared/gen/', 'out/', 'test-results/', 'playwright-report/', 'scratch/', 'bench/.data/'] },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  tseslint.configs.recommended,
  { languageOptions: { globals: globals.node } },
  {
    rules: {
      // `const { limit: _limit, ...rest } = x` is how a field is left out of a copy.
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  // A sandboxed preload is CommonJS: `import x = require('electron')` is its typed import.
  { files: ['**/*.cts'], rules: { '@typescript-eslint/no-require-imports': ['error', { allowAsImport: true }] } },
  // Tests and benchmarks read wire JSON, whose shape is what they assert.
  { files: ['test/**', 'bench/**'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  { files: RENDERER, languageOptions: { globals: globals.browser } },
  { files: RENDERER, ...reactHooks.configs.flat['recommended-latest'] },
  {
    files: RENDERER,
    rules: {
      'react-hooks/exhaustive-deps': 'error',
      // It warns that React Compiler would skip a component (TanStack Virtual's); the app is not compiled by it.
      'react-hooks/incompatible-library': 'off',
    },
  },
  { files: ['renderer/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  // The floors: which room may import which (docs/decisions/floors.md). Tests, benchmarks and
  // scripts stand outside the house and may reach any room.
  {
    files: ['electron/**/*.{ts,cts}', 'shared/**/*.ts', 'renderer/**/*.{ts,tsx}'],
    plugins: { local: floors },
    rules: { 'local/floors': 'error' },
  },
);
