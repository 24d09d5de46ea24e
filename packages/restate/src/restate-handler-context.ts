import type { Context } from '@restatedev/restate-sdk'

/**
 * What `@toolpipe/restate` uses of a Restate handler's context: `run` (journaled steps),
 * `awakeable`, `request` (the attempt's signal) and `console`. Every handler's context has them
 * (`Context`, `ObjectContext`, `WorkflowContext`, their shared variants), from the SDK's ESM or
 * CommonJS build alike.
 */
export type RestateHandlerContext = Pick<Context, 'run' | 'awakeable' | 'request' | 'console'>
