import { describeValue } from '@toolpipe/core/internal'
import { readToolSource } from './tool-source.js'
import type { ToolSource } from './tool-source.js'

/**
 * What a framework adapter (`toAiSdkTools`, `toAgentsTools`) reads first, both untrusted: its
 * `options`, which must be an object, and the `tools` with the `options.agent` they run for, as
 * one {@link ToolSource}. `refuse(message)` makes the adapter's own error (the message starts
 * with `what`); the checks run in that order, so the first problem is the one reported.
 */
export function readAdapterSource(
  tools: unknown,
  options: unknown,
  what: string,
  refuse: (message: string) => Error,
): ToolSource {
  if (typeof options !== 'object' || options === null) {
    throw refuse(`${what}: options must be an object, got ${describeValue(options)}`)
  }
  return readToolSource(tools, (options as { readonly agent?: unknown }).agent, what, refuse)
}
