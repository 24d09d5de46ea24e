import { HarnessError } from '@toolpipe/core'

/**
 * Thrown synchronously by `createMcpServer`, `mcpElicitationApproval` and `mountMcpTools` given
 * something they cannot use (code `INVALID_OPTIONS`): a programming error in the integrator's code.
 */
export class McpBridgeError extends HarnessError<'INVALID_OPTIONS'> {
  override readonly name = 'McpBridgeError'

  constructor(message: string, options?: ErrorOptions) {
    super(message, 'INVALID_OPTIONS', options)
  }
}
