import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { readSettingsFile } from '@toolpipe/settings-files'
import { afterEach, describe, expect, it } from 'vitest'
import { appendRules } from './persist-rules.js'

const folders: string[] = []
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

describe('appendRules into a file saved with a byte order mark (SPEC §18.3)', () => {
  it('adds the rule, keeps the mark and the rest of the file, and the file still reads', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'toolpipe-persist-bom-'))
    folders.push(folder)
    const path = join(folder, 'settings.local.json')
    writeFileSync(path, '\uFEFF{\n    "model": "x",\n    "permissions": { "allow": ["Read"] }\n}\n')
    expect(await appendRules(path, 'allow', ['Bash(git commit *)'])).toEqual(['Bash(git commit *)'])
    const after = readFileSync(path, 'utf8')
    expect(after.startsWith('\uFEFF{\n    "model": "x",')).toBe(true)
    expect(readSettingsFile(path, 'json')).toMatchObject({
      kind: 'ok',
      value: { model: 'x', permissions: { allow: ['Read', 'Bash(git commit *)'] } },
    })
  })
})
