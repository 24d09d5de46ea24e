import { asCallId } from '@toolpipe/core'
import type { Agent } from '@toolpipe/core'
import { CallSequencer } from '@toolpipe/core/internal'
import type { Dialect } from '@toolpipe/schema'
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
import { jsonSchema, tool } from 'ai'
import type { ToolSchema } from '@toolpipe/tools'
import { sessionToolSet } from './internal/session-tool-set.js'
import { AiSdkBridgeError } from './ai-sdk-bridge-error.js'
import type { AiSdkTool, AiSdkToolSet } from './ai-sdk-tool-set.js'
import { CallOutputs } from './internal/call-outputs.js'
import { ProgressRouter } from './internal/progress-router.js'
import type { ToolSetCalls } from './internal/run-call.js'
import { toModelOutput } from './internal/to-model-output.js'
import { readDialectOption } from './internal/read-dialect-option.js'

/** Options of {@link toAiSdkTools}. */
export interface ToAiSdkToolsOptions {
  /**
   * The agent every call runs for: its scope decides which tools are visible, and its guards,
   * listeners and approvals apply. Leave it out for a `ScopedTools`, which has its own.
   */
  readonly agent?: Agent | undefined
  /**
   * The provider dialect the tools' input schemas are written in (SPEC §9.3). Default:
   * `json-schema`. With `openai-strict`, every tool also gets `strict: true`, except one strict
   * mode cannot express, which is sent in the `openai` dialect without it; a tool no form of the
   * dialect expresses is left out of the tool set (SPEC §22).
   */
  readonly dialect?: Dialect | undefined
  /**
   * Told about every tool the dialect cannot express and what was done instead, as
   * `registry.schemas()` tells it; without it, the registry's logger warns once per tool and
   * dialect.
   */
  readonly onDialectIssue?: ((report: DialectIssueReport) => void) | undefined
  /**
   * A tool search session (`search.session()` of `@toolpipe/tool-search`, SPEC §24), or the tool
   * search itself (`toolSearch(registry)`: a new session is opened for this tool set, one
   * conversation): the tool set then follows the session step by step. Each step, the AI SDK lists what the session shows (the
   * always-loaded tools, the ones its searches found, `tool_search`); every call runs through the
   * session, so a `tool_search` call loads what it finds for the next step; and a tool the
   * session does not show yet still runs when the model names it.
   */
  readonly toolSearch?: ToolSession | ToolSessionSource | undefined
}

const what = 'toAiSdkTools'

/**
 * The tools a registry (or one agent's scope) shows, as an AI SDK `ToolSet` for `generateText`,
 * `streamText` or an `Agent`. Every call goes through the registry's `execute()`, with the AI
 * SDK's tool call id as `callId` and its abort signal as `signal`, so validation, policies,
 * approvals, guards, timeouts and observers all apply. A failed call is not an exception: its
 * error result reaches the model as AI SDK error output and the run goes on, so the model can
 * correct its call. Content blocks reach the model as AI SDK content parts. A tool's progress
 * reports (`exec.reportProgress`) stream as preliminary results while the call runs.
 *
 * Calls to tools that are not `concurrencySafe` run one at a time, in the order the AI SDK starts
 * them (the model's order), even though the AI SDK starts a step's calls all at once; safe calls
 * may overlap. The order is kept per tool set: make one tool set per conversation.
 *
 * The tool set is a snapshot of the visible tools and their schemas; make a new one (in
 * `prepareStep`, say) to show the model tools registered since. A tool removed since answers
 * `UNKNOWN_TOOL`.
 *
 * A tool the dialect cannot express never takes the others down: it degrades as
 * `registry.schemas()` degrades it (non-strict for `openai-strict` where `openai` expresses it,
 * else left out), reported to `onDialectIssue` or warned about once.
 *
 * @throws AiSdkBridgeError (`INVALID_OPTIONS`) for options that cannot be used
 * @example
 * const result = await generateText({
 *   model,
 *   tools: toAiSdkTools(registry, { agent, dialect: 'openai-strict' }),
 *   stopWhen: stepCountIs(10),
 *   prompt: 'Fix the failing test.',
 * })
 */
export function toAiSdkTools(
  tools: ToolRegistry | ScopedTools,
  options: ToAiSdkToolsOptions = {},
): AiSdkToolSet {
  const refuse = (message: string) => new AiSdkBridgeError(message, 'INVALID_OPTIONS')
  const source = readAdapterSource(tools, options, what, refuse)
  const dialect = readDialectOption(options.dialect, what)
  const onDialectIssue = readOnDialectIssue(options.onDialectIssue, what, refuse)
  const session = readToolSession(options.toolSearch, what, refuse)
  const callSource = session === undefined ? source : sessionSource(source, session)
  const calls: ToolSetCalls = {
    source: callSource,
    sequencer: new CallSequencer(),
    router: new ProgressRouter(callSource),
  }
  const make = (schema: ToolSchema) => aiSdkTool(schema, calls)
  if (session !== undefined) return sessionToolSet(source, session, dialect, onDialectIssue, make)
  const toolSet: AiSdkToolSet = {}
  for (const schema of source.schemas(dialect, onDialectIssue)) {
    // Defined, not assigned: a tool may be named `__proto__`, which must stay an own member.
    Object.defineProperty(toolSet, schema.name, {
      enumerable: true,
      writable: true,
      configurable: true,
      value: make(schema),
    })
  }
  return toolSet
}

/** One tool's AI SDK tool: its calls through `calls`, its output what the model reads. */
function aiSdkTool(schema: ToolSchema, calls: ToolSetCalls): AiSdkTool {
  const { name } = schema
  return tool({
    description: schema.description,
    inputSchema: jsonSchema(schema.parameters),
    ...(schema.strict === true ? { strict: true } : {}),
    execute: (input, { toolCallId, abortSignal }) =>
      new CallOutputs(calls, {
        callId: asCallId(toolCallId),
        name,
        arguments: input,
        ...(abortSignal === undefined ? {} : { signal: abortSignal }),
      }),
    toModelOutput: ({ output }) => toModelOutput(output),
  })
}
