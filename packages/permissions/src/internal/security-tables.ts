/**
 * Every security table of the permissions judge, as data, in one module a reviewer can read top
 * to bottom (SPEC §18.2, §26; STYLE habit 15). Longer than 300 lines on purpose: splitting the
 * tables would hide one from the reader of another. Each table says what a program does with its
 * words; the code that reads them lives in `shell/` and `persist/`.
 */

/** How a wrapper's own options are read: which take a value, which stand alone. */
export interface OptionSpec {
  /** Options that take no value (`-p`, `--foreground`); a short one may be bundled (`-Eu`). */
  readonly flags?: readonly string[]
  /** Options that take a value, as the next word or attached (`-n 5`, `-n5`, `--signal=KILL`). */
  readonly withValue?: readonly string[]
  /** Options whose value can only be attached (`-i{}`, xargs' `-e`, `-i`, `-l`). */
  readonly attachedOnly?: readonly string[]
  /** Whether `-<number>` is an option (nice's `-10`). */
  readonly numeric?: boolean
  /** Positional words before the command (timeout's duration, flock's lock file). */
  readonly positionals?: number
  /**
   * Options after which the command is a string a shell runs, or unknown (`sudo -s`, `sudo -i`,
   * `flock -c`): the command behind the wrapper cannot be read as words.
   */
  readonly shellOptions?: readonly string[]
}

/**
 * Wrappers stripped for allow rules and deny rules alike (SPEC §18.2): each runs the command
 * after its own options unchanged. `env` and `xargs` have their own readers (below).
 */
export const allowWrappers: Readonly<Record<string, OptionSpec>> = {
  timeout: {
    flags: ['--preserve-status', '--foreground', '-v', '--verbose'],
    withValue: ['-s', '--signal', '-k', '--kill-after'],
    positionals: 1,
  },
  time: { flags: ['-p'] },
  nice: { withValue: ['-n', '--adjustment'], numeric: true },
  nohup: {},
  stdbuf: { withValue: ['-i', '-o', '-e', '--input', '--output', '--error'] },
  command: { flags: ['-p'] },
  builtin: {},
  noglob: {},
}

/**
 * Wrappers stripped for deny and ask rules only (SPEC §26): they run the command, but a rule that
 * allows `npm test` does not allow `sudo npm test` or `setsid npm test`.
 */
export const denyOnlyWrappers: Readonly<Record<string, OptionSpec>> = {
  exec: { flags: ['-c', '-l'], withValue: ['-a'] },
  coproc: {},
  setsid: { flags: ['-c', '-f', '-w', '--ctty', '--fork', '--wait'] },
  ionice: {
    flags: ['-t', '--ignore'],
    withValue: ['-c', '-n', '-p', '-P', '-u', '--class', '--classdata', '--pid', '--pgid', '--uid'],
  },
  taskset: { flags: ['-a', '--all-tasks', '-c', '--cpu-list'], positionals: 1 },
  chrt: {
    flags: [
      ...['-a', '-b', '-d', '-f', '-i', '-o', '-r', '-R', '-v', '--all-tasks', '--batch'],
      ...['--deadline', '--fifo', '--idle', '--other', '--rr', '--reset-on-fork', '--verbose'],
    ],
    withValue: ['-T', '-P', '-D', '--sched-runtime', '--sched-period', '--sched-deadline'],
    positionals: 1,
  },
  flock: {
    flags: [
      ...['-s', '-x', '-e', '-n', '-u', '-o', '-F', '--shared', '--exclusive', '--nonblock'],
      ...['--unlock', '--close', '--no-fork', '--verbose'],
    ],
    withValue: ['-w', '-E', '--timeout', '--wait', '--conflict-exit-code'],
    positionals: 1,
    shellOptions: ['-c', '--command'],
  },
  sudo: {
    flags: [
      ...['-A', '-b', '-E', '-H', '-k', '-K', '-n', '-P', '-S', '-B', '-N', '-V'],
      ...['--askpass', '--background', '--bell', '--preserve-env', '--set-home'],
      ...['--reset-timestamp', '--remove-timestamp', '--non-interactive', '--no-update'],
      ...['--preserve-groups', '--stdin'],
    ],
    // `--preserve-env=LIST` names variables kept; it runs nothing.
    attachedOnly: ['--preserve-env'],
    withValue: [
      ...['-C', '-D', '-g', '-h', '-p', '-r', '-R', '-t', '-T', '-U', '-u'],
      ...['--chdir', '--group', '--host', '--prompt', '--role', '--type', '--user'],
      ...['--other-user', '--close-from', '--chroot', '--command-timeout'],
    ],
    shellOptions: ['-s', '-i', '--shell', '--login'],
  },
  doas: { flags: ['-n', '-L'], withValue: ['-u', '-C'], shellOptions: ['-s'] },
  chroot: { withValue: ['--userspec', '--groups'], flags: ['--skip-chdir'], positionals: 1 },
  busybox: {},
  toybox: {},
  unbuffer: { flags: ['-p'] },
  caffeinate: { flags: ['-d', '-i', '-m', '-s', '-u'], withValue: ['-t', '-w'] },
  // unshare(1) (util-linux): `unshare [options] [program [arguments]]`; with no program it runs
  // `$SHELL` (an assignment to SHELL is a hidden command: `codeVariables`). Its namespace options
  // take a file only attached (`--mount=file`); a short bundle with one (`-mfile`) is unreadable.
  unshare: {
    flags: [
      ...['-i', '-m', '-n', '-p', '-u', '-U', '-C', '-T', '-f', '-r', '-c', '-h', '-V'],
      ...['--ipc', '--mount', '--net', '--pid', '--uts', '--user', '--cgroup', '--time'],
      ...['--fork', '--keep-caps', '--kill-child', '--mount-proc', '--map-root-user'],
      ...['--map-current-user', '--map-auto', '--help', '--version'],
    ],
    attachedOnly: [
      ...['--ipc', '--mount', '--net', '--pid', '--uts', '--user', '--cgroup', '--time'],
      ...['--kill-child', '--mount-proc'],
    ],
    withValue: [
      ...['--map-user', '--map-users', '--map-group', '--map-groups', '--propagation'],
      ...['--setgroups', '-R', '--root', '-w', '--wd', '-S', '--setuid', '-G', '--setgid'],
      ...['--monotonic', '--boottime'],
    ],
  },
  // `jobs -x command args…` runs the command (bash(1), "Job Control Builtins"); without `-x`
  // jobs lists jobs. Its words starting with `%` (job specs) become process group ids first.
  jobs: { flags: ['-l', '-n', '-p', '-r', '-s', '-x'] },
}

