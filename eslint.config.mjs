// Lint: typescript-eslint's strict type-checked rules over the action, its tests, scripts and
// benchmark, with Prettier owning the layout (eslint-config-prettier turns off the rules it covers).
import js from '@eslint/js'
import { defineConfig } from 'eslint/config'
import prettier from 'eslint-config-prettier'
import tseslint from 'typescript-eslint'

export default defineConfig(
  { ignores: ['dist/', '.cache/', 'coverage/', 'reports/', '.stryker-tmp*/', '.test-results/'] },
  js.configs.recommended,
  tseslint.configs.strictTypeChecked,
  tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      parserOptions: { project: './tsconfig.test.json', tsconfigRootDir: import.meta.dirname }
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Template literals with numbers are how this code writes messages ("3 requests"); the rule's
      // default would force String() around every count.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // tsc already reports undefined names in every file linted here (tsconfig.test.json has
      // checkJs), and knows Node's globals, which this rule would need to be told of.
      'no-undef': 'off',
      // It asks for `x!` where the code writes `x as T`, while strict's no-non-null-assertion forbids
      // `x!`: the two rules contradict each other, and the explicit type reads better.
      '@typescript-eslint/non-nullable-type-assertion-style': 'off'
    }
  },
  prettier
)
