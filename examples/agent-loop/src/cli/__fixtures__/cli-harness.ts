import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PassThrough, Readable } from 'node:stream'
import { fileURLToPath } from 'node:url'
import { runCli } from '../cli.js'
import type { RunCliOptions } from '../cli.js'

/** What one in-process run of the CLI printed and returned. */
export interface CliRun {
  readonly status: number
  readonly stdout: string
  readonly stderr: string
}

/**
 * Runs the real CLI in process with captured streams, a stdin that is not a TTY, no colours and
 * exactly the environment given (nothing from the test process leaks in).
 */
export async function runCliCaptured(
  argv: readonly string[],
  env: Record<string, string> = {},
  options: RunCliOptions = {},
): Promise<CliRun> {
  const stdout = new PassThrough()
  const stderr = new PassThrough()
  const out: string[] = []
  const err: string[] = []
  stdout.on('data', (chunk: Buffer) => out.push(chunk.toString('utf8')))
  stderr.on('data', (chunk: Buffer) => err.push(chunk.toString('utf8')))
  const status = await runCli(
    { argv, env, cwd: process.cwd(), stdin: Readable.from([]), stdout, stderr, color: false },
    options,
  )
  return { status, stdout: out.join(''), stderr: err.join('') }
}

/** A fresh temporary folder and a way to remove it. */
export async function temporaryFolder(): Promise<{ path: string; remove: () => Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), 'agent-loop-test-'))
  return { path, remove: () => rm(path, { recursive: true, force: true }) }
}

/** The lines from the schemas banner to the end banner: what live and replay runs share. */
export function transcript(stdout: string): string[] {
  const lines = stdout.split('\n')
  const first = lines.findIndex((line) => line.startsWith('━━ The tools'))
  const last = lines.findIndex((line) => line.startsWith('━━ end:'))
  return first === -1 || last === -1 ? [] : lines.slice(first, last + 1)
}

const packageRoot = fileURLToPath(new URL('../../..', import.meta.url))

/**
 * Spawns `node --import tsx src/main.ts …` the way `pnpm demo` does: stdin not a TTY, no colours,
 * and no model variables from the test's environment.
 */
export async function runDemo(
  args: readonly string[],
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const demo = startDemo(args)
  const status = await demo.exited
  return { status, stdout: demo.stdout(), stderr: demo.stderr() }
}

/** A demo process started by {@link startDemo}. */
export interface RunningDemo {
  /** Everything it printed so far. */
  readonly stdout: () => string
  readonly stderr: () => string
  /** Resolves with the first match of `pattern` in stdout (rejects if the process ends first). */
  waitFor(pattern: RegExp): Promise<RegExpMatchArray>
  /** Resolves with the exit status once the process has ended and its output is read. */
  readonly exited: Promise<number | null>
  /** Sends SIGINT (Ctrl+C) and resolves with the exit status (SIGKILL after 15 s: `null`). */
  interrupt(): Promise<number | null>
}

/**
 * Spawns `node --import tsx src/main.ts …` the way `pnpm demo` does (stdin not a TTY, no colours,
 * no model variables from the test's environment), for tests that talk to it while it runs.
 */
export function startDemo(args: readonly string[]): RunningDemo {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, NO_COLOR: '1', HOME: process.env.HOME }
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', ...args], {
    cwd: packageRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on('close', resolve)
    child.on('error', reject)
  })
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
  return {
    exited,
    stdout: () => stdout,
    stderr: () => stderr,
    waitFor(pattern) {
      return new Promise((resolve, reject) => {
        const check = (): boolean => {
          const match = pattern.exec(stdout)
          if (match !== null) {
            child.stdout.off('data', check)
            resolve(match)
          }
          return match !== null
        }
        if (check()) return
        child.stdout.on('data', check)
        void exited.then((status) => {
          reject(
            new Error(
              `the demo exited (${String(status)}) before printing ${String(pattern)}:\n${stdout}\n${stderr}`,
            ),
          )
        })
      })
    },
    interrupt() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGINT')
        // A demo that does not stop on Ctrl+C fails its test; it is not left running.
        const killer = setTimeout(() => child.kill('SIGKILL'), 15_000)
        void exited.then(() => {
          clearTimeout(killer)
        })
      }
      return exited
    },
  }
}
