import { HarnessError } from '@toolpipe/core'

/**
 * A tool registered with `registerAiSdkTools` reported a failure as its AI SDK output
 * (`toModelOutput` answered `error-text`, `error-json` or `execution-denied`): the call's result
 * is this error (`AI_SDK_TOOL_ERROR`) with the tool's own words as the message, so the model
 * reads them and a harness tells the outcome apart by its code. A tool that throws gives
 * `TOOL_FAILED`, as any tool body does.
 */
export class AiSdkToolError extends HarnessError<'AI_SDK_TOOL_ERROR'> {
  override readonly name = 'AiSdkToolError'

  /** @param message - what the tool reported, as it reported it */
  constructor(message: string) {
    super(message, 'AI_SDK_TOOL_ERROR')
  }
}
