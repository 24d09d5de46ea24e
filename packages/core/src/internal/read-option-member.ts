import { describeThrown } from './describe-thrown.js'

/**
 * `container[name]`, read once, for an options reader that words its own refusal: a getter or
 * Proxy trap that throws never reaches the caller as itself, `fail('could not be read: …')` (a
 * plugin's `reader.fail(name, message)`, which throws the package's `INVALID_OPTIONS` error) is
 * thrown instead. What `readPluginOptions`' typed members do, for a member it has no type for (a
 * tracer, an object of a nested option) or a check whose message must show the value.
 *
 * @example
 * const tracer = readOptionMember(reader.given, 'tracer', (message) => reader.fail('tracer', message))
 */
export function readOptionMember(
  container: object,
  name: string,
  fail: (message: string) => never,
): unknown {
  try {
    return (container as Readonly<Record<string, unknown>>)[name]
  } catch (error) {
    return fail(`could not be read: ${describeThrown(error)}`)
  }
}
