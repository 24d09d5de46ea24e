import { SpanStatusCode, trace } from '@opentelemetry/api'
import type { Sandbox } from '@toolpipe/sandbox'
import { defineTool } from 'toolpipe'
import type { ToolDefinition, ToolExecution } from 'toolpipe'
import { runProcess } from '../sandbox/run-process.js'
import type { ProcessOutcome } from '../sandbox/run-process.js'

/** How many tokens of output `run_shell` may put in front of the model. */
export const runShellMaxOutputTokens = 500

/** What `run_shell` keeps in `meta` for its terminal card: how the command ended. */
type ShellMeta = { exitCode: number } | { signal: string }

/** Where `run_shell`'s commands run: in the OS sandbox when there is one, and their `HOME`. */
export interface ShellPlace {
  readonly os?: Sandbox | undefined
  /** The commands' `HOME` (default: the demo folder). */
  readonly home?: string | undefined
}

/**
 * `run_shell`: a command line with the sandbox folder as working directory, a scrubbed
 * environment (no API keys; `HOME` a stand-in) and `exec.signal`, so a timeout kills the command's
 * whole process group. With `place.os` it runs in the OS sandbox (`@toolpipe/sandbox`), and what
 * the sandbox stopped is added to its output, one line each; without, `sh -c`. Output and exit
 * status become a terminal card. Its `maxOutputTokens` is small on purpose: a long output is cut
 * by the output budget (the demo's `server.log` shows it).
 */
export function createRunShellTool(sandbox: string, place: ShellPlace = {}): ToolDefinition {
  return defineTool({
    name: 'run_shell',
    description:
      'Run a shell command (sh -c) in the sandbox folder and return its output and exit code.',
    parameters: {
      command: { type: 'string', required: true, description: 'the command line' },
    },
    timeoutMs: 10_000,
    // How permission rules see it (@toolpipe/permissions): as `Bash`, by its command line.
    permissions: { ruleName: 'Bash', subjects: ({ command }) => [{ kind: 'command', command }] },
    maxOutputTokens: runShellMaxOutputTokens,
    async execute({ command }, exec) {
      const env = shellEnvironment(place.home ?? sandbox)
      const os = place.os
      const outcome = await runTraced(command, () =>
        os === undefined
          ? runProcess('sh', ['-c', command], { cwd: sandbox, env, signal: exec.signal })
          : runInOsSandbox(os, command, exec, env),
      )
      const status =
        outcome.signal === undefined
          ? `[exit code ${outcome.exitCode}]`
          : `[killed by ${outcome.signal}]`
      const meta: ShellMeta =
        outcome.signal === undefined ? { exitCode: outcome.exitCode } : { signal: outcome.signal }
      const output = outcome.truncated ? `${outcome.output}\n… output truncated` : outcome.output
      return {
        content: [
          { type: 'text', text: output === '' ? '(no output)' : output },
          { type: 'text', text: status },
        ],
        meta,
      }
    },
    presentCall: ({ command }) => ({ card: 'terminal', title: command }),
    presentResult: (_args, result) => {
      if (result.isError || !isShellMeta(result.meta)) return undefined
      const [first] = result.content
      const output = first?.type === 'text' && first.text !== '(no output)' ? first.text : ''
      return 'signal' in result.meta
        ? { card: 'terminal', output, signal: result.meta.signal }
        : { card: 'terminal', output, exitCode: result.meta.exitCode }
    },
  })
}

/**
 * Runs the child process inside a `process sh` span of the global tracer provider: a no-op unless
 * the application registered one (`--trace` does), and then a child of the call's `execute_tool`
 * span, which `@toolpipe/otel` makes active while the tool body runs.
 */
function runTraced(
  command: string,
  run: () => ReturnType<typeof runProcess>,
): ReturnType<typeof runProcess> {
  return trace.getTracer('toolpipe-agent-loop').startActiveSpan(
    'process sh',
    {
      attributes: {
        'process.executable.name': 'sh',
        'process.command_args': ['sh', '-c', command],
      },
    },
    async (span) => {
      try {
        const outcome = await run()
        if (outcome.exitCode !== undefined) span.setAttribute('process.exit.code', outcome.exitCode)
        else span.setAttribute('toolpipe.process.signal', outcome.signal)
        return outcome
      } catch (error) {
        span.setStatus({ code: SpanStatusCode.ERROR })
        span.setAttribute('error.type', error instanceof Error ? error.name : 'Error')
        throw error
      } finally {
        span.end()
      }
    },
  )
}

/**
 * `command` in the OS sandbox, its call's id keying what the sandbox stopped: one line per
 * violation, then stdout and stderr. An aborted call rejects with the signal's reason, as `runProcess`.
 */
async function runInOsSandbox(
  os: Sandbox,
  command: string,
  exec: ToolExecution,
  env: Record<string, string>,
): Promise<ProcessOutcome> {
  const run = await os.run(command, {
    callId: exec.callId,
    signal: exec.signal,
    env,
    maxOutputBytes: 64 * 1024,
  })
  if (exec.signal?.aborted === true) throw exec.signal.reason as Error
  const stopped = run.violations.map((violation) =>
    // `other`: what the sandbox reports that is no denied access (a rebase a run left, …).
    violation.kind === 'other'
      ? `[the sandbox reports: ${violation.detail}]`
      : `[the sandbox stopped a ${violation.kind}: ${violation.target ?? violation.detail}]`,
  )
  // What the sandbox stopped comes first: a card shows the first lines of a long output.
  const output = [...stopped.map((line) => `${line}\n`), run.stdout, run.stderr].join('')
  const ended = { output, truncated: run.truncated }
  return run.signal === null
    ? { ...ended, exitCode: run.exitCode ?? 0 }
    : { ...ended, signal: run.signal }
}

/** Only what a command needs: no keys or tokens from the demo's own environment reach it. */
function shellEnvironment(home: string): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    HOME: home,
    LC_ALL: 'C',
    TERM: 'dumb',
    NO_COLOR: '1',
  }
}

function isShellMeta(meta: unknown): meta is ShellMeta {
  if (typeof meta !== 'object' || meta === null) return false
  const record = meta as Record<string, unknown>
  return Number.isInteger(record.exitCode) || typeof record.signal === 'string'
}
