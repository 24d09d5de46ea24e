import { defineConfig, mergeConfig } from 'vitest/config'
import { sharedVitestConfig } from '../../vitest.shared.js'

// The sandbox runtime's manager is one per process, and its tests start real sandboxes: each
// file runs in a process of its own, one file at a time.
export default mergeConfig(
  sharedVitestConfig,
  defineConfig({ test: { pool: 'forks', fileParallelism: false } }),
)
