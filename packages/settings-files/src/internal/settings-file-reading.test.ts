import { unlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ScratchFolders } from '../__fixtures__/scratch-folders.js'
import { SettingsFileReading } from './settings-file-reading.js'

const folders = new ScratchFolders('toolpipe-reading-')
afterEach(() => {
  folders.removeAll()
})

/** A reading of a fresh `settings.json`, and what it told. */
function reading(withOnInvalid = false) {
  const path = join(folders.folder(), 'settings.json')
  const told: unknown[] = []
  const problems: string[] = []
  const warnings: string[] = []
  const state = new SettingsFileReading({
    path,
    format: 'json',
    label: 'settings.json',
    logger: { warn: (message: string) => warnings.push(message) },
    onChange: (value) => told.push(value),
    onInvalid: withOnInvalid ? (problem) => problems.push(problem) : undefined,
    consequence: 'it stays',
  })
  const write = (text: string) => {
    writeFileSync(path, text)
    state.refresh()
  }
  return { state, path, told, problems, warnings, write }
}

describe('SettingsFileReading', () => {
  it('tells the first read, then only a changed text', () => {
    const { told, write } = reading()
    write('{ "a": 1 }')
    write('{ "a": 1 }')
    write('{"a":1}')
    expect(told).toEqual([{ a: 1 }, { a: 1 }])
  })

  it('tells a file that went away as undefined, once', () => {
    const { state, path, told, write } = reading()
    write('{}')
    unlinkSync(path)
    state.refresh()
    state.refresh()
    expect(told).toEqual([{}, undefined])
  })

  it('without onInvalid: a broken first read is an empty source; later ones keep what was in force', () => {
    const { told, warnings, write } = reading()
    write('{')
    write('{ "a": 2 }')
    write('{ "a": ')
    write('{ "a": ')
    expect(told).toEqual([undefined, { a: 2 }])
    expect(warnings).toEqual([
      'toolpipe: settings file settings.json: line 1, column 2: CloseBraceExpected; it stays',
      'toolpipe: settings file settings.json: line 1, column 8: ValueExpected; it stays',
    ])
  })

  it('with onInvalid: each distinct problem is told there, and the good text again after it', () => {
    const { told, problems, write } = reading(true)
    write('{ "a": 1 }')
    write('{ "a": ')
    write('{ "a": ')
    write('{ "a": 1 }')
    expect(problems).toEqual(['settings.json: line 1, column 8: ValueExpected'])
    expect(told).toEqual([{ a: 1 }, { a: 1 }])
  })

  it('a logger that throws stops nothing', () => {
    const path = folders.file('settings.json', '{')
    const told: unknown[] = []
    new SettingsFileReading({
      path,
      format: 'json',
      label: path,
      logger: {
        warn: () => {
          throw new Error('logger down')
        },
      },
      onChange: (value) => told.push(value),
      onInvalid: undefined,
      consequence: 'it stays',
    }).refresh()
    expect(told).toEqual([undefined])
  })
})
