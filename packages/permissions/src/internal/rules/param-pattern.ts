import { anything, escapeLiteral } from '../shell/command-text.js'
import { mustMatch } from './command-pattern.js'

/** A compiled `Name(param:value)` specifier, for tools without subjects (SPEC §18.1). */
export interface ParamPattern {
  readonly param: string
  /** The value with `*` as a wildcard. */
  readonly value: string
}

/** Reads `param:value`, or returns undefined when the specifier is not of that form. */
export function compileParamPattern(specifier: string): ParamPattern | undefined {
  const colon = specifier.indexOf(':')
  if (colon <= 0) return undefined
  const param = specifier.slice(0, colon)
  for (const char of param) {
    const ok =
      (char >= 'a' && char <= 'z') ||
      (char >= 'A' && char <= 'Z') ||
      (char >= '0' && char <= '9') ||
      char === '_' ||
      char === '-'
    if (!ok) return undefined
  }
  let value = ''
  for (const char of specifier.slice(colon + 1))
    value += char === '*' ? anything : escapeLiteral(char)
  return { param, value }
}

/**
 * Whether a call's top-level argument matches: a string, number, boolean or `null` argument (a
 * scalar, SPEC §18.1), compared as text (`null` as `null`). An absent parameter, or one that is
 * an object or array, never matches.
 */
export function matchesParam(pattern: ParamPattern, args: unknown): boolean {
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return false
  if (!Object.hasOwn(args, pattern.param)) return false
  const value: unknown = (args as Record<string, unknown>)[pattern.param]
  // `null` is a scalar too (SPEC §18.1), written as JSON writes it.
  if (
    value !== null &&
    typeof value !== 'string' &&
    typeof value !== 'number' &&
    typeof value !== 'boolean'
  ) {
    return false
  }
  return mustMatch(pattern.value, escapeLiteral(String(value)))
}
