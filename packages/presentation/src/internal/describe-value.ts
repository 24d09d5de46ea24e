import { describeInstance, isPlainArray, isPlainObject } from '@toolpipe/core'

/**
 * What a value is, for messages: `string`, `number`, `null`, `array`, `undefined`, `object`,
 * `an instance of Map`. Never throws, whatever `value` is.
 */
export function describeType(value: unknown): string {
  if (value === null) return 'null'
  if (typeof value !== 'object') return typeof value
  if (isPlainArray(value)) return 'array'
  if (isPlainObject(value)) return 'object'
  return describeInstance(value)
}

const maxShownLength = 40

/** A scalar written for a message: strings as JSON (shortened), numbers as JavaScript writes them. */
export function describeScalar(value: unknown): string {
  if (typeof value === 'string') {
    const shown = value.length > maxShownLength ? `${value.slice(0, maxShownLength)}…` : value
    return JSON.stringify(shown)
  }
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value)
  return describeType(value)
}
