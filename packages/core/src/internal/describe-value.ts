import { describeInstance } from './describe-instance.js'
import { isPlainArrayPrototype, isPlainObjectPrototype, prototypeOf } from './plain-prototype.js'

/**
 * What kind of value `value` is, as every toolpipe message names it after `got`: the JSON type
 * name for JSON data (`string`, `number`, `boolean`, `null`, `array`, `object`), and otherwise a
 * description: `undefined`, `NaN`, `Infinity`, `-Infinity`, `a bigint`, `a symbol`,
 * `a function`, `an instance of Map`, `an object with a custom prototype`, or
 * `an unreadable object` for a Proxy whose traps throw. Never throws.
 *
 * @example
 * `"path" must be a string, got ${describeType(42)}` // … got number
 */
export function describeType(value: unknown): string {
  switch (typeof value) {
    case 'string':
    case 'boolean':
    case 'undefined':
      return typeof value
    case 'number':
      return Number.isFinite(value) ? 'number' : String(value)
    case 'bigint':
      return 'a bigint'
    case 'symbol':
      return 'a symbol'
    case 'function':
      return 'a function'
    default:
      return value === null ? 'null' : describeObject(value as object)
  }
}

function describeObject(value: object): string {
  try {
    const proto = prototypeOf(value)
    if (Array.isArray(value)) {
      if (isPlainArrayPrototype(proto)) return 'array'
    } else if (isPlainObjectPrototype(proto)) {
      return 'object'
    }
  } catch {
    // A revoked Proxy, or one whose getPrototypeOf trap throws: describeInstance says so.
  }
  return describeInstance(value)
}

/** Strings longer than this many UTF-16 units are cut in messages (at a code point boundary). */
const longestShownString = 64
/** Objects show at most this many of their keys. */
const mostShownKeys = 8

/**
 * The value itself, shortly, for messages where the value matters more than its type: strings
 * as JSON (cut after 64 characters with `…`), numbers as JavaScript writes them (`-0` kept),
 * `true`, `false`, `null`, `undefined`, `an array`, `an empty object` or
 * `an object with keys ["a","b"]` (at most eight), and what {@link describeType} says of
 * anything else. Never throws.
 *
 * @example
 * `spec.mode.enum[1] must be a string, got ${describeValue(1)}` // … got 1
 * `"encoding" must be one of "utf8", "base64", got ${describeValue('latin1')}` // … got "latin1"
 */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return quoteString(value)
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value)
  if (typeof value === 'boolean') return String(value)
  // undefined and everything else: what describeType says, with the containers as below.
  const type = describeType(value)
  if (type === 'array') return 'an array'
  if (type !== 'object') return type
  try {
    const keys = Object.keys(value as object)
    if (keys.length === 0) return 'an empty object'
    const shown = JSON.stringify(keys.slice(0, mostShownKeys))
    return keys.length > mostShownKeys
      ? `an object with keys ${shown.slice(0, -1)},…]`
      : `an object with keys ${shown}`
  } catch {
    return 'an unreadable object'
  }
}

/**
 * A string as JSON text, as messages quote values: `"say \"hi\""`. Longer than 64 UTF-16 units,
 * it is cut (never inside a surrogate pair) and ends with `…` inside the quotes.
 */
export function quoteString(value: string): string {
  if (value.length <= longestShownString) {
    return needsEscape(value) ? JSON.stringify(value) : `"${value}"`
  }
  let end = longestShownString
  const last = value.charCodeAt(end - 1)
  // Do not leave the high half of a surrogate pair behind.
  if (last >= 0xd800 && last <= 0xdbff) end--
  return `${JSON.stringify(value.slice(0, end)).slice(0, -1)}…"`
}

/**
 * Whether JSON would escape anything in `value`: a control character, `"`, `\`, or a surrogate
 * (JSON.stringify escapes lone ones; a pair is left to it). Most strings are plain, and this is
 * cheaper than JSON.stringify.
 *
 * Mutation testing: a mutant that answers true more often (the condition → true, or
 * `index <= value.length`, which reads NaN past the end) only sends plain strings through
 * JSON.stringify, which writes the same text. Those two survive as equivalent: a directive on
 * their lines would also hide the mutants that answer false too often, which the quoteString
 * tests kill.
 */
function needsEscape(value: string): boolean {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index)
    // `(code & 0xf800) === 0xd800`: the surrogate range, 0xd800 to 0xdfff.
    if (code <= 0x1f || code === 0x22 || code === 0x5c || (code & 0xf800) === 0xd800) return true
  }
  // Stryker disable next-line BooleanLiteral: answering true sends a plain string through JSON.stringify, which writes the same text
  return false
}
