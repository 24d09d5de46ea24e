import { spawn } from 'node:child_process'
import type { ChildProcessWithoutNullStreams } from 'node:child_process'
import { AbortFanOut, describeThrown } from '@toolpipe/core/internal'
import type { HookClock } from '../hook-clock.js'
import { FollowedHook } from './followed-hook.js'
import type { HookProcessRequest, HookProcessRun } from './hook-process-run.js'
import { nodeHookClock } from './node-hook-clock.js'

export { hookOutputLimitBytes } from './followed-hook.js'
export type { HookProcessEnd, HookProcessRequest, HookProcessRun } from './hook-process-run.js'

/**
 * The signals that end this process by default: the hooks, in process groups of their own, would
 * outlive it (a terminal's Ctrl-C reaches only the foreground group), so they are killed first.
 */
const endingSignals = ['SIGINT', 'SIGTERM'] as const

/**
 * The owner of every hook process a plugin starts (STYLE.md habit 16). Each hook runs as
 * `/bin/sh -c command` in a process group of its own, and that whole group (background children
 * the hook forked included) is killed on every path: when the shell exits (nothing a hook starts
 * outlives it unless it leaves the group), at its timeout, when the call's signal aborts, when the
 * plugin is disposed ({@link killAll}), when this Node.js process exits, and when it gets SIGINT
 * or SIGTERM. Output is read through bounded readers, so a hook that prints without end neither
 * blocks nor fills memory. Timeouts run on the clock it is given (STYLE habit 19).
 *
 * The process listeners are there only while hooks run. A signal listener would cancel the
 * signal's default action (the process ends), so the listener puts it back: it kills the hooks,
 * removes itself, and when no other listener for that signal is left (another plugin's, the
 * harness's own), raises the signal again, which now ends the process as it would have.
 */
export class HookProcesses {
  /** The hooks running now, by process group id (the shell's pid). */
  readonly #running = new Map<number, FollowedHook>()
  readonly #fanOut = new AbortFanOut()
  readonly #clock: HookClock
  #listening = false
  readonly #onProcessExit = (): void => {
    this.killAll()
  }
  readonly #onSignal = (signal: NodeJS.Signals): void => {
    this.killAll()
    this.#unlisten()
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal)
  }

  /** @param clock - the timers of the hooks' timeouts (default: the global ones) */
  constructor(clock: HookClock = nodeHookClock) {
    this.#clock = clock
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
    const owner = {
      clock: this.#clock,
      fanOut: this.#fanOut,
      onSettled: (pid: number | undefined) => {
        this.#forget(pid)
      },
    }
    return new Promise((resolve) => {
      const followed = new FollowedHook(child, request, owner, started, resolve)
      if (child.pid !== undefined) this.#running.set(child.pid, followed)
    })
  }

  /**
   * Kills every hook process group still running (the plugin's disposer, process exit). Each of
   * those runs ends `disposed`: a call whose hook was killed so does not go on as if the hook had
   * merely crashed (it is denied; see `readHookAnswer`).
   */
  killAll(): void {
    for (const followed of this.#running.values()) followed.dispose()
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
