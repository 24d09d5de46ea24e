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
  /**
   * The plugin was disposed, or this process is ending, while it ran: its process group was
   * killed, and what it would have decided is unknown.
   */
  | { readonly kind: 'disposed' }
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
