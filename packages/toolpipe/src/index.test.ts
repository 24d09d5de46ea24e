import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import * as umbrella from './index.js'

/** The six packages the umbrella re-exports; `@toolpipe/acp` is deliberately not one of them. */
const packages = [
  '@toolpipe/core',
  '@toolpipe/schema',
  '@toolpipe/structured-output',
  '@toolpipe/presentation',
  '@toolpipe/tools',
  '@toolpipe/timeout-policy',
] as const

const require = createRequire(import.meta.url)

/** Every name each module exports, values and types alike, as the TypeScript checker sees them. */
function exportedNames(files: readonly string[]): Map<string, string[]> {
  const program = ts.createProgram(files, {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2023,
    noEmit: true,
    skipLibCheck: true,
  })
  const checker = program.getTypeChecker()
  return new Map(
    files.map((file) => {
      const source = program.getSourceFile(file)
      const moduleSymbol = source && checker.getSymbolAtLocation(source)
      if (moduleSymbol === undefined) throw new Error(`cannot read the exports of ${file}`)
      return [file, checker.getExportsOfModule(moduleSymbol).map((symbol) => symbol.name)]
    }),
  )
}

function declarationFile(packageName: string): string {
  return require.resolve(packageName).replace(/\.js$/, '.d.ts')
}

describe('toolpipe', () => {
  it('exports exactly the public API of the six packages, types included', () => {
    const umbrellaFile = fileURLToPath(new URL('./index.ts', import.meta.url))
    const packageFiles = packages.map(declarationFile)
    const names = exportedNames([umbrellaFile, ...packageFiles])
    const expected = packageFiles.flatMap((file) => names.get(file) ?? [])
    const actual = names.get(umbrellaFile) ?? []
    expect(new Set(expected).size).toBe(expected.length)
    expect([...actual].sort()).toEqual([...expected].sort())
    expect(expected.length).toBeGreaterThan(100)
  })

  it('re-exports the very same runtime values, and defines none of its own', async () => {
    const expected = new Map<string, unknown>()
    for (const name of packages) {
      const module = (await import(name)) as Record<string, unknown>
      for (const [key, value] of Object.entries(module)) expected.set(key, value)
    }
    const actual = Object.entries(umbrella)
    expect(actual.map(([key]) => key).sort()).toEqual([...expected.keys()].sort())
    for (const [key, value] of actual) expect(value, key).toBe(expected.get(key))
  })

  it('does not depend on @toolpipe/acp, which is installed on its own with its peer', async () => {
    const manifest = (await import('../package.json', { with: { type: 'json' } })).default as {
      dependencies?: Record<string, string>
      peerDependencies?: Record<string, string>
    }
    expect(Object.keys(manifest.dependencies ?? {}).sort()).toEqual([...packages].sort())
    expect(manifest.peerDependencies).toBeUndefined()
    expect(Object.keys(umbrella)).not.toContain('toAcpToolCall')
  })
})
