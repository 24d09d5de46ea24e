import { readFileSync } from 'node:fs'
import { defineConfig } from 'tsup'
import { sharedTsupOptions } from '../../tsup.shared.js'

/** The package's version, read when it is built: the tracer and the meter carry it (SPEC §22). */
const { version } = JSON.parse(readFileSync(new URL('package.json', import.meta.url), 'utf8')) as {
  version: string
}

export default defineConfig({
  ...sharedTsupOptions,
  define: { __TOOLPIPE_OTEL_VERSION__: JSON.stringify(version) },
})
