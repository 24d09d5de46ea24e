import { describeType, describeValue } from './describe-value.js'
import { isPlainObject } from './is-plain-object.js'
import { readOptionMember } from './read-option-member.js'

/**
 * One way to read a plugin factory's options and one way to refuse them (STYLE habit 18): the
 * options object is read once, each member by name, and a bad one is refused with the package's
 * own error (code `INVALID_OPTIONS`) whose message names the factory and the option —
 * `timeoutPolicy: graceMs must be a positive number, got -1`. A member whose getter throws (or
 * options that are a hostile Proxy) is refused the same way, never with what the getter threw.
 */
export interface PluginOptionsReader {
  /** The options as given (`undefined` reads as `{}`). */
  readonly given: Readonly<Record<string, unknown>>
  /** Refuses the option `name` with `message` (what it must be). */
  fail(name: string, message: string): never
  string(name: string, rule?: { readonly nonEmpty?: boolean }): string | undefined
  boolean(name: string): boolean | undefined
  number(name: string, rule?: NumberRule): number | undefined
  oneOf<TValue extends string>(name: string, values: readonly TValue[]): TValue | undefined
  /** A function member (the caller knows its signature). */
  function(name: string): ((...args: never[]) => unknown) | undefined
  object(name: string): Readonly<Record<string, unknown>> | undefined
  /**
   * The member as given, read safely (a getter that throws is refused like a bad value), for a
   * check none of the readers above words: the package checks it and refuses it through `fail`.
   */
  value(name: string): unknown
}

/**
 * Reads `options` of the factory `factory`, refusing with `refuse(message)` (which returns the
 * package's error, code `INVALID_OPTIONS`). Absent members (`undefined`) read as undefined.
 */
export function readPluginOptions(
  factory: string,
  options: unknown,
  refuse: (message: string) => Error,
): PluginOptionsReader {
  const fail = (name: string, message: string): never => {
    throw refuse(`${factory}: ${name === '' ? 'options' : name} ${message}`)
  }
  if (options !== undefined && !readable(() => isPlainObject(options))) {
    fail('', `must be an object, got ${describeType(options)}`)
  }
  const given = (options ?? {}) as Readonly<Record<string, unknown>>
  return memberReaders(given, fail)
}

/** The typed member readers over `given`, each refusing through `fail`. */
function memberReaders(
  given: Readonly<Record<string, unknown>>,
  fail: (name: string, message: string) => never,
): PluginOptionsReader {
  const member = (name: string): unknown =>
    readOptionMember(given, name, (message) => fail(name, message))
  const got = (value: unknown) =>
    `got ${typeof value === 'string' ? describeValue(value) : describeType(value)}`
  return {
    given,
    fail,
    string(name, rule) {
      const value = member(name)
      if (value === undefined) return undefined
      if (typeof value === 'string' && !(rule?.nonEmpty === true && value === '')) return value
      return fail(
        name,
        `must be a ${rule?.nonEmpty === true ? 'non-empty ' : ''}string, ${got(value)}`,
      )
    },
    boolean(name) {
      const value = member(name)
      if (value === undefined || typeof value === 'boolean') return value
      return fail(name, `must be a boolean, ${got(value)}`)
    },
    number(name, rule = {}) {
      const value = member(name)
      if (value === undefined || fitsNumberRule(value, rule)) return value
      const what = `${rule.integer === true ? 'an integer' : 'a number'}${bounds(rule)}`
      return fail(name, `must be ${what}, ${got(value)}`)
    },
    oneOf(name, values) {
      const value = member(name)
      if (value === undefined) return undefined
      if (typeof value === 'string' && (values as readonly string[]).includes(value)) {
        return value as (typeof values)[number]
      }
      return fail(name, `must be ${values.map((each) => `"${each}"`).join(', ')}, ${got(value)}`)
    },
    function(name: string) {
      const value = member(name)
      if (value === undefined) return undefined
      if (typeof value === 'function') return value as (...args: never[]) => unknown
      return fail(name, `must be a function, ${got(value)}`)
    },
    object(name) {
      const value = member(name)
      if (value === undefined) return undefined
      if (!readable(() => isPlainObject(value))) fail(name, `must be an object, ${got(value)}`)
      return value as Readonly<Record<string, unknown>>
    },
    value: member,
  }
}

interface NumberRule {
  readonly integer?: boolean
  readonly min?: number
  readonly max?: number
}

function fitsNumberRule(value: unknown, rule: NumberRule): value is number {
  return (
    typeof value === 'number' &&
    !Number.isNaN(value) &&
    (rule.integer !== true || Number.isInteger(value)) &&
    (rule.min === undefined || value >= rule.min) &&
    (rule.max === undefined || value <= rule.max)
  )
}

/** Whether `check` answers true; a check that throws (a revoked Proxy) answers false. */
function readable(check: () => boolean): boolean {
  try {
    return check()
  } catch {
    return false
  }
}

function bounds(rule: NumberRule): string {
  if (rule.min !== undefined && rule.max !== undefined) return ` from ${rule.min} to ${rule.max}`
  if (rule.min !== undefined) return ` of at least ${rule.min}`
  return rule.max === undefined ? '' : ` of at most ${rule.max}`
}
