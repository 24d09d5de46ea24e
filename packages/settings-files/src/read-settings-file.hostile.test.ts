import { spawn, spawnSync } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import {
  maxSettingsNestingDepth,
  parseJsonSettings,
  readSettingsFile,
} from './read-settings-file.js'

// SPEC §18.3: "a file that does not parse leaves the previous rules of that source in force and
// logs one warning with line and column"; a settings file is untrusted input (a repository can
// commit it): whatever it is, reading it answers, fast, and never throws.

const folder = mkdtempSync(join(tmpdir(), 'toolpipe-read-hostile-'))
const children: ChildProcess[] = []
afterEach(() => {
  for (const child of children.splice(0)) {
    if (child.pid !== undefined && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGKILL')
      } catch {
        // Gone already.
      }
    }
  }
})
afterAll(() => {
  rmSync(folder, { recursive: true, force: true })
})

function file(name: string, text: string): string {
  const path = join(folder, name)
  writeFileSync(path, text)
  return path
}

const unix = process.platform !== 'win32'

describe('readSettingsFile refuses what is not a regular file (SPEC §18.3)', () => {
  it.runIf(unix)('refuses a link to a device at once, without reading it', () => {
    // /dev/null first: without the check it reads as an empty file, so this fails fast rather
    // than reading /dev/zero until memory runs out.
    for (const device of ['/dev/null', '/dev/zero']) {
      const path = join(folder, `device-${device.slice(5)}.json`)
      symlinkSync(device, path)
      const started = Date.now()
      expect(readSettingsFile(path, 'json')).toEqual({
        kind: 'invalid',
        message: 'not a regular file (a character device)',
      })
      expect(Date.now() - started).toBeLessThan(1_000)
    }
  })

  it.runIf(unix && existsSync('/usr/bin/mkfifo'))(
    'refuses a FIFO without waiting for a writer',
    () => {
      const path = join(folder, 'fifo.json')
      expect(spawnSync('mkfifo', [path]).status).toBe(0)
      // A writer that comes after a second: a read that waits for one gets its text, late.
      const writer = spawn('sh', ['-c', 'sleep 1 && printf "{}" > "$1"', 'sh', path], {
        detached: true,
        stdio: 'ignore',
      })
      children.push(writer)
      const started = Date.now()
      for (const format of ['json', 'toml'] as const) {
        expect(readSettingsFile(path, format)).toEqual({
          kind: 'invalid',
          message: 'not a regular file (a FIFO)',
        })
      }
      expect(Date.now() - started).toBeLessThan(500)
    },
  )
})

describe('readSettingsFile and parseJsonSettings skip a byte order mark (SPEC §18.3)', () => {
  it('parses a JSON file saved with a UTF-8 BOM, keeping the text as it was', () => {
    const text = '\uFEFF{ "permissions": { "deny": ["Bash(rm *)"] } }\n'
    expect(readSettingsFile(file('bom.json', text), 'json')).toEqual({
      kind: 'ok',
      value: { permissions: { deny: ['Bash(rm *)'] } },
      text,
    })
    expect(parseJsonSettings('\uFEFF')).toEqual({ kind: 'ok', value: {}, text: '\uFEFF' })
  })

  it('counts lines and columns after the mark, as an editor shows them', () => {
    expect(parseJsonSettings('\uFEFF{\n  "a": [1,]\n}')).toEqual({
      kind: 'invalid',
      message: 'ValueExpected',
      line: 2,
      column: 11,
    })
    expect(parseJsonSettings('\uFEFF,')).toMatchObject({ line: 1, column: 1 })
  })

  it('skips one mark only: a second is text that does not parse', () => {
    expect(parseJsonSettings('\uFEFF\uFEFF{}')).toEqual({
      kind: 'invalid',
      message: 'InvalidSymbol',
      line: 1,
      column: 1,
    })
  })

  it('parses a TOML policy file saved with a BOM', () => {
    const text = '\uFEFF[[rule]]\ntoolName = "run_shell_command"\ndecision = "deny"\n'
    expect(readSettingsFile(file('bom.toml', text), 'toml')).toEqual({
      kind: 'ok',
      value: { rule: [{ toolName: 'run_shell_command', decision: 'deny' }] },
      text,
    })
    expect(readSettingsFile(file('broken-bom.toml', '\uFEFFa = \n'), 'toml')).toMatchObject({
      kind: 'invalid',
      line: 1,
      column: 5,
    })
  })
})

const tooDeep = `nested deeper than ${maxSettingsNestingDepth} levels`

describe(`nesting past ${maxSettingsNestingDepth} levels does not parse (SPEC §18.3)`, () => {
  it('reads 64 levels, and refuses the 65th where it opens, with line and column', () => {
    const nested = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)
    expect(maxSettingsNestingDepth).toBe(64)
    expect(parseJsonSettings(nested(64)).kind).toBe('ok')
    expect(parseJsonSettings(`// deep\n${nested(65)}`)).toEqual({
      kind: 'invalid',
      message: tooDeep,
      line: 2,
      column: 64 * 5 + 1,
    })
    expect(parseJsonSettings(`\uFEFF${'['.repeat(65)}`)).toMatchObject({ line: 1, column: 65 })
  })

  it('answers a 30 KB file nested 5,000 levels, and one of 200,000 levels, without throwing', () => {
    const path = file('deep.json', '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000))
    expect(readSettingsFile(path, 'json')).toMatchObject({ kind: 'invalid', message: tooDeep })
    const arrays = '['.repeat(200_000) + ']'.repeat(200_000)
    expect(parseJsonSettings(arrays)).toMatchObject({ kind: 'invalid', message: tooDeep })
  })

  it('counts no bracket inside a string or a comment', () => {
    const text = `{ "a": "${'['.repeat(100)}" /* ${'{'.repeat(100)} */, "b": [[1]] }`
    expect(parseJsonSettings(text)).toMatchObject({ kind: 'ok', value: { b: [[1]] } })
  })

  it('refuses a TOML file nested too deep through dotted keys, table headers or inline values', () => {
    const keys = (count: number) => Array.from({ length: count }, (_, index) => `k${index}`)
    const dotted = `${keys(20_000).join('.')} = 1\n`
    const header = `[${keys(20_000).join('.')}]\nv = 1\n`
    for (const text of [dotted, header]) {
      expect(readSettingsFile(file('deep.toml', text), 'toml')).toEqual({
        kind: 'invalid',
        message: tooDeep,
      })
    }
    // The file's table is level 1, and each dotted key but the last opens one more.
    expect(readSettingsFile(file('ok.toml', `${keys(64).join('.')} = 1\n`), 'toml').kind).toBe('ok')
    expect(readSettingsFile(file('65.toml', `${keys(65).join('.')} = 1\n`), 'toml')).toEqual({
      kind: 'invalid',
      message: tooDeep,
    })
    const inline = `a = ${'['.repeat(500)}${']'.repeat(500)}\n`
    expect(readSettingsFile(file('inline.toml', inline), 'toml')).toMatchObject({
      kind: 'invalid',
      line: 1,
    })
  })
})
