import { describeThrown } from '@toolpipe/core/internal'
import { describeValue, quoteString } from '@toolpipe/core/internal'
import { boundConflicts, scalarPlacements } from '@toolpipe/structured-output/internal'
import type { NumberBounds } from '@toolpipe/structured-output/internal'
import type { SchemaType } from '../schema-spec.js'
import { guarded, mistake, unreadable } from './spec-walk.js'
import type { SpecWalk } from './spec-walk.js'

/** The six type names, in the order messages list them. */
export const schemaTypes: readonly SchemaType[] = [
  'string',
  'number',
  'integer',
  'boolean',
  'object',
  'array',
]

const typeList = schemaTypes.map((type) => JSON.stringify(type)).join(', ')

/** The keywords that belong to some types only: keyword → the types it is allowed on. */
export const placements: ReadonlyMap<string, readonly SchemaType[]> = new Map<
  string,
  readonly SchemaType[]
>([
  ['enum', ['string', 'number', 'integer']],
  ...scalarPlacements,
  ['properties', ['object']],
  ['items', ['array']],
  ['minItems', ['array']],
  ['maxItems', ['array']],
])

/** The keywords every typed prop may carry. */
export const commonKeywords: readonly string[] = [
  'type',
  'required',
  'description',
  'nullable',
  'default',
]

/** The keywords of a union prop. */
export const anyOfKeywords: readonly string[] = ['anyOf', 'required', 'description']

/** Every keyword of the DSL, for the message about an unknown one. */
export const keywordList = [...commonKeywords, ...placements.keys(), 'anyOf'].join(', ')

/** Refuses `keyword` (set on the prop) if it does not belong on `type`; returns whether it does. */
export function checkPlacement(keyword: string, type: SchemaType, walk: SpecWalk): boolean {
  const allowed = placements.get(keyword)
  // Stryker disable next-line ConditionalExpression: compileTyped asks about placed keywords only, so allowed is never undefined (the test is for the type)
  if (allowed === undefined || allowed.includes(type)) return true
  const where =
    allowed.length === 1
      ? `type ${JSON.stringify(allowed[0])}`
      : `types ${allowed
          .map((name) => JSON.stringify(name))
          .join(', ')
          .replace(/, ([^,]*)$/, ' and $1')}`
  mistake(walk, `is only allowed on ${where}, not "${type}"`, keyword)
  return false
}

/** The prop's `type`, or `undefined` with a mistake. */
export function checkType(type: unknown, walk: SpecWalk): SchemaType | undefined {
  if ((schemaTypes as readonly unknown[]).includes(type)) return type as SchemaType
  if (type === undefined) {
    mistake(walk, `is missing: one of ${typeList} (or give the prop an anyOf)`, 'type')
  } else {
    mistake(walk, `must be one of ${typeList}, got ${describeValue(type)}`, 'type')
  }
  return undefined
}

/** `value` must be `true` or absent (`required`, `nullable`). */
export function checkTrue(value: unknown, keyword: string, walk: SpecWalk): boolean {
  if (value !== undefined && value !== true) {
    mistake(walk, `must be true or left out, got ${describeValue(value)}`, keyword)
  }
  return value === true
}

/**
 * A frozen copy of the `enum` members: strings on a string, finite numbers on a number, whole
 * numbers on an integer; never empty. Each other member is a mistake (and left out: a prop with
 * a mistake is dropped anyway); `undefined`, with a mistake, when there is no list.
 */
export function checkEnum(
  values: unknown,
  type: SchemaType,
  walk: SpecWalk,
): readonly (string | number)[] | undefined {
  const kind = type === 'string' ? 'strings' : type === 'integer' ? 'integers' : 'numbers'
  const list = guarded(
    walk,
    () => (Array.isArray(values) ? [...(values as unknown[])] : undefined),
    'enum',
  )
  if (list === unreadable) return undefined
  if (list === undefined) {
    mistake(walk, `must be an array of ${kind}, got ${describeValue(values)}`, 'enum')
    return undefined
  }
  if (list.length === 0) {
    mistake(walk, 'must list at least one value', 'enum')
    return undefined
  }
  const copy: (string | number)[] = []
  for (const [index, value] of list.entries()) {
    if (isOfType(value, type)) {
      copy.push(value)
    } else {
      mistake(walk, `must be ${memberText(type)}, got ${describeValue(value)}`, 'enum', index)
    }
  }
  return Object.freeze(copy)
}

function isOfType(value: unknown, type: SchemaType): value is string | number {
  if (type === 'string') return typeof value === 'string'
  if (!isFiniteNumber(value)) return false
  return type !== 'integer' || Number.isInteger(value)
}

/** Whether `value` is a finite number (`Number.isFinite` never coerces, so no `typeof` first). */
function isFiniteNumber(value: unknown): value is number {
  return Number.isFinite(value)
}

/** Whether `value` is a whole number (`Number.isInteger` never coerces either). */
function isWholeNumber(value: unknown): value is number {
  return Number.isInteger(value)
}

function memberText(type: SchemaType): string {
  if (type === 'string') return 'a string'
  return type === 'integer' ? 'an integer' : 'a finite number'
}

/** A number bound (`minimum`, …): a finite number, or `undefined` with a mistake. */
export function checkFinite(value: unknown, keyword: string, walk: SpecWalk): number | undefined {
  if (value === undefined) return undefined
  if (isFiniteNumber(value)) return value
  mistake(walk, `must be a finite number, got ${describeValue(value)}`, keyword)
  return undefined
}

/** A count (`minLength`, `maxItems`, …): a non-negative integer, or `undefined` with a mistake. */
export function checkCount(value: unknown, keyword: string, walk: SpecWalk): number | undefined {
  if (value === undefined) return undefined
  if (isWholeNumber(value) && value >= 0) return value
  mistake(walk, `must be a non-negative integer, got ${describeValue(value)}`, keyword)
  return undefined
}

/** Refuses bounds that no number satisfies (see `boundConflicts`), each at its lower bound. */
export function checkBoundOrder(bounds: NumberBounds, walk: SpecWalk): void {
  for (const { low, lowValue, high, highValue } of boundConflicts(bounds)) {
    mistake(
      walk,
      `${describeValue(lowValue)} and ${high} ${describeValue(highValue)} leave no number that could match`,
      low,
    )
  }
}

/** Refuses a lower count above the upper one (`minLength` 5, `maxLength` 2). */
export function checkCountOrder(
  min: number | undefined,
  max: number | undefined,
  keywords: readonly [string, string],
  what: string,
  walk: SpecWalk,
): void {
  if (min === undefined || max === undefined || min <= max) return
  mistake(walk, `${min} is greater than ${keywords[1]} ${max}: no ${what} could match`, keywords[0])
}

/**
 * A `pattern`: a string that compiles as an ECMAScript regular expression with the `u` flag
 * (JSON Schema's dialect); `undefined` with a mistake otherwise.
 */
export function checkPattern(value: unknown, walk: SpecWalk): string | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'string') {
    mistake(walk, `must be a string, got ${describeValue(value)}`, 'pattern')
    return undefined
  }
  try {
    // Called for its throw: the engine compiles the pattern again, with this same flag.
    RegExp(value, 'u')
    return value
  } catch (error) {
    mistake(
      walk,
      `${quoteString(value)} does not compile as an ECMAScript regular expression with the u flag: ${describeThrown(error)}`,
      'pattern',
    )
    return undefined
  }
}
