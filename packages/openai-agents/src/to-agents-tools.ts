import { asCallId } from '@toolpipe/core'
import type { Agent } from '@toolpipe/core'
import { CallSequencer } from '@toolpipe/core/internal'
import type {
  DialectIssueReport,
  ScopedTools,
  ToolRegistry,
  ToolSchema,
  ToolSession,
  ToolSessionSource,
} from '@toolpipe/tools'
import {
  readAdapterSource,
  readOnDialectIssue,
  readToolSession,
  sessionSource,
} from '@toolpipe/tools/internal'
import type { ToolSource } from '@toolpipe/tools/internal'
import { tool } from '@openai/agents'
import type { FunctionTool, JsonSchemaDefinition } from '@openai/agents'
import { AgentsBridgeError } from './agents-bridge-error.js'
import { agentsNamesOf } from './internal/agents-names.js'
import { liveAgentsTools } from './internal/live-agents-tools.js'
import { toAgentsOutput } from './internal/to-agents-output.js'
import type { AgentsToolOutput } from './internal/to-agents-output.js'

/** Options of {@link toAgentsTools}. */
export interface ToAgentsToolsOptions {
  /**
   * The agent every call runs for: its scope decides which tools are visible, and its guards,
   * listeners and approvals apply. Leave it out for a `ScopedTools`, which has its own.
   */
  readonly agent?: Agent | undefined
  /**
   * Told about every tool strict mode cannot express and what was done instead (sent
   * non-strict, or left out), as `registry.schemas()` tells it; without it, the registry's logger
   * warns once per tool.
   */
  readonly onDialectIssue?: ((report: DialectIssueReport) => void) | undefined
  /**
   * A tool search session (`search.session()` of `@toolpipe/tool-search`, SPEC §24), or the tool
   * search itself (`toolSearch(registry)`: a new session is opened for these tools, one
   * conversation): each tool is then enabled (`isEnabled`) only while the session shows it, so
   * each turn the model is sent the always-loaded tools, the ones its searches found and
   * `tool_search`; every call runs through the session, so a `tool_search` call loads what it
   * finds for the next turn. The array then follows the registry: a tool registered after it was
   * made (an MCP server that connects later) joins it before the next turn. A call of a tool not
   * shown yet meets Agents JS's own handling of a tool it was not given.
   */
  readonly toolSearch?: ToolSession | ToolSessionSource | undefined
}

/** One toolpipe tool as an Agents JS function tool, its output what the model reads. */
export type AgentsTool = FunctionTool<unknown, JsonSchemaDefinition['schema'], AgentsToolOutput>

/** What Agents JS hands a tool's `execute` about the call: its id and abort signal among others. */
type ToolCallDetails = Parameters<FunctionTool['invoke']>[2]

type StrictParameters = Extract<JsonSchemaDefinition['schema'], { additionalProperties: false }>
type NonStrictParameters = Exclude<JsonSchemaDefinition['schema'], StrictParameters>

const what = 'toAgentsTools'

/**
 * The tools a registry (or one agent's scope) shows, as OpenAI Agents JS function tools for an
 * `Agent`'s `tools`. Parameters are JSON Schema in the `openai-strict` dialect with `strict: true`
 * when that dialect can express them, and in the `openai` dialect, not strict, when it cannot
 * (a free-form object, say); a tool neither expresses is left out. That is
 * `registry.schemas(agent, { dialect: 'openai-strict' })`'s per-tool degradation (SPEC §22),
 * reported to `onDialectIssue`, or else warned about once per tool. A strict model's `null` for
 * a member it leaves out is removed at step 4 before validation, for every tool. Every call goes through the registry's `execute()`, with the Agents
 * JS call id as `callId` and its abort signal as `signal`, so validation, policies, approvals,
 * guards, timeouts and observers all apply. A failed call is not an exception: its error text is
 * the tool's output, so the run goes on and the model can correct its call.
 *
 * Calls to tools that are not `concurrencySafe` run one at a time, in the order Agents JS starts
 * them (the model's order), even though it starts a turn's calls all at once; safe calls may
 * overlap. The order is kept per array of tools: make one per agent or conversation.
 *
 * Without `toolSearch`, the tools are a snapshot of what is visible now; a tool removed since
 * answers `UNKNOWN_TOOL`. With `toolSearch`, each is enabled only while the session shows it,
 * and the array follows the registry (SPEC §24): Agents JS keeps the array an `Agent` was given
 * and reads it at the start of each turn, and whenever it is read the array brings itself up to
 * date — tools registered since join it, replaced ones are made again, removed ones leave; a tool
 * you add to it (`agent.tools.push(other)`) stays. Give it to the `Agent` as it is: a copy
 * (`[...tools, other]`) is a snapshot.
 *
 * Agents JS allows only letters, digits and `_` in names: a `-` becomes `_` for the model, and
 * the call still reaches the tool by its own name. Where that makes two names one (`read-file`
 * beside `read_file`), the tool whose name had a `-` is given a suffix of its own (SPEC §22: one
 * tool never takes the others down).
 *
 * @throws AgentsBridgeError (`INVALID_OPTIONS`) for options that cannot be used
 * @example
 * const agent = new Agent({
 *   name: 'coder',
 *   instructions: 'Fix the failing test.',
 *   tools: toAgentsTools(registry, { agent: coder }),
 * })
 * const result = await run(agent, 'The build is red.')
 */
