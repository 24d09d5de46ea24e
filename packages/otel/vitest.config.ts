import { readFileSync } from 'node:fs'
import { defineConfig, mergeConfig } from 'vitest/config'
import { sharedVitestConfig } from '../../vitest.shared.js'

const { version } = JSON.parse(readFileSync(new URL('package.json', import.meta.url), 'utf8')) as {
  version: string
}

// The tests run the sources: they get the version as the build does (tsup.config.ts).
export default mergeConfig(
  sharedVitestConfig,
  defineConfig({ define: { __TOOLPIPE_OTEL_VERSION__: JSON.stringify(version) } }),
)
