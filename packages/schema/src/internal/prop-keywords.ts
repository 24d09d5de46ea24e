import { describeValue } from '@toolpipe/core/internal'
import type { SchemaType } from '../schema-spec.js'
import {
  checkBoundOrder,
  checkCount,
  checkCountOrder,
  checkEnum,
  checkFinite,
  checkPattern,
  commonKeywords,
  keywordList,
  placements,
} from './check-keywords.js'
import { guarded, mistake, unreadable } from './spec-walk.js'
import type { SpecWalk } from './spec-walk.js'

// Reading one prop of a spec (compile-spec.ts): its keywords, read once, and the checks of those
// that describe or bound its values.

/**
 * Reads the prop's own enumerable keywords once; `undefined` counts as absent. `undefined` when
 * its keys cannot be listed: that one mistake says so, and no keyword is looked for.
 */
export function readKeywords(prop: object, walk: SpecWalk): Map<string, unknown> | undefined {
  const names = guarded(walk, () => Object.keys(prop))
  if (names === unreadable) return undefined
  const keywords = new Map<string, unknown>()
  for (const name of names) {
    const value = guarded(walk, () => (prop as Record<string, unknown>)[name], name)
    if (value === undefined || value === unreadable) continue
    if (commonKeywords.includes(name) || placements.has(name) || name === 'anyOf') {
      keywords.set(name, value)
    } else {
      mistake(walk, `is not a keyword of the schema DSL (use ${keywordList})`, name)
    }
  }
  return keywords
}

/** A prop's `description`: a string, or absent. */
export function checkDescription(value: unknown, walk: SpecWalk): string | undefined {
  if (value === undefined || typeof value === 'string') return value
  mistake(walk, `must be a string, got ${describeValue(value)}`, 'description')
  return undefined
}

/**
 * The keywords of a typed prop that bound or list its values, each checked in the order a reader
 * meets them (so are the mistakes), with the orders between bounds; `get` answers only keywords
 * that belong on the prop's type.
 */
export function checkTypedKeywords(
  get: (keyword: string) => unknown,
  type: SchemaType,
  walk: SpecWalk,
) {
  const enumSource = get('enum')
  const enumValues = enumSource === undefined ? undefined : checkEnum(enumSource, type, walk)
  const bounds = {
    minimum: checkFinite(get('minimum'), 'minimum', walk),
    maximum: checkFinite(get('maximum'), 'maximum', walk),
    exclusiveMinimum: checkFinite(get('exclusiveMinimum'), 'exclusiveMinimum', walk),
    exclusiveMaximum: checkFinite(get('exclusiveMaximum'), 'exclusiveMaximum', walk),
  }
  checkBoundOrder(bounds, walk)
  const minLength = checkCount(get('minLength'), 'minLength', walk)
  const maxLength = checkCount(get('maxLength'), 'maxLength', walk)
  checkCountOrder(minLength, maxLength, ['minLength', 'maxLength'], 'string', walk)
  const pattern = checkPattern(get('pattern'), walk)
  const minItems = checkCount(get('minItems'), 'minItems', walk)
  const maxItems = checkCount(get('maxItems'), 'maxItems', walk)
  checkCountOrder(minItems, maxItems, ['minItems', 'maxItems'], 'array', walk)
  return { enumValues, ...bounds, minLength, maxLength, pattern, minItems, maxItems }
}
