/**
 * What a thrown value says, for an error message: its `message` string property when it has
 * one, else `String(value)`, and if even that throws (an object without a prototype, a revoked
 * Proxy), `<unprintable thrown value>`. Never throws.
 *
 * @example
 * describeThrown(new Error('disk full')) // 'disk full'
 * describeThrown(42) // '42'
 */
export function describeThrown(thrown: unknown): string {
  try {
    if ((typeof thrown === 'object' && thrown !== null) || typeof thrown === 'function') {
      const message: unknown = (thrown as { message?: unknown }).message
      if (typeof message === 'string') return message
    }
    return String(thrown)
  } catch {
    return '<unprintable thrown value>'
  }
}
