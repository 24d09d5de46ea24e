// @ts-check

// Read by the packages' property tests (through property-runs.shared.ts): in a mutation run
// they make a tenth of their cases, from a fixed seed. Stryker starts its test runners with this
// process's environment, so setting it here reaches every one of them.
process.env.TOOLPIPE_MUTATION_RUN = '1'

/**
 * The one Stryker setup every mutation-tested package shares (`pnpm test:mutation` runs them one
 * after another): mutate the package's sources, not its tests or fixtures, and judge each mutant
 * with the package's own vitest run. The break threshold is the score the project keeps: 90%.
 *
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export const sharedStrykerConfig = {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.config.ts', related: false },
  mutate: ['src/**/*.ts', '!src/**/*.test.ts', '!src/**/*.test-d.ts', '!src/**/__fixtures__/**'],
  ignorePatterns: ['dist', 'coverage', '.turbo', 'reports'],
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 95, low: 90, break: 90 },
  concurrency: 2,
  timeoutMS: 10_000,
  // In place: the packages' vitest configs import the shared one by a relative path that a
  // sandbox copy would break. Stryker restores every file when it ends, even on Ctrl+C.
  inPlace: true,
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
}
