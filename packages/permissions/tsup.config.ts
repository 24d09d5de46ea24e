import { defineConfig } from 'tsup'
import { sharedTsupOptions } from '../../tsup.shared.js'

// Two entries: the public API, and `@toolpipe/permissions/internal`, what the benchmarks read
// (not covered by semver).
export default defineConfig({
  ...sharedTsupOptions,
  entry: ['src/index.ts', 'src/internal/index.ts'],
})