/**
 * Wrapper options that name the folder their command runs in (SPEC §26: a relative path the
 * command opens is relative to it): env(1)'s `-C`/`--chdir`, sudo(8)'s `-D`/`--chdir`.
 */
export const wrapperDirectoryOptions: Readonly<Record<string, readonly string[]>> = {
  env: ['-C', '--chdir'],
  sudo: ['-D', '--chdir'],
}

/**
 * The options of su(1) and runuser(1) (util-linux), read as their GNU getopt reads them (options
 * may follow the user: `su root -s /bin/rm`). `runuser -u USER [--] command…` runs the command, as
 * `sudo -u` does; `-s`/`--shell` names the program run as the user's shell, given the words after
 * the user; `-c` strings are read through `stringRunners`. `-m`/`-p` keep `$SHELL`, an assignment
 * of which is a hidden command (`codeVariables`).
 */
export const userSwitchOptions: OptionSpec = {
  flags: [
    ...['-f', '-l', '-m', '-p', '-P', '-h', '-V', '--fast', '--login', '--preserve-environment'],
    ...['--pty', '--help', '--version'],
  ],
  withValue: [
    ...['-c', '-g', '-G', '-s', '-u', '-w', '--command', '--session-command', '--group'],
    ...['--supp-group', '--shell', '--user', '--whitelist-environment'],
  ],
}

/** `env`'s options (its `-S` splits a string into a command: SPEC §26). */
export const envOptions: OptionSpec = {
  flags: ['-i', '-0', '-v', '--ignore-environment', '--null', '--debug', '-'],
  withValue: ['-u', '--unset', '-C', '--chdir'],
  attachedOnly: ['--default-signal', '--ignore-signal', '--block-signal'],
}

/** `xargs`' options; `-I`, `-i` and `--replace` name a string replaced in its command. */
export const xargsOptions: OptionSpec = {
  flags: [
    ...['-0', '-o', '-p', '-r', '-t', '-x', '--null', '--open-tty', '--interactive'],
    ...['--no-run-if-empty', '--verbose', '--exit'],
  ],
  withValue: [
    ...['-a', '-d', '-E', '-I', '-L', '-n', '-P', '-s', '--arg-file', '--delimiter'],
    ...['--max-lines', '--max-args', '--max-procs', '--max-chars', '--process-slot-var'],
  ],
  attachedOnly: ['-e', '-i', '-l', '--eof', '--replace'],
}

/** The shells whose `-c` string, or whose input, is a command line nobody has seen yet. */
export const shells: ReadonlySet<string> = new Set([
  ...['sh', 'bash', 'rbash', 'zsh', 'dash', 'ksh', 'mksh', 'pdksh', 'ash', 'yash', 'fish'],
  ...['csh', 'tcsh', 'posh', 'oksh', 'loksh', 'elvish', 'nu', 'xonsh', 'pwsh'],
])

/** Options of bash and its kin that take the next word as their value. */
export const shellValueOptions: ReadonlySet<string> = new Set([
  ...['-o', '+o', '-O', '+O', '--rcfile', '--init-file'],
])

/** Builtins that run a file's commands, which no rule has seen. */
export const sourcingBuiltins: ReadonlySet<string> = new Set(['source', '.'])

/**
 * Builtins and programs that run a string as a command line (SPEC §18.2, §26), and where that
 * string is: `all` (the words after the name, joined, as `eval`), `first` (the first word that
 * is not an option, as `trap`), or after one of the listed options (`mapfile -C cb`).
 */
export const stringRunners: Readonly<
  Record<string, { readonly at: 'all' | 'first' } | { readonly options: readonly string[] }>
> = {
  eval: { at: 'all' },
  trap: { at: 'first' },
  watch: { at: 'all' },
  su: { options: ['-c', '--command', '--session-command'] },
  runuser: { options: ['-c', '--command', '--session-command'] },
  script: { options: ['-c', '--command'] },
  mapfile: { options: ['-C'] },
  readarray: { options: ['-C'] },
  complete: { options: ['-C'] },
  // `compgen -W LIST` expands LIST as words, substitutions included.
  compgen: { options: ['-C', '-W'] },
  bind: { options: ['-x'] },
  fc: { options: ['-e'] },
}

/**
 * Builtins that change what later commands of the line run, or load code: hidden commands
 * whatever their words (SPEC §26). `alias` only where it defines one (`alias a=b`).
 */
export const codeChangingBuiltins: Readonly<Record<string, string>> = {
  hash: 'hash, which can make a command name run another program',
  enable: 'enable, which can load a builtin from a shared object or replace one',
  alias: 'alias, which can make a command name run other commands',
  shopt: 'shopt, which can turn on alias expansion or change how words expand',
}

