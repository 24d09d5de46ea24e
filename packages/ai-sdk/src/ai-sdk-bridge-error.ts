import { HarnessError } from '@toolpipe/core'

/** Why the AI SDK bridge refused something: the stable part of an {@link AiSdkBridgeError}. */
export type AiSdkBridgeErrorCode =
  /** Options or a tool source that cannot be used: a programming error, thrown synchronously. */
  | 'INVALID_OPTIONS'
  /**
   * `registerAiSdkTools` met a tool it cannot run through the pipeline: a provider tool, a tool
   * without `execute`, an input schema that is not an object schema or is only known
   * asynchronously. Nothing of the tool set was registered.
   */
  | 'UNSUPPORTED_TOOL'

/**
 * Thrown synchronously by `toAiSdkTools` and `registerAiSdkTools` for a programming error in the
 * integrator's code; the message names the option or the tool.
 */
export class AiSdkBridgeError extends HarnessError<AiSdkBridgeErrorCode> {
  override readonly name = 'AiSdkBridgeError'
}
