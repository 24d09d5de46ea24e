import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { Readable } from 'node:stream'
import type { Writable } from 'node:stream'
import { BoundedOutput } from './bounded-output.js'
import { readExit, reportDescriptor, unsetVariable } from './exit-report.js'
import { endRun, runMarkVariable, untilGone } from './process-group.js'
import { readReaperReport, reaperCommand } from './reaper.js'
import type { ReaperPlan } from './reaper.js'

/** How long the pipes may stay open once the run ended, before they are closed, in ms. */
const pipeGraceMs = 1000

/**
 * How long an aborted run's reaper has to end it before the run is ended without it (its group
 * killed, its mark searched for), in ms: more than the reaper gives a process the kernel holds.
 */
const reaperGraceMs = 5000

/** One command line to run with bash. */
export interface ProcessPlan {
  /** What bash runs: the command itself, or the sandbox runtime's wrapping of it. */
  readonly line: string
  readonly cwd: string
  readonly env: NodeJS.ProcessEnv
  readonly maxOutputBytes: number
  readonly signal?: AbortSignal | undefined
  /**
   * Set when `line` is the sandbox runtime's wrapping of a command: the report of how the command
   * ended is read (see `exit-report`), and `unset` (the secret-named variables the runtime sets
   * inside) is handed to the command line to remove.
   */
  readonly sandboxed?: { readonly unset: readonly string[] } | undefined
  /**
   * For an unsandboxed run (Linux): the perl that runs the command under a parent of its own, a
   * child subreaper that ends every process of the run, those that left its group included (see
   * `reaper`). Without it, the run is ended by its group and the `/proc` search for its mark.
   */
  readonly reaper?: ReaperPlan | undefined
}

/** How the process ended and what it wrote. */
export interface ProcessOutcome {
  readonly exitCode: number | null
  readonly signal: string | null
  readonly stdout: string
  readonly stderr: string
  readonly truncated: boolean
  readonly durationMs: number
}

/**
 * Runs `plan.line` with bash in a process group of its own (under its reaper, where the plan has
 * one), reading at most `maxOutputBytes` of stdout and of stderr (the rest drained), and ends the
 * whole run — its group and whatever left it — when bash exits or `signal` aborts: no process of
 * the run outlives this promise (SPEC §23). Resolves for whatever the command did; a bash that
 * cannot start resolves with exit code 127 and why on stderr.
 */
export function runProcess(plan: ProcessPlan): Promise<ProcessOutcome> {
  const started = performance.now()
  const mark = randomUUID()
  const reaper = plan.sandboxed === undefined ? plan.reaper : undefined
  return new Promise((resolve) => {
    const { child, pipes } = startCommand(plan, mark, reaper)
    const [stdoutPipe, stderrPipe, descriptor] = [pipes[0], pipes[1], pipes[2]]
    const stdout = new BoundedOutput(stdoutPipe, plan.maxOutputBytes)
    const stderr = new BoundedOutput(stderrPipe, plan.maxOutputBytes)
    const report = descriptor === undefined ? undefined : new BoundedOutput(descriptor, 64)
    let left = false
    const end = (): void => {
      left = endRun(child.pid, mark)
    }
    const abort = aborter(child, reaper, end)
    plan.signal?.addEventListener('abort', abort.start, { once: true })
    let settled = false
    const settle = (exitCode: number | null, signal: string | null, failure?: string): void => {
      if (settled) return
      settled = true
      abort.clear()
      end()
      plan.signal?.removeEventListener('abort', abort.start)
      // A process that left the run and hid its mark (`env -i setsid …` outside the sandbox,
      // where there is no reaper or it was killed) could hold the pipes open forever: they are
      // closed after a grace period.
      const grace = setTimeout(() => {
        for (const pipe of pipes) pipe.destroy()
      }, pipeGraceMs)
      grace.unref()
      // Processes found after the end are waited for: a sandbox's PID namespace tears down a
      // moment after its bwrap exits, later still on a loaded machine.
      const gone = left ? untilGone(mark) : Promise.resolve()
      void Promise.all([stdout.closed, stderr.closed, report?.closed, gone]).then(() => {
        clearTimeout(grace)
        resolve({
          ...ending(exitCode, signal, report?.text() ?? '', reaper),
          stdout: stdout.text(),
          stderr: failure === undefined ? stderr.text() : `${stderr.text()}${failure}\n`,
          truncated: stdout.truncated || stderr.truncated,
          durationMs: performance.now() - started,
        })
      })
    }
    child.once('exit', (code, signal) => {
      settle(code, abort.started() && signal === 'SIGTERM' ? 'SIGKILL' : signal)
    })
    child.once('error', (error) => {
      for (const pipe of pipes) pipe.destroy()
      settle(127, null, `toolpipe: bash could not start: ${error.message}`)
    })
  })
}

