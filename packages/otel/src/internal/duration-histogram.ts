import type { Attributes, Histogram, Meter } from '@opentelemetry/api'
import type { ToolExecutionResult } from '@toolpipe/tools'
import {
  ATTR_ERROR_TYPE,
  ATTR_GEN_AI_OPERATION_NAME,
  ATTR_GEN_AI_TOOL_NAME,
  ATTR_GEN_AI_TOOL_TYPE,
  GEN_AI_OPERATION_NAME_VALUE_EXECUTE_TOOL,
  GEN_AI_TOOL_TYPE_FUNCTION,
  METRIC_GEN_AI_EXECUTE_TOOL_DURATION,
} from './semantic-conventions.js'

/**
 * Bucket boundaries in seconds: the GenAI client operation duration's advice (0.01 s doubling to
 * 81.92 s), continued to 2,621.44 s (about 44 minutes), since a tool call includes the wait for
 * a person's approval.
 */
const buckets = [
  0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56, 5.12, 10.24, 20.48, 40.96, 81.92, 163.84,
  327.68, 655.36, 1310.72, 2621.44,
]

/** The `gen_ai.execute_tool.duration` histogram: one value per call, in seconds. */
export class DurationHistogram {
  readonly #histogram: Histogram

  constructor(meter: Meter) {
    this.#histogram = meter.createHistogram(METRIC_GEN_AI_EXECUTE_TOOL_DURATION, {
      description: 'The duration of a single tool execution.',
      unit: 's',
      advice: { explicitBucketBoundaries: buckets },
    })
  }

  /**
   * Records one call. The tool name is an attribute only for a tool the call's scope knew: the
   * name of an unknown tool is whatever the model wrote, and one time series per invented name
   * would grow without bound. The outcome is `error.type` (absent on success).
   */
  record(
    seconds: number,
    toolName: string | undefined,
    result: Readonly<ToolExecutionResult>,
  ): void {
    const attributes: Attributes = {
      [ATTR_GEN_AI_OPERATION_NAME]: GEN_AI_OPERATION_NAME_VALUE_EXECUTE_TOOL,
      [ATTR_GEN_AI_TOOL_TYPE]: GEN_AI_TOOL_TYPE_FUNCTION,
    }
    if (toolName !== undefined) attributes[ATTR_GEN_AI_TOOL_NAME] = toolName
    if (result.isError) attributes[ATTR_ERROR_TYPE] = result.error.code
    this.#histogram.record(seconds, attributes)
  }
}
