import { warnSafely } from '@toolpipe/core/internal'
import type { SandboxLogger } from '../sandbox-options.js'
import { reportDescriptor } from './exit-report.js'
import { findProgram, writableRoots } from './host-programs.js'

/** What an unsandboxed run needs to run its command under the reaper (see {@link reaper}). */
export interface ReaperPlan {
  /** perl, by the absolute path of its real file, found where no sandboxed command may write. */
  readonly perl: string
  /** The number of the `prctl` system call on this architecture. */
  readonly prctl: number
  /** Called when the kernel refused to make perl a subreaper: the run ends as without it. */
  readonly refused: () => void
}

/** `prctl`'s number in the kernel's system call table of each Linux architecture Node runs on. */
const prctlNumbers: Readonly<Partial<Record<string, number>>> = {
  x64: 157,
  arm64: 167,
  riscv64: 167,
  loong64: 167,
  ia32: 172,
  arm: 172,
  s390x: 172,
  ppc64: 171,
}

/** `prctl`'s number in the kernel's system call table of `arch` (Linux), if known here. */
export function prctlNumber(arch: string = process.arch): number | undefined {
  return Object.hasOwn(prctlNumbers, arch) ? prctlNumbers[arch] : undefined
}

/**
 * The parent of an unsandboxed command (SPEC §23: no process of it outlives `run`, `setsid`
 * included), in perl with no module (a PERL5OPT is set aside for perl and given back to the
 * command, as in `exit-report`). It makes itself a child subreaper (`prctl(PR_SET_CHILD_SUBREAPER,
 * 1)`, read back with `PR_GET_CHILD_SUBREAPER`, so that a wrong number cannot pass for it), so that
 * every process of the command that loses its parent — `setsid`, `nohup`, a double fork — becomes
 * its child instead of init's; where the kernel refuses, it says `unreaped` on the report
 * descriptor and carries on without. The command runs with bash in a process group of its own (a
 * `kill -KILL 0` of the command's leaves its parent), with the signal dispositions it was given and
 * no report descriptor; SIGTERM (this process ending the run) kills that group. Orphans that end
 * while the command runs are reaped as they end. Once the command's bash ended, its group is
 * killed, then every child the parent has and every process below them, read from
 * `/proc/<pid>/task/<tid>/children` (where the kernel keeps no such list, its children only, by
 * their parent in `/proc/<pid>/stat`), each killed as soon as it is read, and the dead reaped,
 * again until none is left (`waitpid` says ECHILD): a process that forks or exits while this goes
 * on leaves its orphans to this parent, so no generation can slip away; a process the kernel holds
 * (uninterruptible) is given up after a few seconds. Then it ends as the command did: its exit
 * code, or `signal <n>` on the report descriptor and the exit code 128 + n (read by `readExit`).
 */
const reaper = [
  'my ($had, $options, $fd, $prctl, $shell, $command) = @ARGV;',
  'if ($had) { $ENV{PERL5OPT} = $options } else { delete $ENV{PERL5OPT} }',
  'my @signals = qw(HUP INT QUIT TERM PIPE USR1 USR2 ALRM);',
  'my %was = map { ($_, $SIG{$_}) } @signals;',
  'my ($pid, $end) = (0, 0);',
  '$SIG{$_} = "IGNORE" for @signals;',
  '$SIG{TERM} = sub { $end = 1; kill "KILL", -$pid if $pid };',
  'my $set = pack("i", 0);',
  'if (syscall($prctl + 0, 36, 1, 0, 0, 0) != 0 or syscall($prctl + 0, 37, $set, 0, 0, 0) != 0',
  '    or unpack("i", $set) != 1) {',
  '  if (open(my $report, ">&=", $fd)) { syswrite($report, "unreaped\\n") }',
  '}',
  '$pid = fork;',
  'if (!$pid) {',
  '  $SIG{$_} = defined $was{$_} ? $was{$_} : "DEFAULT" for @signals;',
  '  if (defined $pid) {',
  '    setpgrp(0, 0);',
  '    if (open(my $report, ">&=", $fd)) { close $report }',
  '    exec { $shell } $shell, "-c", $command;',
  '  }',
  '  exit 127;',
  '}',
  'setpgrp($pid, $pid);',
  'kill "KILL", -$pid if $end;',
  'my $status = 127 << 8;',
  'for (;;) {',
  '  my $done = waitpid(-1, 0);',
  '  if ($done == $pid) { $status = $?; last }',
  '  last if $done < 0;',
  '}',
  '$SIG{TERM} = "IGNORE";',
  'kill "KILL", -$pid;',
  'my $listed = -e "/proc/$$/task/$$/children";',
  'sub children {',
  '  my ($parent) = @_;',
  '  my @found;',
  '  if ($listed) {',
  '    opendir(my $tasks, "/proc/$parent/task") or return;',
  '    for my $task (grep { /^\\d+$/ } readdir $tasks) {',
  '      open(my $list, "<", "/proc/$parent/task/$task/children") or next;',
  '      push @found, split(" ", join("", <$list>));',
  '    }',
  '    return @found;',
  '  }',
  '  opendir(my $all, "/proc") or return;',
  '  for my $entry (grep { /^\\d+$/ } readdir $all) {',
  '    open(my $stat, "<", "/proc/$entry/stat") or next;',
  '    my $line = <$stat>;',
  '    push @found, $entry if defined $line and $line =~ /^\\d+ \\(.*\\) \\S+ (\\d+) /s and $1 == $parent;',
  '  }',
  '  return @found;',
  '}',
  'my $until = time + 3;',
  'for (;;) {',
  '  my @below = ($$);',
  '  while (@below) {',
  '    my @found = children(shift @below);',
  '    kill "KILL", @found if @found;',
  '    push @below, @found if $listed;',
  '  }',
  '  my $reaped;',
  '  1 while ($reaped = waitpid(-1, 1)) > 0;',
  '  last if $reaped < 0 or time > $until;',
  '  select(undef, undef, undef, 0.001);',
  '}',
  'my $signal = $status & 127;',
  'exit($status >> 8) unless $signal;',
  'if (open(my $report, ">&=", $fd)) { syswrite($report, "signal $signal\\n") }',
  'exit(128 + $signal);',
].join('\n')

