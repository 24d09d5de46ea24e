import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import {
  describeInvalidSettings,
  lineAndColumn,
  maxSettingsFileBytes,
  parseJsonSettings,
  readSettingsFile,
} from './read-settings-file.js'

const folder = mkdtempSync(join(tmpdir(), 'toolpipe-read-settings-'))
afterAll(() => {
  rmSync(folder, { recursive: true, force: true })
})

function file(name: string, text: string | Buffer): string {
  const path = join(folder, name)
  writeFileSync(path, text)
  return path
}

describe('readSettingsFile', () => {
  it('parses JSON with comments, keeping the text it came from', () => {
    const text = '{\n  // shared\n  "permissions": { "allow": ["Read"] } /* end */\n}\n'
    expect(readSettingsFile(file('a.json', text), 'json')).toEqual({
      kind: 'ok',
      value: { permissions: { allow: ['Read'] } },
      text,
    })
  })

  it('reads a file with nothing in it (blanks, comments) as {} — §18.3: not a broken file', () => {
    for (const text of ['', '  \n', '\n// nothing yet\n', '/* */']) {
      expect(readSettingsFile(file('empty.json', text), 'json')).toEqual({
        kind: 'ok',
        value: {},
        text,
      })
    }
    expect(parseJsonSettings('// only\n{').kind).toBe('invalid')
  })

  it('answers missing for no file, and for a path through a file', () => {
    expect(readSettingsFile(join(folder, 'nothing.json'), 'json')).toEqual({ kind: 'missing' })
    const plain = file('plain.txt', 'x')
    expect(readSettingsFile(join(plain, 'settings.json'), 'json')).toEqual({ kind: 'missing' })
  })

  it('refuses what it cannot read and what is larger than any settings file', () => {
    const asFolder = join(folder, 'folder.json')
    mkdirSync(asFolder)
    expect(readSettingsFile(asFolder, 'json')).toEqual({
      kind: 'invalid',
      message: 'cannot be read: EISDIR',
    })
    const huge = file('huge.json', Buffer.alloc(maxSettingsFileBytes + 1, 0x20))
    expect(readSettingsFile(huge, 'json')).toEqual({
      kind: 'invalid',
      message: `larger than ${maxSettingsFileBytes} bytes`,
    })
  })

  it('parses TOML, and says where a broken TOML file breaks', () => {
    const policy = '[[rule]]\ntoolName = "run_shell_command"\ndecision = "deny"\n'
    expect(readSettingsFile(file('policy.toml', policy), 'toml')).toEqual({
      kind: 'ok',
      value: { rule: [{ toolName: 'run_shell_command', decision: 'deny' }] },
      text: policy,
    })
    const broken = readSettingsFile(file('broken.toml', 'a = \n'), 'toml')
    expect(broken).toMatchObject({ kind: 'invalid', line: 1, column: 5 })
  })
})

describe('parseJsonSettings', () => {
  it('says where the first error is, 1-based', () => {
    expect(parseJsonSettings('{\n  "a": [1,]\n}')).toEqual({
      kind: 'invalid',
      message: 'ValueExpected',
      line: 2,
      column: 11,
    })
  })

  it('keeps a __proto__ key as an own key, never a prototype', () => {
    const content = parseJsonSettings('{ "__proto__": { "polluted": true } }')
    const value = (content.kind === 'ok' ? content.value : {}) as Record<string, unknown>
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype)
    expect(Object.hasOwn(value, '__proto__')).toBe(true)
  })
})

describe('lineAndColumn and describeInvalidSettings', () => {
  it('count lines from 1, and columns from the line start', () => {
    expect(lineAndColumn('ab\ncd\nef', 0)).toEqual({ line: 1, column: 1 })
    expect(lineAndColumn('ab\ncd\nef', 4)).toEqual({ line: 2, column: 2 })
    expect(lineAndColumn('ab', 99)).toEqual({ line: 1, column: 3 })
  })

  it('name the file, then the position where there is one', () => {
    const at = { kind: 'invalid', message: 'ValueExpected' } as const
    expect(describeInvalidSettings('s.json', { ...at, line: 3, column: 8 })).toBe(
      's.json: line 3, column 8: ValueExpected',
    )
    expect(describeInvalidSettings('s.json', { ...at, line: 3 })).toBe(
      's.json: line 3: ValueExpected',
    )
    expect(describeInvalidSettings('s.json', at)).toBe('s.json: ValueExpected')
  })
})
