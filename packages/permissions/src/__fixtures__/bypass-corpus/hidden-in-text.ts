import { rows } from './corpus-rows.js'
import type { CorpusRow } from './corpus-rows.js'
import type { PermissionSettings } from '@toolpipe/settings-files'

/**
 * Code bash finds where the parser sees text (SPEC §26's "hidden command"), and programs that
 * run a command from an option: every row here was allowed before its fix while bash ran `id`
 * (or `rm` past a deny), checked against real bash.
 */

/** Everyday programs allowed whole, a few dangerous ones denied. */
const runners: PermissionSettings = {
  allow: [
    ...['Bash(echo *)', 'Bash(cat *)', 'Bash(ls *)', 'Bash(find *)', 'Bash(git *)'],
    ...['Bash(rg *)', 'Bash(sort *)', 'Bash(zip *)', 'Bash(man *)', 'Bash(dc *)'],
    ...['Bash(set *)', 'Bash(jobs *)', 'Bash(seq *)', 'Bash(read *)', 'Bash(printf *)'],
    ...['Bash(mapfile *)', 'Bash(history *)', 'Bash(fc *)', 'Bash(compgen *)', 'Bash(export *)'],
    ...['Bash(npm test *)', 'Bash(pushd *)', 'Bash(popd *)', 'Bash(declare *)'],
  ],
  deny: ['Bash(rm *)', 'Bash(curl *)'],
}

const bashManual = (page: string) => `https://www.gnu.org/software/bash/manual/html_node/${page}`
const gtfobins = (name: string) => `https://gtfobins.github.io/gtfobins/${name}/`

