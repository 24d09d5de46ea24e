import { defineConfig } from 'tsup'
import { sharedTsupOptions } from '../../tsup.shared.js'

// Two entries: the public API, and `@toolpipe/structured-output/internal`, the validation engine
// that `@toolpipe/schema` runs (not covered by semver).
export default defineConfig({
  ...sharedTsupOptions,
  entry: ['src/index.ts', 'src/internal/index.ts'],
})
