import { describeThrown } from './describe-thrown.js'

/**
 * `container[name]`, read once, for an options reader that words its own refusal: a getter or
 * Proxy trap that throws never reaches the caller as itself; `fail('could not be read: …', what
 * it threw)` throws the package's `INVALID_OPTIONS` error instead, the thrown value as its
 * `cause`. What `readPluginOptions`' typed members do, for a member it has no type for (a
 * tracer, a member of a nested option) or a check whose message must show the value.
 *
 * @example
 * readOptionMember(options, 'tracer', (message, cause) => {
 *   throw new OtelTracingError(`otelTracing: tracer ${message}`, 'INVALID_OPTIONS', { cause })
 * })
 */
export function readOptionMember(
  container: object,
  name: string,
  fail: (message: string, cause: unknown) => never,
): unknown {
  try {
    return (container as Readonly<Record<string, unknown>>)[name]
  } catch (error) {
    return fail(`could not be read: ${describeThrown(error)}`, error)
  }
}
