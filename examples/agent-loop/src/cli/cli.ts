import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { isHarnessError } from 'toolpipe'
import { helpText, parseCliArguments } from './cli-arguments.js'
import type { CliIo } from './cli-io.js'
import { writeLines } from './cli-io.js'
import { colorsFor } from './colors.js'
import { DemoError } from './demo-error.js'
import { runLiveSession } from '../session/live-session.js'
import { chooseModel } from '../model/model-choice.js'
import type { Model } from '../model/model.js'
import { replaySession } from '../session/replay-session.js'
import { runAcpAgent } from '../acp/run-acp-agent.js'

/** Extra options for tests: a model to use instead of the one the environment names. */
export interface RunCliOptions {
  readonly model?: Model | undefined
}

/**
 * The demo's command line: `--help`, a live run, or `--replay FILE`. Returns the exit status:
 * 0 done, 1 failed (one `error:` line on stderr, no stack trace), 2 bad usage, 130 interrupted.
 */
export async function runCli(io: CliIo, options: RunCliOptions = {}): Promise<number> {
  try {
    const args = parseCliArguments(io.argv)
    if (args.command === 'help') {
      io.stdout.write(helpText)
      return 0
    }
    const colors = colorsFor(('color' in args ? args.color : undefined) ?? io.color)
    const base = io.env.INIT_CWD ?? io.cwd
    if (args.command === 'replay') {
      await replaySession(io, colors, resolve(base, args.replay))
      return 0
    }
    const choice = chooseModel(io.env)
    if (args.command === 'acp') {
      await runAcpAgent({
        io,
        colors,
        choice,
        sandboxRoot: args.sandbox === undefined ? undefined : resolve(base, args.sandbox),
        maxSteps: args.maxSteps,
        trace: args.trace === true,
      })
      return 0
    }
    const home = join(tmpdir(), 'toolpipe-agent-loop')
    const sandboxOption = args.sandbox ?? io.env.AGENT_LOOP_SANDBOX
    const outcome = await runLiveSession({
      io,
      colors,
      choice,
      sandbox:
        sandboxOption === undefined || sandboxOption === ''
          ? join(home, 'sandbox')
          : resolve(base, sandboxOption),
      logPath: args.log === undefined ? join(home, 'session.jsonl') : resolve(base, args.log),
      yes: args.yes,
      maxSteps: args.maxSteps,
      trace: args.trace === true,
      web: args.web === true,
      model: options.model,
    })
    return outcome.reason === 'aborted' ? 130 : 0
  } catch (error) {
    if (io.signal?.aborted === true) {
      writeLines(io.stderr, ['interrupted'])
      return 130
    }
    writeLines(io.stderr, [`error: ${describe(error)}`])
    if (io.env.DEBUG !== undefined && error instanceof Error && error.stack !== undefined) {
      io.stderr.write(`${error.stack}\n`)
    }
    return error instanceof DemoError && error.code === 'USAGE' ? 2 : 1
  }
}

/** One line: the demo's own errors say what to do; anything else is named by its message. */
function describe(error: unknown): string {
  if (error instanceof DemoError) return error.message
  const message = error instanceof Error ? error.message : String(error)
  const prefix = isHarnessError(error) ? `${error.code}: ` : ''
  return `${prefix}${message.replace(/\s+/g, ' ').trim()} (set DEBUG=1 for the stack)`
}
