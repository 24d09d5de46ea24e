import { constants } from 'node:os'
import { isSecretEnvName } from '@toolpipe/core'

/**
 * The descriptor a sandboxed run's report of how its command ended is written on: a pipe this
 * process reads, passed through bubblewrap and closed for the command itself.
 */
export const reportDescriptor = 3

/**
 * The variable that hands the command line the names to remove from the command's environment:
 * the secret-named variables the sandbox runtime sets inside (`scrubEnv`), known only once the
 * command is wrapped.
 */
export const unsetVariable = 'TOOLPIPE_SANDBOX_UNSET'

/**
 * How the command ended, by perl (found outside every folder a command may write), the command's
 * parent inside the sandbox: when a signal ended it, `signal <n>` on the report descriptor. Each
 * layer above it — the sandbox's seccomp helper, its shell, bubblewrap — turns a signal into the
 * exit code 128 + n, which a command may also exit with. Written with no module (a PERL5OPT that
 * names one is set aside for perl and given back to the command), catchable signals ignored from
 * before it starts the command (a `kill 0` of the command's own group) and as they were in the
 * command, the report descriptor closed for the command.
 */
const reporter = [
  'my ($had, $options, $fd, $shell, $command) = @ARGV;',
  'if ($had) { $ENV{PERL5OPT} = $options } else { delete $ENV{PERL5OPT} }',
  'my @signals = qw(HUP INT QUIT TERM PIPE USR1 USR2 ALRM);',
  'my %was = map { ($_, $SIG{$_}) } @signals;',
  '$SIG{$_} = "IGNORE" for @signals;',
  'my $pid = fork;',
  'if (!$pid) {',
  '  $SIG{$_} = defined $was{$_} ? $was{$_} : "DEFAULT" for @signals;',
  '  if (defined $pid and open(my $report, ">&=", $fd)) { close $report }',
  '  exec { $shell } $shell, "-c", $command;',
  '  exit 127;',
  '}',
  'exit 127 if waitpid($pid, 0) != $pid;',
  'my $signal = $? & 127;',
  'exit($? >> 8) unless $signal;',
  'if (open(my $report, ">&=", $fd)) { syswrite($report, "signal $signal\\n") }',
  'exit(128 + $signal);',
].join('\n')

/**
 * The command line the runtime wraps instead of `command`: the inner shell removes the variables
 * `TOOLPIPE_SANDBOX_UNSET` names, then runs `command` with `shell` — under `perl`'s report where
 * there is perl, exactly as before where there is none.
 */
export function reportingCommand(command: string, shell: string, perl: string | undefined): string {
  const lines = [
    `IFS=' '; unset \${${unsetVariable}-} ${unsetVariable}; unset IFS`,
    `toolpipe_command=${quote(command)}`,
  ]
  if (perl !== undefined) {
    lines.push(
      `if [ -x ${quote(perl)} ]; then PERL5OPT= exec ${quote(perl)} -e ${quote(reporter)} -- "\${PERL5OPT+1}" "\${PERL5OPT-}" ${String(reportDescriptor)} ${quote(shell)} "$toolpipe_command"; fi`,
    )
  }
  lines.push(`exec ${quote(shell)} -c "$toolpipe_command"`)
  return lines.join('\n')
}

/**
 * How the run ended, given what bubblewrap's exit said and what the report descriptor held: an
 * exit code 128 + n is the signal n only where the report says so, in exactly those words. A
 * process of the command could write the report too, but only to say what the exit code already
 * allows — what the command could have made true by ending either way.
 */
export function readExit(
  exitCode: number | null,
  signal: string | null,
  report: string,
): { exitCode: number | null; signal: string | null } {
  if (exitCode === null || exitCode <= 128 || report !== `signal ${String(exitCode - 128)}\n`) {
    return { exitCode, signal }
  }
  const name = Object.entries(constants.signals).find(([, number]) => number === exitCode - 128)
  return name === undefined ? { exitCode, signal } : { exitCode: null, signal: name[0] }
}

/**
 * The secret-named variables (`isSecretEnvName`) the wrapped line sets inside the sandbox
 * (bubblewrap's `--setenv NAME value`), with their kin that are no use without them: the
 * runtime's per-session proxy password for gcloud goes with the rest of gcloud's proxy settings,
 * which then uses HTTPS_PROXY as every other program does.
 */
export function secretVariablesSet(line: string): string[] {
  const names = new Set<string>()
  for (const [, name] of line.matchAll(/(?:^|\s)--setenv\s+'?([A-Za-z_][A-Za-z0-9_]*)'?\s/gu)) {
    if (name !== undefined && isSecretEnvName(name)) names.add(name)
  }
  if ([...names].some((name) => name.startsWith('CLOUDSDK_PROXY_'))) {
    for (const kin of ['TYPE', 'ADDRESS', 'PORT', 'USERNAME', 'PASSWORD']) {
      names.add(`CLOUDSDK_PROXY_${kin}`)
    }
  }
  return [...names]
}

/** `text` as one word of a POSIX shell. */
function quote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`
}
