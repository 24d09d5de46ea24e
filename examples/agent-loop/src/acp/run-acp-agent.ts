import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable, Writable } from 'node:stream'
import { ndJsonStream } from '@agentclientprotocol/sdk'
import type { CliIo } from '../cli/cli-io.js'
import { writeLines } from '../cli/cli-io.js'
import type { Colors } from '../cli/colors.js'
import { afterTheDemoScript, demoScript } from '../model/demo-script.js'
import type { ModelChoice } from '../model/model-choice.js'
import type { Model } from '../model/model.js'
import { createOpenAiModel } from '../model/openai-model.js'
import { createScriptedModel } from '../model/scripted-model.js'
import { renderTrace } from '../tracing/render-trace.js'
import { startRunTracing } from '../tracing/run-tracing.js'
import type { RunTracing } from '../tracing/run-tracing.js'
import { createAcpAgent } from './acp-agent.js'
import type { AcpAgentOptions } from './acp-agent.js'

/** Options of {@link runAcpAgent}. */
export interface RunAcpAgentOptions {
  readonly io: CliIo
  readonly colors: Colors
  readonly choice: ModelChoice
  /** The folder of the sessions' sandboxes; default a fresh temporary one, removed at the end. */
  readonly sandboxRoot?: string | undefined
  readonly maxSteps?: number | undefined
  readonly trace?: boolean | undefined
}

/**
 * `--acp`: serves one ACP client over the process's stdin and stdout (newline-delimited JSON-RPC,
 * the SDK's `ndJsonStream`) until the client closes stdin or the process is interrupted. stdout
 * carries nothing but the protocol: everything for people goes to stderr.
 */
export async function runAcpAgent(options: RunAcpAgentOptions): Promise<void> {
  const { io, colors, choice } = options
  const say = (line: string): void => {
    writeLines(io.stderr, [`toolpipe-agent-loop: ${line}`])
  }
  const { root: sandboxRoot, made: madeRoot } = await sandboxRootOf(options.sandboxRoot)
  const tracing = options.trace === true ? startRunTracing() : undefined
  const createModel = (): Model =>
    choice.kind === 'openai'
      ? createOpenAiModel(choice)
      : createScriptedModel(demoScript, { afterTheEnd: afterTheDemoScript })
  const agent = createAcpAgent({
    sandboxRoot,
    createModel,
    maxSteps: options.maxSteps,
    tracing,
    ...stderrReports(io, colors, tracing, say),
  })
  // The SDK reads and writes web streams of bytes; the process has Node streams.
  const input = Readable.toWeb(io.stdin) as ReadableStream<Uint8Array>
  const output = Writable.toWeb(io.stdout) as WritableStream<Uint8Array>
  say(
    `ACP agent on stdio; model ${choice.kind === 'openai' ? choice.model : 'scripted'}; session sandboxes under ${sandboxRoot}`,
  )
  const connection = agent.app.connect(ndJsonStream(output, input))
  const onInterrupt = (): void => {
    connection.close()
  }
  io.signal?.addEventListener('abort', onInterrupt, { once: true })
  try {
    await connection.closed
  } finally {
    io.signal?.removeEventListener('abort', onInterrupt)
    await agent.closeSessions()
    await tracing?.shutdown()
    if (madeRoot) await rm(sandboxRoot, { recursive: true, force: true })
    say('connection closed')
  }
}

/** The folder of the sessions' sandboxes: the one given (made if missing), or a fresh one. */
async function sandboxRootOf(given: string | undefined): Promise<{ root: string; made: boolean }> {
  if (given !== undefined) {
    await mkdir(given, { recursive: true })
    return { root: given, made: false }
  }
  const home = join(tmpdir(), 'toolpipe-agent-loop')
  await mkdir(home, { recursive: true })
  return { root: await mkdtemp(join(home, 'acp-')), made: true }
}

/** Warnings, sessions and turns (with their trace, when traced) as lines on stderr. */
function stderrReports(
  io: CliIo,
  colors: Colors,
  tracing: RunTracing | undefined,
  say: (line: string) => void,
): Pick<AcpAgentOptions, 'logger' | 'onTurn'> {
  return {
    logger: {
      warn: (message, ...details) => {
        const detail = details.map((value) =>
          value instanceof Error ? value.message : String(value),
        )
        say(`warning: ${[message, ...detail].join(' ')}`)
      },
    },
    onTurn: (sessionId, summary) => {
      say(`${sessionId}: ${summary}`)
      const spans = tracing?.takeSpans() ?? []
      if (spans.length > 0)
        writeLines(
          io.stderr,
          renderTrace(spans, colors).map((line) => `  ${line}`),
        )
    },
  }
}