/**
 * `set` options that leave how bash reads later commands, and what it exports, alone (`set -euo
 * pipefail`, `set -x`), after bash(1)'s `set` entry: each stops commands, traces them, or touches
 * job control or line editing only. Any other is a hidden command: `-a`/`allexport` (a later
 * `read`, `for` or `printf -v` exports its variable), `-k`/`keyword`, `-H`/`histexpand`,
 * `history`, `-E`/`-T` (traps inherited), `-P`/`physical` (where `cd ..` goes), `-p`, `-t`,
 * `posix`, `onecmd`, ….
 */
export const safeSetLetters = 'efuvxnCbhmB'
export const safeSetLongOptions: ReadonlySet<string> = new Set([
  ...['errexit', 'nounset', 'xtrace', 'verbose', 'pipefail', 'noclobber', 'noglob', 'noexec'],
  ...['notify', 'hashall', 'monitor', 'braceexpand', 'ignoreeof', 'emacs', 'vi'],
])

/**
 * `shopt` options a line may set or unset (bash(1), "The Shopt Builtin"): each touches history,
 * completion, messages, job control or `echo`'s escapes only. Setting any other (`expand_aliases`,
 * `extglob`, `lastpipe`, `nullglob`, `dotglob`, `globstar`, `cdable_vars`, `assoc_expand_once`,
 * `patsub_replacement`, `sourcepath`, the `compat` levels, …) hides a command.
 */
export const safeShoptOptions: ReadonlySet<string> = new Set([
  ...['checkjobs', 'checkwinsize', 'cmdhist', 'complete_fullquote', 'direxpand', 'dirspell'],
  ...['execfail', 'gnu_errfmt', 'histappend', 'histreedit', 'histverify', 'hostcomplete'],
  ...['huponexit', 'inherit_errexit', 'lithist', 'mailwarn', 'no_empty_cmd_completion'],
  ...['noexpand_translation', 'progcomp', 'shift_verbose', 'varredir_close', 'xpg_echo'],
])

/** `shopt` options off when bash runs a script: unsetting one gives what the judge reads. */
export const shoptOptionsSafeToUnset: ReadonlySet<string> = new Set([
  ...['expand_aliases', 'extglob', 'extdebug', 'lastpipe', 'nullglob', 'failglob', 'dotglob'],
  ...['nocaseglob', 'nocasematch', 'globstar', 'cdable_vars', 'cdspell', 'autocd'],
  ...['assoc_expand_once', 'localvar_inherit', 'localvar_unset'],
])

/**
 * Variables that decide which code runs (SPEC §26): assigning one by any means (`NAME=…`,
 * `for NAME in`, `read NAME`, `printf -v NAME`, `declare`, `export`, `${NAME:=…}`) is a hidden
 * command. Exact names, then prefixes.
 */
export const codeVariables: ReadonlySet<string> = new Set([
  ...['PATH', 'IFS', 'BASH_ENV', 'ENV', 'PROMPT_COMMAND', 'PS0', 'PS1', 'PS2', 'PS3', 'PS4'],
  ...['SHELLOPTS', 'BASHOPTS', 'CDPATH', 'HOME', 'OLDPWD', 'PWD', 'GLOBIGNORE', 'EXECIGNORE'],
  ...['BASH_LOADABLES_PATH', 'BASH_XTRACEFD', 'FUNCNEST', 'TMOUT', 'HISTFILE', 'INPUTRC'],
  ...['NODE_OPTIONS', 'NODE_PATH', 'PYTHONPATH', 'PYTHONSTARTUP', 'PYTHONHOME', 'PERL5OPT'],
  ...['PERL5LIB', 'PERLLIB', 'RUBYOPT', 'RUBYLIB', 'JAVA_TOOL_OPTIONS', '_JAVA_OPTIONS'],
  ...['GIT_SSH', 'GIT_SSH_COMMAND', 'GIT_PAGER', 'GIT_EDITOR', 'GIT_SEQUENCE_EDITOR'],
  ...['GIT_EXEC_PATH', 'GIT_EXTERNAL_DIFF', 'GIT_ASKPASS', 'GIT_DIR', 'GIT_WORK_TREE'],
  ...['GIT_TEMPLATE_DIR', 'GIT_PROXY_COMMAND', 'SSH_ASKPASS', 'SUDO_ASKPASS', 'PAGER'],
  ...['MANPAGER', 'EDITOR', 'VISUAL', 'BROWSER', 'LESSOPEN', 'LESSCLOSE', 'TAR_OPTIONS'],
  ...['RSYNC_RSH', 'RSYNC_CONNECT_PROG', 'CVS_RSH', 'XDG_CONFIG_HOME', 'ZDOTDIR', 'TMPDIR'],
  // bash's integer variables: what is assigned to them is evaluated as arithmetic, `a[$(…)]`
  // included (`read OPTIND <<< 'z[$(rm x)]'`); and the directory stack `popd` goes back to.
  ...['OPTIND', 'RANDOM', 'SRANDOM', 'HISTCMD', 'SECONDS', 'LINENO', 'BASHPID', 'DIRSTACK'],
  ...['BASH_CMDS', 'BASH_ALIASES', 'BASH_ARGV0', 'BASH_COMPAT', 'FIGNORE', 'HISTIGNORE'],
  // Options read from the environment by programs whose options run a command (below:
  // `inertProgramCommandOptions`): ripgrep's configuration file (`--pre=…` in it), zip(1)'s
  // ZIPOPT and ZIP (`-TT cmd`), man(1)'s MANOPT (`--pager=cmd`).
  ...['RIPGREP_CONFIG_PATH', 'ZIPOPT', 'ZIP', 'MANOPT'],
  // The shell a program runs when given no command: chroot(8), unshare(1), script(1), `su -m`
  // and `runuser -m` (util-linux) run `$SHELL`, so `SHELL=/bin/rm chroot /` runs rm.
  'SHELL',
])
export const codeVariablePrefixes: readonly string[] = [
  ...['LD_', 'DYLD_', 'BASH_FUNC_', 'GIT_CONFIG', 'npm_config_', 'NPM_CONFIG_', 'YARN_'],
  ...['PNPM_', 'CARGO_', 'RUSTC', 'GOFLAGS', 'PIP_'],
]

