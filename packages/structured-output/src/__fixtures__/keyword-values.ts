import fc from 'fast-check'
import { numberValues, poolOf, stringValues } from './keyword-arbitraries.js'
import type { Node, ScalarType } from './keyword-arbitraries.js'

// Values near a generated schema (keyword-arbitraries.ts): mostly plausible, with about one thing
// in sixteen wrong at each place, and what JSON Schema says of each.

const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 1 }),
  fc.constantFrom<unknown>(...stringValues, ...numberValues, true, false, null, [], {}),
)

/** A value near `node`: mostly plausible, with about one thing in sixteen wrong at each place. */
export function valueNear(node: Node): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 1, arbitrary: wrongValue }, { weight: 15, arbitrary: plausible(node) })
}

function plausible(node: Node): fc.Arbitrary<unknown> {
  if (Array.isArray(node.anyOf)) return fc.oneof(...(node.anyOf as Node[]).map(valueNear))
  const type = (Array.isArray(node.type) ? node.type[0] : node.type) as string
  const base = baseValue(node, type)
  return Array.isArray(node.type)
    ? fc.oneof({ weight: 1, arbitrary: fc.constant(null) }, { weight: 4, arbitrary: base })
    : base
}

function baseValue(node: Node, type: string): fc.Arbitrary<unknown> {
  if (type === 'object') {
    const properties = (node.properties ?? {}) as Record<string, Node>
    const entries = Object.keys(properties).map((key) =>
      fc.tuple(fc.constant(key), valueNear(properties[key]!), fc.nat(19)),
    )
    return fc.tuple(fc.tuple(...entries), fc.nat(4)).map(([chosen, extra]) => {
      const value = Object.fromEntries(
        chosen.filter(([, , roll]) => roll < 8).map(([key, item]) => [key, item]),
      )
      if (extra === 0) value.extra = 1
      return value
    })
  }
  if (type === 'array') {
    const items = node.items as Node | undefined
    const min = (node.minItems as number | undefined) ?? 0
    const max = Math.min((node.maxItems as number | undefined) ?? 4, 4)
    return fc.oneof(
      fc.array(items === undefined ? wrongValue : valueNear(items), { maxLength: 4 }),
      fc.array(items === undefined ? wrongValue : plausible(items), {
        minLength: Math.min(min, max),
        maxLength: max,
      }),
    )
  }
  const pool = poolOf(type as ScalarType)
  const satisfying = pool.filter((value) => satisfies(node, value))
  const choices: fc.Arbitrary<unknown>[] = [fc.constantFrom(...pool)]
  // Mostly values the node accepts, so that both verdicts are common.
  if (satisfying.length > 0)
    choices.push(fc.constantFrom(...satisfying), fc.constantFrom(...satisfying))
  if (Array.isArray(node.enum)) choices.push(fc.constantFrom(...(node.enum as unknown[])))
  if ('const' in node) choices.push(fc.constant(node.const))
  if (type === 'string') choices.push(fc.string({ maxLength: 4, unit: 'grapheme-composite' }))
  if (type === 'number') choices.push(fc.double({ noNaN: true, noDefaultInfinity: true }))
  if (type === 'integer') choices.push(fc.integer({ min: -5, max: 5 }))
  return fc.oneof(...choices)
}

/**
 * Whether a scalar node accepts `value`, by the rules as JSON Schema states them: only to bias
 * the generator towards valid values (Ajv is the judge in the test).
 */
export function satisfies(node: Node, value: unknown): boolean {
  if (Array.isArray(node.enum) && !node.enum.includes(value)) return false
  if ('const' in node && node.const !== value) return false
  if (typeof value === 'number') {
    const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = node as Record<
      string,
      number | undefined
    >
    if (minimum !== undefined && value < minimum) return false
    if (maximum !== undefined && value > maximum) return false
    if (exclusiveMinimum !== undefined && value <= exclusiveMinimum) return false
    if (exclusiveMaximum !== undefined && value >= exclusiveMaximum) return false
  }
  if (typeof value === 'string') {
    const length = Array.from(value).length
    if (typeof node.minLength === 'number' && length < node.minLength) return false
    if (typeof node.maxLength === 'number' && length > node.maxLength) return false
    if (typeof node.pattern === 'string' && !new RegExp(node.pattern, 'u').test(value)) return false
  }
  return true
}
