import { parseArgs } from 'node:util'
import { DemoError } from './demo-error.js'

/** What the command line asked for. */
export type CliArguments =
  | { readonly command: 'help' }
  | { readonly command: 'replay'; readonly replay: string; readonly color?: false }
  | {
      readonly command: 'run'
      readonly yes: boolean
      readonly log?: string
      readonly sandbox?: string
      readonly maxSteps?: number
      readonly color?: false
      /** Print the run's OpenTelemetry spans at the end. */
      readonly trace?: true
      /** Serve the run's cards on a local web page, where asks are answered. */
      readonly web?: true
    }
  | {
      /** Speak the Agent Client Protocol on stdin/stdout: an editor drives the loop. */
      readonly command: 'acp'
      /** The folder under which each ACP session gets its own sandbox. */
      readonly sandbox?: string
      readonly maxSteps?: number
      /** Print each prompt turn's OpenTelemetry spans to stderr. */
      readonly trace?: true
    }

/** The `--help` text. */
export const helpText = `Usage: pnpm demo [options]

A whole agent loop on toolpipe: a model calls tools in a sandbox folder, and those of an MCP
server of its own, through one guarded pipeline (schemas, validation, deny/ask policies, a guard,
timeouts, a secret withheld, a post-execute block with feedback, additionalContext, batches of
read-only calls run in parallel), with cards drawn in the terminal and a JSON Lines session log.

Options:
  -y, --yes            answer every approval prompt with "allow always"
      --log FILE       write the session log to FILE
                       (default: <os tmpdir>/toolpipe-agent-loop/session.jsonl)
      --sandbox DIR    the sandbox folder, made afresh on every run
                       (default: <os tmpdir>/toolpipe-agent-loop/sandbox; env AGENT_LOOP_SANDBOX)
      --replay FILE    draw the cards of a session log again, running no tool
      --max-steps N    stop after N model turns (default 20)
      --trace          print the run's OpenTelemetry spans at the end (a tree: name,
                       duration, outcome)
      --web            also show the run's cards on a local web page (127.0.0.1, a
                       random token in the address; the terminal says where) and
                       answer the asks there: Allow once, Always, Reject. The page
                       stays up after the run until Ctrl+C
      --acp            be an Agent Client Protocol agent on stdin/stdout, for an editor
                       (Zed…) or any ACP client: it shows the tool calls and asks for
                       approval; --sandbox DIR holds one sandbox per session; logs go
                       to stderr
      --no-color       plain text (so does NO_COLOR=1, or output that is not a terminal)
  -h, --help           show this text

An ACP client (an editor) launches, for example:
  pnpm --silent --dir /path/to/toolpipe demo --acp

Model: the scripted model (offline, deterministic) unless OPENAI_BASE_URL, OPENAI_API_KEY and
MODEL are all set; then any OpenAI-compatible endpoint, for example DeepSeek:
  OPENAI_BASE_URL=https://api.deepseek.com OPENAI_API_KEY=sk-... MODEL=deepseek-chat pnpm demo
`

/**
 * Parses the demo's command line. Unknown options, stray words and contradictions throw a
 * `DemoError` (code `USAGE`) with a one-line message.
 */
export function parseCliArguments(argv: readonly string[]): CliArguments {
  const values = readOptions(argv)
  if (values.help === true) return { command: 'help' }
  const color = values['no-color'] === true ? ({ color: false } as const) : {}
  if (values.replay !== undefined) {
    refuseWith(
      values,
      ['yes', 'log', 'sandbox', 'max-steps', 'trace', 'acp', 'web'],
      (extra) => `--replay runs no tool, so it takes no ${extra}`,
    )
    return { command: 'replay', replay: values.replay, ...color }
  }
  const maxSteps = readMaxSteps(values['max-steps'])
  const trace = values.trace === true ? ({ trace: true } as const) : {}
  if (values.web === true && values.yes === true) {
    throw new DemoError('--web answers the asks in the page, so it takes no --yes', 'USAGE')
  }
  if (values.acp === true) {
    refuseWith(
      values,
      ['yes', 'log', 'web'],
      (extra) =>
        `--acp asks the ACP client for approvals and keeps a log beside each session's sandbox, so it takes no ${extra}`,
    )
    return {
      command: 'acp',
      ...(values.sandbox === undefined ? {} : { sandbox: values.sandbox }),
      ...(maxSteps === undefined ? {} : { maxSteps }),
      ...trace,
    }
  }
  return {
    command: 'run',
    yes: values.yes === true,
    ...(values.log === undefined ? {} : { log: values.log }),
    ...(values.sandbox === undefined ? {} : { sandbox: values.sandbox }),
    ...(maxSteps === undefined ? {} : { maxSteps }),
    ...color,
    ...trace,
    ...(values.web === true ? ({ web: true } as const) : {}),
  }
}

const options = {
  yes: { type: 'boolean', short: 'y' },
  log: { type: 'string' },
  sandbox: { type: 'string' },
  replay: { type: 'string' },
  'max-steps': { type: 'string' },
  trace: { type: 'boolean' },
  acp: { type: 'boolean' },
  web: { type: 'boolean' },
  'no-color': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const

type OptionValues = ReturnType<typeof parseArgs<{ options: typeof options }>>['values']

/** The options given, by `node:util`'s `parseArgs`; what it refuses is a `USAGE` error. */
function readOptions(argv: readonly string[]): OptionValues {
  // `pnpm demo -- --acp` hands the script its `--` too: one leading `--` is not a stray word.
  const args = argv[0] === '--' ? argv.slice(1) : [...argv]
  try {
    return parseArgs({ args, strict: true, allowPositionals: false, options }).values
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error)
    throw new DemoError(`${message ?? 'bad arguments'} (see --help)`, 'USAGE', { cause: error })
  }
}

/** Refuses, with `message(the options)`, the options of `names` that were given. */
function refuseWith(
  values: OptionValues,
  names: readonly (keyof OptionValues)[],
  message: (extra: string) => string,
): void {
  const extra = names.filter((name) => values[name] !== undefined)
  if (extra.length > 0) {
    throw new DemoError(message(extra.map((name) => `--${name}`).join(', ')), 'USAGE')
  }
}

/** `--max-steps`: a positive whole number, or `undefined` when not given. */
function readMaxSteps(given: string | undefined): number | undefined {
  if (given === undefined) return undefined
  const maxSteps = Number(given)
  if (!Number.isInteger(maxSteps) || maxSteps < 1) {
    throw new DemoError(`--max-steps wants a positive whole number, got "${given}"`, 'USAGE')
  }
  return maxSteps
}
