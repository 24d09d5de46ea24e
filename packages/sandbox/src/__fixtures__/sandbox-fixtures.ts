import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  writeFileSync,
} from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ToolDefinition } from '@toolpipe/tools'
import type { Sandbox } from '../sandbox-options.js'
import type { ResolvedSandboxSettings } from '../internal/settings-in-force.js'

/**
 * The sandbox runtime runs on Linux (bubblewrap) and macOS (Seatbelt); these tests drive the
 * real one on Linux, where CI installs `bubblewrap socat ripgrep` (scripts/test.sh, as root).
 * Elsewhere they are skipped with this reason; on Linux a missing program fails them.
 */
export const onLinux = process.platform === 'linux'
export const notLinux =
  'the real-sandbox tests run on Linux (bubblewrap); this platform cannot have it'

/** A project folder under a fresh temporary folder: with a git folder (hooks, config) unless `git: false`. */
export function projectFolder(options: { git?: boolean } = {}): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'toolpipe-sandbox-')))
  const project = join(root, 'project')
  mkdirSync(project)
  if (options.git !== false) gitFolder(project)
  return project
}

/** What `git init` leaves that matters here: `.git/hooks` and `.git/config`, made on the host. */
export function gitFolder(project: string): void {
  mkdirSync(join(project, '.git', 'hooks'), { recursive: true })
  writeFileSync(join(project, '.git', 'config'), '[core]\n')
}

/**
 * Resolves once `condition` holds (a watched file read again, a run started), polling; rejects
 * with `what` after a minute, which a busy machine does not come near.
 */
export async function eventually(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 60_000
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/**
 * A command that stays live until released: it makes `<folder>/held-started`, then waits (at most
 * 30 s, then exits 7) until `release()` makes `<folder>/held-released` on the host. `started()`
 * resolves once it runs (its sandbox and the runtime's placeholders are up).
 */
export function heldCommand(folder: string): {
  command: string
  started: () => Promise<void>
  release: () => void
} {
  const started = join(folder, 'held-started')
  const released = join(folder, 'held-released')
  return {
    command: `touch ${started} && for i in $(seq 600); do [ -e ${released} ] && exit 0; sleep 0.05; done; exit 7`,
    started: () => eventually(() => existsSync(started), 'the held command to start'),
    release: () => {
      writeFileSync(released, '')
    },
  }
}

/** A logger that records what it is told. */
export function recordingLogger(): {
  warn: (message: string, ...details: unknown[]) => void
  warnings: string[]
} {
  const warnings: string[] = []
  return { warn: (message) => warnings.push(message), warnings }
}

/** The processes of this machine whose command line holds `tag`. */
export function processesWith(tag: string): number[] {
  const found: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/u.test(entry)) continue
    try {
      const line = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ')
      if (line.includes(tag)) found.push(Number(entry))
    } catch {
      // Gone, or not ours to read.
    }
  }
  return found
}

/**
 * A process that leaves the run and keeps hopping (SPEC §23's audit): it calls `setsid`, then
 * forks on and on, each generation calling `setsid` and exiting once its child exists, every 20
 * generations writing their count to `<folder>/beat` (it stops by itself after 30 s). The command
 * starts it in the background, waits until it beat once and says `started` (exit 0) where it did;
 * `tag` is in its command line.
 * `beating()` says whether it still beats: two reads of the beat a second apart differ.
 */
export function hopperCommand(
  folder: string,
  tag: string,
): { command: string; beating: () => Promise<boolean> } {
  const beat = join(folder, 'beat')
  const hopper = `my $end = time + 30; my $n = 0; POSIX::setsid(); while (time < $end) { exit 0 if fork; POSIX::setsid(); next if ++$n % 20; if (open(my $f, ">", "${beat}.t")) { print $f "$n $$"; close $f; rename "${beat}.t", "${beat}" } } # ${tag}`
  const read = (): string => (existsSync(beat) ? readFileSync(beat, 'utf8') : '')
  return {
    command: `${`perl -MPOSIX -e '${hopper}' & `.repeat(4)}for i in $(seq 3000); do [ -s ${beat} ] && break; sleep 0.01; done; [ -s ${beat} ] && echo started`,
    beating: async () => {
      const before = read()
      await new Promise((resolve) => setTimeout(resolve, 1000))
      return read() !== before
    },
  }
}

/** An HTTP server on the host's loopback, outside any sandbox, that records what reached it. */
export async function localServer(): Promise<{
  port: number
  paths: string[]
  close: () => Promise<void>
}> {
  const paths: string[] = []
  const server = createServer((request, response) => {
    paths.push(request.url ?? '')
    response.end('reached the host')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as AddressInfo).port,
    paths,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => {
          resolve()
        })
      }),
  }
}

/** A folder holding `which` and the given programs of the PATH, and nothing else. */
export function pathOf(programs: readonly string[]): string {
  const folder = mkdtempSync(join(tmpdir(), 'toolpipe-path-'))
  for (const program of ['which', ...programs]) {
    for (const dir of (process.env.PATH ?? '').split(':')) {
      try {
        const target = join(dir, program)
        readFileSync(target)
        writeFileSync(join(folder, program), `#!/bin/sh\nexec ${target} "$@"\n`, { mode: 0o755 })
        break
      } catch {
        // Not in this folder.
      }
    }
  }
  return folder
}

/** `run_shell`: rule name Bash, its command (and `dangerouslyDisableSandbox`) its subject, run in `sandbox`. */
export function shellTool(sandbox: Sandbox): ToolDefinition {
  interface ShellArguments {
    command: string
    dangerouslyDisableSandbox?: boolean
  }
  return {
    name: 'run_shell',
    description: 'runs a command line',
    parameters: {
      type: 'object',
      properties: { command: { type: 'string' }, dangerouslyDisableSandbox: { type: 'boolean' } },
      required: ['command'],
    },
    permissions: {
      ruleName: 'Bash',
      subjects: (args) => {
        const { command, dangerouslyDisableSandbox } = args as unknown as ShellArguments
        return [{ kind: 'command', command, dangerouslyDisableSandbox }]
      },
    },
    execute: async (args, exec) => {
      const { command, dangerouslyDisableSandbox } = args as ShellArguments
      const run = await sandbox.run(command, {
        callId: exec.callId,
        signal: exec.signal,
        dangerouslyDisableSandbox,
      })
      // Its exit code, then what it printed; and whether it ran sandboxed, for the tests that ask.
      return {
        content: [{ type: 'text', text: `${String(run.exitCode)} ${run.stdout}${run.stderr}` }],
        meta: { sandboxed: run.sandboxed },
      }
    },
  }
}

/** The settings in force when no source says anything: Claude Code's defaults, `enabled` aside. */
export const defaultSandboxSettings: ResolvedSandboxSettings = {
  enabled: true,
  autoAllowBashIfSandboxed: true,
  allowUnsandboxedCommands: true,
  excludedCommands: [],
  allowedDomains: [],
  deniedDomains: [],
  allowUnixSockets: [],
  allowLocalBinding: false,
  allowAllUnixSockets: false,
  allowWrite: [],
  denyWrite: [],
  denyRead: [],
  allowRead: [],
}
