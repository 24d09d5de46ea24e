import type { PermissionSettings } from '@toolpipe/settings-files'
import type { CorpusRow } from './bypass-corpus.js'
import { rows } from './bypass-corpus/corpus-rows.js'
import { both, everyday } from './fail-closed-corpus.js'

/**
 * SPEC §26's hidden commands found by another audit of the judge against real bash 5.2, mawk
 * 1.3.4 and git: a blank only some awk skips before an awk `/` (`\f`, `\v`, a backslash, blanks
 * and a newline), git beside a program that writes its repository's configuration (`sed -i`,
 * `tee`, `cp`, `sort -o`, git's own `--output`), and a write through a committed symlink into
 * `.git`, or beside git into its global configuration or a file a repository's configuration
 * includes. Each was allowed before its fix while bash ran `id`; there is no public report, so
 * each row cites the manual, standard or source that says how the program reads it. The
 * `repo/` lines run in real bash against a repository in the scratch project (`realBash`);
 * `onDisk` rows meet a project where `repo/docs/notes` is a link to `../.git/config`.
 */

const posixAwk = 'https://pubs.opengroup.org/onlinepubs/9799919799/utilities/awk.html'
const mawkBlanks = 'https://github.com/ThomasDickey/mawk-snapshots/blob/master/makescan.c'
const mawkLexer = 'https://github.com/ThomasDickey/mawk-snapshots/blob/master/scan.c'
const gawkLines = 'https://www.gnu.org/software/gawk/manual/gawk.html#Statements_002fLines'
const oneTrueAwk = 'https://github.com/onetrueawk/awk/blob/master/lex.c'
const fsmonitor = 'https://git-scm.com/docs/git-config#Documentation/git-config.txt-corefsmonitor'
const gitDiffOutput =
  'https://git-scm.com/docs/git-diff#Documentation/git-diff.txt---outputltfilegt'
const pathResolution = 'https://man7.org/linux/man-pages/man7/path_resolution.7.html'
const gitConfigFiles = 'https://git-scm.com/docs/git-config#FILES'
const gitConfigIncludes = 'https://git-scm.com/docs/git-config#_includes'

/** The everyday programs allowed, and the ones these lines write with. */
const writers: PermissionSettings = {
  ...everyday,
  allow: [
    ...(everyday.allow ?? []),
    ...['Bash(tee *)', 'Bash(cp *)', 'Bash(sort *)', 'Bash(grep *)'],
  ],
}
/** The same, with edits of the scratch repository's work tree allowed. */
const repoEdits: PermissionSettings = {
  ...writers,
  allow: [...(writers.allow ?? []), 'Edit(repo/**)'],
}

const hidesId = { realBash: { hides: 'id' } }
const inBash = { realBash: {} }
const config = `printf '[core]\\n\\tfsmonitor = id\\n'`
const program = (between: string) => `awk 'BEGIN { b = a ${between}/ 1; system("id"); c = 1/1 }'`

export const failClosedThirdReadingsCorpus: readonly CorpusRow[] = [
  // mawk skips \f and \v (its scan_code table), and blanks between a `\` and its newline: the
  // `/` after `a` divides, and the system() after it runs.
  ...both(
    everyday,
    mawkBlanks,
    [
      [program('\f'), 'ask'],
      [program('\v'), 'ask'],
    ],
    hidesId,
  ),
  ...both(everyday, mawkLexer, [[program('\\ \n'), 'ask']], hidesId),
  ...both(everyday, gawkLines, [[program('\\\r\n'), 'ask']], hidesId),
  // The one-true-awk (macOS's awk) reads a non-ASCII byte as a letter where the locale's isalpha
  // does: a name, and the `/` after it divides. Every awk refuses a control character there.
  ...both(everyday, oneTrueAwk, [[program('\u00aa'), 'ask']], inBash),
  ...both(everyday, posixAwk, [[program('\u0001'), 'ask']], inBash),
  ...rows(
    everyday,
    posixAwk,
    [
      [`awk '{ n += $2 / 2 }\f\nEND { print n / 2 }' notes.txt`, 'allow'],
      [`awk 'BEGIN { x = 4 / 2 }\r\n{ print $1, x / \\\n 2 }' notes.txt`, 'allow'],
    ],
    inBash,
  ),
  // git reads the configuration a program of the same line wrote: core.fsmonitor runs.
  ...both(
    writers,
    fsmonitor,
    [
      ["sed -i 's/bare = false/fsmonitor = id/' repo/.git/config && git -C repo status", 'ask'],
      [
        "cd repo/.git && sed -i 's/bare = false/fsmonitor = id/' config && cd .. && git status",
        'ask',
      ],
      [`${config} | tee -a repo/.git/config >/dev/null && git -C repo status`, 'ask'],
      [`${config} | cp /dev/stdin repo/.git/config && git -C repo status`, 'ask'],
      [`${config} | sort -r -o repo/.git/config && git -C repo status`, 'ask'],
    ],
    hidesId,
  ),
  // git reads its global and system configuration, and the files a repository's configuration
  // includes (named `*.gitconfig` by custom): a line that writes one beside git asks. Decided
  // only: run, these lines would write the home folder's own ~/.gitconfig.
  ...both(writers, gitConfigFiles, [
    [`${config} | tee -a ~/.gitconfig && git status`, 'ask'],
    [`${config} | cp /dev/stdin ~/.gitconfig && git status`, 'ask'],
    [`printf '[diff]\\n\\texternal = id\\n' | tee -a ~/.GITCONFIG && git diff HEAD`, 'ask'],
    [`${config} | tee -a ~/.config/git/config && git status`, 'ask'],
    [`${config} | tee -a /etc/gitconfig && git status`, 'ask'],
  ]),
  ...both(writers, gitConfigIncludes, [
    [`${config} | tee -a team.gitconfig && git status`, 'ask'],
    [`${config} | tee -a ../.gitconfig.local && git -C repo status`, 'ask'],
  ]),
  // git's own --output writes a file no redirection shows: into .git, and outside the project.
  ...both(
    writers,
    gitDiffOutput,
    [
      [
        "git -C repo commit -q --allow-empty -m x && git -C repo log -1 --format='[core]%n%x09fsmonitor = id' --output=.git/config && git -C repo status",
        'ask',
      ],
    ],
    hidesId,
  ),
  ...rows(
    writers,
    gitDiffOutput,
    [['git log -1 --format=x --output=../outside.txt', 'ask']],
    inBash,
  ),
  // A write through a committed link into .git (the kernel follows it: path_resolution(7)).
  ...both(
    repoEdits,
    pathResolution,
    [[`${config} >> repo/docs/notes && git -C repo status`, 'ask']],
    { ...hidesId, onDisk: true },
  ),
  ...rows(
    writers,
    pathResolution,
    [[`${config} >> repo/docs/notes && git -C repo status`, 'ask']],
    {
      mode: 'acceptEdits',
      onDisk: true,
    },
  ),
  // Everyday lines beside git keep their allow.
  ...rows(
    writers,
    fsmonitor,
    [
      ['git -C repo status && git -C repo diff', 'allow'],
      ['cd repo && git log -1 2>/dev/null; cd ..', 'allow'],
      ['grep -r x . && git -C repo status', 'allow'],
      ["sed -i 's/a/b/' notes.txt && git -C repo diff", 'allow'],
    ],
    inBash,
  ),
]
