import type { Readable, Writable } from 'node:stream'

/** The streams and surroundings the CLI runs with: the process's, or a test's. */
export interface CliIo {
  readonly argv: readonly string[]
  readonly env: Readonly<Record<string, string | undefined>>
  /** Relative paths are resolved against `env.INIT_CWD` (where pnpm was started), else this. */
  readonly cwd: string
  readonly stdin: Readable & { readonly isTTY?: boolean | undefined }
  /** With `--acp`, the protocol's channel: nothing else is written to it. */
  readonly stdout: Writable
  readonly stderr: Writable
  /** Colours on or off; default: picocolors' rule for this process. */
  readonly color?: boolean | undefined
  /** Aborted on Ctrl+C: the loop stops after the current call. */
  readonly signal?: AbortSignal | undefined
}

/** Writes lines to a stream, each ending in a newline. */
export function writeLines(stream: NodeJS.WritableStream, lines: readonly string[]): void {
  if (lines.length > 0) stream.write(`${lines.join('\n')}\n`)
}
