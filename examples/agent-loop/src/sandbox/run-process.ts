import { spawn } from 'node:child_process'

/** How a process ended and what it printed (stdout and stderr interleaved as they came). */
export type ProcessOutcome = { output: string; truncated: boolean } & (
  { exitCode: number; signal?: never } | { signal: string; exitCode?: never }
)

/** Options of {@link runProcess}. */
export interface RunProcessOptions {
  readonly cwd: string
  readonly env: NodeJS.ProcessEnv
  readonly signal?: AbortSignal | undefined
  /** Output kept, in bytes; the rest is dropped and `truncated` set. */
  readonly maxOutputBytes?: number | undefined
}

/**
 * Runs a program in its own process group and collects its output. When `signal` aborts, the
 * whole group is killed (a shell's children too) and the promise rejects with the signal's
 * reason, so a timeout policy sees the abort it caused.
 */
export function runProcess(
  file: string,
  args: readonly string[],
  options: RunProcessOptions,
): Promise<ProcessOutcome> {
  const maxOutputBytes = options.maxOutputBytes ?? 64 * 1024
  const { signal } = options
  return new Promise((resolve, reject) => {
    if (signal?.aborted === true) {
      reject(signal.reason as Error)
      return
    }
    const child = spawn(file, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    })
    const chunks: Buffer[] = []
    let size = 0
    let truncated = false
    const collect = (chunk: Buffer): void => {
      if (size >= maxOutputBytes) {
        truncated = true
        return
      }
      const kept = chunk.subarray(0, maxOutputBytes - size)
      if (kept.length < chunk.length) truncated = true
      chunks.push(kept)
      size += kept.length
    }
    child.stdout.on('data', collect)
    child.stderr.on('data', collect)
    const onAbort = (): void => {
      killGroup(child.pid)
    }
    signal?.addEventListener('abort', onAbort, { once: true })
    child.on('error', (error) => {
      signal?.removeEventListener('abort', onAbort)
      reject(error)
    })
    child.on('close', (exitCode, exitSignal) => {
      signal?.removeEventListener('abort', onAbort)
      if (signal?.aborted === true) {
        reject(signal.reason as Error)
        return
      }
      const output = Buffer.concat(chunks).toString('utf8')
      resolve(
        exitSignal === null
          ? { output, truncated, exitCode: exitCode ?? 0 }
          : { output, truncated, signal: exitSignal },
      )
    })
  })
}

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return
  try {
    // A negative pid is the process group: `sh -c` and everything it started.
    process.kill(-pid, 'SIGKILL')
  } catch {
    // Already gone.
  }
}
