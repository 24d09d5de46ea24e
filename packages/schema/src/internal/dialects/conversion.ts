import { formatJsonPath, setMember } from '@toolpipe/core/internal'
import type { JsonObject, JsonValue } from '@toolpipe/core'
import type { Dialect } from '../../dialect.js'
import type { DialectIssue } from '../../dialect-issue.js'
import { describedWords } from './dialect-rules.js'
import type { KeywordRule } from './dialect-rules.js'

// The state of one conversion (convert-schema.ts) and the steps every keyword's conversion uses:
// where the walk is, the issues it notes, and the words a keyword becomes when a dialect has no
// place for it.

/** The dialects that convert; `json-schema` keeps a schema as written. */
export type ConvertingDialect = Exclude<Dialect, 'json-schema'>

/** The dialects that take JSON Schema and so keep a keyword outside the subset as written. */
export const takesJsonSchema: ReadonlySet<Dialect> = new Set<Dialect>(['openai', 'anthropic'])

/** One conversion's state: where the walk is, what it met, and strict mode's counters. */
export interface Conversion {
  readonly dialect: ConvertingDialect
  readonly issues: DialectIssue[]
  readonly path: (string | number)[]
  /** OpenAI strict mode's counters (see `strictLimits`). */
  properties: number
  stringLength: number
  enumValues: number
  deepest: number
}

/** The type of a node: one name, and whether `null` is allowed too (`[T, "null"]`). */
export interface NodeType {
  readonly name: string
  readonly nullable: boolean
}

/** The `type` of a node as one name, maybe nullable; `undefined` for any other form. */
export function readType(value: JsonValue | undefined): NodeType | undefined {
  if (typeof value === 'string') return { name: value, nullable: false }
  if (Array.isArray(value) && value.length === 2 && value[1] === 'null') {
    const name = value[0]
    if (typeof name === 'string' && name !== 'null') return { name, nullable: true }
  }
  return undefined
}

/**
 * A node's own member `key`: `undefined` when the node has none of its own. A schema node is a
 * plain object whose prototype is `Object.prototype`, so a plain read (`node.items`, `'anyOf' in
 * node`) would find a key a polluted prototype holds and convert a schema the caller never wrote.
 */
export function ownMember(node: JsonObject, key: string): JsonValue | undefined {
  return Object.hasOwn(node, key) ? node[key] : undefined
}

/** The JSON path of the node the walk is at, with `keys` below it (`parameters.properties.x`). */
function place(conversion: Conversion, ...keys: (string | number)[]): string {
  return formatJsonPath([...conversion.path, ...keys], 'parameters')
}

/** Notes an issue at the node the walk is at. */
export function issue(
  conversion: Conversion,
  keyword: string,
  message: string,
  fatal: boolean,
): void {
  conversion.issues.push({ path: place(conversion), keyword, message, fatal })
}

/** Runs `body` with the walk `keys` further down. */
export function below<TResult>(
  conversion: Conversion,
  keys: readonly (string | number)[],
  body: () => TResult,
): TResult {
  conversion.path.push(...keys)
  try {
    return body()
  } finally {
    conversion.path.length -= keys.length
  }
}

/** A keyword outside toolpipe's subset: kept where the provider takes JSON Schema, else fatal. */
export function outsideSubset(
  conversion: Conversion,
  keyword: string,
  value: JsonValue,
  into: JsonObject,
): void {
  if (takesJsonSchema.has(conversion.dialect)) {
    // A hand-written schema's keyword may be named `__proto__`: defined, it stays a keyword.
    setMember(into, keyword, value)
    issue(
      conversion,
      keyword,
      `"${keyword}" is outside toolpipe's schema subset: sent to ${conversion.dialect} as written, without conversion`,
      false,
    )
  } else {
    issue(
      conversion,
      keyword,
      `"${keyword}" is outside toolpipe's schema subset and cannot be converted for ${conversion.dialect}`,
      true,
    )
  }
}

/** A keyword by its dialect's rule: kept (`native`), or moved into the description's words. */
export function applyRule(
  keyword: string,
  rule: KeywordRule,
  value: JsonValue,
  out: JsonObject,
  words: string[],
  conversion: Conversion,
): void {
  if (rule === 'native') {
    out[keyword] = value
    return
  }
  const text = describedWords(keyword, value)
  words.push(text)
  issue(
    conversion,
    keyword,
    `"${keyword}" is not supported by ${conversion.dialect}: moved into the description as "${text}"; the arguments are still checked against it`,
    false,
  )
}

/** Appends the words of moved keywords to the node's description. */
export function withWords(out: JsonObject, words: readonly string[]): JsonObject {
  if (words.length === 0) return out
  const text = words.join('; ')
  const description = ownMember(out, 'description')
  out.description = typeof description === 'string' ? `${description} (${text})` : text
  return out
}
