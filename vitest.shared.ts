import { defineConfig } from 'vitest/config'

/** The one vitest setup every package shares: unit tests beside the code, type tests by tsc. */
export const sharedVitestConfig = defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    typecheck: {
      enabled: true,
      include: ['src/**/*.test-d.ts'],
      tsconfig: './tsconfig.json',
    },
    pool: 'threads',
    // CI machines have 2 cores and turbo runs packages side by side: a property test that takes
    // 2 s alone can take 20 s there, and a differential file of 5 tests took 54 s beside a
    // Stryker run. Timeouts catch hangs, not slowness (benchmarks measure speed): one default,
    // generous for every test, rather than tighter ones that a busy machine trips.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
})
