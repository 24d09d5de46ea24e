import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { packageJson } from './__fixtures__/otel.js'

// SPEC §22: the tracer and the meter carry the package version, read when the package is built.
describe('the package version in the build', () => {
  it('is written into dist as a literal: nothing reads package.json at run time', () => {
    const built = readFileSync(new URL('../dist/index.js', import.meta.url), 'utf8')
    expect(built).toContain(`var packageVersion = ${JSON.stringify(packageJson.version)};`)
    expect(built).toContain('getTracer(scopeName, packageVersion)')
    expect(built).toContain('getMeter(scopeName, packageVersion)')
    expect(built).not.toContain('__TOOLPIPE_OTEL_VERSION__')
    expect(built).not.toContain('package.json')
  })
})
