import { describeTool, spanName, undescribed } from './describe-tool.js'
import type { TracerSource } from './global-tracer.js'
import { shownArguments } from './shown-arguments.js'
import type { DescribedTool } from './describe-tool.js'
import {
  context,
  INVALID_SPAN_CONTEXT,
  isSpanContextValid,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api'
import type { Attributes, Context, Span } from '@opentelemetry/api'
import type { JsonValue } from '@toolpipe/core'
import type {
  ApprovalAnswer,
  ToolDecision,
  ToolExecution,
  ToolProgress,
  ToolExecutionResult,
  ToolRegistry,
} from '@toolpipe/tools'
import {
  ATTR_ERROR_TYPE,
  ATTR_GEN_AI_OPERATION_NAME,
  ATTR_GEN_AI_TOOL_CALL_ARGUMENTS,
  ATTR_GEN_AI_TOOL_CALL_ID,
  ATTR_GEN_AI_TOOL_CALL_RESULT,
  ATTR_GEN_AI_TOOL_DESCRIPTION,
  ATTR_GEN_AI_TOOL_NAME,
  ATTR_GEN_AI_TOOL_TYPE,
  ATTR_TOOLPIPE_APPROVAL_ARGUMENTS_EDITED,
  ATTR_TOOLPIPE_APPROVAL_DURATION_MS,
  ATTR_TOOLPIPE_APPROVAL_OUTCOME,
  ATTR_TOOLPIPE_APPROVAL_REMEMBERED,
  ATTR_TOOLPIPE_DECISION_OUTCOME,
  ATTR_TOOLPIPE_DECISION_REASON,
  ATTR_TOOLPIPE_DECISION_SOURCE_ID,
  ATTR_TOOLPIPE_DECISION_SOURCE_KIND,
  ATTR_TOOLPIPE_DECISION_SOURCE_PATH,
  ATTR_TOOLPIPE_DECISION_STAGE,
  ATTR_TOOLPIPE_PROGRESS,
  ATTR_TOOLPIPE_PROGRESS_MESSAGE,
  ATTR_TOOLPIPE_PROGRESS_TOTAL,
  GEN_AI_OPERATION_NAME_VALUE_EXECUTE_TOOL,
  GEN_AI_TOOL_TYPE_FUNCTION,
  TOOLPIPE_APPROVAL_EVENT,
  TOOLPIPE_DECISION_EVENT,
  TOOLPIPE_PROGRESS_EVENT,
} from './semantic-conventions.js'

/** What a call's span needs from the plugin's settings. */
export interface SpanSettings {
  /** The tracer the next span starts on: the `tracer` option, or the global one as it is now. */
  readonly tracers: TracerSource
  readonly recordArguments: boolean
  readonly recordResults: boolean
  /** Whether a call's duration is recorded: with the API's no-op meter it goes nowhere. */
  readonly timed: boolean
}

/** The options of a span started without attributes. */
const internal = Object.freeze({ kind: SpanKind.INTERNAL })

/**
 * The `execute_tool` span of one call, from its `tools/start` to its `tools/result`. Everything it
 * records comes from the frozen execution and result the registry hands its observers.
 */
export class ToolSpan {
  readonly span: Span
  /**
   * The caller's context with this span in it: what the tool body runs in. `undefined` when
   * making the span active would change nothing (see {@link changesNothing}).
   */
  readonly context: Context | undefined
  /** `performance.now()` at the start, for the duration histogram (0 when nothing is timed). */
  readonly startedAt: number
  /** Whether the call's scope saw a tool of that name when the call started. */
  readonly knownTool: boolean

  /** The registry whose `tools/shown` filters clean the arguments a span records. */
  private readonly registry: ToolRegistry

  private constructor(
    registry: ToolRegistry,
    span: Span,
    spanContext: Context | undefined,
    knownTool: boolean,
    startedAt: number,
  ) {
    this.registry = registry
    this.span = span
    this.context = spanContext
    this.startedAt = startedAt
    this.knownTool = knownTool
  }

  /**
   * Starts the span of `exec` as a child of the span active now: called from a `tools/start`
   * observer, which runs in the stack of the code that called `execute()`.
   *
   * On a tracer known to be the API's no-op (see {@link TracerSource.noop}) it starts as
   * `execute_tool` without attributes, which no sampler reads there and no span records, and its
   * tool is looked up only for the duration histogram. Every other span, the first after a
   * provider is registered included, gets its name and attributes at creation, where samplers
   * read them (SPEC §15).
   */
  static start(
    registry: ToolRegistry,
    settings: SpanSettings,
    exec: Readonly<ToolExecution<JsonValue | undefined>>,
  ): ToolSpan {
    const parent = context.active()
    const tracer = settings.tracers.current()
    let span: Span
    let tool: DescribedTool
    if (settings.tracers.noop()) {
      span = tracer.startSpan('execute_tool', internal, parent)
      tool = settings.timed ? describeTool(registry, exec) : undescribed
    } else {
      tool = describeTool(registry, exec)
      span = tracer.startSpan(
        spanName(exec.name, tool.known),
        { kind: SpanKind.INTERNAL, attributes: spanAttributes(exec, tool.description) },
        parent,
      )
    }
    // JSON text only for a span that is recorded: a sampled-out call costs no serialisation.
    if (settings.recordArguments && exec.arguments !== undefined && span.isRecording()) {
      const shown = shownArguments(registry, exec, exec.arguments)
      if (shown !== undefined) span.setAttribute(ATTR_GEN_AI_TOOL_CALL_ARGUMENTS, shown)
    }
    return new ToolSpan(
      registry,
      span,
      changesNothing(span, parent) ? undefined : trace.setSpan(parent, span),
      tool.description !== undefined,
      settings.timed ? performance.now() : 0,
    )
  }

  /**
   * Whether the span is the API's no-op (no SDK): it records nothing, and making it active would
   * change nothing (see {@link changesNothing}).
   */
  get noop(): boolean {
    return this.context === undefined
  }

  /**
   * The approval wait, as the `toolpipe.approval` event, stamped when the answer came back: the
   * outcome's kind, whether it came from the scope's memory, whether a person edited the
   * arguments (the edit itself only with `recordArguments`, as the `tools/shown` filters clean it).
   */
  recordApproval(
    settings: SpanSettings,
    exec: Readonly<ToolExecution<JsonValue | undefined>>,
    answer: ApprovalAnswer,
  ): void {
    if (answer.outcome === undefined) {
      this.span.addEvent(TOOLPIPE_APPROVAL_EVENT, {
        [ATTR_ERROR_TYPE]: answer.error.code,
        [ATTR_TOOLPIPE_APPROVAL_DURATION_MS]: answer.durationMs,
      })
      return
    }
    const outcome = answer.outcome
    const attributes: Attributes = {
      [ATTR_TOOLPIPE_APPROVAL_OUTCOME]: outcome.kind,
      [ATTR_TOOLPIPE_APPROVAL_DURATION_MS]: answer.durationMs,
    }
    if (answer.remembered) attributes[ATTR_TOOLPIPE_APPROVAL_REMEMBERED] = true
    if (outcome.kind === 'allowed-once' && outcome.arguments !== undefined) {
      attributes[ATTR_TOOLPIPE_APPROVAL_ARGUMENTS_EDITED] = true
      if (settings.recordArguments && this.span.isRecording()) {
        const shown = shownArguments(this.registry, exec, outcome.arguments)
        if (shown !== undefined) attributes[ATTR_GEN_AI_TOOL_CALL_ARGUMENTS] = shown
      }
    }
    this.span.addEvent(TOOLPIPE_APPROVAL_EVENT, attributes)
  }

  /**
   * One entry of the call's decision record (SPEC §18.5), as a `toolpipe.decision` event: its
   * stage, outcome and source; the reason only with `recordArguments` (it often quotes what the
   * call was about).
   */
  recordDecision(settings: SpanSettings, decision: ToolDecision): void {
    const span = this.span
    if (!span.isRecording()) return
    const { source } = decision
    const attributes: Attributes = {
      [ATTR_TOOLPIPE_DECISION_STAGE]: decision.stage,
      [ATTR_TOOLPIPE_DECISION_OUTCOME]: decision.outcome,
      [ATTR_TOOLPIPE_DECISION_SOURCE_KIND]: source.kind,
    }
    if (source.id !== undefined) attributes[ATTR_TOOLPIPE_DECISION_SOURCE_ID] = source.id
    if (source.path !== undefined) attributes[ATTR_TOOLPIPE_DECISION_SOURCE_PATH] = source.path
    if (settings.recordArguments && decision.reason !== undefined) {
      attributes[ATTR_TOOLPIPE_DECISION_REASON] = decision.reason
    }
    span.addEvent(TOOLPIPE_DECISION_EVENT, attributes)
  }

  /**
   * A progress report, as a `toolpipe.progress` event: `progress` and `total` when given; the
   * message only with `recordResults` (it is the tool's output, like the result). Content is
   * never recorded on the event.
   */
  recordProgress(settings: SpanSettings, update: ToolProgress): void {
    const span = this.span
    if (!span.isRecording()) return
    const attributes: Attributes = {}
    if (update.progress !== undefined) attributes[ATTR_TOOLPIPE_PROGRESS] = update.progress
    if (update.total !== undefined) attributes[ATTR_TOOLPIPE_PROGRESS_TOTAL] = update.total
    if (settings.recordResults && update.message !== undefined) {
      attributes[ATTR_TOOLPIPE_PROGRESS_MESSAGE] = update.message
    }
    span.addEvent(TOOLPIPE_PROGRESS_EVENT, attributes)
  }

  /**
   * Records the outcome and ends the span. An error result sets status ERROR and `error.type` to
   * its code; a success leaves the status unset, as the conventions' "Recording errors" asks.
   */
  end(settings: SpanSettings, result: Readonly<ToolExecutionResult>): void {
    const span = this.span
    if (result.isError) {
      span.setAttribute(ATTR_ERROR_TYPE, result.error.code)
      // The text the model reads may hold what the call was about: only when results are opted in.
      span.setStatus(
        settings.recordResults && span.isRecording()
          ? { code: SpanStatusCode.ERROR, message: textOf(result) }
          : { code: SpanStatusCode.ERROR },
      )
    } else if (settings.recordResults && span.isRecording()) {
      span.setAttribute(ATTR_GEN_AI_TOOL_CALL_RESULT, JSON.stringify(result.content))
    }
    span.end()
  }
}

/** The attributes of a call's span, given at creation for samplers (GenAI execute_tool span). */
function spanAttributes(
  exec: Readonly<ToolExecution<JsonValue | undefined>>,
  description: string | undefined,
): Attributes {
  const attributes: Attributes = {
    [ATTR_GEN_AI_OPERATION_NAME]: GEN_AI_OPERATION_NAME_VALUE_EXECUTE_TOOL,
    [ATTR_GEN_AI_TOOL_TYPE]: GEN_AI_TOOL_TYPE_FUNCTION,
  }
  // An input whose name or call id could not be read leaves them empty: no attribute then.
  if (exec.name !== '') attributes[ATTR_GEN_AI_TOOL_NAME] = exec.name
  if (exec.callId !== '') attributes[ATTR_GEN_AI_TOOL_CALL_ID] = exec.callId
  if (description !== undefined) attributes[ATTR_GEN_AI_TOOL_DESCRIPTION] = description
  return attributes
}

/**
 * Whether `span` is what the API's no-op tracer returns (no SDK registered): a non-recording span
 * that carries the parent's span context, or an invalid one at the root. Making it active would
 * leave every child's parent as it is, so the body can run in the caller's context as it is,
 * without the cost of a context switch. (A span an SDK sampler dropped has a span id of its own,
 * so it is still made active: the body's outgoing calls propagate it.)
 */
function changesNothing(span: Span, parent: Context): boolean {
  if (span.isRecording()) return false
  const own = span.spanContext()
  // The no-op span of a root: the API's own invalid context, no need to check its ids.
  if (own === INVALID_SPAN_CONTEXT || !isSpanContextValid(own)) return true
  const parentContext = trace.getSpanContext(parent)
  return parentContext?.spanId === own.spanId && parentContext.traceId === own.traceId
}

/** The text blocks of an error result (its `Error: …` message), joined. */
function textOf(result: Readonly<ToolExecutionResult>): string {
  let text = ''
  for (const block of result.content) if (block.type === 'text') text += block.text
  return text
}
