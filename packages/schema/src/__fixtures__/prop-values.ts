// The values a prop of a generated spec takes (spec-arbitraries.ts): the pools bounds, numbers,
// strings, patterns and counts are drawn from, and the smallest value that satisfies a prop.

/** A mutable prop, to build specs step by step. */
export type Prop = Record<string, unknown>

/**
 * The member names specs are drawn with: ordinary ones, `Object.prototype`'s, odd ones, and the
 * two JSON allows that JavaScript treats apart: `""` and `__proto__` (SPEC §3: any name).
 */
export const keys = [
  'path',
  'mode',
  'a',
  'b',
  'edits',
  'constructor',
  'toString',
  'odd key',
  '0',
  'é',
  '',
  '__proto__',
]

/** The bounds (minimum, maximum, …) specs are drawn with. */
export const boundPool = [-2, -0.5, 0, 1, 1.5, 3, 10]

/** The numbers values are drawn from: every bound, and around each. */
export const numberPool = [...boundPool, -3, 0.5, 2, 2.5, 4, 11, 1e21, -1e-7]

/** Astral characters are one code point each, and two UTF-16 units. */
/** The strings values are drawn from, astral ones among them. */
export const stringPool = [
  '',
  'a',
  'ab',
  'abc',
  'é',
  '😀',
  'a😀',
  '😀😀😀',
  'ab1d',
  '12',
  'closed',
  'A',
]

/** The patterns specs are drawn with. */
export const patternPool = [
  '^a',
  'b$',
  '^[a-z]*$',
  '\\d',
  '^.{2}$',
  '\\p{L}',
  '😀',
  '^(?:open|closed)$',
]

/** The counts (minLength, maxItems, …) specs are drawn with. */
export const countPool = [0, 1, 2, 3]

/** The smallest value of the pools that matches a typed prop, or `undefined`. */
export function smallestValue(prop: Prop): unknown {
  switch (prop.type) {
    case 'string':
    case 'number':
    case 'integer':
    case 'boolean':
      return scalarCandidates(prop).find((value) => scalarMatches(prop, value))
    case 'array': {
      const min = (prop.minItems as number | undefined) ?? 0
      if (min === 0) return []
      const item = prop.items === undefined ? 0 : smallestValue(prop.items as Prop)
      return item === undefined ? undefined : Array<unknown>(min).fill(item)
    }
    case 'object': {
      const value: Record<string, unknown> = {}
      for (const [key, member] of Object.entries((prop.properties ?? {}) as Record<string, Prop>)) {
        if (member.required !== true) continue
        const memberValue = member.anyOf === undefined ? smallestValue(member) : undefined
        if (memberValue === undefined) return undefined
        // Defined: a member named `__proto__` stays a member.
        Object.defineProperty(value, key, {
          value: memberValue,
          writable: true,
          enumerable: true,
          configurable: true,
        })
      }
      return value
    }
    default:
      return undefined
  }
}

/** The scalars a typed prop could take: its enum members, then the pool of its type. */
export function scalarCandidates(prop: Prop): unknown[] {
  const members = (prop.enum as unknown[] | undefined) ?? []
  switch (prop.type) {
    case 'string':
      return [...members, ...stringPool]
    case 'boolean':
      return [false, true]
    default:
      return [...members, ...numberPool]
  }
}

/** Whether a scalar matches a typed prop, by JSON Schema's rules (written apart from the engine). */
export function scalarMatches(prop: Prop, value: unknown): boolean {
  if (value === null) {
    const members = prop.enum as unknown[] | undefined
    return prop.nullable === true && (members === undefined || members.includes(null))
  }
  const members = prop.enum as unknown[] | undefined
  if (members !== undefined && !members.includes(value)) return false
  switch (prop.type) {
    case 'string': {
      if (typeof value !== 'string') return false
      // JSON Schema counts code points, which is what Array.from counts.
      const length = Array.from(value).length
      if (typeof prop.minLength === 'number' && length < prop.minLength) return false
      if (typeof prop.maxLength === 'number' && length > prop.maxLength) return false
      return typeof prop.pattern !== 'string' || new RegExp(prop.pattern, 'u').test(value)
    }
    case 'number':
    case 'integer': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return false
      if (prop.type === 'integer' && !Number.isInteger(value)) return false
      const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = prop as Record<
        string,
        number | undefined
      >
      return (
        (minimum === undefined || value >= minimum) &&
        (maximum === undefined || value <= maximum) &&
        (exclusiveMinimum === undefined || value > exclusiveMinimum) &&
        (exclusiveMaximum === undefined || value < exclusiveMaximum)
      )
    }
    case 'boolean':
      return typeof value === 'boolean'
    default:
      return false
  }
}
