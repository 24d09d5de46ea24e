import { HarnessError } from '@toolpipe/core'

/** Why the OpenAI Agents bridge refused something: the stable part of an {@link AgentsBridgeError}. */
export type AgentsBridgeErrorCode =
  /** Options or a tool source that cannot be used: a programming error, thrown synchronously. */
  | 'INVALID_OPTIONS'
  /**
   * A visible tool that cannot be given to Agents JS: its parameters cannot be written in either
   * OpenAI dialect (strict or not), or its name collides with another tool's once Agents JS has
   * replaced the characters it does not allow in names. No tool was converted.
   */
  | 'UNSUPPORTED_TOOL'

/**
 * Thrown synchronously by `toAgentsTools` for a programming error in the integrator's code or a
 * tool Agents JS cannot be given; the message names the option or the tool.
 */
export class AgentsBridgeError extends HarnessError<AgentsBridgeErrorCode> {
  override readonly name = 'AgentsBridgeError'
}
