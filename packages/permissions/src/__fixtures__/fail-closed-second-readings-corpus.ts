import type { PermissionSettings } from '@toolpipe/settings-files'
import type { CorpusRow } from './bypass-corpus.js'
import { rows } from './bypass-corpus/corpus-rows.js'
import { both, everyday } from './fail-closed-corpus.js'

/**
 * SPEC §26's hidden commands found by a fourth audit of the judge against real bash 5.2, mawk
 * 1.3.4 and git: a `/` after `print` (and the other places awks read as a regex, or read
 * differently), `set` bundles with more than one `o`, and git run in a line that wrote or made
 * its repository. Each was allowed before its fix while bash ran `rm` or `id`; there is no
 * public report, so each row cites the manual or standard that says how the program reads it.
 * Every row but one (which would write /etc) runs in real bash too (`realBash`).
 */

const posixAwk = 'https://pubs.opengroup.org/onlinepubs/9799919799/utilities/awk.html'
const gawkRegexps = 'https://www.gnu.org/software/gawk/manual/gawk.html#Regexp-Usage'
const setBuiltin = 'https://www.gnu.org/software/bash/manual/bash.html#The-Set-Builtin'
const fsmonitor = 'https://git-scm.com/docs/git-config#Documentation/git-config.txt-corefsmonitor'
const gitInit = 'https://git-scm.com/docs/git-init'

/** The everyday programs allowed, and the builtins these lines use. */
const builtins: PermissionSettings = {
  ...everyday,
  allow: [...(everyday.allow ?? []), 'Bash(set *)', 'Bash(printf *)'],
}

const hidesRm = { realBash: { hides: 'rm' } }
const hidesId = { realBash: { hides: 'id' } }
const inBash = { realBash: {} }
const config = `printf '[core]\\n\\tfsmonitor = id\\n' >>`

export const failClosedSecondReadingsCorpus: readonly CorpusRow[] = [
  // After print, printf, $ (POSIX awk, "Lexical Conventions": where an operand may start) a `/`
  // starts a regex: its `"` opens no string, and the system() after it runs.
  ...both(
    everyday,
    posixAwk,
    [[`awk 'BEGIN { print /"/; system("rm -rf x") } # "'`, 'deny']],
    hidesRm,
  ),
  ...both(
    everyday,
    posixAwk,
    [
      [`awk 'BEGIN { print /"/; system("id") } # "'`, 'ask'],
      [`awk 'BEGIN { printf /"/; "id" | getline } # "'`, 'ask'],
      [`awk '{ print /"/ } END { print "x" | "id" } # "' notes.txt`, 'ask'],
      [`awk 'BEGIN { print $/"/; system("id") } # "'`, 'ask'],
    ],
    hidesId,
  ),
  // The same hides an output redirection to a file a deny rule names.
  ...both(everyday, posixAwk, [[`awk 'BEGIN { print /"/; print 1 > ".env" } # "'`, 'ask']], inBash),
  ...both(everyday, posixAwk, [[`awk 'BEGIN { print /"/; print 1 > "/etc/x" } # "'`, 'ask']]),
  // mawk reads a regex after `length`, and (1.3.4-20200120, Debian's awk) one character after a
  // `/` that follows `++`; gawk reads a regex after an `if (…)` condition: read both ways.
  ...both(
    everyday,
    gawkRegexps,
    [
      [`awk 'BEGIN { print length /"/; system("id") } # "'`, 'ask'],
      [`awk 'BEGIN { x++ /"/; system("id") } # "'`, 'ask'],
    ],
    hidesId,
  ),
  ...both(everyday, gawkRegexps, [[`awk 'BEGIN { if (1) /"/; system("id") } # "'`, 'ask']], inBash),
  ...rows(
    everyday,
    gawkRegexps,
    [
      [`awk '{ print length / 2, NR / 3, $1 / 4 }' notes.txt`, 'allow'],
      [`awk '/o/ { n++ } END { print n / 2 }' notes.txt`, 'allow'],
    ],
    inBash,
  ),
  // Each `o` of a `set` bundle takes the next word as an option's name: `keyword` (-k) makes
  // GIT_ALLOW_PROTOCOL=ext an assignment for git, which then runs the ext:: command.
  ...both(
    builtins,
    setBuiltin,
    [["set -oo errexit keyword; git ls-remote 'ext::id' GIT_ALLOW_PROTOCOL=ext", 'ask']],
    hidesId,
  ),
  ...both(builtins, setBuiltin, [['set -eoo pipefail keyword', 'ask']], inBash),
  ...rows(builtins, setBuiltin, [['set -oo errexit pipefail; echo ok', 'allow']], inBash),
  // git reads the configuration the line wrote into the repository it made: core.fsmonitor runs.
  ...both(
    builtins,
    fsmonitor,
    [
      [`git init -q src/r; ${config} src/r/.git/config; git -C src/r status`, 'ask'],
      [`git init -q src/r; ${config} src/r/.git/config; cd src/r && git status`, 'ask'],
    ],
    hidesId,
  ),
  ...both(builtins, fsmonitor, [[`${config} src/b/config; git -C src/b log`, 'ask']], inBash),
  // Any other git after one that makes a repository: the line's cp, tee or sed -i may have
  // written its files, which no edit rule sees.
  ...both(builtins, gitInit, [['git init -q src/r && git -C src/r log', 'ask']], inBash),
  ...rows(
    builtins,
    gitInit,
    [
      ['git init -q src/r', 'allow'],
      ['git status --short; git log -1 > src/log.txt', 'allow'],
    ],
    inBash,
  ),
]
