import type { Agent } from 'toolpipe'
import { runAgentLoop } from '../agent-loop.js'
import type { AgentLoopOutcome } from '../agent-loop.js'
import type { CliIo } from '../cli/cli-io.js'
import { writeLines } from '../cli/cli-io.js'
import type { Colors } from '../cli/colors.js'
import { createDemoRegistry } from '../demo-registry.js'
import type { DemoRegistry } from '../demo-registry.js'
import { demoScript, demoTask, systemPrompt } from '../model/demo-script.js'
import type { ModelChoice } from '../model/model-choice.js'
import type { Model } from '../model/model.js'
import { createOpenAiModel } from '../model/openai-model.js'
import { prepareSandbox } from '../sandbox/sandbox.js'
import { createScriptedModel } from '../model/scripted-model.js'
import type { SessionEvent } from './session-event.js'
import { openSessionLog } from './session-log.js'
import { createSessionRenderer } from '../cli/session-renderer.js'
import { createTerminalApproval } from '../cli/terminal-approval.js'
import type { ApprovalMode } from '../cli/terminal-approval.js'
import { renderTrace } from '../tracing/render-trace.js'
import { createWebApproval } from '../web/web-approval.js'
import { startWebPageServer } from '../web/web-page-server.js'
import type { WebPageServer } from '../web/web-page-server.js'
import { createWebSessionView } from '../web/web-session-view.js'
import { startRunTracing } from '../tracing/run-tracing.js'

/** Options of {@link runLiveSession}. */
export interface LiveSessionOptions {
  readonly io: CliIo
  readonly colors: Colors
  readonly choice: ModelChoice
  readonly sandbox: string
  readonly logPath: string
  readonly yes: boolean
  readonly maxSteps?: number | undefined
  /** Trace the run with OpenTelemetry and print its spans at the end (`--trace`). */
  readonly trace?: boolean | undefined
  /**
   * Also serve the run's cards on a local web page (`--web`), where asks are answered; the page
   * stays up after the run until `io.signal` aborts (Ctrl+C).
   */
  readonly web?: boolean | undefined
  /** Replaces the model the choice names (tests inject one). */
  readonly model?: Model | undefined
}

/**
 * One live run: a fresh sandbox, the demo registry, the chosen model, the loop; every event is
 * written to the session log and drawn on stdout by the same renderer `--replay` uses.
 */
