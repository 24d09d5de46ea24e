import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import type { Readable } from 'node:stream'

/** How a process with a report pipe ended, and what it wrote there and on stdout. */
export interface Reported {
  readonly code: number | null
  readonly signal: string | null
  readonly report: string
  readonly stdout: string
}

/**
 * Starts `file` as the sandbox starts a command's parent: a process group of its own (a command
 * may signal its whole group, `kill 0`), stderr inherited, and descriptor 3 the report pipe
 * (exit-report.ts, reaper.ts). `ended` settles once it exits and both pipes are read to the end.
 */
export function spawnWithReport(
  file: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
): { child: ChildProcess; ended: Promise<Reported> } {
  const child = spawn(file, args, {
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit', 'pipe'],
  })
  const exited = new Promise<[number | null, string | null]>((resolve) => {
    child.once('exit', (code, signal) => {
      resolve([code, signal])
    })
  })
  const ended = Promise.all([
    readAll(child.stdio[3] as Readable),
    readAll(child.stdout!),
    exited,
  ]).then(([report, stdout, [code, signal]]) => ({ code, signal, report, stdout }))
  return { child, ended }
}

async function readAll(stream: Readable): Promise<string> {
  let text = ''
  for await (const chunk of stream) text += String(chunk)
  return text
}
