import { describeThrown, describeValue } from '@toolpipe/core/internal'
import { StandardSchemaError } from '@toolpipe/schema'
import { defineTool } from '@toolpipe/tools'
import type {
  Disposer,
  PreExecuteListener,
  ScopedTools,
  ToolDefinition,
  ToolRegistry,
} from '@toolpipe/tools'
import type { Tool, ToolSet } from 'ai'
import { AiSdkBridgeError } from './ai-sdk-bridge-error.js'
import { readInputSchema } from './internal/read-input-schema.js'
import { runAiSdkTool } from './internal/run-ai-sdk-tool.js'
import { readToolTarget } from './internal/tool-target.js'
import type { ToolTarget } from './internal/tool-target.js'

/** Options of {@link registerAiSdkTools}. */
export interface RegisterAiSdkToolsOptions {
  /**
   * The context each tool is handed as `context`, by tool name: what `generateText`'s
   * `toolsContext` would give it. A tool with a `contextSchema` has it checked on every call, as
   * the AI SDK does; a failing check fails the call (`TOOL_FAILED`).
   */
  readonly toolsContext?: Readonly<Record<string, Record<string, unknown>>> | undefined
}

/**
 * An AI SDK tool's `needsApproval`: a flag, or a function of the call's input. AI SDK 7
 * deprecates it in favour of `generateText`'s `toolApproval`, which a tool registered here never
 * sees; it is honoured so that a tool that says it needs approval never runs without one.
 */
type NeedsApproval =
  | boolean
  | ((
      input: unknown,
      options: { toolCallId: string; messages: []; context: Record<string, unknown> },
    ) => boolean | PromiseLike<boolean>)

/** An AI SDK tool the pipeline can run: it has `execute`. */
type ExecutableAiSdkTool = Tool & { execute: NonNullable<Tool['execute']> }

const what = 'registerAiSdkTools'

/**
 * Registers the tools of an AI SDK `ToolSet` as toolpipe tools, in a registry's global layer or
 * in one agent's scope: each under its key, with its description and its input schema's JSON
 * Schema as parameters, so the registry shows them to any model, and every call the model makes
 * goes through the pipeline like any other tool's (validated, then policies, approvals, guards,
 * timeouts, observers). The body calls the AI SDK tool's `execute` with the call id, the call's
 * abort signal and the tool's context, and the model reads what the AI SDK would have shown it
 * (`toModelOutput`, or the output's text or JSON). A tool whose `needsApproval` says so is asked
 * about through the registry's approval service.
 *
 * Everything is checked before anything is registered, and a registration that fails (a name
 * already taken) takes back the ones made before it: the tool set is registered whole or not at
 * all.
 *
 * @returns removes every tool it registered (and its approval listener); a second call does
 * nothing
 * @throws AiSdkBridgeError (`INVALID_OPTIONS`) for a target, tool set or options that cannot be
 * used, (`UNSUPPORTED_TOOL`) for a tool the pipeline cannot run; `ToolRegistryError` from
 * `register` (a name that is not a tool name, or taken)
 * @example
 * const dispose = registerAiSdkTools(registry, {
 *   weather: tool({
 *     description: 'The weather in a city.',
 *     inputSchema: jsonSchema<{ city: string }>({
 *       type: 'object',
 *       properties: { city: { type: 'string' } },
 *       required: ['city'],
 *     }),
 *     execute: async ({ city }) => ({ city, celsius: 21 }),
 *   }),
 * })
 */
export function registerAiSdkTools(
  target: ToolRegistry | ScopedTools,
  toolSet: ToolSet,
  options: RegisterAiSdkToolsOptions = {},
): Disposer {
  const tools = readToolTarget(target, what)
  if (typeof (toolSet as unknown) !== 'object' || (toolSet as unknown) === null) {
    throw new AiSdkBridgeError(
      `${what}: toolSet must be an object of AI SDK tools, got ${describeValue(toolSet)}`,
      'INVALID_OPTIONS',
    )
  }
  const contexts = readToolsContext(options)
  const approvals = new Map<ToolDefinition, NeedsApproval>()
  // Own entries, read once each (an own `__proto__` key included).
  const definitions = Object.entries(toolSet).map(([name, value]) => {
    const aiSdkTool = readTool(name, value)
    const needsApproval = readNeedsApproval(name, aiSdkTool)
    const definition = toDefinition(name, aiSdkTool, contexts.get(name))
    if (needsApproval !== false) approvals.set(definition, needsApproval)
    return definition
  })
  const disposers: Disposer[] = []
  const disposeAll: Disposer = () => {
    for (const dispose of disposers.splice(0).reverse()) dispose()
  }
  try {
    for (const definition of definitions) disposers.push(tools.register(definition))
    if (approvals.size > 0) {
      disposers.push(tools.onPreExecute(approvalListener(tools, approvals, contexts)))
    }
  } catch (error) {
    disposeAll()
    throw error
  }
  return disposeAll
}

/**
 * The contexts by tool name, own entries only and read once (a tool named `constructor` or
 * `__proto__` must not be handed what `Object.prototype` holds under that name).
 */
