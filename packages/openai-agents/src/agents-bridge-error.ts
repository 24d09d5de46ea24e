import { HarnessError } from '@toolpipe/core'

/** Why the OpenAI Agents bridge refused something: the stable part of an {@link AgentsBridgeError}. */
export type AgentsBridgeErrorCode =
  /** Options or a tool source that cannot be used: a programming error, thrown synchronously. */
  | 'INVALID_OPTIONS'
  /**
   * Kept for compatibility: `toAgentsTools` no longer throws it. A tool its dialects cannot
   * express is left out and reported (`onDialectIssue`, SPEC §22), and a name that would collide
   * with another tool's once `-` is replaced gets a suffix of its own.
   */
  | 'UNSUPPORTED_TOOL'

/**
 * Thrown synchronously by `toAgentsTools` for a programming error in the integrator's code or a
 * tool Agents JS cannot be given; the message names the option or the tool.
 */
export class AgentsBridgeError extends HarnessError<AgentsBridgeErrorCode> {
  override readonly name = 'AgentsBridgeError'
}
