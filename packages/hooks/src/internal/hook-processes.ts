import { spawn } from 'node:child_process'
import type { ChildProcessWithoutNullStreams } from 'node:child_process'
import { AbortFanOut, describeThrown } from '@toolpipe/core/internal'
import { BoundedOutput } from './bounded-output.js'

/** How much of each of a hook's output streams is kept (SPEC §19): 1 MiB. */
export const hookOutputLimitBytes = 1024 * 1024

/**
 * How long, after a hook's shell exited and its process group was killed, its output pipes may
 * stay open before they are closed from this side: only a process that left the group (its own
 * `setsid`) can still hold them, and nothing it writes is waited for.
 */
const pipeDrainMs = 1_000

/**
 * The signals that end this process by default: the hooks, in process groups of their own, would
 * outlive it (a terminal's Ctrl-C reaches only the foreground group), so they are killed first.
 */
const endingSignals = ['SIGINT', 'SIGTERM'] as const

/** One hook command to run. */
export interface HookProcessRequest {
  /** Run as `/bin/sh -c <command>`. */
  readonly command: string
  readonly cwd: string
  readonly env: Readonly<Record<string, string | undefined>>
  /** Written to the hook's stdin, which is then closed (a hook need not read it). */
  readonly input: string
  readonly timeoutMs: number
  /** Aborting it kills the hook's process group, as the timeout does. */
  readonly signal?: AbortSignal | undefined
}

/** How a hook process ended. */
export type HookProcessEnd =
  /** The shell exited by itself with this code. */
  | { readonly kind: 'exited'; readonly code: number }
  /** The shell died of a signal nobody here sent (a crash, a `kill` of its own). */
  | { readonly kind: 'crashed'; readonly signal: string }
  /** Its timeout passed: its process group was killed. */
  | { readonly kind: 'timed-out' }
  /** The call's signal aborted: its process group was killed (or it never started). */
  | { readonly kind: 'aborted' }
  /** It could not be started (a working directory that does not exist, say). */
  | { readonly kind: 'failed'; readonly message: string }

/** What a hook process did: how it ended and what it wrote, each stream up to 1 MiB. */
export interface HookProcessRun {
  readonly end: HookProcessEnd
  readonly stdout: string
  readonly stderr: string
  /** Bytes the hook wrote to stdout, kept or not (more than 1 MiB: the rest was dropped). */
  readonly stdoutBytes: number
  readonly stderrBytes: number
  readonly durationMs: number
}

/**
 * The owner of every hook process a plugin starts (STYLE.md habit 16). Each hook runs as
 * `/bin/sh -c command` in a process group of its own, and that whole group (background children
 * the hook forked included) is killed on every path: when the shell exits (nothing a hook starts
 * outlives it unless it leaves the group), at its timeout, when the call's signal aborts, when the
 * plugin is disposed ({@link killAll}), when this Node.js process exits, and when it gets SIGINT
 * or SIGTERM. Output is read through bounded readers, so a hook that prints without end neither
 * blocks nor fills memory.
 *
 * The process listeners are there only while hooks run. A signal listener would cancel the
 * signal's default action (the process ends), so the listener puts it back: it kills the hooks,
 * removes itself, and when no other listener for that signal is left (another plugin's, the
 * harness's own), raises the signal again, which now ends the process as it would have.
 */
