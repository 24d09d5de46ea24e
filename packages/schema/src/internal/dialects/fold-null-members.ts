import { isPlainObject } from '@toolpipe/core/internal'
import type { JsonObject, JsonValue } from '@toolpipe/core'
import { ownMember } from './conversion.js'

/** The annotations a member may carry and still be "just null". */
const annotationKeywords: ReadonlySet<string> = new Set([
  'description',
  'title',
  'default',
  'examples',
])

/** Whether `member` is `{ type: 'null' }`, annotations aside. */
function isNullMember(member: JsonValue): boolean {
  if (!isPlainObject(member) || ownMember(member, 'type') !== 'null') return false
  return Object.keys(member).every(
    (keyword) => keyword === 'type' || annotationKeywords.has(keyword),
  )
}

/**
 * Gemini's form of an `anyOf` that lists `{ type: 'null' }` beside other members (zod's
 * `.nullable()` on an object, an array or an enum writes `anyOf: [X, { type: 'null' }]`):
 * `nullable: true` on the other member when there is one, `anyOf` of the others with
 * `nullable: true` beside it otherwise. `undefined` when there is no null member to fold, or
 * nothing else (a node of type "null" alone stays what Gemini cannot express).
 *
 * [Gemini] Schema.nullable: "Indicates if the value of this field can be null"; Schema has no
 * "null" type. googleapis/js-genai src/_transformers.ts `processJsonSchema` does the same: "check
 * if anyOf has 2 elements and one of the element is null, if so, the anyOf field is unnecessary,
 * so we need to get rid of the anyOf field and make the schema nullable", and in a longer
 * `anyOf` it leaves the null members out and sets `nullable` on the schema.
 *
 * @param convert - converts the member at an index (its issues at its own place)
 */
export function foldNullMembers(
  members: readonly JsonValue[],
  convert: (index: number) => JsonValue,
): JsonObject | undefined {
  const others: number[] = []
  for (const [index, member] of members.entries()) if (!isNullMember(member)) others.push(index)
  if (others.length === members.length || others.length === 0) return undefined
  const [only] = others
  if (others.length > 1 || only === undefined) {
    return { anyOf: others.map((index) => convert(index)), nullable: true }
  }
  const converted = convert(only)
  if (!isPlainObject(converted)) return { nullable: true }
  // `nullable` beside `type`, as the DSL's nullable props are written.
  const type = ownMember(converted, 'type')
  const rest: JsonObject = { ...converted }
  delete rest.type
  return type === undefined ? { ...rest, nullable: true } : { type, nullable: true, ...rest }
}