/**
 * How to start `line` under the reaper: perl's arguments, and the environment perl starts with
 * (`env` without PERL5OPT, which the arguments hand back to the command).
 */
export function reaperCommand(
  plan: ReaperPlan,
  shell: string,
  line: string,
  env: NodeJS.ProcessEnv,
): { file: string; args: string[]; env: NodeJS.ProcessEnv } {
  const { PERL5OPT: options, ...rest } = env
  const args = [options === undefined ? '' : '1', options ?? '', String(reportDescriptor)]
  return {
    file: plan.perl,
    args: ['-e', reaper, '--', ...args, String(plan.prctl), shell, line],
    env: rest,
  }
}

/** The report the reaper wrote, and whether it said the kernel refused it (`unreaped`). */
export function readReaperReport(report: string): { report: string; refused: boolean } {
  const refused = report.startsWith('unreaped\n')
  return { report: refused ? report.slice('unreaped\n'.length) : report, refused }
}

/**
 * The reapers of one sandbox's unsandboxed runs (Linux): perl, the runtime session's (`session`,
 * found where no sandboxed command may write) or, without one, the first on this process's PATH
 * outside the project and the runtime's default writable folders; where there is none, or no
 * `prctl` number for this architecture, or the kernel refuses, runs end as before (their group,
 * and the `/proc` search for their mark), said once in a warning.
 */
export class Reapers {
  readonly #projectRoot: string
  readonly #logger: SandboxLogger
  readonly #session: () => string | undefined
  readonly #warned = new Set<string>()
  #perl: string | undefined | null = null

  constructor(projectRoot: string, logger: SandboxLogger, session: () => string | undefined) {
    this.#projectRoot = projectRoot
    this.#logger = logger
    this.#session = session
  }

  /** The plan of an unsandboxed run (run-process.ts), reaped where it can be. */
  reaped<Plan extends { readonly reaper?: ReaperPlan | undefined }>(plan: Plan): Plan {
    if (process.platform !== 'linux') return plan
    const prctl = prctlNumber()
    if (prctl === undefined) return this.#without(plan, `no prctl number known for ${process.arch}`)
    const perl = this.#session() ?? this.#ownPerl()
    if (perl === undefined) return this.#without(plan, 'no perl found')
    const refused = (): void => {
      this.#warn('the kernel refused prctl(PR_SET_CHILD_SUBREAPER)')
    }
    return { ...plan, reaper: { perl, prctl, refused } }
  }

  #without<Plan>(plan: Plan, why: string): Plan {
    this.#warn(why)
    return plan
  }

  #ownPerl(): string | undefined {
    if (this.#perl === null) this.#perl = findProgram('perl', writableRoots([this.#projectRoot]))
    return this.#perl
  }

  #warn(why: string): void {
    if (this.#warned.has(why)) return
    this.#warned.add(why)
    warnSafely(
      this.#logger,
      `toolpipe: sandbox: an unsandboxed run's processes are ended by its process group and a search of /proc for its mark only (${why}): a process that leaves the group and forks on as it is searched for can outlive the run`,
    )
  }
}