/**
 * The variables a leading `NAME=value` (or `env NAME=value`) may set without keeping a command
 * from matching an allow rule (SPEC §18.2): each changes how a program formats, logs or targets,
 * never which code runs. `PATH`, `LD_PRELOAD`, `NODE_OPTIONS`, `BASH_ENV`, `GIT_SSH_COMMAND` and
 * their kind (above) are not here and never will be.
 */
export const safeEnvVars: ReadonlySet<string> = new Set([
  ...['CI', 'COLUMNS', 'DEBUG', 'FORCE_COLOR', 'GOARCH', 'GOOS', 'LANG', 'LANGUAGE', 'LC_ALL'],
  ...['LC_COLLATE', 'LC_CTYPE', 'LC_MESSAGES', 'LC_NUMERIC', 'LC_TIME', 'LINES', 'NODE_ENV'],
  ...['NO_COLOR', 'PYTHONDONTWRITEBYTECODE', 'PYTHONUNBUFFERED', 'RUST_BACKTRACE', 'RUST_LOG'],
  ...['TERM', 'TZ', 'VERBOSE'],
])

/**
 * Builtins that read words as arithmetic or as variable names (SPEC §26): bash evaluates
 * `a[$(…)]` in a name's subscript, and an arithmetic operand names variables whose values it
 * evaluates in turn. Each entry: which words are arithmetic (`arithmetic`), which are names
 * (`names`: every word that is not an option; `optionNames`: the value of these options), and
 * the options that take a value that is neither.
 */
export interface NameReadingBuiltin {
  /** Every non-option word is arithmetic (`let`). */
  readonly arithmetic?: boolean
  /** Every non-option word after `skip` words is a variable name. */
  readonly names?: { readonly skip: number }
  /** Options whose value is a variable name (`printf -v NAME`, `read -a NAME`). */
  readonly optionNames?: readonly string[]
  /** Options that take a value (so the next word is not a name). */
  readonly valueOptions?: readonly string[]
  /** Options after which the rest is not names (`test` reads only `-v NAME`). */
  readonly onlyOptionNames?: boolean
}
export const nameReadingBuiltins: Readonly<Record<string, NameReadingBuiltin>> = {
  let: { arithmetic: true },
  printf: { optionNames: ['-v'], onlyOptionNames: true },
  read: { names: { skip: 0 }, optionNames: ['-a'], valueOptions: ['-d', '-i', '-n', '-N', '-p'] },
  mapfile: { names: { skip: 0 }, valueOptions: ['-d', '-n', '-O', '-s', '-u', '-c', '-C'] },
  readarray: { names: { skip: 0 }, valueOptions: ['-d', '-n', '-O', '-s', '-u', '-c', '-C'] },
  getopts: { names: { skip: 1 } },
  wait: { optionNames: ['-p'], onlyOptionNames: true },
  unset: { names: { skip: 0 } },
  test: { optionNames: ['-v'], onlyOptionNames: true },
  '[': { optionNames: ['-v'], onlyOptionNames: true },
  declare: { names: { skip: 0 } },
  typeset: { names: { skip: 0 } },
  local: { names: { skip: 0 } },
  export: { names: { skip: 0 } },
  readonly: { names: { skip: 0 } },
}

/** The declaration builtins: a quoted compound value they take is parsed again as an array. */
export const declarationBuiltins: ReadonlySet<string> = new Set([
  ...['declare', 'typeset', 'local', 'export', 'readonly'],
])

/** The declarations whose `-n` makes a name reference and `-i` an integer. */
export const attributeDeclarationBuiltins: ReadonlySet<string> = new Set([
  ...['declare', 'typeset', 'local'],
])

/** `[[ … ]]` operators whose operands bash evaluates as arithmetic. */
export const arithmeticTestOperators: ReadonlySet<string> = new Set([
  ...['-eq', '-ne', '-lt', '-le', '-gt', '-ge'],
])

/**
 * Programs that run strings given in their words (SPEC §26). An allow rule for one of them
 * allows only invocations whose program text is literal and free of what runs code; the reader
 * of each is in `shell/program-strings.ts`.
 */
export const stringRunningPrograms: ReadonlySet<string> = new Set([
  ...['sed', 'gsed', 'awk', 'gawk', 'mawk', 'nawk', 'busybox-awk', 'tar', 'gtar', 'bsdtar'],
  ...['git', 'rsync', 'find', 'xargs', 'env', 'parallel'],
])

/**
 * `watch`'s options that take a value (the rest of its words are the command it runs), and
 * `find`'s actions that run a command (each up to `;` or `+`, `{}` replaced by a file name).
 */
export const watchValueOptions: ReadonlySet<string> = new Set([
  ...['-n', '--interval', '-d', '--differences', '-q', '--equexit'],
])
export const findExecActions: ReadonlySet<string> = new Set(['-exec', '-execdir', '-ok', '-okdir'])

/** find's actions that write a file no redirection shows. */
export const findWritingActions: ReadonlySet<string> = new Set([
  ...['-fprint', '-fprint0', '-fprintf', '-fls'],
])

/**
 * sed's and awk's options known to run and load nothing (any other option hides a command; the
 * ones that take a script or a file are read by their readers in `shell/program-strings.ts`).
 */
