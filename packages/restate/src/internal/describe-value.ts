import { describeInstance, isPlainArray, isPlainObject } from '@toolpipe/core'

/** A value, described for an error message: its type, a shortened string, never its contents. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null'
  if (value === undefined) return 'undefined'
  if (typeof value === 'string') {
    return `the string ${JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value)}`
  }
  if (typeof value !== 'object') return `a ${typeof value}`
  if (isPlainArray(value)) return 'an array'
  return isPlainObject(value) ? 'an object' : describeInstance(value)
}
