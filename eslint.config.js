// @ts-check
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import js from '@eslint/js'
import { defineConfig, globalIgnores } from 'eslint/config'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/**
 * The layers of docs/architecture.md, bottom first: a package's sources may import only packages
 * of a lower layer, never one of their own layer or above. Its tests may also use a sibling of
 * their layer (the timeout policy beside a tracing plugin, say). Examples inside a package are
 * applications, free to use any package.
 */
const layers = [
  ['core'],
  ['structured-output', 'presentation'],
  ['schema'],
  ['tools'],
  // The settings files the permission rules and the hooks both read (sources, modes, rule names),
  // below both so that neither pulls in the other (nor the rules' shell parser).
  ['settings-files'],
  [
    'timeout-policy',
    'acp',
    'otel',
    'restate',
    'mcp',
    'ai-sdk',
    'openai-agents',
    'permissions',
    'output-budget',
    'hooks',
    'sandbox',
    'redact',
    'tool-search',
  ],
  ['toolpipe'],
]
const specifier = (name) => (name === 'toolpipe' ? 'toolpipe' : `@toolpipe/${name}`)
/**
 * Private workspace packages of shared test fixtures (every testing/* folder, found anew each run):
 * tests may use them, sources never.
 */
const testingFolder = new URL('./testing/', import.meta.url)
const testFixturePackages = readdirSync(testingFolder, { withFileTypes: true })
  .filter((entry) => existsSync(new URL(`${entry.name}/package.json`, testingFolder)))
  .map((entry) => {
    const manifest = readFileSync(new URL(`${entry.name}/package.json`, testingFolder), 'utf8')
    return /** @type {{ name: string }} */ (JSON.parse(manifest)).name
  })
  .flatMap((name) => [name, `${name}/*`])
const layerRules = layers
  .flatMap((layer, level) => {
    const above = layers.slice(level + 1).flat()
    return layer.map((name) => {
      const forbidden = (names) =>
        names
          .filter((other) => other !== name)
          .flatMap((other) => [specifier(other), `${specifier(other)}/*`])
      const message = `${specifier(name)} may only import packages of a lower layer (docs/architecture.md)`
      const rule = (names) => {
        const group = forbidden(names)
        return group.length === 0 ? 'off' : ['error', { patterns: [{ group, message }] }]
      }
      const testOnly = {
        group: testFixturePackages,
        message: 'test fixtures are for tests: a package never ships them',
      }
      const sourceGroup = forbidden([...layer, ...above])
      return [
        {
          // Tests and fixtures match too; the entry below replaces the rule for them.
          files: [`packages/${name}/src/**/*.ts`],
          rules: {
            'no-restricted-imports': [
              'error',
              {
                patterns: [
                  ...(sourceGroup.length === 0 ? [] : [{ group: sourceGroup, message }]),
                  testOnly,
                ],
              },
            ],
          },
        },
        {
          files: [
            `packages/${name}/**/*.test.ts`,
            `packages/${name}/**/*.test-d.ts`,
            `packages/${name}/**/__fixtures__/**`,
          ],
          rules: { 'no-restricted-imports': rule(above) },
        },
      ]
    })
  })
  .flat()

export default defineConfig(
  globalIgnores([
    '**/dist/**',
    '**/node_modules/**',
    '**/coverage/**',
    '**/.turbo/**',
    // Temporary files tsup and vite write beside their config while loading it: lint runs
    // alongside build and test, and must not trip over them.
    '**/*.bundled_*.mjs',
    '**/*.timestamp-*.mjs',
  ]),
  js.configs.recommended,
  tseslint.configs.strictTypeChecked,
  tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      globals: globals.node,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // Harnesses run under strict content security policies: no code from strings, ever.
      'no-eval': 'error',
      'no-new-func': 'error',
      'no-implied-eval': 'off',
      '@typescript-eslint/no-implied-eval': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/consistent-type-exports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unnecessary-condition': [
        'error',
        { allowConstantLoopConditions: true },
      ],
    },
  },
  // Import cycles (type-only ones included) are refused by dependency-cruiser
  // (.dependency-cruiser.cjs, `pnpm lint:deps`), which sees across files as a lint rule cannot.
  ...layerRules,
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    // The demo's web page script runs in a browser.
    files: ['examples/agent-loop/src/web/static/**/*.js'],
    languageOptions: { globals: globals.browser, sourceType: 'script' },
  },
  {
    files: ['**/*.test.ts', '**/*.test-d.ts', '**/__fixtures__/**'],
    rules: {
      // Tests build hostile values on purpose and assert on shapes they just created.
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-empty-function': 'off',
      '@typescript-eslint/no-extraneous-class': 'off',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
)