export const sedFlagOptions: ReadonlySet<string> = new Set([
  ...['-n', '-E', '-r', '-s', '-u', '-z', '-b', '--posix', '--debug', '--sandbox', '--quiet'],
  ...['--silent', '--follow-symlinks', '--null-data', '--zero-terminated', '--separate'],
  ...['--unbuffered', '--regexp-extended', '--binary', '--help', '--version'],
])
export const awkFlagOptions: ReadonlySet<string> = new Set([
  ...['-b', '-c', '-C', '-g', '-h', '-L', '-M', '-n', '-N', '-O', '-P', '-r', '-s', '-S', '-t'],
  ...['-V', '--posix', '--traditional', '--lint', '--sandbox', '--characters-as-bytes'],
  ...['--use-lc-numeric', '--re-interval', '--non-decimal-data', '--optimize', '--version'],
])

/**
 * awk words after which a `/` starts a regex in every awk (POSIX awk, "Lexical Conventions"; the
 * gawk manual, "Regexp Usage"): an expression follows them (`print /x/`, `return /x/`, `else
 * /x/`), or no awk can read a division there (`in`, `delete`). See shell/awk-tokens.ts.
 */
export const awkRegexKeywords: ReadonlySet<string> = new Set([
  ...['print', 'printf', 'return', 'else', 'do', 'exit', 'in', 'delete'],
])

/**
 * awk words some awk keeps for itself and another reads as a name, or after which the awks read
 * a `/` differently (mawk reads a regex after `length`, gawk a division; `case` is gawk's
 * keyword and mawk's variable): a `/` after one is read both ways. Every builtin function of
 * gawk, mawk, the one-true-awk and BusyBox awk is here too.
 */
export const awkKeywordsReadEitherWay: ReadonlySet<string> = new Set([
  ...['getline', 'length', 'case', 'default', 'switch', 'func', 'function', 'BEGIN', 'END'],
  ...['BEGINFILE', 'ENDFILE', 'next', 'nextfile', 'break', 'continue', 'if', 'while', 'for'],
  ...['atan2', 'close', 'cos', 'exp', 'fflush', 'gsub', 'index', 'int', 'log', 'match'],
  ...['rand', 'sin', 'split', 'sprintf', 'sqrt', 'srand', 'sub', 'substr', 'system'],
  ...['tolower', 'toupper', 'and', 'or', 'xor', 'compl', 'lshift', 'rshift', 'asort', 'asorti'],
  ...['gensub', 'patsplit', 'isarray', 'typeof', 'strtonum', 'mkbool', 'mktime', 'strftime'],
  ...['systime', 'bindtextdomain', 'dcgettext', 'dcngettext'],
])

/**
 * What the awks skip between tokens (SPEC §26: a `/` is read by the token before it, so a
 * character one awk skips and the judge reads as a token hides a `system()` after it): space and
 * tab in every awk (POSIX awk, "Lexical Conventions": `<blank>`); `\r` in gawk, mawk and the
 * one-true-awk; `\f` and `\v` in mawk (its `scan_code` table, makescan.c). An awk that does not
 * skip one of these refuses the program there (gawk: "invalid char", BusyBox: "Unexpected
 * token"), so a blank is the one reading of them that runs. See shell/awk-tokens.ts.
 */
export const awkBlanks: ReadonlySet<string> = new Set([' ', '\t', '\r', '\f', '\v'])

/**
 * The ASCII characters awk reads as operators or punctuation outside strings, regexes and
 * comments (besides letters, digits, `_`, blanks, `"`, `#` and a `\` that ends a line).
 * Every awk refuses a program with any other ASCII character there (a control character, `'`,
 * `` ` ``, DEL: mawk's `SC_UNEXPECTED`, gawk's "invalid char", the one-true-awk's and BusyBox's
 * syntax errors). A non-ASCII character is read as part of a name: the one-true-awk (macOS's
 * awk) reads names by the locale's `isalpha`, which holds for such bytes there.
 */
export const awkOperatorCharacters: ReadonlySet<string> = new Set([
  ...['{', '}', '(', ')', '[', ']', ';', ',', '+', '-', '*', '/', '%', '^', '!', '>', '<'],
  ...['|', '?', ':', '~', '$', '=', '&', '@', '.', '\n'],
])

/** tar options that run a command (any abbreviation of the long ones counts). */
export const tarCommandOptions = {
  long: [
    ...['to-command', 'checkpoint-action', 'use-compress-program', 'rsh-command'],
    ...['info-script', 'new-volume-script', 'rmt-command', 'index-file'],
  ],
  short: ['I', 'F'],
} as const

/**
 * Options of programs otherwise known never to run their words that do run a command (any
 * abbreviation of the long ones counts): `rg --pre`, `sort --compress-program`, `zip -TT`,
 * `man -P`/`-H`/`-C`, `npm --script-shell`. From each program's manual: rg(1) runs `--pre`'s
 * COMMAND for every file, and `--hostname-bin`'s program as a search starts (ripgrep 14 asks it
 * for the host its hyperlinks name, whether or not it prints any); its `--pre-glob` is a glob,
 * and `-z`/`--search-zip` runs only fixed decompressors (`gzip -d -c`, `xz -d -c`, … found on
 * PATH, which a line cannot change unseen) on files as data, so neither is here. sort(1):
 * `--compress-program` only. zip(1): `-TT`/`--unzip-command` only. man(1) (man-db):
 * `-P`/`--pager`, `-H`/`--html` (a browser), `-C`/`--config-file`. Options given through the
 * environment (`RIPGREP_CONFIG_PATH`, `ZIPOPT`, `MANOPT`) are in `codeVariables`.
 */
export const inertProgramCommandOptions: Readonly<
  Record<string, { readonly long: readonly string[]; readonly short: readonly string[] }>
