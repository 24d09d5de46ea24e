import { describe, expect, it } from 'vitest'
import { words } from '../../__fixtures__/shell-words.js'
import { programStrings } from './program-strings.js'

const rgManual = 'https://man.archlinux.org/man/rg.1.en'
const sortManual = 'https://www.gnu.org/software/coreutils/manual/html_node/sort-invocation.html'
const zipManual = 'https://manpages.debian.org/bookworm/zip/zip.1.en.html'
const manManual = 'https://manpages.debian.org/bookworm/man-db/man.1.en.html'

/**
 * The options of programs otherwise inert that run a command (security-tables.ts,
 * `inertProgramCommandOptions`), each from its program's manual, and options of the same
 * programs that run none. `runs` is the program an option names (read by deny rules), `''` when
 * it runs one it does not name, undefined when it runs nothing.
 */
const rows: readonly (readonly [
  line: readonly string[],
  runs: string | undefined,
  manual: string,
])[] = [
  [['rg', '--pre', 'pdftotext', 'x'], 'pdftotext', rgManual],
  [['rg', '--pre=./pre.sh', 'x'], './pre.sh', rgManual],
  // ripgrep 14 runs it as every search starts, for the host its hyperlinks name.
  [['rg', '--hostname-bin', './host.sh', 'x'], './host.sh', rgManual],
  [['rg', '--hostname-bin=sh', 'x'], 'sh', rgManual],
  // Only a glob; and fixed decompressors (`gzip -d -c`, …) found on PATH, files as data.
  [['rg', '--pre-glob', '*.pdf', 'x'], undefined, rgManual],
  [['rg', '-z', 'x'], undefined, rgManual],
  [['rg', '--search-zip', 'x'], undefined, rgManual],
  [['rg', '--hyperlink-format', 'vscode', 'x'], undefined, rgManual],
  [['sort', '--compress-program=gzip', 'f'], 'gzip', sortManual],
  [['sort', '--compress=gzip', 'f'], 'gzip', sortManual],
  [['sort', '-T', '/tmp', '-S', '1M', 'f'], undefined, sortManual],
  [['zip', 'z.zip', 'f', '-T', '-TT', 'unzip -tq'], 'unzip -tq', zipManual],
  [['zip', 'z.zip', 'f', '-T', '--unzip-command', 'unzip -tq'], 'unzip -tq', zipManual],
  [['zip', '-r', 'z.zip', 'src'], undefined, zipManual],
  [['man', '-P', 'less -R', 'ls'], 'less -R', manManual],
  [['man', '--pager=less', 'ls'], 'less', manManual],
  [['man', '-Hfirefox', 'ls'], '', manManual],
  [['man', '--html=firefox', 'ls'], 'firefox', manManual],
  [['man', '-C', 'man.conf', 'ls'], 'man.conf', manManual],
  [['man', '-k', 'printf'], undefined, manManual],
]

// SPEC §26: "An allow rule for such a program allows only invocations whose program text is
// literal and free of those constructs".
describe('options of otherwise inert programs that run a command (SPEC §26)', () => {
  it.each(rows)('%j runs %j (%s)', (line, runs) => {
    const found = programStrings(line[0] ?? '', words(...line))
    if (runs === undefined) {
      expect(found).toEqual({ hidingConstructs: [], nested: [] })
      return
    }
    expect(found.hidingConstructs).toHaveLength(1)
    expect(found.nested).toEqual(runs === '' ? [] : [runs])
  })

  // bash(1), "Job Control Builtins": `jobs -x command [arguments]`.
  it('finds `jobs -x`, which runs its words as a command (deny rules read it as a wrapper)', () => {
    expect(programStrings('jobs', words('jobs', '-x', 'id')).hidingConstructs).toEqual([
      'jobs -x, which runs its words as a command',
    ])
    expect(programStrings('jobs', words('jobs', '-l', '%1'))).toEqual({
      hidingConstructs: [],
      nested: [],
    })
  })
})
