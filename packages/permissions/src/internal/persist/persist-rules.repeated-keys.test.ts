import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { appendRules } from './persist-rules.js'

const folders: string[] = []
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})
function settingsFile(text: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'toolpipe-persist-repeated-'))
  folders.push(folder)
  const path = join(folder, 'settings.local.json')
  writeFileSync(path, text)
  return path
}

/** The keys of `text`'s objects as written, in order (strings followed by `:`). */
function keysOf(text: string): string[] {
  return [...text.matchAll(/("(?:[^"\\]|\\.)*")\s*:/g)].map((match) => match[1] ?? '')
}

const rule = 'Bash(curl evil.sh)'

// SPEC §18.3: the write "keeps every other key" (no lost rule), and the answer goes where the
// reader (JSON.parse: the last of a repeated key) looks.
describe('appendRules on a file that repeats a key (SPEC §18.3: keeps every other key)', () => {
  it.each([
    // One-line files: `modify` reformats the whole object, the earlier keys with it.
    ['{"permissions": {"deny": []}, "permissions": {"deny": ["Bash(ls *)"]}}', ['Bash(ls *)']],
    ['{"permissions": {"deny": ["a"], "deny": ["b"]}}', ['b']],
    ['{"permissions": {"deny": []}, "permi\\u0073sions": {"deny": ["b"]}}', ['b']],
    ['{"permissions": {"d\\u0065ny": ["a"], "deny": ["b"]}}', ['b']],
    ['{"permissions": {"deny": ["a"], "d\\u0065ny": ["b"]}}', ['b']],
    ['{"permissions": {"deny": ["x"]}, "permissions": {}}', []],
    ['{"permissions": {"deny": "x"}, "permissions": {"allow": []}}', []],
    [
      '{"p": {"permissions": 1}, "permissions": {"deny": []}, "permissions": {"deny": ["z"]}}',
      ['z'],
    ],
    ['{"permissions": {"deny": ["Bash(curl evil.sh)"]}, "permissions": {"deny": []}}', []],
    // Multi-line files.
    [
      '{\n  "permissions": {\n    "deny": ["Bash(rm *)"]\n  },\n  "permissions": {\n    "allow": ["Bash(ls *)"]\n  }\n}\n',
      [],
    ],
    ['{\n  "permissions": {\n    "deny": ["Bash(rm *)"],\n    "deny": []\n  }\n}\n', []],
  ])(
    'keeps every key of %j as written and adds the rule to the last list',
    async (before, kept) => {
      const path = settingsFile(before)
      expect(await appendRules(path, 'deny', [rule])).toEqual([rule])
      const after = readFileSync(path, 'utf8')
      // Every key as written, in order; a list the last block lacked comes last.
      const keys = keysOf(before)
      expect(keysOf(after)).toEqual(keysOf(after).length > keys.length ? [...keys, '"deny"'] : keys)
      expect((JSON.parse(after) as { permissions: { deny: string[] } }).permissions.deny).toEqual([
        ...kept,
        rule,
      ])
      expect(after).not.toMatch(/"x{4,}"/)
    },
  )

  it('keeps a repeated list and a repeated "permissions" in a one-line file, across two writes', async () => {
    const before =
      '{"permissions": {"allow": ["Bash(git status)"], "allow": []}, "model": "m", "permissions": {"allow": ["Bash(ls *)"], "ask": [], "allow": ["Bash(pwd)"]}}'
    const path = settingsFile(before)
    await appendRules(path, 'allow', ['Bash(npm test *)'])
    await appendRules(path, 'ask', ['Bash(npm publish *)'])
    const after = readFileSync(path, 'utf8')
    expect(keysOf(after)).toEqual(keysOf(before))
    expect(JSON.parse(after)).toEqual({
      permissions: { allow: ['Bash(pwd)', 'Bash(npm test *)'], ask: ['Bash(npm publish *)'] },
      model: 'm',
    })
    // The earlier blocks' rules are all still written in the file.
    for (const earlier of ['Bash(git status)', 'Bash(ls *)']) expect(after).toContain(earlier)
  })

  it('masks a key with a string the file and the rule do not hold (SPEC §18.3: no lost rule)', async () => {
    // The first masks a 3-character key could take are in the file already, the next is the rule.
    const taken = ['aaa', 'baa', 'caa'].map((text) => `"${text}": 1`).join(', ')
    const before = `{${taken}, "permissions": {"ask": ["x"], "ask": []}}`
    const path = settingsFile(before)
    expect(await appendRules(path, 'ask', ['daa'])).toEqual(['daa'])
    const after = readFileSync(path, 'utf8')
    expect(keysOf(after)).toEqual(keysOf(before))
    expect(JSON.parse(after)).toMatchObject({
      aaa: 1,
      baa: 1,
      caa: 1,
      permissions: { ask: ['daa'] },
    })
  })
})