> = {
  rg: { long: ['pre', 'hostname-bin'], short: [] },
  sort: { long: ['compress-program'], short: [] },
  zip: { long: ['unzip-command'], short: ['TT'] },
  // `man -C FILE` reads a man-db configuration, whose DEFINEs name the programs it runs.
  man: { long: ['pager', 'html', 'config-file'], short: ['P', 'H', 'C'] },
  // npm's configuration as flags (any abbreviation nopt takes): what runs scripts or programs.
  npm: {
    long: [
      ...['script-shell', 'shell', 'editor', 'git', 'browser', 'viewer', 'node-options'],
      ...['userconfig', 'globalconfig', 'call', 'onload-script', 'init-module'],
    ],
    short: [],
  },
}

/** rsync options that run a command (any abbreviation of the long ones counts). */
export const rsyncCommandOptions = { long: ['rsh', 'rsync-path'], short: ['e'] } as const

/** git's own options that run code or read a configuration a call controls. */
export const gitCommandOptions: ReadonlySet<string> = new Set([
  ...['-c', '--config-env', '--exec-path', '--git-dir', '--work-tree', '--namespace'],
])

/** git's own options known to run nothing: those that take a value, and flags. */
export const gitValueOptions: ReadonlySet<string> = new Set(['-C', '--super-prefix', '--list-cmds'])
export const gitFlagOptions: ReadonlySet<string> = new Set([
  ...['-p', '-P', '--paginate', '--no-pager', '--bare', '--no-replace-objects', '-h', '--help'],
  ...['--literal-pathspecs', '--glob-pathspecs', '--noglob-pathspecs', '--icase-pathspecs'],
  ...['--no-optional-locks', '--no-advice', '--version', '--html-path', '--man-path'],
])

/**
 * git subcommand options that run a string (`git rebase -x 'make'`); a long one matches any
 * abbreviation of it, as git's parse-options takes any unambiguous one.
 */
export const gitSubcommandCommandOptions: Readonly<Record<string, readonly string[]>> = {
  rebase: ['-x', '--exec'],
  difftool: ['-x', '--extcmd', '-t', '--tool'],
  mergetool: ['-t', '--tool'],
  bisect: ['run'],
  submodule: ['foreach'],
  'filter-branch': [
    ...['--env-filter', '--tree-filter', '--index-filter', '--parent-filter', '--msg-filter'],
    ...['--commit-filter', '--tag-name-filter', '--subdirectory-filter', '--setup'],
  ],
  config: ['*'],
  'credential-helper': ['*'],
  'upload-pack': ['*'],
  daemon: ['*'],
  instaweb: ['*'],
  'send-email': ['--sendmail-cmd', '--smtp-server', '--to-cmd', '--cc-cmd'],
  'fast-import': ['*'],
  archive: ['--remote', '--exec'],
  fetch: ['--upload-pack'],
  'fetch-pack': ['--upload-pack', '--exec'],
  'send-pack': ['--receive-pack', '--exec'],
  clone: ['-u', '--upload-pack', '--template', '-c', '--config'],
  // A template folder's hooks are copied into the new repository, and a later git runs them.
  init: ['--template'],
  'init-db': ['--template'],
  'ls-remote': ['-u', '--upload-pack', '--exec'],
  pull: ['--upload-pack'],
  push: ['--receive-pack', '--exec'],
  // `git grep -O<pager>` runs the pager with the matching files.
  grep: ['-O', '--open-files-in-pager'],
  'for-each-repo': ['*'],
}

/**
 * git's own subcommands (`git help -a`): anything else may be an alias, and a `!` alias runs a
 * shell command (SPEC §26).
 */
export const gitSubcommands: ReadonlySet<string> = new Set([
  ...['add', 'am', 'annotate', 'apply', 'archive', 'bisect', 'blame', 'branch', 'bundle'],
  ...['cat-file', 'check-attr', 'check-ignore', 'check-mailmap', 'check-ref-format'],
  ...['checkout', 'checkout-index', 'cherry', 'cherry-pick', 'citool', 'clean', 'clone'],
  ...['column', 'commit', 'commit-graph', 'commit-tree', 'config', 'count-objects', 'describe'],
  ...['diagnose', 'diff', 'diff-files', 'diff-index', 'diff-tree', 'difftool', 'fetch'],
  ...['fetch-pack', 'filter-branch', 'fmt-merge-msg', 'for-each-ref', 'for-each-repo'],
  ...['format-patch', 'fsck', 'gc', 'get-tar-commit-id', 'grep', 'gui', 'hash-object', 'help'],
  ...['init', 'instaweb', 'interpret-trailers', 'log', 'ls-files', 'ls-remote', 'ls-tree'],
  ...['maintenance', 'merge', 'merge-base', 'merge-file', 'merge-tree', 'mergetool', 'mktag'],
  ...['mktree', 'mv', 'name-rev', 'notes', 'pack-objects', 'prune', 'pull', 'push', 'range-diff'],
  ...['read-tree', 'rebase', 'reflog', 'remote', 'repack', 'replace', 'request-pull', 'rerere'],
  ...['reset', 'restore', 'rev-list', 'rev-parse', 'revert', 'rm', 'send-email', 'shortlog'],
  ...['show', 'show-branch', 'show-ref', 'sparse-checkout', 'stash', 'status', 'stripspace'],
  ...['submodule', 'switch', 'symbolic-ref', 'tag', 'update-index', 'update-ref', 'var'],
  ...['verify-commit', 'verify-pack', 'verify-tag', 'version', 'whatchanged', 'worktree'],
  ...['write-tree', 'lfs', 'init-db', 'prune-packed', 'unpack-objects', 'fsmonitor--daemon'],
])

/**
 * Programs known never to run their words as commands: a word naming a denied program among
 * their arguments is data (`grep rm notes.txt`). Any other program whose later words name a
 * denied program is "possibly denied" (SPEC §26): it may be a wrapper no table knows.
 */
