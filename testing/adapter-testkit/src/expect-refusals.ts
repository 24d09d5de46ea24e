import { expect } from 'vitest'

/** One thing an adapter must refuse: the tools and the options it is given, and its message. */
export type Refusal = readonly [tools: unknown, options: unknown, message: string]

/**
 * Expects `adapt(tools, options)` to throw, synchronously, the adapter's own error `errorName`
 * with code `INVALID_OPTIONS` and each refusal's message.
 */
export function expectRefusals(
  adapt: (tools: never, options: never) => unknown,
  errorName: string,
  refusals: readonly Refusal[],
): void {
  for (const [tools, options, message] of refusals) {
    expect(() => adapt(tools as never, options as never)).toThrow(
      expect.objectContaining({ name: errorName, code: 'INVALID_OPTIONS', message }),
    )
  }
}
