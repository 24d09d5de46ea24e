import fc from 'fast-check'
import type { SchemaSpec } from '../schema-spec.js'
import {
  boundPool,
  countPool,
  keys,
  numberPool,
  patternPool,
  smallestValue,
} from './prop-values.js'
import type { Prop } from './prop-values.js'

/**
 * Generators for the differential tests (`checkArgs` against Ajv, and each provider dialect
 * against Ajv): specs that use every keyword of the DSL, often several in one spec and nested,
 * and values near each spec: valid ones, at and around every bound, and near-misses with one
 * place removed or replaced.
 */
/** The keyword families whose agreement with Ajv is counted separately (SPEC §9.2). */
export const families = [
  'integer',
  'nullable',
  'number bounds',
  'string lengths',
  'pattern',
  'item counts',
  'numeric enum',
  'anyOf',
] as const

export type Family = (typeof families)[number]

export const keyArbitrary = fc.constantFrom(...keys)

export const wordArbitrary = fc.string({ maxLength: 4 })

const annotations = fc.record({
  required: fc.boolean(),
  described: fc.boolean(),
  defaulted: fc.boolean(),
  nullable: fc.boolean(),
})

/** Two bounds of the pool in order, each kept or left out, each exclusive or not. */
const boundsArbitrary = fc
  .tuple(
    fc.constantFrom(...boundPool),
    fc.constantFrom(...boundPool),
    fc.constantFrom('none', 'inclusive', 'exclusive'),
    fc.constantFrom('none', 'inclusive', 'exclusive'),
  )
  .map(([first, second, lowKind, highKind]) => {
    const low = Math.min(first, second)
    const high = Math.max(first, second)
    const bounds: Prop = {}
    if (lowKind !== 'none') bounds[lowKind === 'inclusive' ? 'minimum' : 'exclusiveMinimum'] = low
    if (highKind !== 'none') {
      // Equal bounds are refused when either is exclusive: keep the spec valid.
      const exclusive = highKind === 'exclusive' || lowKind === 'exclusive'
      if (!(exclusive && low === high && lowKind !== 'none')) {
        bounds[highKind === 'inclusive' ? 'maximum' : 'exclusiveMaximum'] = high
      }
    }
    return bounds
  })

function countsArbitrary(minKey: string, maxKey: string): fc.Arbitrary<Prop> {
  return fc
    .tuple(fc.option(fc.constantFrom(...countPool)), fc.option(fc.constantFrom(...countPool)))
    .map(([first, second]) => {
      const counts: Prop = {}
      if (first !== null && second !== null) {
        counts[minKey] = Math.min(first, second)
        counts[maxKey] = Math.max(first, second)
      } else if (first !== null) {
        counts[minKey] = first
      } else if (second !== null) {
        counts[maxKey] = second
      }
      return counts
    })
}

/** A scalar prop of `family` (or of any scalar kind). */
function scalarArbitrary(family: Family | undefined): fc.Arbitrary<Prop> {
  const byFamily: Record<string, fc.Arbitrary<Prop>> = {
    integer: fc.record({ type: fc.constant('integer') }),
    'number bounds': fc
      .tuple(fc.constantFrom('number', 'integer'), boundsArbitrary)
      .map(([type, bounds]) => ({ type, ...bounds })),
    'string lengths': countsArbitrary('minLength', 'maxLength').map((counts) => ({
      type: 'string',
      ...counts,
    })),
    pattern: fc
      .tuple(fc.constantFrom(...patternPool), fc.option(countsArbitrary('minLength', 'maxLength')))
      .map(([pattern, counts]) => ({ type: 'string', pattern, ...counts })),
    'numeric enum': fc
      .tuple(
        fc.constantFrom('number', 'integer'),
        fc.uniqueArray(fc.constantFrom(...numberPool), { minLength: 1, maxLength: 4 }),
      )
      .map(([type, values]) => ({
        type,
        enum: type === 'integer' ? withAtLeastOne(values.filter(Number.isInteger)) : values,
      })),
  }
  const chosen = family === undefined ? undefined : byFamily[family]
  if (chosen !== undefined) return chosen
  return fc.oneof(
    fc.record({ type: fc.constant('string') }),
    fc.record({
      type: fc.constant('string'),
      enum: fc.uniqueArray(wordArbitrary, { minLength: 1, maxLength: 4 }),
    }),
    fc.record({ type: fc.constant('number') }),
    fc.record({ type: fc.constant('boolean') }),
    fc.record({ type: fc.constant('object') }),
    fc.record({ type: fc.constant('array') }),
    ...Object.values(byFamily),
  )
}

function withAtLeastOne(values: number[]): number[] {
  return values.length > 0 ? values : [1]
}