/**
 * How the run ended (see `readExit`), given what its report descriptor held; a reaper's word that
 * the kernel refused it is passed on and taken out.
 */
function ending(
  exitCode: number | null,
  signal: string | null,
  report: string,
  reaper: ReaperPlan | undefined,
): { exitCode: number | null; signal: string | null } {
  if (reaper === undefined) return readExit(exitCode, signal, report)
  const said = readReaperReport(report)
  if (said.refused) reaper.refused()
  return readExit(exitCode, signal, said.report)
}

/**
 * How an abort ends the run: at once by `end` without a reaper; with one, by the reaper, told with
 * SIGTERM (it kills the command's group, then every process below it, then exits), and by `end`
 * should it not have exited after {@link reaperGraceMs} (stopped by a process of the command). A
 * reaper SIGTERM ended had not started the command yet: the run reads as killed (`SIGKILL`), as
 * every aborted run.
 */
function aborter(
  child: ChildProcess,
  reaper: ReaperPlan | undefined,
  end: () => void,
): { start: () => void; started: () => boolean; clear: () => void } {
  let fallback: NodeJS.Timeout | undefined
  return {
    start: () => {
      if (reaper === undefined) {
        end()
        return
      }
      fallback = setTimeout(end, reaperGraceMs)
      child.kill('SIGTERM')
    },
    started: () => fallback !== undefined,
    clear: () => {
      clearTimeout(fallback)
    },
  }
}

/**
 * bash running the plan's line (under the reaper, with one), in a group of its own, and its pipes:
 * stdout, stderr and — for a sandboxed or reaped run — the report descriptor. A sandboxed run's
 * bash reads nothing from the environment before it starts bubblewrap by path (`-p`: no BASH_ENV,
 * no functions).
 */
function startCommand(
  plan: ProcessPlan,
  mark: string,
  reaper: ReaperPlan | undefined,
): { child: ChildProcess; pipes: readonly [Readable, Readable, ...Readable[]] } {
  const sandboxed = plan.sandboxed !== undefined
  const env = runEnvironment(plan, mark)
  const command =
    reaper === undefined
      ? { file: '/bin/bash', args: sandboxed ? ['-p', '-c', plan.line] : ['-c', plan.line], env }
      : reaperCommand(reaper, '/bin/bash', plan.line, env)
  const child = spawn(command.file, command.args, {
    cwd: plan.cwd,
    env: command.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe', sandboxed || reaper !== undefined ? 'pipe' : 'ignore'],
  })
  const descriptor = child.stdio[reportDescriptor]
  const pipes = [piped(child.stdio[1]), piped(child.stdio[2])] as const
  return { child, pipes: descriptor instanceof Readable ? [...pipes, descriptor] : pipes }
}

/**
 * The environment bash starts with: the plan's, with the run's mark, and — for a sandboxed run —
 * the names the command line is to remove. A variable of that name the caller gave is left out:
 * only this run's list names what to remove.
 */
function runEnvironment(plan: ProcessPlan, mark: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = Object.fromEntries(
    Object.entries(plan.env).filter(([name]) => name !== unsetVariable),
  )
  env[runMarkVariable] = mark
  const unset = plan.sandboxed?.unset ?? []
  if (unset.length > 0) env[unsetVariable] = unset.join(' ')
  return env
}

/** A pipe `spawn` was asked to make (`'pipe'`), which it always makes. */
function piped(stream: Readable | Writable | null | undefined): Readable {
  if (stream instanceof Readable) return stream
  throw new TypeError('toolpipe: the run has no pipe where one was asked for')
}
