import { asCallId } from '@toolpipe/core'
import type { Agent } from '@toolpipe/core'
import { CallSequencer } from '@toolpipe/core/internal'
import type {
  DialectIssueReport,
  ScopedTools,
  ToolRegistry,
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
   * finds for the next turn. A call of a tool not shown yet meets Agents JS's own handling of a
   * tool it was not given.
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
 * The tools are a snapshot of what is visible now; a tool removed since answers `UNKNOWN_TOOL`.
 * With `toolSearch`, each is enabled only while the session shows it (SPEC §24).
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
  const source = session === undefined ? given : sessionSource(given, session)
  const sequencer = new CallSequencer()
  const schemas = source.schemas('openai-strict', onDialectIssue)
  const agentsNames = agentsNamesOf(schemas.map(({ name }) => name))
  return schemas.map(({ name, description, parameters, strict }) => {
    const agentsName = agentsNames.get(name) ?? name
    const execute = (input: unknown, _context: unknown, details?: ToolCallDetails) =>
      runCall(source, sequencer, name, input, details)
    // Asked by Agents JS before each turn: what the session shows goes to the model.
    const isEnabled = session === undefined ? true : () => session.shows(name)
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

/**
 * Each tool's name in Agents JS: `-` made `_`. A name already free of `-` keeps itself; one that
 * would then be another tool's gets `_` and a hash of its own name (at most 64 characters, as
 * OpenAI allows), so every tool stays callable and the same set always gets the same names.
 */
function agentsNamesOf(names: readonly string[]): Map<string, string> {
  const taken = new Set(names.filter((name) => !name.includes('-')))
  const agentsNames = new Map<string, string>()
  for (const name of names) {
    if (!name.includes('-')) {
      agentsNames.set(name, name)
      continue
    }
    let agentsName = name.replaceAll('-', '_')
    for (let attempt = 0; taken.has(agentsName); attempt++) {
      const suffix = `_${hashOf(`${name}#${String(attempt)}`)}`
      agentsName = `${name.replaceAll('-', '_').slice(0, 64 - suffix.length)}${suffix}`
    }
    taken.add(agentsName)
    agentsNames.set(name, agentsName)
  }
  return agentsNames
}

/** FNV-1a of a name, 8 hex digits: short, stable, no dependency. */
function hashOf(text: string): string {
  let hash = 0x811c9dc5
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash.toString(16).padStart(8, '0')
}
