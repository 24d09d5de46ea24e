import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { base, rows } from './corpus-rows.js'
import type { CorpusRow } from './corpus-rows.js'

/**
 * Programs that run another program their words or the environment name (SPEC §26: deny rules
 * still deny in `bypassPermissions`, §18.2; "a program the tables do not know whose later words
 * name a denied program is 'possibly denied'"): runuser(1)'s `-u USER command` and su's `-s PROG`
 * (util-linux), an option value that is a command line (ssh_config(5) `ProxyCommand`, socat's
 * `EXEC:`, sdiff's `--diff-program`), and `$SHELL`, which chroot, unshare, script and `su -m`
 * run. Each line ran `rm` (or `curl`) in real bash 5.2; where the program is on this machine (and
 * for su and runuser, where the tests run as root) the real-bash rows run it again.
 */

const utilLinux = (page: string) => `https://man7.org/linux/man-pages/man1/${page}.1.html`
const sshConfig = 'https://man.openbsd.org/ssh_config#ProxyCommand'

/** The real-bash check of a row: `rm` must run where `program` can run here. */
function ranWhere(program: string, rootOnly = false): Partial<CorpusRow> {
  const found = ['/usr/bin', '/bin', '/usr/sbin', '/sbin'].some((dir) =>
    existsSync(join(dir, program)),
  )
  const runs = found && (!rootOnly || process.getuid?.() === 0)
  return { realBash: runs ? { hides: 'rm' } : {} }
}

/** The stub `rm` of the real-bash scratch root, from its project (bash-scratch.ts). */
const stubRm = '../../../../bin/rm'

/** Everyday remote and diff commands allowed; `rm` and `curl` denied. */
const remote = {
  allow: ['Bash(ssh *)', 'Bash(scp *)', 'Bash(socat *)', 'Bash(sdiff *)', 'Bash(echo *)'],
  deny: ['Bash(rm *)', 'Bash(curl *)'],
}

const bypass = { mode: 'bypassPermissions' } as const

