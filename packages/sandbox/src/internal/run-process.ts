import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { Readable } from 'node:stream'
import type { Writable } from 'node:stream'
import { BoundedOutput } from './bounded-output.js'
import { readExit, reportDescriptor, unsetVariable } from './exit-report.js'
import { endRun, runMarkVariable, untilGone } from './process-group.js'

/** How long the pipes may stay open once the run ended, before they are closed, in ms. */
const pipeGraceMs = 1000

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
 * Runs `plan.line` with bash in a process group of its own, reading at most `maxOutputBytes`
 * of stdout and of stderr (the rest drained), and ends the whole run — its group and whatever
 * left it — when bash exits or `signal` aborts: no process of the run outlives this promise
 * (SPEC §23). Resolves for whatever the command did; a bash that cannot start resolves with exit
 * code 127 and why on stderr.
 */
export function runProcess(plan: ProcessPlan): Promise<ProcessOutcome> {
  const started = performance.now()
  const mark = randomUUID()
  return new Promise((resolve) => {
    const { child, pipes } = startBash(plan, mark)
    const [stdoutPipe, stderrPipe, descriptor] = [pipes[0], pipes[1], pipes[2]]
    const stdout = new BoundedOutput(stdoutPipe, plan.maxOutputBytes)
    const stderr = new BoundedOutput(stderrPipe, plan.maxOutputBytes)
    const report = descriptor === undefined ? undefined : new BoundedOutput(descriptor, 64)
    let left = false
    const end = (): void => {
      left = endRun(child.pid, mark)
    }
    plan.signal?.addEventListener('abort', end, { once: true })
    let settled = false
    const settle = (exitCode: number | null, signal: string | null, failure?: string): void => {
      if (settled) return
      settled = true
      end()
      plan.signal?.removeEventListener('abort', end)
      // A process that left the run and hid its mark (`env -i setsid …` outside the sandbox)
      // could hold the pipes open forever: they are closed after a grace period.
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
          ...readExit(exitCode, signal, report?.text() ?? ''),
          stdout: stdout.text(),
          stderr: failure === undefined ? stderr.text() : `${stderr.text()}${failure}\n`,
          truncated: stdout.truncated || stderr.truncated,
          durationMs: performance.now() - started,
        })
      })
    }
    child.once('exit', (code, signal) => {
      settle(code, signal)
    })
    child.once('error', (error) => {
      for (const pipe of pipes) pipe.destroy()
      settle(127, null, `toolpipe: bash could not start: ${error.message}`)
    })
  })
}

/**
 * bash running the plan's line, in a group of its own, and its pipes: stdout, stderr and — for a
 * sandboxed run — the report descriptor. A sandboxed run's bash reads nothing from the
 * environment before it starts bubblewrap by path (`-p`: no BASH_ENV, no functions).
 */
function startBash(
  plan: ProcessPlan,
  mark: string,
): { child: ChildProcess; pipes: readonly [Readable, Readable, ...Readable[]] } {
  const sandboxed = plan.sandboxed !== undefined
  const child = spawn('/bin/bash', sandboxed ? ['-p', '-c', plan.line] : ['-c', plan.line], {
    cwd: plan.cwd,
    env: runEnvironment(plan, mark),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe', sandboxed ? 'pipe' : 'ignore'],
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
