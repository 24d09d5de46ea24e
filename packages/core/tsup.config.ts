import { defineConfig } from 'tsup'
import { sharedTsupOptions } from '../../tsup.shared.js'

// Two entries: the public API, and `@toolpipe/core/internal`, the plumbing the other toolpipe
// packages share (not covered by semver).
export default defineConfig({
  ...sharedTsupOptions,
  entry: ['src/index.ts', 'src/internal/index.ts'],
})
