import type { PermissionSettings } from '@toolpipe/settings-files'
import type { CorpusRow } from './bypass-corpus.js'
import { rows } from './bypass-corpus/corpus-rows.js'
import { both, everyday } from './fail-closed-corpus.js'

/**
 * SPEC §26's hidden commands where bash, sed, awk or git read text otherwise than a text judge
 * would: a delimiter inside a regex's bracket expression, a `{name[…]}` word before a
 * redirection, `set -a`, `shopt -s` with bundled flags, `git init --template`, and `<>`. Each
 * was allowed before its fix while real bash 5.2 ran `rm` or `id` (a third audit of the judge);
 * there is no public report, so each row cites the manual section that says how the program
 * reads it. Every row runs in real bash too (`realBash`, see bypass-corpus.test.ts).
 */

const sedBrackets =
  'https://www.gnu.org/software/sed/manual/sed.html#Character-Classes-and-Bracket-Expressions'
const gawkBrackets = 'https://www.gnu.org/software/gawk/manual/gawk.html#Bracket-Expressions'
const redirections = 'https://www.gnu.org/software/bash/manual/bash.html#Redirections'
const setBuiltin = 'https://www.gnu.org/software/bash/manual/bash.html#The-Set-Builtin'
const shoptBuiltin = 'https://www.gnu.org/software/bash/manual/bash.html#The-Shopt-Builtin'
const gitTemplates = 'https://git-scm.com/docs/git-init#_template_directory'

/** The everyday programs allowed, and the builtins these lines use. */
const builtins: PermissionSettings = {
  ...everyday,
  allow: [...(everyday.allow ?? []), 'Bash(set *)', 'Bash(shopt *)', 'Bash(exec *)'],
}

const hidesRm = { realBash: { hides: 'rm' } }
const hidesId = { realBash: { hides: 'id' } }
const inBash = { realBash: {} }

