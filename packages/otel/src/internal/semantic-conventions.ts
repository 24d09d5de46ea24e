/*
 * The attribute keys, values and names this package emits, each with where it comes from.
 *
 * The GenAI keys are defined by the OpenTelemetry GenAI semantic conventions (status: development),
 * published in `@opentelemetry/semantic-conventions` 1.45.0 under its incubating entry point,
 * `@opentelemetry/semantic-conventions/incubating`, whose constants are named below. That package
 * asks instrumentation libraries not to import the incubating entry point at run time (it may
 * break in a minor release) but to copy the definitions they use, which is what this file does;
 * `semantic-conventions.test.ts` checks every copy against the installed package. (1.45.0 also
 * marks the GenAI keys deprecated in favour of the separate repository
 * open-telemetry/semantic-conventions-genai, where they live on under the same keys.)
 */

/** `ATTR_GEN_AI_OPERATION_NAME` (incubating): the operation; required on an execute_tool span. */
export const ATTR_GEN_AI_OPERATION_NAME = 'gen_ai.operation.name'

/** `GEN_AI_OPERATION_NAME_VALUE_EXECUTE_TOOL` (incubating): "Execute a tool". */
export const GEN_AI_OPERATION_NAME_VALUE_EXECUTE_TOOL = 'execute_tool'

/** `ATTR_GEN_AI_TOOL_NAME` (incubating): "Name of the tool utilized by the agent." */
export const ATTR_GEN_AI_TOOL_NAME = 'gen_ai.tool.name'

/** `ATTR_GEN_AI_TOOL_CALL_ID` (incubating): "The tool call identifier." */
export const ATTR_GEN_AI_TOOL_CALL_ID = 'gen_ai.tool.call.id'

/**
 * `ATTR_GEN_AI_TOOL_TYPE` (incubating): "Type of the tool utilized by the agent"; its documented
 * examples are `function`, `extension` and `datastore`.
 */
export const ATTR_GEN_AI_TOOL_TYPE = 'gen_ai.tool.type'

/**
 * The `gen_ai.tool.type` of every toolpipe tool. The conventions' note: "Function: A tool executed
 * on the client-side, where the agent generates parameters for a predefined function, and the
 * client executes the logic." (The package has no constant for this example value.)
 */
export const GEN_AI_TOOL_TYPE_FUNCTION = 'function'

/** `ATTR_GEN_AI_TOOL_DESCRIPTION` (incubating): "The tool description." */
export const ATTR_GEN_AI_TOOL_DESCRIPTION = 'gen_ai.tool.description'

/**
 * `ATTR_GEN_AI_TOOL_CALL_ARGUMENTS` (incubating): "Parameters passed to the tool call." Opt-in; on
 * spans it "MAY be recorded as a JSON string if structured format is not supported".
 */
export const ATTR_GEN_AI_TOOL_CALL_ARGUMENTS = 'gen_ai.tool.call.arguments'

/**
 * `ATTR_GEN_AI_TOOL_CALL_RESULT` (incubating): "The result returned by the tool call (if any and
 * if execution was successful)." Opt-in, JSON text on spans like the arguments.
 */
export const ATTR_GEN_AI_TOOL_CALL_RESULT = 'gen_ai.tool.call.result'

/**
 * `ATTR_ERROR_TYPE` (the stable entry point, `@opentelemetry/semantic-conventions`): "Describes a
 * class of error the operation ended with"; the GenAI conventions ask for "another
 * low-cardinality error identifier" when there is no provider code, which the pipeline's stable
 * codes are.
 */
export const ATTR_ERROR_TYPE = 'error.type'

/**
 * The duration histogram of the GenAI conventions: `gen_ai.execute_tool.duration`, unit `s`, "The
 * duration of a single tool execution", whose value "SHOULD be the same as the span duration". It
 * is defined in open-telemetry/semantic-conventions-genai (model/gen-ai/metrics.yaml, status:
 * development) and has no constant in `@opentelemetry/semantic-conventions` 1.45.0 yet.
 */
