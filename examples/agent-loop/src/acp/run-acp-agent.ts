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
import { createAcpAgent } from './acp-agent.js'

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
  let sandboxRoot = options.sandboxRoot
  const madeRoot = sandboxRoot === undefined
  if (sandboxRoot === undefined) {
    const home = join(tmpdir(), 'toolpipe-agent-loop')
    await mkdir(home, { recursive: true })
    sandboxRoot = await mkdtemp(join(home, 'acp-'))
  } else {
    await mkdir(sandboxRoot, { recursive: true })
  }
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
