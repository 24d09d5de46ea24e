/**
 * Shared by every copy of this package in a process: an app that ends up with two installed
 * versions still recognises the other copy's errors, which `instanceof` cannot do.
 */
const harnessErrorBrand: unique symbol = Symbol.for('@toolpipe/core/harness-error')

/**
 * The base class of every error toolpipe throws on purpose. `code` is the stable contract that
 * code routes on; `message` is for people and models; `name` is the subclass name. `Code` is the
 * union of codes a subclass throws, so that `error.code` narrows without a `declare` of its own.
 *
 * @example
 * class QuotaError extends HarnessError<'QUOTA'> {
 *   constructor(tool: string) {
 *     super(`quota exhausted for "${tool}"`, 'QUOTA')
 *   }
 * }
 */
export class HarnessError<Code extends string = string> extends Error {
  /** A stable, machine-readable code such as `INVALID_ARGS`. */
  readonly code: Code
  /** Brand read by {@link isHarnessError}; an own property so that no prototype setup is needed. */
  readonly [harnessErrorBrand] = true

  /**
   * @param message - what went wrong, written so that its reader can act on it
   * @param code - the stable code callers route on
   * @param options - `cause`, kept as `error.cause`
   */
  constructor(message: string, code: Code, options?: ErrorOptions) {
    super(message, options)
    this.code = code
    this.name = new.target.name
  }
}

/**
 * Whether `value` is a {@link HarnessError}, including one created by another installed copy of
 * `@toolpipe/core`. Never throws, whatever `value` is (a revoked Proxy included).
 */
export function isHarnessError(value: unknown): value is HarnessError {
  if (typeof value !== 'object') return false
  // Stryker disable next-line ConditionalExpression: null would also land in the catch below (reading a property of null throws); "→ true" refuses every error and fails the tests
  if (value === null) return false
  try {
    return (value as { [harnessErrorBrand]?: unknown })[harnessErrorBrand] === true
  } catch {
    return false
  }
}