export function toAgentsTools(
  tools: ToolRegistry | ScopedTools,
  options: ToAgentsToolsOptions = {},
): AgentsTool[] {
  const refuse = (message: string) => new AgentsBridgeError(message, 'INVALID_OPTIONS')
  const given = readAdapterSource(tools, options, what, refuse)
  const onDialectIssue = readOnDialectIssue(options.onDialectIssue, what, refuse)
  const session = readToolSession(options.toolSearch, what, refuse)
  const sequencer = new CallSequencer()
  const schemas = () => given.schemas('openai-strict', onDialectIssue)
  if (session === undefined) {
    const listed = schemas()
    const agentsNames = agentsNamesOf(listed.map(({ name }) => name))
    return listed.map((schema) =>
      agentsTool(schema, agentsNames.get(schema.name) ?? schema.name, {
        source: given,
        sequencer,
        isEnabled: true,
      }),
    )
  }
  const source = sessionSource(given, session)
  return liveAgentsTools(given, schemas, (schema, agentsName) =>
    agentsTool(schema, agentsName, {
      source,
      sequencer,
      // Asked by Agents JS before each turn: what the session shows goes to the model.
      isEnabled: () => session.shows(schema.name),
    }),
  )
}

/** What every tool of one `toAgentsTools` array shares, and how one tool is enabled. */
interface AgentsToolContext {
  readonly source: ToolSource
  readonly sequencer: CallSequencer
  readonly isEnabled: boolean | (() => boolean)
}

/** One tool as Agents JS's `tool()` makes it: strict where its schema allows. */
function agentsTool(
  schema: ToolSchema,
  agentsName: string,
  context: AgentsToolContext,
): AgentsTool {
  const { name, description, parameters, strict } = schema
  const { source, sequencer, isEnabled } = context
  const execute = (input: unknown, _context: unknown, details?: ToolCallDetails) =>
    runCall(source, sequencer, name, input, details)
  return strict === true
    ? tool({
        name: agentsName,
        description,
        parameters: parameters as unknown as StrictParameters,
        strict: true,
        execute,
        isEnabled,
      })
    : tool({
        name: agentsName,
        description,
        parameters: parameters as unknown as NonStrictParameters,
        strict: false,
        execute,
        isEnabled,
      })
}

/**
 * One call: in its turn (SPEC §12.4), through `execute()`, its result as the model reads it. A
 * call whose signal aborts before its turn ends at once, without running, as `CANCELLED` (its
 * observers told), like a batch's pending call.
 */
async function runCall(
  source: ToolSource,
  sequencer: CallSequencer,
  name: string,
  input: unknown,
  details: ToolCallDetails | undefined,
): Promise<AgentsToolOutput> {
  const callId = details?.toolCall?.callId ?? globalThis.crypto.randomUUID()
  const signal = details?.signal
  const call = { callId: asCallId(callId), name, arguments: input }
  const concurrencySafe = source.get(name)?.concurrencySafe === true
  const result =
    signal === undefined
      ? await sequencer.run(concurrencySafe, () => source.execute(call))
      : await sequencer.run(concurrencySafe, () => source.execute({ ...call, signal }), {
          signal,
          cancelled: () => source.cancel({ ...call, signal }, signal),
        })
  return toAgentsOutput(result)
}
