import type { Agent, Dialect, PresentableTool, ToolRegistryLogger } from 'toolpipe'
import { runAgentLoop } from '../agent-loop.js'
import type { AgentLoopOutcome, AgentLoopTools } from '../agent-loop.js'
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
import type { SessionLogWriter } from './session-log.js'
import { printSessionEnding } from './session-ending.js'
import { createSessionRenderer } from '../cli/session-renderer.js'
import { createTerminalApproval } from '../cli/terminal-approval.js'
import type { ApprovalMode } from '../cli/terminal-approval.js'
import { createWebApproval } from '../web/web-approval.js'
import { startWebPageServer } from '../web/web-page-server.js'
import type { WebPageServer } from '../web/web-page-server.js'
import { createWebSessionView } from '../web/web-session-view.js'
import { startRunTracing } from '../tracing/run-tracing.js'
import type { RunTracing } from '../tracing/run-tracing.js'

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
  const open: OpenResources = {}
  try {
    await prepareSandbox(sandbox)
    const log = (open.log = openSessionLog(logPath))
    const web = (open.web = options.web === true ? await startWebPageServer() : undefined)
    // The cards come from the registered definitions themselves (called only once it exists).
    const events = sessionEvents(options, log, web, (name) => open.demo?.registry.get(name, agent))
    const approval =
      web === undefined
        ? createTerminalApproval({
            mode,
            onAnswer: events.emit,
            onInterrupt: () => {
              stopped.abort()
            },
          })
        : createWebApproval({ server: web, onAnswer: events.emit })
    // Registration refuses a tool the model's dialect cannot express, before the first turn.
    open.demo = await createDemoRegistry({
      sandbox,
      dialects: [dialect],
      approval,
      logger: stderrLogger(io),
    })
    const { registry } = open.demo
    if (tracing !== undefined) registry.use(tracing.plugin)
    writeLines(io.stdout, header(options, chosenModel, mode, web?.url, open.demo.osSandboxNotice))
    const outcome = await runTask(
      { model, tools: open.demo.conversation(), agent, dialect, signal, tracing },
      options,
      events.emit,
    )
    const ending = { io, colors, sandbox, logPath, log, tracing }
    await printSessionEnding({ ...ending, alwaysAnswered: events.alwaysAnswered() })
    if (web !== undefined && outcome.reason !== 'aborted') {
      writeLines(io.stdout, [`${colors.bold('web page')}     ${web.url} stays up until Ctrl+C`])
      await untilAborted(signal)
    }
    return outcome
  } finally {
    await open.web?.close()
    open.log?.close()
    await open.demo?.close()
    await tracing?.shutdown()
  }
}

/** What a run opens, closed in its `finally` whatever it got to. */
interface OpenResources {
  log?: SessionLogWriter
  web?: WebPageServer | undefined
  demo?: DemoRegistry
}

/**
 * Where every event goes: the session log, the terminal (by the renderer `--replay` uses) and,
 * with `--web`, the page. Notes whether an "always" answer was given.
 */
function sessionEvents(
  options: LiveSessionOptions,
  log: SessionLogWriter,
  web: WebPageServer | undefined,
  findTool: (name: string) => PresentableTool | undefined,
): { emit: (event: SessionEvent) => void; alwaysAnswered: () => boolean } {
  const render = createSessionRenderer({ colors: options.colors, findTool })
  const webView = createWebSessionView(findTool)
  let alwaysAnswered = false
  const emit = (event: SessionEvent): void => {
    if (
      event.type === 'approval' &&
      (event.outcome === 'allowed-always' || event.outcome === 'rejected-always')
    ) {
      alwaysAnswered = true
    }
    log.write(event)
    writeLines(options.io.stdout, render(event))
    if (web !== undefined) for (const message of webView(event)) web.publish(message)
  }
  return { emit, alwaysAnswered: () => alwaysAnswered }
}

/** Warnings of the registry, one line each on stderr. */
function stderrLogger(io: CliIo): ToolRegistryLogger {
  return {
    warn: (message, ...details) => {
      const detail = details.map((value) =>
        value instanceof Error ? value.message : String(value),
      )
      writeLines(io.stderr, [`warning: ${[message, ...detail].join(' ')}`])
    },
  }
}

/** The demo's task, from its first events to the loop's end (traced with `--trace`). */
async function runTask(
  run: {
    readonly model: Model
    readonly tools: AgentLoopTools
    readonly agent: Agent
    readonly dialect: Dialect
    readonly signal: AbortSignal
    readonly tracing: RunTracing | undefined
  },
  options: LiveSessionOptions,
  emit: (event: SessionEvent) => void,
): Promise<AgentLoopOutcome> {
  const { model, tools, agent, dialect, signal, tracing } = run
  emit({
    type: 'session/start',
    version: 1,
    model: model.description,
    agent: agent.id,
    sandbox: options.sandbox,
    tools: tools.schemas(agent, { dialect }),
  })
  emit({ type: 'user/message', text: demoTask })
  const loop = () =>
    runAgentLoop({
      model,
      registry: tools,
      agent,
      messages: [
        { role: 'system', text: systemPrompt },
        { role: 'user', text: demoTask },
      ],
      maxSteps: options.maxSteps,
      onEvent: emit,
      signal,
    })
  return tracing === undefined ? loop() : tracing.invokeAgent(agent, loop)
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
  osSandbox: string,
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
    `  os box   ${osSandbox}`,
    `  log      ${logPath}`,
    `  asks     ${asks}`,
  ]
  if (webUrl !== undefined) lines.push(colors.bold(`  web      open ${webUrl} in a browser`))
  if (choice.kind === 'scripted' && choice.notice !== undefined) {
    lines.push(colors.yellow(`  note     ${choice.notice}`))
  }
  return [...lines, '']
}
