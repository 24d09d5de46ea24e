import { HarnessError } from 'toolpipe'

/** What went wrong, as the stable codes the CLI maps to exit statuses. */
export type DemoErrorCode =
  | 'USAGE'
  | 'MODEL_CONFIG'
  | 'MODEL_AUTH'
  | 'MODEL_UNREACHABLE'
  | 'MODEL_ERROR'
  | 'SANDBOX'
  | 'SESSION_LOG'

/**
 * A failure the demo reports as one line on stderr (no stack trace): a missing variable, a key the
 * endpoint refused, an unreachable endpoint, a sandbox it will not reset, a broken session log.
 */
export class DemoError extends HarnessError {
  override readonly name = 'DemoError'
  declare readonly code: DemoErrorCode
}
