import { spawn, spawnSync } from 'node:child_process'
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { appendRules } from './persist-rules.js'

const folders: string[] = []
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})
function scratch(): string {
  const folder = mkdtempSync(join(tmpdir(), 'toolpipe-persist-'))
  folders.push(folder)
  return folder
}

describe('appendRules', () => {
  it('creates the file and its folder, with two-space indentation', async () => {
    const path = join(scratch(), '.toolpipe', 'settings.local.json')
    expect(await appendRules(path, 'allow', ['Bash(npm test *)'])).toEqual(['Bash(npm test *)'])
    expect(readFileSync(path, 'utf8')).toBe(
      '{\n  "permissions": {\n    "allow": [\n      "Bash(npm test *)"\n    ]\n  }\n}\n',
    )
  })

  it.each(['', '\n', '  \n\n'])(
    'writes into a file that is there but empty (%j), as into a new one (SPEC §18.3)',
    async (text) => {
      const path = join(scratch(), 'settings.local.json')
      writeFileSync(path, text)
      expect(await appendRules(path, 'allow', ['Bash(npm test *)'])).toEqual(['Bash(npm test *)'])
      expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({
        permissions: { allow: ['Bash(npm test *)'] },
      })
    },
  )

  it('keeps every other key, comment and the file’s indentation; adds a rule once', async () => {
    const path = join(scratch(), 'settings.json')
    const before =
      '{\n    // mine\n    "model": "x",\n    "permissions": {\n        "deny": ["Bash(rm *)"],\n        "allow": ["Read"]\n    },\n    "hooks": { "PreToolUse": [] }\n}\n'
    writeFileSync(path, before)
    await appendRules(path, 'allow', ['Bash(git commit *)', 'Read'])
    await appendRules(path, 'allow', ['Bash(git commit *)'])
    const after = readFileSync(path, 'utf8')
    expect(after).toContain('    // mine\n    "model": "x",')
    expect(after).toContain('"deny": ["Bash(rm *)"]')
    expect(after).toContain('"hooks": { "PreToolUse": [] }')
    expect(after.match(/Bash\(git commit \*\)/g)).toHaveLength(1)
    expect(after).toContain(
      '        "allow": [\n            "Read",\n            "Bash(git commit *)"\n        ]',
    )
  })

  it('keeps a tab-indented file tab-indented', async () => {
    const path = join(scratch(), 'settings.json')
    writeFileSync(path, '{\n\t"permissions": {}\n}\n')
    await appendRules(path, 'deny', ['Bash(rm *)'])
    expect(readFileSync(path, 'utf8')).toBe(
      '{\n\t"permissions": {\n\t\t"deny": [\n\t\t\t"Bash(rm *)"\n\t\t]\n\t}\n}\n',
    )
  })

  it('refuses a file that does not parse, or whose permissions are not an object, and leaves it whole', async () => {
    const folder = scratch()
    const broken = join(folder, 'broken.json')
    writeFileSync(broken, '{ "permissions": { "allow": [ }')
    await expect(appendRules(broken, 'allow', ['Read'])).rejects.toThrow(
      /does not parse \(line 1, column 31\)/,
    )
    expect(readFileSync(broken, 'utf8')).toBe('{ "permissions": { "allow": [ }')
    const odd = join(folder, 'odd.json')
    writeFileSync(odd, '{ "permissions": ["Read"] }')
    await expect(appendRules(odd, 'allow', ['Read'])).rejects.toThrow(
      '"permissions" is not an object',
    )
    expect(readFileSync(odd, 'utf8')).toBe('{ "permissions": ["Read"] }')
  })

  // SPEC §18.3: "no lost rule" — JSON.parse (the reader) keeps the last of a repeated key.
  it('writes into the last "permissions" and the last list in it, which readers keep', async () => {
    const path = join(scratch(), 'settings.local.json')
    const before =
      '{\n  "permissions": { "deny": ["Bash(a *)"] },\n  "model": "x",\n  "permissions": {\n    "deny": [],\n    "allow": ["Bash(ls *)"],\n    "deny": ["Bash(b *)"]\n  }\n}\n'
    writeFileSync(path, before)
    expect(await appendRules(path, 'deny', ['Bash(curl evil.sh)', 'Bash(b *)'])).toEqual([
      'Bash(curl evil.sh)',
    ])
    await appendRules(path, 'ask', ['Bash(npm publish *)'])
    const after = readFileSync(path, 'utf8')
    expect(JSON.parse(after)).toEqual({
      permissions: {
        deny: ['Bash(b *)', 'Bash(curl evil.sh)'],
        allow: ['Bash(ls *)'],
        ask: ['Bash(npm publish *)'],
      },
      model: 'x',
    })
    // The earlier blocks are left as they were.
    expect(after).toContain('"permissions": { "deny": ["Bash(a *)"] },\n  "model": "x",')
    expect(after).toContain('    "deny": [],\n    "allow": ["Bash(ls *)"],\n')
  })

  it('leaves the old file whole, and no temporary file behind, when it cannot write', async () => {
    const folder = join(scratch(), 'locked')
    mkdirSync(folder)
    const path = join(folder, 'settings.json')
    writeFileSync(path, '{ "a": 1 }\n')
    // Root ignores permission bits: make the folder immutable instead.
    const root = process.getuid?.() === 0
    if (root) expect(spawnSync('chattr', ['+i', folder]).status).toBe(0)
    else chmodSync(folder, 0o555)
    try {
      await expect(appendRules(path, 'allow', ['Read'])).rejects.toThrow()
      expect(readFileSync(path, 'utf8')).toBe('{ "a": 1 }\n')
    } finally {
      if (root) spawnSync('chattr', ['-i', folder])
      else chmodSync(folder, 0o755)
    }
    expect(readdirSync(folder)).toEqual(['settings.json'])
  })

  it('loses no rule and tears no file when two processes write at once', async () => {
    const path = join(scratch(), 'settings.local.json')
    writeFileSync(path, '{\n  "permissions": { "allow": [] }\n}\n')
    const child = fileURLToPath(
      new URL('../../__fixtures__/append-rules-child.mjs', import.meta.url),
    )
    const run = (name: string) =>
      new Promise<number | null>((resolve, reject) => {
        const process_ = spawn(process.execPath, [child, path, name, '25'], { stdio: 'inherit' })
        process_.on('error', reject)
        process_.on('exit', resolve)
      })
    expect(await Promise.all([run('first'), run('second')])).toEqual([0, 0])
    const allow = (JSON.parse(readFileSync(path, 'utf8')) as { permissions: { allow: string[] } })
      .permissions.allow
    expect(allow).toHaveLength(50)
    for (let index = 0; index < 25; index++) {
      expect(allow).toContain(`Bash(first-${index} *)`)
      expect(allow).toContain(`Bash(second-${index} *)`)
    }
    expect(readdirSync(join(path, '..')).filter((name) => name !== 'settings.local.json')).toEqual(
      [],
    )
  })
})