/** Props of every kind, nesting to depth 4, `family` forced at the top when given. */
export function propArbitrary(family?: Family): fc.Arbitrary<Prop> {
  const { prop } = fc.letrec<{ prop: Prop; spec: Record<string, Prop> }>((tie) => ({
    prop: fc
      .tuple(
        fc.oneof(
          { depthSize: 'small', maxDepth: 4, withCrossShrink: true },
          scalarArbitrary(undefined),
          fc.record({ type: fc.constant('object'), properties: tie('spec') }),
          fc
            .tuple(tie('prop'), countsArbitrary('minItems', 'maxItems'))
            .map(([items, counts]) => ({ type: 'array', items, ...counts })),
          fc
            .array(tie('prop'), { minLength: 1, maxLength: 3 })
            .map((anyOf) => ({ anyOf: anyOf.map(withoutRequired) })),
        ),
        annotations,
      )
      .map(([prop, flags]) => withAnnotations(prop, flags)),
    spec: fc.dictionary(keyArbitrary, tie('prop'), { maxKeys: 4 }),
  }))
  if (family === undefined) return prop
  const forced: Record<string, fc.Arbitrary<Prop>> = {
    nullable: fc
      .tuple(prop, annotations)
      .map(([inner, flags]) =>
        inner.anyOf === undefined
          ? withAnnotations({ ...inner, nullable: true }, { ...flags, nullable: true })
          : { type: 'string', nullable: true },
      ),
    'item counts': fc
      .tuple(fc.option(prop), countsArbitrary('minItems', 'maxItems'), annotations)
      .map(([items, counts, flags]) =>
        withAnnotations(
          {
            type: 'array',
            ...(items === null ? {} : { items: withoutRequired(items) }),
            ...counts,
            ...(Object.keys(counts).length === 0 ? { minItems: 1 } : {}),
          },
          flags,
        ),
      ),
    anyOf: fc
      .tuple(fc.array(fc.oneof(prop, scalarArbitrary(undefined)), { minLength: 1, maxLength: 3 }))
      .map(([members]) => ({ anyOf: members.map(withoutRequired) })),
  }
  return (
    forced[family] ??
    fc
      .tuple(scalarArbitrary(family), annotations)
      .map(([scalar, flags]) => withAnnotations(scalar, flags))
  )
}

function withoutRequired(prop: Prop): Prop {
  const copy = { ...prop }
  delete copy.required
  return copy
}

/** A prop with its annotations; the default, when one can be worked out, matches the prop. */
function withAnnotations(
  prop: Prop,
  flags: { required: boolean; described: boolean; defaulted: boolean; nullable: boolean },
): Prop {
  const annotated: Prop = { ...prop }
  if (flags.required) annotated.required = true
  if (flags.described) annotated.description = 'described'
  if (prop.anyOf !== undefined) return annotated
  if (flags.nullable && prop.nullable === undefined && Object.keys(prop).length > 1) {
    annotated.nullable = true
  }
  if (flags.defaulted) {
    const fallback = annotated.nullable === true ? null : undefined
    const value = smallestValue(annotated) ?? fallback
    if (value !== undefined) annotated.default = value
  }
  return annotated
}

/**
 * Specs of one to five props; with `family`, one prop of that family at least (`alone`: that
 * prop only, so that near-misses land on it).
 */
export function specArbitrary(family?: Family, alone = false): fc.Arbitrary<SchemaSpec> {
  if (family !== undefined && alone) {
    return fc
      .tuple(keyArbitrary, propArbitrary(family))
      .map(([key, forced]) => ({ [key]: forced })) as never
  }
  const rest = fc.dictionary(keyArbitrary, propArbitrary(), { minKeys: 0, maxKeys: 4 })
  if (family === undefined) {
    return fc.dictionary(keyArbitrary, propArbitrary(), { minKeys: 1, maxKeys: 5 }) as never
  }
  return fc
    .tuple(keyArbitrary, propArbitrary(family), rest)
    .map(([key, forced, others]) => ({ ...others, [key]: forced })) as never
}

/** The keyword families a spec uses, anywhere in it. */
export function familiesOf(spec: SchemaSpec): Set<Family | 'enum' | 'default' | 'required'> {
  const seen = new Set<Family | 'enum' | 'default' | 'required'>()
  const visit = (prop: Prop): void => {
    if (prop.anyOf !== undefined) {
      seen.add('anyOf')
      for (const member of prop.anyOf as Prop[]) visit(member)
      return
    }
    if (prop.required === true) seen.add('required')
    if (prop.default !== undefined) seen.add('default')
    if (prop.type === 'integer') seen.add('integer')
    if (prop.nullable === true) seen.add('nullable')
    if (['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'].some((k) => k in prop)) {
      seen.add('number bounds')
    }
    if ('minLength' in prop || 'maxLength' in prop) seen.add('string lengths')
    if ('pattern' in prop) seen.add('pattern')
    if ('minItems' in prop || 'maxItems' in prop) seen.add('item counts')
    if (prop.enum !== undefined) seen.add(prop.type === 'string' ? 'enum' : 'numeric enum')
    for (const member of Object.values((prop.properties ?? {}) as Record<string, Prop>)) {
      visit(member)
    }
    if (prop.items !== undefined) visit(prop.items as Prop)
  }
  for (const prop of Object.values(spec)) visit(prop as unknown as Prop)
  return seen
}