export class HookProcesses {
  /** Process group ids (the shells' pids) of the hooks running now. */
  readonly #running = new Set<number>()
  readonly #fanOut = new AbortFanOut()
  #listening = false
  readonly #onProcessExit = (): void => {
    this.killAll()
  }
  readonly #onSignal = (signal: NodeJS.Signals): void => {
    this.killAll()
    this.#unlisten()
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal)
  }

  /** Runs one hook to its end. Never rejects. */
  run(request: HookProcessRequest): Promise<HookProcessRun> {
    const started = performance.now()
    const empty = { stdout: '', stderr: '', stdoutBytes: 0, stderrBytes: 0 }
    if (request.signal?.aborted === true) {
      return Promise.resolve({ end: { kind: 'aborted' }, ...empty, durationMs: 0 })
    }
    // Listening before the spawn: a signal that comes after the hook started but before its pid
    // is tracked below must not find the signal's default action (the process would end and leave
    // the hook running). Its listener runs on the event loop, after this synchronous code, when
    // the pid is tracked.
    this.#listen()
    let child: ChildProcessWithoutNullStreams
    try {
      child = spawn('/bin/sh', ['-c', request.command], {
        cwd: request.cwd,
        env: request.env,
        // Its own process group (setsid), so that one kill reaches everything it starts.
        detached: true,
        stdio: 'pipe',
      })
    } catch (error) {
      this.#forget(undefined)
      const end = { kind: 'failed', message: describeThrown(error) } as const
      return Promise.resolve({ end, ...empty, durationMs: performance.now() - started })
    }
    return new Promise((resolve) => {
      const pid = child.pid
      const stdout = new BoundedOutput(hookOutputLimitBytes)
      const stderr = new BoundedOutput(hookOutputLimitBytes)
      let ending: HookProcessEnd | undefined
      let exited: HookProcessEnd | undefined
      let drainTimer: ReturnType<typeof setTimeout> | undefined
      let settled = false

      const stop = (why: HookProcessEnd): void => {
        ending ??= why
        if (pid !== undefined) killGroup(pid)
      }
      const timer = setTimeout(() => {
        stop({ kind: 'timed-out' })
      }, request.timeoutMs)
      const unsubscribe =
        request.signal === undefined
          ? undefined
          : this.#fanOut.subscribe(request.signal, () => {
              stop({ kind: 'aborted' })
            })
      const finish = (end: HookProcessEnd): void => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        clearTimeout(drainTimer)
        unsubscribe?.()
        // The group was killed when the shell exited (the only way here with a pid).
        this.#forget(pid)
        child.stdout.destroy()
        child.stderr.destroy()
        child.stdin.destroy()
        resolve({
          end,
          stdout: stdout.text(),
          stderr: stderr.text(),
          stdoutBytes: stdout.seenBytes,
          stderrBytes: stderr.seenBytes,
          durationMs: performance.now() - started,
        })
      }

      if (pid !== undefined) this.#running.add(pid)
      child.stdout.on('data', (chunk: Buffer) => {
        stdout.push(chunk)
      })
      child.stderr.on('data', (chunk: Buffer) => {
        stderr.push(chunk)
      })
      // A hook that exits without reading its input makes the write fail with EPIPE: that is its
      // right, not an error of the run.
      child.stdin.on('error', ignore)
      child.stdin.end(request.input)

      child.on('error', (error) => {
        // After a successful spawn, 'exit' follows whatever failed; before it, nothing will.
        if (pid === undefined) finish({ kind: 'failed', message: describeThrown(error) })
      })
      child.on('exit', (code, signal) => {
        clearTimeout(timer)
        exited =
          ending ??
          (code === null
            ? { kind: 'crashed', signal: signal ?? 'unknown' }
            : { kind: 'exited', code })
        // Background children it left behind die now: they would hold its pipes open.
        if (pid !== undefined) killGroup(pid)
        drainTimer = setTimeout(() => {
          finish(exited ?? { kind: 'crashed', signal: 'unknown' })
        }, pipeDrainMs)
      })
      // Every pipe closed and the shell exited: all of its output has been read.
      child.on('close', () => {
        if (exited !== undefined) finish(exited)
      })
    })
  }

  /** Kills every hook process group still running (the plugin's disposer, process exit). */
  killAll(): void {
    for (const pid of this.#running) killGroup(pid)
  }

  #listen(): void {
    if (this.#listening) return
    this.#listening = true
    process.on('exit', this.#onProcessExit)
    for (const signal of endingSignals) process.on(signal, this.#onSignal)
  }

  /** A hook ended (or never started: no pid); the listeners go with the last one. */
  #forget(pid: number | undefined): void {
    if (pid !== undefined) this.#running.delete(pid)
    if (this.#running.size === 0) this.#unlisten()
  }

  #unlisten(): void {
    if (!this.#listening) return
    this.#listening = false
    process.off('exit', this.#onProcessExit)
    for (const signal of endingSignals) process.off(signal, this.#onSignal)
  }
}

/** SIGKILL to a whole process group; a group that is already gone is no error. */
function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL')
  } catch {
    // ESRCH: nothing of the group is left.
  }
}

function ignore(): void {
  // Deliberately empty: see the caller.
}
