import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { BoundedOutput } from './bounded-output.js'
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
    const child = spawn('/bin/bash', ['-c', plan.line], {
      cwd: plan.cwd,
      env: { ...plan.env, [runMarkVariable]: mark },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const stdout = new BoundedOutput(child.stdout, plan.maxOutputBytes)
    const stderr = new BoundedOutput(child.stderr, plan.maxOutputBytes)
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
        child.stdout.destroy()
        child.stderr.destroy()
      }, pipeGraceMs)
      grace.unref()
      // Processes found after the end are waited for: a sandbox's PID namespace tears down a
      // moment after its bwrap exits, later still on a loaded machine.
      const gone = left ? untilGone(mark) : Promise.resolve()
      void Promise.all([stdout.closed, stderr.closed, gone]).then(() => {
        clearTimeout(grace)
        resolve({
          exitCode,
          signal,
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
      child.stdout.destroy()
      child.stderr.destroy()
      settle(127, null, `toolpipe: bash could not start: ${error.message}`)
    })
  })
}