function readToolsContext(
  options: RegisterAiSdkToolsOptions,
): ReadonlyMap<string, Record<string, unknown>> {
  if (typeof (options as unknown) !== 'object' || (options as unknown) === null) {
    throw new AiSdkBridgeError(
      `${what}: options must be an object, got ${describeValue(options)}`,
      'INVALID_OPTIONS',
    )
  }
  const toolsContext: unknown = options.toolsContext
  if (toolsContext !== undefined && (typeof toolsContext !== 'object' || toolsContext === null)) {
    throw new AiSdkBridgeError(
      `${what}: toolsContext must be an object of contexts by tool name, got ${describeValue(toolsContext)}`,
      'INVALID_OPTIONS',
    )
  }
  if (toolsContext === undefined) return new Map()
  try {
    return new Map(Object.entries(toolsContext as Record<string, Record<string, unknown>>))
  } catch (error) {
    throw new AiSdkBridgeError(
      `${what}: toolsContext cannot be read: ${describeThrown(error)}`,
      'INVALID_OPTIONS',
    )
  }
}

/** One entry of the tool set, checked: a function tool the pipeline can run. */
function readTool(name: string, value: unknown): ExecutableAiSdkTool {
  const refuse = (why: string): AiSdkBridgeError =>
    new AiSdkBridgeError(`${what}: tool "${name}": ${why}`, 'UNSUPPORTED_TOOL')
  if (typeof value !== 'object' || value === null) {
    throw refuse(`must be an AI SDK tool, got ${describeValue(value)}`)
  }
  const candidate = value as Tool
  if (candidate.type === 'provider') {
    throw refuse(
      'is a provider tool, which its provider defines and runs; only function tools can be registered',
    )
  }
  if (typeof candidate.execute !== 'function') {
    throw refuse('has no execute function, so there is nothing for the pipeline to run')
  }
  const description: unknown = candidate.description
  if (
    description !== undefined &&
    typeof description !== 'string' &&
    typeof description !== 'function'
  ) {
    throw refuse(`description must be a string or a function, got ${describeValue(description)}`)
  }
  return candidate as ExecutableAiSdkTool
}

/** The tool's `needsApproval` (read by name: the AI SDK marks the member deprecated). */
function readNeedsApproval(name: string, aiSdkTool: ExecutableAiSdkTool): NeedsApproval {
  const needsApproval = (aiSdkTool as { needsApproval?: unknown }).needsApproval
  if (needsApproval === undefined) return false
  if (typeof needsApproval === 'boolean' || typeof needsApproval === 'function') {
    return needsApproval as NeedsApproval
  }
  throw new AiSdkBridgeError(
    `${what}: tool "${name}": needsApproval must be a boolean or a function, got ${describeValue(needsApproval)}`,
    'UNSUPPORTED_TOOL',
  )
}

/**
 * The toolpipe definition of an AI SDK tool: a `defineTool` tool whose parameters are its input
 * schema as a Standard Schema, so step 4 validates every call by the tool's own schema and the
 * body receives the schema's output, as the AI SDK's own `execute` would.
 */
function toDefinition(
  name: string,
  aiSdkTool: ExecutableAiSdkTool,
  context: Record<string, unknown> | undefined,
): ToolDefinition {
  const parameters = readInputSchema(name, aiSdkTool.inputSchema, what)
  const description = describe(name, aiSdkTool, context)
  try {
    return defineTool({
      name,
      description,
      parameters,
      execute: (args, exec) => runAiSdkTool(aiSdkTool, args, exec, context),
    })
  } catch (error) {
    if (!(error instanceof StandardSchemaError)) throw error
    throw new AiSdkBridgeError(
      `${what}: tool "${name}": its input schema cannot serve as tool parameters: ${error.message}`,
      'UNSUPPORTED_TOOL',
      { cause: error },
    )
  }
}

/** The tool's description; one given as a function of the context is asked once, now. */
function describe(
  name: string,
  aiSdkTool: ExecutableAiSdkTool,
  context: Record<string, unknown> | undefined,
): string {
  const { description } = aiSdkTool
  if (typeof description !== 'function') return description ?? ''
  let text: unknown
  try {
    text = description({ context: context ?? {} })
  } catch (error) {
    throw new AiSdkBridgeError(
      `${what}: tool "${name}": its description function threw: ${describeThrown(error)}`,
      'UNSUPPORTED_TOOL',
      { cause: error },
    )
  }
  if (typeof text !== 'string') {
    throw new AiSdkBridgeError(
      `${what}: tool "${name}": its description function returned ${describeValue(text)}, not a string`,
      'UNSUPPORTED_TOOL',
    )
  }
  return text
}

/**
 * The `tools/pre-execute` listener that asks for approval of the calls whose AI SDK tool says it
 * `needsApproval` (a flag, or a function of the input): innermost, so a harness's own policy
 * around it still decides first, and only a call everything else allows is turned into an ask.
 */
function approvalListener(
  tools: ToolTarget,
  approvals: ReadonlyMap<ToolDefinition, NeedsApproval>,
  contexts: ReadonlyMap<string, Record<string, unknown>>,
): PreExecuteListener {
  return async (exec, next) => {
    const decision = await next()
    if (decision.kind !== 'allow') return decision
    const definition = tools.get(exec.name, exec.agent)
    const needsApproval = definition === undefined ? undefined : approvals.get(definition)
    if (needsApproval === undefined) return decision
    const asks =
      needsApproval === true ||
      (typeof needsApproval === 'function' &&
        (await needsApproval(exec.arguments, {
          toolCallId: exec.callId,
          messages: [],
          context: contexts.get(exec.name) ?? {},
        })))
    return asks ? { kind: 'ask', reason: `tool "${exec.name}" needs approval` } : decision
  }
}
