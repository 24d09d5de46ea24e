import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ScratchFolders } from './__fixtures__/scratch-folders.js'
import { watchSettingsFile } from './watch-settings-file.js'
import type { SettingsFileWatch } from './watch-settings-file.js'

const folders = new ScratchFolders('toolpipe-watch-')
const watches: SettingsFileWatch[] = []
afterEach(() => {
  for (const watch of watches.splice(0)) watch.close()
  folders.removeAll()
})

function scratch(): string {
  return folders.folder()
}

function start(path: string, format: 'json' | 'toml' = 'json') {
  const values: unknown[] = []
  const warnings: string[] = []
  const watch = watchSettingsFile({
    path,
    format,
    settleMs: 5,
    logger: { warn: (message: string) => warnings.push(message) },
    onChange: (value) => values.push(value),
  })
  watches.push(watch)
  return { values, warnings, watch }
}

describe('watchSettingsFile', () => {
  it('reads the file before returning, and a missing file is an empty source', () => {
    const folder = scratch()
    writeFileSync(join(folder, 'a.json'), '{ "permissions": { "allow": ["Read"] } }')
    expect(start(join(folder, 'a.json')).values).toEqual([{ permissions: { allow: ['Read'] } }])
    expect(start(join(folder, 'missing.json')).values).toEqual([undefined])
  })

  it('re-reads a changed file, including one written by rename', async () => {
    const folder = scratch()
    const path = join(folder, 'settings.json')
    writeFileSync(path, '{}')
    const { values } = start(path)
    writeFileSync(path, '{ "a": 1 }')
    await vi.waitFor(() => {
      expect(values.at(-1)).toEqual({ a: 1 })
    })
    writeFileSync(join(folder, 'tmp'), '{ "a": 2 }')
    renameSync(join(folder, 'tmp'), path)
    await vi.waitFor(() => {
      expect(values.at(-1)).toEqual({ a: 2 })
    })
    rmSync(path)
    await vi.waitFor(() => {
      expect(values.at(-1)).toBeUndefined()
    })
  })

  it('keeps the previous content of a file that breaks, with one warning naming line and column', async () => {
    const folder = scratch()
    const path = join(folder, 'settings.json')
    writeFileSync(path, '{ "a": 1 }')
    const { values, warnings, watch } = start(path)
    writeFileSync(path, '{\n  "a": 1,\n  "b": }\n')
    watch.refresh()
    watch.refresh()
    expect(values).toEqual([{ a: 1 }])
    expect(warnings).toEqual([
      `toolpipe: settings file ${path}: line 3, column 8: ValueExpected; its previous content stays in force`,
    ])
    writeFileSync(path, '{ "a": 3 }')
    watch.refresh()
    expect(values).toEqual([{ a: 1 }, { a: 3 }])
  })

  it('with onInvalid, tells each problem and then the good content, even the same text as before', () => {
    const folder = scratch()
    const path = join(folder, 'managed.json')
    writeFileSync(path, '{ "a": 1 }')
    const values: unknown[] = []
    const problems: string[] = []
    const warnings: string[] = []
    const watch = watchSettingsFile({
      path,
      format: 'json',
      label: 'managed.json',
      logger: { warn: (message: string) => warnings.push(message) },
      onChange: (value) => values.push(value),
      onInvalid: (problem) => problems.push(problem),
      invalidConsequence: 'every call is denied',
    })
    watches.push(watch)
    writeFileSync(path, '{ "a": }')
    watch.refresh()
    watch.refresh()
    expect(problems).toEqual(['managed.json: line 1, column 8: ValueExpected'])
    expect(warnings).toEqual([
      'toolpipe: settings file managed.json: line 1, column 8: ValueExpected; every call is denied',
    ])
    writeFileSync(path, '{ "a": 1 }')
    watch.refresh()
    expect(values).toEqual([{ a: 1 }, { a: 1 }])
  })

  it('with onInvalid, a file broken at the first read is not an empty source', () => {
    const folder = scratch()
    const path = join(folder, 'managed.json')
    writeFileSync(path, '{')
    const values: unknown[] = []
    const problems: string[] = []
    watches.push(
      watchSettingsFile({
        path,
        format: 'json',
        logger: { warn: () => undefined },
        onChange: (value) => values.push(value),
        onInvalid: (problem) => problems.push(problem),
      }),
    )
    expect(values).toEqual([])
    expect(problems).toEqual([`${path}: line 1, column 2: CloseBraceExpected`])
  })

  it('reports a broken TOML file with its line and column', () => {
    const folder = scratch()
    const path = join(folder, 'policy.toml')
    writeFileSync(path, '[[rule]]\ntoolName = "x"\ndecision = \n')
    const { values, warnings } = start(path, 'toml')
    expect(values).toEqual([undefined])
    expect(warnings[0]).toContain(`${path}: line 3, column 12: invalid value`)
  })

  it('follows a folder created after the watch started', async () => {
    const folder = scratch()
    const path = join(folder, '.toolpipe', 'deep', 'settings.json')
    const { values } = start(path)
    mkdirSync(join(folder, '.toolpipe', 'deep'), { recursive: true })
    await new Promise((resolve) => setTimeout(resolve, 50))
    writeFileSync(path, '{ "b": true }')
    await vi.waitFor(() => {
      expect(values.at(-1)).toEqual({ b: true })
    })
  })

  it('keeps a __proto__ key as an own key, never a prototype', () => {
    const folder = scratch()
    const path = join(folder, 'settings.json')
    writeFileSync(path, '{ "__proto__": { "polluted": true } }')
    const [value] = start(path).values as [Record<string, unknown>]
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype)
    expect(Object.hasOwn(value, '__proto__')).toBe(true)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})
