import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { scratchFolder } from '../__fixtures__/git-repositories.js'
import { parseGitConfig } from './git-config-syntax.js'
import type { GitConfigEntry } from './git-config-syntax.js'

const parsed = (text: string) => parseGitConfig(Buffer.from(text, 'latin1'))

/**
 * Config texts and the entries git reads from them (git-config(1), "CONFIGURATION FILE" →
 * "Syntax"): each row cites the rule it shows; `null` is a file git refuses ("bad config line").
 */
const rows: readonly [text: string, entries: [string, string | null][] | null, rule: string][] = [
  ['[core]\n\thooksPath = .husky\n', [['core.hookspath', '.husky']], 'names are case-insensitive'],
  ['[Include]\nPATH=../a\n', [['include.path', '../a']], 'section names too'],
  [
    '[includeIf "gitdir:~/Work/"]\npath = w\n',
    [['includeif.gitdir:~/Work/.path', 'w']],
    'subsection kept',
  ],
  ['[a "b\\"c\\\\d\\e"]\nk=v\n', [['a.b"c\\de.k', 'v']], '\\x in a subsection is x'],
  ['[a.B]\nk=v\n', [['a.b.k', 'v']], 'the older [section.subsection], lower-cased'],
  ['[a] k = v\n', [['a.k', 'v']], 'a variable on the header line'],
  ['[a]\nk\n', [['a.k', null]], 'no "=": a boolean true, no value'],
  ['[a]\nk = "x ; y" # z\n', [['a.k', 'x ; y']], 'quotes keep comment characters'],
  ['[a]\nk =  x  \n', [['a.k', 'x']], 'blanks at both ends trimmed'],
  ['[a]\nk = "  x  "\n', [['a.k', '  x  ']], 'quoted blanks kept'],
  ['[a]\nk = x\\\n  y\n', [['a.k', 'x  y']], 'a \\ at the line end continues it, blanks kept'],
  ['[a]\nk = \\t\\n\\b\\\\\\"\n', [['a.k', '\t\n\b\\"']], 'the five escapes'],
  ['[a]\nk = x\\q\n', null, 'any other escape is refused'],
  ['[a]\nk = "x\n', null, 'an unclosed quote is refused'],
  ['[a]\r\nk = x\r\n', [['a.k', 'x']], 'CRLF is read as LF'],
  ['\xEF\xBB\xBF[a]\nk=x\n', [['a.k', 'x']], 'a UTF-8 byte order mark is skipped'],
  ['\xEF\xBB[a]\nk=x\n', null, 'a part of one is refused'],
  ['[a]\nk = x\x00y\n', [['a.k', 'x']], 'a value ends at a NUL, as a C string'],
  ['[a]\nk = \xC3\xA9\n', [['a.k', 'é']], 'values are UTF-8'],
  ['[a]\n1k = x\n', null, 'a name starts with a letter'],
  ['[a b]\n', null, 'a subsection is quoted'],
  ['[]\n', null, 'a section has a name'],
  ['# c\n; c\n[a] ; c\nk = x # c\n', [['a.k', 'x']], '# and ; comments'],
]

describe('parseGitConfig: git-config(1) syntax, as git reads it (SPEC §23)', () => {
  it.each(rows)('%j reads as %j (%s)', (text, entries) => {
    const read = parsed(text)
    if (entries === null) expect(read.badLine).toBeDefined()
    else expect(read.entries.map(({ key, value }) => [key, value])).toEqual(entries)
  })

  it('gives the older reading of unquoted blanks inside a value, and the line git refuses', () => {
    expect(parsed('[a]\nk = x\ty\n').entries).toEqual([
      { key: 'a.k', value: 'x\ty', olderValue: 'x y' },
    ])
    expect(parsed('[a]\nk = x\n[b]\nj = "y\n')).toEqual({
      entries: [{ key: 'a.k', value: 'x' }],
      badLine: 4,
    })
    expect(parsed('[a]\nk = \xFF\n').entries[0]).toMatchObject({ undecodable: true })
  })

  // The same texts, and stranger ones, read by the host's git itself.
  it('reads every row as the host git does (git config --list --null)', () => {
    const folder = scratchFolder()
    const file = join(folder, 'config')
    const version = /(\d+)\.(\d+)/u.exec(execFileSync('git', ['--version'], { encoding: 'utf8' }))
    const verbatim = Number(version?.[1]) * 1000 + Number(version?.[2]) >= 2046
    const texts = [
      ...rows.map(([text]) => text),
      '[a]\nk = x \t y\t\n',
      '[a]\nk = "x"y" "z\n',
      '[a "b c"]\n\tk = 1\n[A "B C"]\nk=2\n',
      '[a]\nk = x\\\n',
      'k = top\n',
      '[a]k=x\n[b "\\]"]k=y',
      '[a]\n\tk = x\r y\n',
    ]
    for (const text of texts) {
      writeFileSync(file, Buffer.from(text, 'latin1'))
      let listed: string | undefined
      try {
        listed = execFileSync('git', ['config', '--file', file, '--list', '--null'], {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
        })
      } catch {
        listed = undefined
      }
      const read = parsed(text)
      const mine = (entry: GitConfigEntry) =>
        verbatim ? entry.value : (entry.olderValue ?? entry.value)
      const expected = listed
        ?.split('\0')
        .slice(0, -1)
        .map((each) => {
          const end = each.indexOf('\n')
          return end === -1 ? [each, null] : [each.slice(0, end), each.slice(end + 1)]
        })
      if (expected === undefined) expect(read.badLine, JSON.stringify(text)).toBeDefined()
      else {
        expect(read.badLine, JSON.stringify(text)).toBeUndefined()
        expect(read.entries.map((entry) => [entry.key, mine(entry)])).toEqual(expected)
      }
    }
  })
})