export const hiddenInTextRows: readonly CorpusRow[] = [
  // tree-sitter-bash reads the word of `${x:-word}` as text; bash runs its substitutions.
  ...rows(runners, 'https://github.com/wonderwhy-er/DesktopCommanderMCP/pull/582', [
    ['echo ${x:-`id`}', 'ask'],
    ['echo "${x:-\'$(id)\'}"', 'ask'],
    ['for x in a; do echo "${x/a/`id`}"; done', 'ask'],
    ['echo ${y:-${x:-`id`}}', 'ask'],
    ['cat <<< ${x:-`id`}', 'ask'],
    ['echo ${x:=`rm -f notes.txt`}', 'ask'],
    ['LANG=${x:-`id`} echo', 'ask'],
    ['echo ${HOME:-/tmp}', 'allow'],
    ['echo "${name:-world}"', 'allow'],
  ]),
  // A backslash-newline is removed before bash reads anything (bash(1), QUOTING), wherever it is.
  ...rows(runners, bashManual('Escape-Character.html'), [
    ['echo a\\\n#; id', 'ask'],
    ['echo "$\\\n(id)"', 'ask'],
    ['echo ${x:-$\\\n(id)}', 'ask'],
    ['cat <<E\n$\\\n(id)\nE', 'ask'],
    ["for x in '$(id)'; do echo $\\\n{x@P}; done", 'ask'],
    ['echo a\\\n\\\n#; id', 'ask'],
    ['echo a\\\n#; rm -f notes.txt', 'deny'],
    ['echo "$\\\n(rm -f notes.txt)"', 'deny'],
    ['ls \\\n  -la \\\n  src', 'allow'],
  ]),
  // A word find sees only at run time may be `-exec` and its command.
  ...rows(runners, gtfobins('find'), [
    ['for x in "-exec id ;"; do find . $x; done', 'ask'],
    ['find . $OPTIONS', 'ask'],
    ['find . -name "*.ts" -type f', 'allow'],
  ]),
  // git options that run a command, and git's abbreviations of long options.
  ...rows(runners, 'https://github.com/kurone-kito/jsonresume-types/pull/121', [
    ["git fetch --upload-pa='id >&2; #' .", 'ask'],
    ["git ls-remote --upload='rm -rf ~; #' .", 'deny'],
    ["git rebase --exe='id' HEAD~1", 'ask'],
    ['git fetch origin main', 'allow'],
  ]),
  ...rows(runners, 'https://github.com/steveukx/git-js/pull/881', [
    ["git fetch-pack --upload-pack='rm -rf ~; #' .", 'deny'],
    ["git send-pack --receive-pack='id' . main", 'ask'],
    ["git ls-remote -u 'id' .", 'ask'],
  ]),
  ...rows(runners, 'https://git-scm.com/docs/git-grep', [
    ['git grep -Oid foo', 'ask'],
    ["git grep --open-files-in-pager='rm -f a.txt' foo", 'deny'],
    ['git grep -n foo', 'allow'],
  ]),
  // Programs otherwise inert whose options run a command.
  ...rows(runners, 'https://github.com/superset-sh/superset/pull/7446', [
    ['rg --pre rm hello notes.txt', 'deny'],
    ['rg --pre=id hello notes.txt', 'ask'],
    ['rg -n hello src', 'allow'],
  ]),
  // rg(1) of ripgrep 14: `--hostname-bin`'s program runs as every search starts (for the host
  // its hyperlinks name); `--pre-glob` is a glob, `-z` runs only fixed decompressors on files.
  ...rows(runners, 'https://man.archlinux.org/man/rg.1.en', [
    ['rg --hostname-bin=./evil.sh hello notes.txt', 'ask'],
    ['rg --hostname-bin ./evil.sh hello notes.txt', 'ask'],
    ['rg --hostname-bin=sh hello notes.txt', 'ask'],
    ['rg --hostname-bin rm hello notes.txt', 'deny'],
    ["rg --pre-glob '*.pdf' hello notes.txt", 'allow'],
    ['rg -z hello notes.txt.gz', 'allow'],
    ['rg --search-zip hello notes.txt.gz', 'allow'],
  ]),
  // Options read from the environment: where the variable is exported already, assigning it by
  // any means hands the program an option that runs a command (ripgrep's GUIDE, "Configuration
  // file"; zip(1), ENVIRONMENT; man(1), ENVIRONMENT).
  ...rows(
    runners,
    'https://github.com/BurntSushi/ripgrep/blob/master/GUIDE.md#configuration-file',
    [['for RIPGREP_CONFIG_PATH in rgrc; do rg hello notes.txt; done', 'ask']],
  ),
  ...rows(runners, 'https://manpages.debian.org/bookworm/zip/zip.1.en.html', [
    ["printf -v ZIPOPT %s '-T -TT id'; zip z.zip notes.txt", 'ask'],
    ["read -r ZIP <<< '-T -TT id'; zip z.zip notes.txt", 'ask'],
    ['zip -r z.zip src', 'allow'],
  ]),
  ...rows(runners, 'https://manpages.debian.org/bookworm/man-db/man.1.en.html', [
    ["read -r MANOPT <<< '--pager=id'; man ls", 'ask'],
    ['man -k printf', 'allow'],
  ]),
  ...rows(runners, 'https://www.gnu.org/software/coreutils/manual/html_node/sort-invocation.html', [
    ['sort -S 10k --compress-program=rm big.txt', 'deny'],
    ['seq 1 9 | sort --compress=id', 'ask'],
    ['sort -u notes.txt', 'allow'],
  ]),
  ...rows(runners, gtfobins('zip'), [
    ["zip z.zip notes.txt -T -TT 'rm -f notes.txt #'", 'deny'],
    ["zip z.zip notes.txt -T --unzip-command 'id #'", 'ask'],
    ['zip -r z.zip src', 'allow'],
  ]),
  ...rows(runners, gtfobins('man'), [
    ["man -P 'rm -rf x' ls", 'deny'],
    ["man --pager='id' ls", 'ask'],
    ['man ls', 'allow'],
  ]),
  ...rows(runners, gtfobins('dc'), [
    ["dc -e '!id'", 'ask'],
    ['dc script.dc', 'ask'],
    ["echo '!id' | dc", 'ask'],
    ["dc -e '2 3 + p'", 'allow'],
  ]),
  ...rows(runners, bashManual('Job-Control-Builtins.html'), [
    ['jobs -x rm -rf x', 'deny'],
    ['jobs -x id', 'ask'],
    ['jobs -x sh -c "rm -rf x"', 'deny'],
    ['jobs -x git status', 'ask'],
    ['jobs $OPTIONS rm -rf x', 'ask'],
    ['jobs -l', 'allow'],
    ['jobs %1', 'allow'],
    ['jobs -- -x rm', 'allow'],
  ]),
  // `set` options that change how bash reads what follows.
  ...rows(runners, bashManual('The-Set-Builtin.html'), [
    ['set -k; ls LD_PRELOAD=/x.so /dev/null', 'ask'],
    ['set -o keyword; ls PATH=/tmp /dev/null', 'ask'],
    ['set -o history -H\necho \'"; id; echo "\'\necho "!!"', 'ask'],
    ['set $OPTIONS; ls', 'ask'],
    ['set -euo pipefail; ls', 'allow'],
    ['set -x; ls src', 'allow'],
  ]),
  // bash opens a connection itself for these redirection targets.
  ...rows(runners, bashManual('Redirections.html'), [
    ['cat < /dev/tcp/127.0.0.1/9', 'ask'],
    ['echo hi > /dev/udp/127.0.0.1/9', 'ask'],
  ]),
  // bash's integer variables evaluate what is assigned to them as arithmetic (bash(1), Shell
  // Variables: OPTIND, RANDOM, HISTCMD…), `a[$(…)]` included.
  ...rows(runners, bashManual('Bash-Variables.html'), [
    ["read -r OPTIND <<< 'z[$(rm -f notes.txt)]'", 'ask'],
    ["printf -v HISTCMD %s 'z[$(id)]'", 'ask'],
    ["mapfile -t RANDOM <<< 'z[$(id)]'", 'ask'],
    ["for RANDOM in 'z[$(id)]'; do echo ok; done", 'ask'],
    ["for OPTIND in 'z[$(id)]'; do echo ok; done", 'ask'],
    ['pushd -n .; read -a DIRSTACK <<< ". secrets"; popd; echo x > key', 'ask'],
    ['read -r name <<< "value"', 'allow'],
  ]),
  // `fc` runs commands from the history; `compgen -W` expands its word list.
  ...rows(runners, bashManual('Bash-History-Builtins.html'), [
    ['history -s rm -f notes.txt; fc -s', 'ask'],
    ['history -s id; fc -s', 'ask'],
    ['fc -l', 'allow'],
  ]),
  ...rows(runners, bashManual('Programmable-Completion-Builtins.html'), [
    ["compgen -W '$(rm -f notes.txt)' x", 'deny'],
    ["compgen -W '`id`' x", 'ask'],
    // Any word list asks: what bash expands in it is read as a string would be.
    ["compgen -W 'alpha beta' a", 'ask'],
    ['compgen -A file no', 'allow'],
  ]),
  // An exported variable reaches every later command, as a leading `NAME=value` would.
  ...rows(runners, 'https://code.claude.com/docs/en/permissions', [
    ['export RIPGREP_CONFIG_PATH=rgrc; rg hello notes.txt', 'ask'],
    ["export ZIPOPT='-T -TT id'; zip z.zip notes.txt", 'ask'],
    ['declare -x GIT_TRACE=/tmp/t; git status', 'ask'],
    ['export NODE_ENV=test; npm test', 'allow'],
  ]),
  // Program options that name code to run: `man -C FILE`, npm's configuration as flags.
  ...rows(runners, 'https://man7.org/linux/man-pages/man1/man.1.html', [
    ['man -C man.conf -l x.1', 'ask'],
    ['man --config-file=man.conf -l x.1', 'ask'],
  ]),
  ...rows(runners, 'https://docs.npmjs.com/cli/v11/using-npm/config#script-shell', [
    ['npm test --script-shell=id', 'ask'],
    ['npm test --script-shell rm', 'deny'],
    ['npm test --scr=id', 'ask'],
    ['npm test -- --script-shell=anything', 'allow'],
    ['npm test --silent', 'allow'],
  ]),
  // `git mv` moves what a later path names, as `mv` does.
  ...rows(
    runners,
    'https://git-scm.com/docs/git-mv',
    [
      ['git mv linkdir okdir && echo x > okdir/passwd', 'ask'],
      ['echo x > okdir/passwd', 'allow'],
    ],
    { mode: 'acceptEdits' },
  ),
]