export const inertPrograms: ReadonlySet<string> = new Set([
  ...['echo', 'printf', 'cat', 'tac', 'ls', 'dir', 'grep', 'egrep', 'fgrep', 'rg', 'ag', 'ack'],
  ...['head', 'tail', 'wc', 'sort', 'uniq', 'cut', 'paste', 'join', 'tr', 'fold', 'fmt', 'nl'],
  ...['column', 'diff', 'cmp', 'comm', 'patch', 'stat', 'file', 'touch', 'mkdir', 'rmdir', 'rm'],
  ...['cp', 'mv', 'ln', 'chmod', 'chown', 'chgrp', 'pwd', 'basename', 'dirname', 'realpath'],
  ...['readlink', 'which', 'whereis', 'type', 'true', 'false', 'test', '[', ':', 'date', 'cal'],
  // Not `less`: `less '+!rm x' f` runs rm (its `+` commands run at start, with a terminal).
  ...['whoami', 'id', 'groups', 'uname', 'hostname', 'tee', 'more', 'man', 'jq', 'yq'],
  ...['base64', 'md5sum', 'sha1sum', 'sha256sum', 'sha512sum', 'cksum', 'du', 'df', 'free'],
  ...['zip', 'gzip', 'gunzip', 'zcat', 'bzip2', 'xz', 'unxz', 'zstd', 'od', 'hexdump', 'xxd'],
  ...['strings', 'tree', 'find', 'cd', 'pushd', 'popd', 'dirs', 'help', 'history'],
  ...['kill', 'pkill', 'killall', 'ps', 'top', 'sleep', 'seq', 'yes', 'expr', 'bc', 'dc'],
  ...['iconv', 'locale', 'printenv', 'tput', 'clear', 'stty', 'tty', 'uptime', 'nproc'],
  ...['git', 'sed', 'awk', 'gawk', 'tar', 'rsync', 'shift', 'exit', 'return', 'set', 'unset'],
  ...['export', 'declare', 'local', 'readonly', 'typeset', 'let', 'read', 'wait', 'umask'],
])

/**
 * Programs an always-answer never generalises to `Name *` (SPEC §26): they destroy or escalate,
 * so the rule names the exact command instead. `git` entries name a subcommand and option.
 */
export const destructivePrograms: ReadonlySet<string> = new Set([
  ...['rm', 'rmdir', 'shred', 'unlink', 'dd', 'mkfs', 'fdisk', 'parted', 'wipefs', 'truncate'],
  ...['chmod', 'chown', 'chgrp', 'chattr', 'setfacl', 'kill', 'pkill', 'killall', 'sudo'],
  ...['doas', 'su', 'pkexec', 'runuser', 'reboot', 'shutdown', 'halt', 'poweroff', 'systemctl'],
  ...['mount', 'umount', 'iptables', 'nft', 'crontab', 'useradd', 'userdel', 'usermod', 'passwd'],
  ...['mv', 'find', 'xargs', 'curl', 'wget', 'ssh', 'scp', 'nc', 'ncat', 'socat', 'eval', 'exec'],
])

/**
 * Programs whose second word is a subcommand whose own first argument names what it does: an
 * always-answer keeps that argument too (`Bash(npm run test *)`, not `Bash(npm run *)`).
 */
export const subcommandPrograms: ReadonlySet<string> = new Set([
  ...['npm', 'pnpm', 'yarn', 'git', 'cargo', 'go', 'docker', 'kubectl'],
])

/**
 * Subcommands (with the words that make them destructive) an always-answer never widens. A word
 * ending in `*` is a prefix: `push +*` is a push of a `+refspec` (a force push), `push :*` one of
 * a `:refspec` (a delete). An allow answer for a subcommand named here (`git push origin main`,
 * `git stash`), or for the program alone, is the exact command too: `Bash(git push origin *)`
 * would also allow `git push origin --force main`, and `Bash(git *)` everything here.
 */
export const destructiveSubcommands: Readonly<Record<string, readonly string[]>> = {
  git: [
    ...['push --force', 'push -f', 'push --force-with-lease', 'push --force-if-includes'],
    ...['push --mirror', 'push --delete', 'push -d', 'push --prune', 'push +*', 'push :*'],
    ...['reset --hard', 'clean', 'branch -D', 'branch -d', 'checkout --', 'restore', 'rm'],
    ...['filter-branch', 'reflog expire', 'gc --prune', 'stash drop', 'stash clear'],
  ],
  npm: ['publish', 'unpublish', 'deprecate', 'owner', 'access', 'token'],
  pnpm: ['publish'],
  yarn: ['publish', 'npm publish'],
  cargo: ['publish', 'yank', 'owner'],
  docker: ['rm', 'rmi', 'system prune', 'volume rm', 'kill', 'push'],
  kubectl: ['delete', 'drain', 'cordon', 'replace --force', 'apply --prune'],
}

/**
 * Programs that make links or move files: a path written after one in the same line may lead
 * somewhere a rule did not see (SPEC §26), so it is unknown. `git` only with these subcommands.
 */
export const linkMakingPrograms: ReadonlySet<string> = new Set([
  ...['ln', 'link', 'mv', 'cp', 'rsync', 'tar', 'gtar', 'bsdtar', 'unzip', 'cpio', 'install'],
  ...['rename', 'mount', 'bindfs', 'patch', 'pax', '7z', '7za', 'bsdunzip'],
])
export const linkMakingGitSubcommands: ReadonlySet<string> = new Set([
  ...['checkout', 'switch', 'restore', 'reset', 'clone', 'pull', 'merge', 'rebase', 'stash'],
  ...['apply', 'am', 'cherry-pick', 'revert', 'worktree', 'submodule', 'read-tree', 'mv'],
  ...['checkout-index', 'sparse-checkout', 'bisect', 'lfs'],
])

