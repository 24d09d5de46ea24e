import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'

/** Options of {@link startProcessGroup}. */
export interface ProcessGroupOptions {
  readonly command: string
  readonly args: readonly string[]
  readonly cwd?: string
  readonly env?: NodeJS.ProcessEnv
  /** A folder the watchdog removes when the test process dies without cleaning up. */
  readonly removeOnOrphan?: string
}

/**
 * A child process in a process group of its own, with its output kept for failure messages,
 * and a watchdog that kills the group (and removes a folder) if the test process dies without
 * stopping it: nothing is left running, whatever happens to the test run.
 */
export class ProcessGroup {
  readonly #child: ChildProcess
  readonly #watchdog: ChildProcess
  readonly #output: string[] = []
  readonly #exited: Promise<number | null>
  #listeners: (() => void)[] = []

  constructor(options: ProcessGroupOptions) {
    this.#child = spawn(options.command, options.args, {
      cwd: options.cwd,
      env: options.env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    this.#exited = new Promise((resolve) => {
      this.#child.once('exit', (code) => {
        resolve(code)
      })
      this.#child.once('error', (error) => {
        this.#record(`spawn failed: ${error.message}\n`)
        resolve(null)
      })
    })
    this.#child.stdout?.setEncoding('utf8').on('data', (text: string) => {
      this.#record(text)
    })
    this.#child.stderr?.setEncoding('utf8').on('data', (text: string) => {
      this.#record(text)
    })
    const group = this.#child.pid ?? 0
    const parent = process.pid
    const orphaned =
      options.removeOnOrphan === undefined
        ? ''
        : `; rm -rf '${options.removeOnOrphan.replaceAll("'", '')}'`
    // Ends with the group; if the test process died first, kills the group and removes its folder.
    this.#watchdog = spawn(
      'sh',
      [
        '-c',
        `while kill -0 ${parent} 2>/dev/null && kill -0 -${group} 2>/dev/null; do sleep 1; done; ` +
          `if ! kill -0 ${parent} 2>/dev/null; then kill -KILL -${group} 2>/dev/null${orphaned}; fi`,
      ],
      { detached: true, stdio: 'ignore' },
    )
    this.#watchdog.unref()
  }

  /** Everything the process wrote so far. */
  get output(): string {
    return this.#output.join('')
  }

  /** The last `lines` lines the process wrote, for a failure message. */
  tail(lines = 40): string {
    return this.output.split('\n').slice(-lines).join('\n')
  }

  /** Resolves when the process has exited, with its exit code (`null` after a signal). */
  get exited(): Promise<number | null> {
    return this.#exited
  }

  /** Resolves once the output contains `text`; rejects when the process exits first or on timeout. */
  async waitForOutput(text: string | RegExp, what: string, timeoutMs: number): Promise<void> {
    const found = () =>
      typeof text === 'string' ? this.output.includes(text) : text.test(this.output)
    if (found()) return
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        done(
          new Error(
            `timed out after ${timeoutMs} ms waiting for ${what}; its output ends with:\n${this.tail()}`,
          ),
        )
      }, timeoutMs)
      const check = () => {
        if (found()) done()
      }
      const done = (error?: Error) => {
        clearTimeout(timer)
        this.#listeners = this.#listeners.filter((listener) => listener !== check)
        if (error === undefined) resolve()
        else reject(error)
      }
      this.#listeners.push(check)
      void this.#exited.then((code) => {
        if (!found())
          done(
            new Error(
              `the process exited (code ${String(code)}) before ${what}; its output ends with:\n${this.tail()}`,
            ),
          )
      })
    })
  }

  /** Kills the whole group: SIGTERM, then SIGKILL after `graceMs` (0: SIGKILL at once, a crash). */
  async stop(graceMs: number): Promise<void> {
    const group = this.#child.pid
    if (group !== undefined && this.#child.exitCode === null && this.#child.signalCode === null) {
      signalGroup(group, graceMs === 0 ? 'SIGKILL' : 'SIGTERM')
      if (graceMs > 0) {
        const timer = setTimeout(() => {
          signalGroup(group, 'SIGKILL')
        }, graceMs)
        await this.#exited
        clearTimeout(timer)
      } else {
        await this.#exited
      }
      // Anything the process started in its group goes with it.
      signalGroup(group, 'SIGKILL')
    }
    this.#watchdog.kill('SIGKILL')
  }

  #record(text: string): void {
    this.#output.push(text)
    for (const listener of [...this.#listeners]) listener()
  }
}

function signalGroup(group: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-group, signal)
  } catch {
    // The group is gone already.
  }
}

/** Starts {@link ProcessGroup}. */
export function startProcessGroup(options: ProcessGroupOptions): ProcessGroup {
  return new ProcessGroup(options)
}
