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
  },
})
