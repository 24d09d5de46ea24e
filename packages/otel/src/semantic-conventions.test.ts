/* eslint-disable @typescript-eslint/no-deprecated --
 * @opentelemetry/semantic-conventions 1.45.0 marks its GenAI constants deprecated because the
 * GenAI conventions moved to their own repository, where the keys are unchanged. */
import { ATTR_ERROR_TYPE as STABLE_ATTR_ERROR_TYPE } from '@opentelemetry/semantic-conventions'
import * as incubating from '@opentelemetry/semantic-conventions/incubating'
import { describe, expect, it } from 'vitest'
import * as ours from './internal/semantic-conventions.js'

describe('the keys this package emits', () => {
  it('are the ones @opentelemetry/semantic-conventions defines, copied as it recommends', () => {
    expect(ours.ATTR_GEN_AI_OPERATION_NAME).toBe(incubating.ATTR_GEN_AI_OPERATION_NAME)
    expect(ours.GEN_AI_OPERATION_NAME_VALUE_EXECUTE_TOOL).toBe(
      incubating.GEN_AI_OPERATION_NAME_VALUE_EXECUTE_TOOL,
    )
    expect(ours.ATTR_GEN_AI_TOOL_NAME).toBe(incubating.ATTR_GEN_AI_TOOL_NAME)
    expect(ours.ATTR_GEN_AI_TOOL_CALL_ID).toBe(incubating.ATTR_GEN_AI_TOOL_CALL_ID)
    expect(ours.ATTR_GEN_AI_TOOL_TYPE).toBe(incubating.ATTR_GEN_AI_TOOL_TYPE)
    expect(ours.ATTR_GEN_AI_TOOL_DESCRIPTION).toBe(incubating.ATTR_GEN_AI_TOOL_DESCRIPTION)
    expect(ours.ATTR_GEN_AI_TOOL_CALL_ARGUMENTS).toBe(incubating.ATTR_GEN_AI_TOOL_CALL_ARGUMENTS)
    expect(ours.ATTR_GEN_AI_TOOL_CALL_RESULT).toBe(incubating.ATTR_GEN_AI_TOOL_CALL_RESULT)
    expect(ours.ATTR_ERROR_TYPE).toBe(STABLE_ATTR_ERROR_TYPE)
  })

  it('use the gen_ai namespace for the metric, which the npm package does not define yet', () => {
    // When a release adds it, this test says so: switch the comment in semantic-conventions.ts.
    expect(Object.values(incubating)).not.toContain(ours.METRIC_GEN_AI_EXECUTE_TOOL_DURATION)
    expect(ours.METRIC_GEN_AI_EXECUTE_TOOL_DURATION).toBe('gen_ai.execute_tool.duration')
  })
})