export const METRIC_GEN_AI_EXECUTE_TOOL_DURATION = 'gen_ai.execute_tool.duration'

/** toolpipe's own: the name of the span event of an approval wait (SPEC §15). */
export const TOOLPIPE_APPROVAL_EVENT = 'toolpipe.approval'

/**
 * toolpipe's own: the approval outcome's `kind`: `allowed-once`, `allowed-always`, `rejected`,
 * `rejected-always`, `cancelled` or `unavailable` (SPEC §12.3).
 */
export const ATTR_TOOLPIPE_APPROVAL_OUTCOME = 'toolpipe.approval.outcome'

/** toolpipe's own: how long the approval took, in milliseconds. */
export const ATTR_TOOLPIPE_APPROVAL_DURATION_MS = 'toolpipe.approval.duration_ms'

/**
 * toolpipe's own: `true` on an approval event whose answer came from the scope's memory of an
 * earlier `allowed-always` / `rejected-always` (the service was not asked; SPEC §12.3).
 */
export const ATTR_TOOLPIPE_APPROVAL_REMEMBERED = 'toolpipe.approval.remembered'

/**
 * toolpipe's own: `true` on an approval event whose `allowed-once` carried arguments a person
 * edited (the call then ran with them, or failed `INVALID_ARGS`). The edit itself is recorded only
 * with `recordArguments`, as `gen_ai.tool.call.arguments` on the event.
 */
export const ATTR_TOOLPIPE_APPROVAL_ARGUMENTS_EDITED = 'toolpipe.approval.arguments_edited'

/**
 * toolpipe's own: the name of the span event of one entry of a call's decision record (SPEC
 * §18.5): a stage that decided or changed something in the call.
 */
export const TOOLPIPE_DECISION_EVENT = 'toolpipe.decision'

/** toolpipe's own: the decision's stage: `restriction`, `rule`, `policy`, `hook`, `guard`, `approval` or `post`. */
export const ATTR_TOOLPIPE_DECISION_STAGE = 'toolpipe.decision.stage'

/** toolpipe's own: the decision's outcome: `allow`, `ask`, `deny`, `edit` or `block`. */
export const ATTR_TOOLPIPE_DECISION_OUTCOME = 'toolpipe.decision.outcome'

/** toolpipe's own: who decided, by kind (`guard`, `approval`, `permissions`, `hook`, …). */
export const ATTR_TOOLPIPE_DECISION_SOURCE_KIND = 'toolpipe.decision.source.kind'

/** toolpipe's own: which one of that kind decided (a rule's text, a hook's command). */
export const ATTR_TOOLPIPE_DECISION_SOURCE_ID = 'toolpipe.decision.source.id'

/** toolpipe's own: the file the deciding rule or hook was read from. */
export const ATTR_TOOLPIPE_DECISION_SOURCE_PATH = 'toolpipe.decision.source.path'

/**
 * toolpipe's own: the decision's reason. Recorded only with `recordArguments`: a reason often
 * quotes what the call was about (a command, a path).
 */
export const ATTR_TOOLPIPE_DECISION_REASON = 'toolpipe.decision.reason'

/** toolpipe's own: the name of the span event of a progress report (SPEC §12.2). */
export const TOOLPIPE_PROGRESS_EVENT = 'toolpipe.progress'

/** toolpipe's own: a progress report's `progress`. */
export const ATTR_TOOLPIPE_PROGRESS = 'toolpipe.progress.progress'

/** toolpipe's own: a progress report's `total`. */
export const ATTR_TOOLPIPE_PROGRESS_TOTAL = 'toolpipe.progress.total'

/** toolpipe's own: a progress report's `message` (only with `recordResults`: it is output). */
export const ATTR_TOOLPIPE_PROGRESS_MESSAGE = 'toolpipe.progress.message'
