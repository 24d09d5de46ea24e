import { asCallId } from '@toolpipe/core'
import { describeThrown } from '@toolpipe/core/internal'
import type { Agent, CallId } from '@toolpipe/core'
import type { ToolExecutionInput, ToolExecutionToken } from '../../tool-execution.js'
import { ToolPipelineError } from '../../tool-pipeline-error.js'
import { checkInput } from '../checks.js'

/** Step 1's reading of the input: checked fields, or the problem and what could be salvaged. */
export type InputReading =
  | {
      readonly problem: undefined
      readonly callId: CallId
      readonly name: string
      readonly rawArguments: unknown
      readonly agent: Agent | undefined
      readonly parent: ToolExecutionToken | undefined
      readonly signal: AbortSignal | undefined
    }
  | {
      readonly problem: ToolPipelineError
      /** The call id and name when they were readable strings, for observers; else `''`. */
      readonly callId: CallId
      readonly name: string
      readonly agent: Agent | undefined
    }

/**
 * Step 1: reads each input field exactly once and checks that the call's identity is usable.
 * Never throws, whatever `input` is (`null`, a Proxy whose traps throw, a revoked Proxy).
 *
 * @param scopeAgent - the agent of a `ScopedTools` handle: the call's agent, instead of reading
 * `input.agent`
 */
export function readInput(input: unknown, scopeAgent: Agent | undefined): InputReading {
  let callId: unknown, name: unknown, rawArguments: unknown, agent: unknown, parent: unknown
  let signal: unknown
  let problem: ToolPipelineError | undefined
  try {
    const fields = input as Partial<Record<keyof ToolExecutionInput, unknown>>
    callId = fields.callId
    name = fields.name
    rawArguments = fields.arguments
    agent = scopeAgent ?? fields.agent
    parent = fields.parent
    signal = fields.signal
  } catch (error) {
    problem = new ToolPipelineError(
      `the execution input could not be read: ${describeThrown(error)}`,
      'INVALID_INPUT',
      { cause: error },
    )
  }
  problem ??= checkInput(callId, name, agent, parent, signal)
  if (problem !== undefined) {
    return {
      problem,
      callId: asCallId(typeof callId === 'string' ? callId : ''),
      name: typeof name === 'string' ? name : '',
      agent: scopeAgent,
    }
  }
  return {
    problem,
    callId: callId as CallId,
    name: name as string,
    rawArguments,
    agent: agent as Agent | undefined,
    parent: parent as ToolExecutionToken | undefined,
    signal: signal as AbortSignal | undefined,
  }
}