export async function runLiveSession(options: LiveSessionOptions): Promise<AgentLoopOutcome> {
  const { io, colors, choice, sandbox, logPath } = options
  const agent: Agent = { id: 'main' }
  const tracing = options.trace === true ? startRunTracing() : undefined
  const chosenModel =
    options.model ??
    (choice.kind === 'openai' ? createOpenAiModel(choice) : createScriptedModel(demoScript))
  const model = tracing?.traceModel(chosenModel) ?? chosenModel
  const dialect = model.dialect ?? 'json-schema'
  const stopped = new AbortController()
  const signal =
    io.signal === undefined ? stopped.signal : AbortSignal.any([io.signal, stopped.signal])
  const mode = approvalMode(options)

  let log: ReturnType<typeof openSessionLog> | undefined
  let demo: DemoRegistry | undefined
  let web: WebPageServer | undefined
  try {
    await prepareSandbox(sandbox)
    log = openSessionLog(logPath)
    if (options.web === true) web = await startWebPageServer()
    // The cards come from the registered definitions themselves (called only once it exists).
    const findTool = (name: string) => demo?.registry.get(name, agent)
    const render = createSessionRenderer({ colors, findTool })
    const webView = createWebSessionView(findTool)
    const emit = (event: SessionEvent): void => {
      log?.write(event)
      writeLines(io.stdout, render(event))
      const page = web
      if (page !== undefined) for (const message of webView(event)) page.publish(message)
    }
    demo = await createDemoRegistry({
      sandbox,
      // Registration refuses a tool the model's dialect cannot express, before the first turn.
      dialects: [dialect],
      approval:
        web === undefined
          ? createTerminalApproval({
              mode,
              onAnswer: emit,
              onInterrupt: () => {
                stopped.abort()
              },
            })
          : createWebApproval({ server: web, onAnswer: emit }),
      logger: {
        warn: (message, ...details) => {
          const detail = details.map((value) =>
            value instanceof Error ? value.message : String(value),
          )
          writeLines(io.stderr, [`warning: ${[message, ...detail].join(' ')}`])
        },
      },
    })
    const { registry } = demo
    if (tracing !== undefined) registry.use(tracing.plugin)

    writeLines(io.stdout, header(options, chosenModel, mode, web?.url))
    emit({
      type: 'session/start',
      version: 1,
      model: model.description,
      agent: agent.id,
      sandbox,
      tools: registry.schemas(agent, { dialect }),
    })
    emit({ type: 'user/message', text: demoTask })
    const run = () =>
      runAgentLoop({
        model,
        registry,
        agent,
        messages: [
          { role: 'system', text: systemPrompt },
          { role: 'user', text: demoTask },
        ],
        maxSteps: options.maxSteps,
        onEvent: emit,
        signal,
      })
    const outcome = tracing === undefined ? await run() : await tracing.invokeAgent(agent, run)
    if (tracing !== undefined) {
      const spans = tracing.takeSpans()
      writeLines(io.stdout, [
        '',
        colors.bold(`━━ trace: the run's ${spans.length} OpenTelemetry spans (--trace) ━━`),
        colors.dim(
          "execute_tool spans come from @toolpipe/otel's otelTracing(), invoke_agent and chat spans",
        ),
        colors.dim("from the harness around the loop; the SDK's InMemorySpanExporter kept them."),
        ...renderTrace(spans, colors).map((line) => `  ${line}`),
      ])
    }
    writeLines(io.stdout, [
      '',
      `${colors.bold('session log')}  ${logPath} (${log.count} events)`,
      `${colors.bold('replay it')}    pnpm demo --replay ${logPath}`,
    ])
    if (web !== undefined && outcome.reason !== 'aborted') {
      writeLines(io.stdout, [`${colors.bold('web page')}     ${web.url} stays up until Ctrl+C`])
      await untilAborted(signal)
    }
    return outcome
  } finally {
    await web?.close()
    log?.close()
    await demo?.close()
    await tracing?.shutdown()
  }
}

/** Resolves once `signal` aborts. */
function untilAborted(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve()
  return new Promise((resolve) => {
    signal.addEventListener(
      'abort',
      () => {
        resolve()
      },
      { once: true },
    )
  })
}

function approvalMode(options: LiveSessionOptions): ApprovalMode {
  const { io, yes, choice } = options
  if (yes) return { kind: 'auto', because: '--yes' }
  if (io.stdin.isTTY === true) return { kind: 'prompt', input: io.stdin, output: io.stdout }
  // A script's commands are known; a real model's are not, so they are never approved blindly.
  return choice.kind === 'scripted'
    ? { kind: 'auto', because: 'stdin is not a TTY' }
    : { kind: 'none' }
}

function header(
  options: LiveSessionOptions,
  model: Model,
  mode: ApprovalMode,
  webUrl: string | undefined,
): string[] {
  const { colors, choice, sandbox, logPath } = options
  const modelLine =
    choice.kind === 'scripted' && options.model === undefined
      ? `scripted (offline, deterministic; set OPENAI_BASE_URL, OPENAI_API_KEY and MODEL for a real one)`
      : `${model.description} (OpenAI-compatible, through the openai client; tool schemas: ${model.dialect ?? 'json-schema'})`
  const asks =
    webUrl !== undefined
      ? 'answered in the web page'
      : mode.kind === 'prompt'
        ? 'you answer them at a prompt'
        : mode.kind === 'auto'
          ? `auto-approved (${mode.because})`
          : "denied: stdin is not a TTY; pass --yes to approve the model's commands"
  const lines = [
    colors.bold('toolpipe agent-loop demo'),
    `  model    ${modelLine}`,
    `  sandbox  ${sandbox} (made afresh)`,
    `  log      ${logPath}`,
    `  asks     ${asks}`,
  ]
  if (webUrl !== undefined) lines.push(colors.bold(`  web      open ${webUrl} in a browser`))
  if (choice.kind === 'scripted' && choice.notice !== undefined) {
    lines.push(colors.yellow(`  note     ${choice.notice}`))
  }
  return [...lines, '']
}