export const failClosedReadingsCorpus: readonly CorpusRow[] = [
  // GNU sed does not end a regex at its delimiter inside a bracket expression: `[/]` hides the
  // `e` flag after it. Where seds end a bracket differently (`[[:alpha:]/]`), it cannot be read.
  ...both(everyday, sedBrackets, [["sed 's/.*[/]*/g;rm -rf x;/e' notes.txt", 'ask']], hidesRm),
  ...both(everyday, sedBrackets, [["sed -n 's/.*[/]*/g;id;/ep' notes.txt", 'ask']], hidesId),
  ...both(everyday, sedBrackets, [["sed '/[/]*/e rm -rf x' notes.txt", 'deny']], hidesRm),
  ...both(everyday, sedBrackets, [["sed 's/[[:alpha:]/]/X/' notes.txt", 'ask']], inBash),
  ...rows(
    everyday,
    sedBrackets,
    [
      ["sed 's/[/]/X/g' notes.txt", 'allow'],
      ["sed 's/[^/]*$//; s/[]x]/y/' notes.txt", 'allow'],
    ],
    inBash,
  ),
  // gawk and mawk 1.3.4 read `/[/]"/` as one regex; an awk without bracket expressions ends it
  // at `[/`, so a slash inside a bracket cannot be read.
  ...both(
    everyday,
    gawkBrackets,
    [[`awk 'BEGIN { x = "a" ~ /[/]"/; system("rm -rf x") } # "'`, 'ask']],
    hidesRm,
  ),
  ...both(
    everyday,
    gawkBrackets,
    [[`awk '/[/]"/ || 1 { print | "id" } # "' notes.txt`, 'ask']],
    hidesId,
  ),
  ...rows(
    everyday,
    gawkBrackets,
    [["awk '/[[:alpha:]]+/ { print $1 }' notes.txt", 'allow']],
    inBash,
  ),
  // `{name[subscript]}>file` stores the new descriptor in name[subscript]: bash evaluates the
  // subscript as arithmetic (x's value `a[$(…)]` runs). `{PATH}>file` assigns PATH.
  ...both(
    everyday,
    redirections,
    [["read x <<< 'a[$(rm -rf x)]'; echo {a[x]}>/dev/null", 'ask']],
    hidesRm,
  ),
  ...both(
    everyday,
    redirections,
    [
      ["read x <<< 'a[$(id)]'; echo hi {a[x]}>&2", 'ask'],
      ["read x <<< 'a[$(id)]'; cat {a[x]}<<<hi", 'ask'],
      ["a=(5); read x <<< 'a[$(id)]'; echo {a[x]}>&-", 'ask'],
    ],
    hidesId,
  ),
  ...both(everyday, redirections, [['echo x {PATH}>/dev/null; ls', 'ask']], inBash),
  ...rows(
    builtins,
    redirections,
    [
      ['echo {a[1]}>/dev/null', 'allow'],
      ['exec {fd}>/dev/null; echo ok', 'allow'],
      ['echo {a[x]} >/dev/null', 'allow'],
    ],
    inBash,
  ),
  // Nor is the word an argument: `git push {fd}>/dev/null` runs `git push`.
  ...rows(
    { allow: ['Bash(git *)'], deny: ['Bash(git push)'] },
    redirections,
    [['git push {fd}>/dev/null', 'deny']],
    inBash,
  ),
  // `<>` opens its file for reading and writing: an edit subject (SPEC §26).
  ...rows(everyday, redirections, [['cat <> src/a', 'allow']], inBash),
  ...both(
    everyday,
    redirections,
    [
      ['cat <> ~/.ssh/authorized_keys', 'deny'],
      ['cat <> .env', 'deny'],
      ["cat <> src/a '<>'", 'ask'],
    ],
    inBash,
  ),
  // No rule names notes.txt: it asks, and bypassPermissions allows it (no rule matched).
  ...rows(everyday, redirections, [['cat <> notes.txt', 'ask']], inBash),
  // allexport exports what a later read, for or printf -v sets, as `export` would.
  ...both(
    builtins,
    setBuiltin,
    [["set -a; read GIT_ALLOW_PROTOCOL <<< ext; git ls-remote 'ext::rm -rf x'", 'ask']],
    hidesRm,
  ),
  ...both(
    builtins,
    setBuiltin,
    [
      ['set -o allexport; for GIT_ALLOW_PROTOCOL in ext; do git ls-remote ext::id; done', 'ask'],
      ['set -ea; printf -v GIT_ALLOW_PROTOCOL ext; git ls-remote ext::id', 'ask'],
    ],
    hidesId,
  ),
  ...rows(builtins, setBuiltin, [['set -euo pipefail; echo ok', 'allow']], inBash),
  // A template folder's hooks are copied into .git/hooks; the commit after it runs them.
  ...both(
    builtins,
    gitTemplates,
    [
      ['git init -q --template=tmpl && git commit -q --allow-empty -m x', 'ask'],
      ['git init-db -q --templ=tmpl && git commit -q --allow-empty -m x', 'ask'],
    ],
    hidesRm,
  ),
  // Allowed until the fourth audit: a git after `git init` in one line now asks (SPEC §26, see
  // fail-closed-second-readings-corpus.ts: its repository may hold files the line wrote).
  ...both(builtins, gitTemplates, [['git init -q && git status --short', 'ask']], inBash),
  // shopt's flags bundle as getopt's do: `-qs` sets.
  ...both(
    builtins,
    shoptBuiltin,
    [
      ['shopt -qs expand_aliases', 'ask'],
      ['shopt -q -s extglob', 'ask'],
      ['shopt -os allexport', 'ask'],
      ['shopt -s -- lastpipe', 'ask'],
    ],
    inBash,
  ),
  ...rows(
    builtins,
    shoptBuiltin,
    [
      ['shopt -s histappend checkwinsize', 'allow'],
      ['shopt -q extglob; shopt -u nullglob', 'allow'],
    ],
    inBash,
  ),
]
