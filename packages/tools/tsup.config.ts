import { defineConfig } from 'tsup'
import { sharedTsupOptions } from '../../tsup.shared.js'

// Two entries: the public API, and `@toolpipe/tools/internal`, what the framework adapters share
// about reading a registry or a scope (not covered by semver).
export default defineConfig({
  ...sharedTsupOptions,
  entry: ['src/index.ts', 'src/internal/index.ts'],
})
