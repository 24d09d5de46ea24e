import type { ChildProcessWithoutNullStreams } from 'node:child_process'
import type { AbortFanOut } from '@toolpipe/core/internal'
import { describeThrown } from '@toolpipe/core/internal'
import type { HookClock } from '../hook-clock.js'
import { BoundedOutput } from './bounded-output.js'
import type { HookProcessEnd, HookProcessRequest, HookProcessRun } from './hook-process-run.js'

/** How much of each of a hook's output streams is kept (SPEC §19): 1 MiB. */
export const hookOutputLimitBytes = 1024 * 1024

/**
 * How long, after a hook's shell exited and its process group was killed, its output pipes may
 * stay open before they are closed from this side: only a process that left the group (its own
 * `setsid`) can still hold them, and nothing it writes is waited for.
 */
export const pipeDrainMs = 1_000

/** What a followed hook needs of its owner. */
export interface HookOwner {
  readonly clock: HookClock
  readonly fanOut: AbortFanOut
  /** Told once, when the run settles: the process group is gone (or was never there). */
  readonly onSettled: (pid: number | undefined) => void
}

/**
 * One started hook process followed to its end (STYLE habit 16): its output read through bounded
 * readers, its whole process group killed at its timeout (on the owner's clock), when the call's
 * signal aborts and when its shell exits (background children it left would hold its pipes), and
 * its pipes closed from this side `pipeDrainMs` after the exit if a process that left the group
 * still holds them.
 */
export class FollowedHook {
  readonly #child: ChildProcessWithoutNullStreams
  readonly #owner: HookOwner
  readonly #started: number
  readonly #resolve: (run: HookProcessRun) => void
  readonly #stdout = new BoundedOutput(hookOutputLimitBytes)
  readonly #stderr = new BoundedOutput(hookOutputLimitBytes)
  /** Why this side stopped the hook, if it did. */
  #ending: HookProcessEnd | undefined
  #exited: HookProcessEnd | undefined
  #timer: unknown
  #drainTimer: unknown
  #unsubscribe: (() => void) | undefined
  #settled = false

  constructor(
    child: ChildProcessWithoutNullStreams,
    request: HookProcessRequest,
    owner: HookOwner,
    started: number,
    resolve: (run: HookProcessRun) => void,
  ) {
    this.#child = child
    this.#owner = owner
    this.#started = started
    this.#resolve = resolve
    this.#listen(request)
    this.#timer = this.#setTimer(request.timeoutMs, () => {
      this.#stop({ kind: 'timed-out' })
    })
    if (request.signal !== undefined) {
      this.#unsubscribe = owner.fanOut.subscribe(request.signal, () => {
        this.#stop({ kind: 'aborted' })
      })
    }
  }

  #listen(request: HookProcessRequest): void {
    const child = this.#child
    child.stdout.on('data', (chunk: Buffer) => {
      this.#stdout.push(chunk)
    })
    child.stderr.on('data', (chunk: Buffer) => {
      this.#stderr.push(chunk)
    })
    // A hook that exits without reading its input makes the write fail with EPIPE: that is its
    // right, not an error of the run.
    child.stdin.on('error', ignore)
    child.stdin.end(request.input)
    child.on('error', (error) => {
      // After a successful spawn, 'exit' follows whatever failed; before it, nothing will.
      if (child.pid === undefined) this.#finish({ kind: 'failed', message: describeThrown(error) })
    })
    child.on('exit', (code, signal) => {
      this.#onExit(code, signal)
    })
    // Every pipe closed and the shell exited: all of its output has been read.
    child.on('close', () => {
      if (this.#exited !== undefined) this.#finish(this.#exited)
    })
  }

  #onExit(code: number | null, signal: NodeJS.Signals | null): void {
    this.#clearTimer(this.#timer)
    this.#timer = undefined
    this.#exited =
      this.#ending ??
      (code === null ? { kind: 'crashed', signal: signal ?? 'unknown' } : { kind: 'exited', code })
    // Background children it left behind die now: they would hold its pipes open.
    this.#killGroup()
    const exited = this.#exited
    this.#drainTimer = this.#setTimer(pipeDrainMs, () => {
      this.#finish(exited)
    })
  }

  /** Its owner stops it (the plugin is disposed, the process ends): the group is killed. */
  dispose(): void {
    this.#stop({ kind: 'disposed' })
  }

  /** Kills the hook's process group, and remembers why (the first reason wins). */
  #stop(why: HookProcessEnd): void {
    this.#ending ??= why
    this.#killGroup()
  }

  #killGroup(): void {
    const pid = this.#child.pid
    if (pid !== undefined) killGroup(pid)
  }

  #finish(end: HookProcessEnd): void {
    if (this.#settled) return
    this.#settled = true
    this.#clearTimer(this.#timer)
    this.#clearTimer(this.#drainTimer)
    this.#timer = this.#drainTimer = undefined
    this.#unsubscribe?.()
    // The group was killed when the shell exited (the only way here with a pid).
    this.#owner.onSettled(this.#child.pid)
    this.#child.stdout.destroy()
    this.#child.stderr.destroy()
    this.#child.stdin.destroy()
    this.#resolve({
      end,
      stdout: this.#stdout.text(),
      stderr: this.#stderr.text(),
      stdoutBytes: this.#stdout.seenBytes,
      stderrBytes: this.#stderr.seenBytes,
      durationMs: performance.now() - this.#started,
    })
  }

  /**
   * A timer on the owner's clock. A clock that cannot set one fires the callback at once: a hook
   * is never left to run without its timeout, nor a finished one waited for without end.
   */
  #setTimer(ms: number, callback: () => void): unknown {
    try {
      return this.#owner.clock.setTimeout(callback, ms)
    } catch {
      callback()
      return undefined
    }
  }

  #clearTimer(handle: unknown): void {
    if (handle === undefined) return
    try {
      this.#owner.clock.clearTimeout(handle)
    } catch {
      // A timer that could not be cleared finds the run settled, or the group already killed.
    }
  }
}

/** SIGKILL to a whole process group; a group that is already gone is no error. */
export function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL')
  } catch {
    // ESRCH: nothing of the group is left.
  }
}

function ignore(): void {
  // Deliberately empty: see the caller.
}
