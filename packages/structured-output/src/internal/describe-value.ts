import { describeInstance, isPlainArray, isPlainObject } from '@toolpipe/core'

/**
 * What a value is, for messages: a JSON type name (`string`, `number`, `boolean`, `null`,
 * `array`, `object`) for JSON data, otherwise a description such as `undefined`, `NaN`,
 * `a function`, `an instance of Map`, `a sparse-array hole`. Never throws.
 */
export function describeValue(value: unknown): string {
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
      break
  }
  if (value === null) return 'null'
  if (isPlainArray(value)) return 'array'
  if (isPlainObject(value)) return 'object'
  return describeInstance(value as object)
}