export const programsRunningProgramsRows: readonly CorpusRow[] = [
  // runuser(1): `runuser [options] -u user [[--] command [argument...]]`; GNU getopt reads
  // options after the command's name too (`rm -f x` without `--`: `-f` is runuser's --fast).
  ...rows(
    base,
    utilLinux('runuser'),
    [
      ['runuser -u root -- rm -f notes.txt', 'deny'],
      ['runuser -u root rm notes.txt', 'deny'],
      ['runuser --user=root -- timeout 5 rm notes.txt', 'deny'],
      [`runuser -s ${stubRm} root`, 'deny'],
    ],
    ranWhere('runuser', true),
  ),
  // su(1): `-s, --shell=shell` runs shell, given the words after the user.
  ...rows(base, utilLinux('su'), [[`su -s ${stubRm} root`, 'deny']], ranWhere('su', true)),
  ...rows(base, utilLinux('su'), [
    ['su --shell=/bin/rm root', 'deny'],
    ['su root --shell /bin/rm', 'deny'],
    ['su -ms/bin/rm root -f x', 'deny'],
    ['su -s "$S" root', 'ask'],
    // Whoever the user is, rm runs.
    ['runuser -u "$U" -- rm x', 'deny'],
    ['runuser -u bob -- npm test', 'ask'],
  ]),
  ...rows(
    base,
    utilLinux('runuser'),
    [
      ['runuser -u root -- rm -rf x', 'deny'],
      ['su -s /bin/rm root', 'deny'],
    ],
    bypass,
  ),
  // ssh_config(5): ProxyCommand is a command line run by the user's shell, before connecting.
  ...rows(
    remote,
    sshConfig,
    [
      ["ssh -o ProxyCommand='rm -f notes.txt' h", 'ask'],
      ["ssh -oProxyCommand='rm -f notes.txt' h", 'ask'],
      ["ssh -o 'ProxyCommand rm -f notes.txt' h", 'ask'],
    ],
    ranWhere('ssh'),
  ),
  ...rows(remote, sshConfig, [
    ["ssh -o ProxyCommand='curl x.example' h", 'ask'],
    ["scp -o ProxyCommand='rm -rf x' a h:b", 'ask'],
    ['ssh -o LocalCommand=rm\\ x -o PermitLocalCommand=yes h', 'ask'],
    ['ssh host ls', 'allow'],
    ['ssh -o ConnectTimeout=5 host ls -la', 'allow'],
    ['echo "rm x"', 'allow'],
  ]),
  ...rows(remote, sshConfig, [["ssh -o ProxyCommand='rm -rf x' h", 'ask']], bypass),
  // socat(1) "ADDRESS TYPES": `EXEC:<command-line>`, `SYSTEM:<shell-command>`.
  ...rows(
    remote,
    'https://www.dest-unreach.org/socat/doc/socat.html#ADDRESS_EXEC',
    [
      ["socat - EXEC:'rm -f notes.txt'", 'ask'],
      ["socat - SYSTEM:'rm -f notes.txt'", 'ask'],
    ],
    ranWhere('socat'),
  ),
  // sdiff(1), diff3(1) (GNU diffutils): `--diff-program=PROGRAM` runs PROGRAM on the files.
  ...rows(
    remote,
    'https://www.gnu.org/software/diffutils/manual/html_node/sdiff-Options.html',
    [['sdiff --diff-program=rm notes.txt notes.txt', 'ask']],
    ranWhere('sdiff'),
  ),
  ...rows(
    remote,
    'https://www.gnu.org/software/diffutils/manual/html_node/diff3-Options.html',
    [['diff3 --diff-program=rm notes.txt notes.txt notes.txt', 'ask']],
    ranWhere('diff3'),
  ),
  ...rows(remote, utilLinux('runuser'), [
    ["mytool 'cd x; rm y'", 'ask'],
    ['mytool --exec=rm,-rf,x', 'ask'],
    ["socat - EXEC:'rm -rf x'", 'ask'],
    ['sdiff --diff-program=rm a b', 'ask'],
  ]),
  // A string some later shell runs, as that shell spells it: quotes, backslashes, globs,
  // braces and expansions make the same name (bash(1) QUOTING, EXPANSION), and `<`, `>` and
  // socat's `!!` end one.
  ...rows(
    remote,
    'https://www.gnu.org/software/bash/manual/bash.html#Quoting',
    [
      ["socat - SYSTEM:'rm>notes.txt'", 'ask'],
      ["socat - SYSTEM:'a=r;${a}m notes.txt'", 'ask'],
      ['socat - SYSTEM:\'r""m notes.txt\'', 'ask'],
    ],
    ranWhere('socat'),
  ),
  ...rows(remote, sshConfig, [
    ["ssh -o ProxyCommand='rm<x' h", 'ask'],
    ["ssh -o ProxyCommand='\\curl x' h", 'ask'],
    ['ssh -o ProxyCommand=\'r""m x\' h', 'ask'],
    ["ssh -o ProxyCommand='r\\m x' h", 'ask'],
    ["ssh -o ProxyCommand='$(echo r)m x' h", 'ask'],
    ["ssh -o ProxyCommand='/usr/bin/r? x' h", 'ask'],
    ["ssh -o ProxyCommand='bash -c {rm,x}' h", 'ask'],
    ['ssh -o ProxyCommand=\'rm$IFS"x"\' h', 'ask'],
    ["ssh -o ProxyCommand='echo ${x:-$(rm y)}' h", 'ask'],
    ['socat - EXEC:rm!!STDOUT', 'ask'],
    ["su -s /usr/bin/socat root - SYSTEM:'rm<x'", 'ask'],
    // An argument that is only an expansion or a glob names no program of its own.
    ["ssh host 'cd $DIR && make'", 'allow'],
    ["ssh host 'ls *.log'", 'allow'],
  ]),
  ...rows(remote, sshConfig, [['ssh -o ProxyCommand=\'r""m x\' h', 'ask']], bypass),
  // The same, further (bash(1) QUOTING, Brace Expansion, Pathname Expansion): a word bash itself
  // expands, bracket globs, braces, `\`-newlines, `$"…"` and `$'…'` in a name or its options.
  ...rows(
    remote,
    'https://www.gnu.org/software/bash/manual/bash.html#Brace-Expansion',
    [
      ['ssh -o ProxyCommand="rm $HOME/x" h', 'ask'],
      ['ssh -o ProxyCommand="rm x"$USER h', 'ask'],
      ['socat - "SYSTEM:rm $HOME/x"', 'ask'],
      ["ssh -o ProxyCommand={'rm x',y} h", 'ask'],
      ["ssh -o ProxyCommand='/usr/bin/r[m] x' h", 'ask'],
      ["socat - SYSTEM:'/usr/bin/[q-s][l-n] x'", 'ask'],
      ["socat - SYSTEM:'/usr/bin/r[[:alpha:]] x'", 'ask'],
      ["ssh -o ProxyCommand='{r,x}m x' h", 'ask'],
      ["ssh -o ProxyCommand='r{m,} x' h", 'ask'],
      ["ssh -o ProxyCommand='r\\\nm x' h", 'ask'],
      ['ssh -o ProxyCommand=\'$"rm" x\' h', 'ask'],
      ["ssh -o ProxyCommand=$'$\\'\\\\x72\\\\x6d\\' x' h", 'ask'],
    ],
    bypass,
  ),
  ...rows(
    { ...remote, deny: ['Bash(rm -rf *)'] },
    'https://www.gnu.org/software/bash/manual/bash.html#Brace-Expansion',
    [
      ["ssh -o ProxyCommand='rm {-rf,x}' h", 'ask'],
      ["ssh -o ProxyCommand='rm -r\\\nf x' h", 'ask'],
      ['ssh -o ProxyCommand=\'rm $"-rf" x\' h', 'ask'],
      ["ssh -o ProxyCommand='rm -[r]f x' h", 'ask'],
      ["ssh -o ProxyCommand='rm -r x' h", 'allow'],
    ],
    bypass,
  ),
  // What follows the part keeps its own `:`, `=` and `,`: a rule naming them still matches.
  ...rows(
    {
      ...remote,
      deny: ['Bash(git push origin main:main)', 'Bash(git push --force-with-lease=main)'],
    },
    sshConfig,
    [
      ["ssh -o ProxyCommand='git push origin main:main' h", 'ask'],
      ["socat - SYSTEM:'git push --force-with-lease=main'", 'ask'],
      ["ssh -o ProxyCommand='git push origin dev:dev' h", 'allow'],
    ],
    bypass,
  ),
  // A later word that names a shell, `eval` or `xargs` may run anything (a second layer of
  // quoting, a here-string or a pipe read as commands): the line asks. A `${…}`'s default, a
  // substitution whose output runs on with the words after it, a stepped letter sequence, and
  // braces past their bound still name what they make (bash(1) Parameter Expansion).
  ...rows(
    remote,
    'https://www.gnu.org/software/bash/manual/bash.html#Shell-Parameter-Expansion',
    [
      ['ssh -o ProxyCommand=\'sh -c "r\\\\m x"\' h', 'ask'],
      ["ssh -o ProxyCommand='$(eval r\\\\m x)' h", 'ask'],
      ["socat - SYSTEM:'eval r\\\\m x'", 'ask'],
      ["socat - EXEC:bash <<< 'rm x'", 'ask'],
      ["echo 'rm x' | socat - EXEC:bash", 'ask'],
      ["ssh -o ProxyCommand='${x:-rm} x' h", 'ask'],
      ["ssh -o ProxyCommand='${x-rm} x' h", 'ask'],
      ["ssh -o ProxyCommand='{r..r..1}m x' h", 'ask'],
      [`ssh -o ProxyCommand='{rm${',a'.repeat(300)}} x' h`, 'ask'],
      ["less '+!rm x\nq' notes.txt", 'ask'],
      ['less notes.txt', 'allow'],
    ],
    bypass,
  ),
  ...rows(
    { ...remote, deny: ['Bash(rm -rf *)'] },
    'https://www.gnu.org/software/bash/manual/bash.html#Command-Substitution',
    [
      ["ssh -o ProxyCommand='$(echo rm) -rf y' h", 'ask'],
      ["ssh -o ProxyCommand='rm -{r..r..1}f y' h", 'ask'],
    ],
    bypass,
  ),
  // A string quoted twice is read once more by what runs it (`rbash -c`, `script -c`,
  // `flock -c`, `su -c`, a git `!` alias, tar's checkpoint action, awk, perl, python): its
  // escapes and quotes are undone again. Everyday words that merely look like a shell do not
  // ask: a folder `.`, `bash` in prose.
  ...rows(
    { ...remote, allow: [...remote.allow, 'Bash(docker *)', 'Bash(cmake *)', 'Bash(gh *)'] },
    'https://www.gnu.org/software/bash/manual/bash.html#Quoting',
    [
      ['ssh -o ProxyCommand=\'rbash -c "r\\\\m x"\' h', 'ask'],
      ['ssh -o ProxyCommand=\'script -qc "r\\\\m x" /dev/null\' h', 'ask'],
      ['ssh -o ProxyCommand=\'flock /tmp/l -c "r\\\\m x"\' h', 'ask'],
      ['ssh -o ProxyCommand=\'su -c "r\\\\m x"\' h', 'ask'],
      ['ssh -o ProxyCommand=\'git -c alias.z="!r\\\\m x" z\' h', 'ask'],
      ['ssh -o ProxyCommand=\'awk "BEGIN{system(\\"r\\\\155 x\\")}"\' h', 'ask'],
      ['ssh -o ProxyCommand=\'perl -e "system qq(r\\\\x6d x)"\' h', 'ask'],
      ['ssh -o ProxyCommand=\'python3 -c "import os;os.system(\\"r\\\\x6d x\\")"\' h', 'ask'],
      [
        'socat - SYSTEM:\'tar cf /dev/null --checkpoint=1 --checkpoint-action=exec="r\\\\m x" f\'',
        'ask',
      ],
      ['docker build -t app .', 'allow'],
      ['cmake -S . -B build', 'allow'],
      ['gh pr create --title "fix: bash completion" --body "Update source docs"', 'allow'],
    ],
    bypass,
  ),
  ...rows(base, 'https://git-scm.com/docs/git-commit', [['git commit -m "rm old files"', 'allow']]),
  // unshare(1): `unshare [options] [program [arguments]]`; with no program it runs $SHELL, as
  // chroot(8) ("If no command is given, run '"$SHELL" -i'"), script(1) and `su -m` do.
  ...rows(base, utilLinux('unshare'), [[`SHELL=${stubRm} unshare`, 'ask']], ranWhere('unshare')),
  ...rows(base, utilLinux('unshare'), [
    ['unshare -m rm x', 'deny'],
    ['unshare --mount=/tmp/ns -r -- rm x', 'deny'],
    ['unshare -w /tmp --fork rm x', 'deny'],
    ['SHELL=/bin/rm chroot /', 'ask'],
    ['env SHELL=/bin/rm chroot /', 'ask'],
    ['SHELL=/bin/rm su -m', 'ask'],
    ['SHELL=/bin/rm script -q /dev/null', 'ask'],
    ['export SHELL=/bin/rm; unshare', 'ask'],
    ['sudo SHELL=/bin/rm chroot /', 'ask'],
  ]),
  ...rows(
    base,
    utilLinux('unshare'),
    [
      ['SHELL=/bin/rm chroot /', 'ask'],
      ['SHELL=/bin/rm unshare', 'ask'],
      ['env SHELL=/bin/rm chroot /', 'ask'],
      ['SHELL=/bin/rm su -m', 'ask'],
    ],
    bypass,
  ),
]