/**
 * What makes git run code from files a line wrote (SPEC §26): git reads a repository's
 * configuration (`core.fsmonitor`, `core.hooksPath`, … run commands: git-config(1)) from its
 * `.git` folder, or, for a bare repository, from these files where git finds it. A line that
 * writes such a path, or makes a repository (git-init(1), git-clone(1), a worktree, a submodule)
 * whose files its other programs may write, runs no git command an allow rule may allow.
 */
export const gitRepositoryFiles: ReadonlySet<string> = new Set([
  // In lower case: a path is compared in lower case (`HEAD`, `.GIT` on a macOS disk).
  ...['config', 'config.worktree', 'head', 'commondir', 'gitdir'],
])

/**
 * Whether a file's name (in lower case) is one git may read configuration from: a bare
 * repository's ({@link gitRepositoryFiles}), or any name holding `gitconfig` — the global
 * `~/.gitconfig`, the system `/etc/gitconfig`, and the names a repository's `[include] path` or
 * `includeIf` usually gives (`team.gitconfig`, `.gitconfig.local`): git-config(1) "FILES" and
 * "Includes". An include under another name is not seen (see the README).
 */
export function isGitConfigurationName(name: string): boolean {
  return gitRepositoryFiles.has(name) || name.includes('gitconfig')
}
export const gitRepositoryMakers: Readonly<Record<string, readonly string[] | undefined>> = {
  init: undefined,
  'init-db': undefined,
  clone: undefined,
  worktree: ['add'],
  submodule: ['add', 'update'],
}

/**
 * Beside git (SPEC §26), what a line's other programs may write into a git folder is read from
 * their words (shell/repository-words.ts). These programs write no file their words name,
 * whatever the words: they read, print or set variables, so their words are not read at all.
 */
export const programsWritingNoFiles: ReadonlySet<string> = new Set([
  ...['cat', 'echo', 'printf', 'ls', 'grep', 'egrep', 'fgrep', 'rg', 'head', 'tail', 'wc'],
  ...['test', '[', 'true', 'false', ':', 'pwd', 'basename', 'dirname', 'realpath', 'readlink'],
  ...['stat', 'which', 'type', 'diff', 'cmp', 'cut', 'tr', 'date', 'sleep', 'whoami', 'uname'],
  ...['export', 'declare', 'local', 'readonly', 'typeset', 'unset', 'read', 'mapfile'],
  'readarray',
])

/**
 * Programs that write the files their input names, not their words (an archive, a patch, a
 * folder copied whole may hold a `.git` folder): beside git, one of them asks whatever its words
 * say; `cp` with one of {@link recursiveCopyOptions} too.
 */
export const treeWritingPrograms: ReadonlySet<string> = new Set([
  ...['tar', 'gtar', 'bsdtar', 'unzip', 'bsdunzip', 'cpio', 'pax', '7z', '7za', 'patch', 'rsync'],
])
export const recursiveCopyOptions = { short: ['r', 'R', 'a'], long: ['recursive', 'archive'] }

/**
 * git's options that write a file, or a folder of files, their value names with no redirection
 * to show it (SPEC §18.2: an edit subject, as a redirection's file is): diff's `--output=<file>`
 * (git-diff(1): "Output to a specific file instead of stdout"), which every subcommand below that
 * reads diff or revision options takes (git 2.39 wrote the file for each), `--output-directory`,
 * and `-o` where the value is named: format-patch's folder (git-format-patch(1)), archive's file
 * (git-archive(1)), bugreport's and diagnose's folder. A long one counts in any abbreviation, a
 * short one in a bundle (`-ko dir`); a word known only at run time may be one.
 */
export const gitOutputOptions: readonly string[] = ['output', 'output-directory']
export const gitOutputSubcommands: Readonly<Record<string, 'o' | undefined>> = {
  ...{ log: undefined, show: undefined, diff: undefined, 'diff-files': undefined },
  ...{ 'diff-index': undefined, 'diff-tree': undefined, whatchanged: undefined },
  ...{ 'range-diff': undefined, 'rev-list': undefined, shortlog: undefined, reflog: undefined },
  ...{ stash: undefined, 'cherry-pick': undefined, revert: undefined, 'fast-export': undefined },
  ...{ bundle: undefined, blame: undefined, annotate: undefined, 'format-patch': 'o' },
  ...{ archive: 'o', bugreport: 'o', diagnose: 'o' },
}

/**
 * git subcommands that write files their words name (git-merge-file(1)'s `<current>`,
 * git-checkout-index(1)'s `--prefix`, git-bundle(1)'s `create <file>`): beside another git
 * command, a word of theirs known only at run time may name a file in a git folder.
 */
export const gitFileWritingSubcommands: ReadonlySet<string> = new Set([
  ...['merge-file', 'checkout-index', 'bundle'],
])

/** Builtins that change the working directory (SPEC §26: later relative paths move with it). */
export const directoryChangers: ReadonlySet<string> = new Set(['cd', 'pushd', 'popd'])

/** Redirection operators that open their file for writing (`<>` reads and writes): an edit. */
export const writingRedirectOperators: ReadonlySet<string> = new Set([
  ...['>', '>>', '&>', '&>>', '>|', '<>'],
])

/** Files a redirection may name without it being an edit. */
export const harmlessRedirectTargets: ReadonlySet<string> = new Set([
  ...['/dev/null', '/dev/stdout', '/dev/stderr', '/dev/tty', '/dev/fd/1', '/dev/fd/2'],
])

/** Bash's reserved words (bash(1), RESERVED WORDS): special as the first word of a command. */
export const reservedWords: ReadonlySet<string> = new Set([
  ...['!', 'case', 'coproc', 'do', 'done', 'elif', 'else', 'esac', 'fi', 'for', 'function'],
  ...['if', 'in', 'select', 'then', 'time', 'until', 'while', '{', '}', '[[', ']]'],
])
