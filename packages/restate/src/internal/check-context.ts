import { RestateBridgeError } from '../restate-bridge-error.js'
import type { RestateHandlerContext } from '../restate-handler-context.js'
import { describeValue } from '@toolpipe/core/internal'

/**
 * The handler's Restate context, checked to be one: an object with the operations the bridge
 * uses. A context is only valid while its handler runs, so it cannot be checked further here.
 *
 * @throws {RestateBridgeError} `INVALID_OPTIONS`
 */
export function checkContext(ctx: unknown, where: string): RestateHandlerContext {
  if (typeof ctx === 'object' && ctx !== null) {
    const { run, awakeable, request } = ctx as Record<string, unknown>
    if (
      typeof run === 'function' &&
      typeof awakeable === 'function' &&
      typeof request === 'function'
    ) {
      return ctx as RestateHandlerContext
    }
  }
  throw new RestateBridgeError(
    `${where}: ctx must be the Restate context of the running handler (with run(), awakeable() and request()), got ${describeValue(ctx)}`,
    'INVALID_OPTIONS',
  )
}
