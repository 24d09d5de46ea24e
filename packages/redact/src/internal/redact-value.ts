import type { SecretFinding } from '../secret-rule.js'

/** A finding and where in the value it was: `content[0]`, `structured.rows[2].note`. */
export interface LocatedFinding {
  readonly finding: SecretFinding
  readonly where: string
}

/** What redacting one string gives: the string to keep (undefined: unchanged), and the findings. */
export type StringRedactor = (
  text: string,
  where: string,
) => { readonly text: string | undefined; readonly findings: readonly SecretFinding[] }

/**
 * How deep a value is scanned: the deepest value a result can hold (`snapshotJson` refuses more
 * than 1,024 levels), so that nothing a result carries goes unscanned.
 */
const depthLimit = 1024

/** What a part of a value that was not scanned becomes: nothing unscanned passes (fail closed). */
const tooDeep = '[REDACTED:too-deep]'
const unreadable = '[REDACTED:unreadable]'

/**
 * Where a content block keeps binary data, never scanned: the member `key` when it is a string,
 * or, with `inner`, inside the object at `key` (a resource block's `resource.blob`).
 */
interface BinaryPart {
  readonly key: string
  readonly inner?: BinaryPart
}

/**
 * A copy of `value` with every string redacted (SPEC §25), keys included, made only where
 * something changed (an unchanged value is returned as it is): plain objects and arrays are
 * walked, every string scanned, whatever its name (a `data` or `blob` member of a structured value
 * is text like any other; only {@link redactContent} leaves a content block's binary alone).
 * A key that held a secret is renamed, and its place is written `<key N>` (N its 1-based
 * position among the object's keys): no part of a secret, masked or not, is ever written in a
 * place (`where` reaches records and messages). A part that cannot be read (a throwing getter, a
 * revoked Proxy) or lies deeper than 1,024 levels is replaced, never passed on unscanned; a cycle
 * is left as it is (a result holding one is no JSON, which the pipeline refuses).
 */
export function redactValue(
  value: unknown,
  where: string,
  redact: StringRedactor,
  found: LocatedFinding[],
  depth = 0,
  ancestors = new Set<object>(),
  binary?: BinaryPart,
): unknown {
  if (typeof value === 'string') return redactString(value, where, redact, found)
  if (typeof value !== 'object' || value === null || ancestors.has(value)) return value
  if (depth > depthLimit) return tooDeep
  ancestors.add(value)
  try {
    if (Array.isArray(value)) return redactArray(value, where, redact, found, depth, ancestors)
    const prototype: unknown = Object.getPrototypeOf(value)
    if (prototype !== Object.prototype && prototype !== null) return value
    const walk = { redact, found, depth, ancestors, binary }
    return redactObject(value as Record<string, unknown>, where, walk)
  } catch {
    return unreadable
  } finally {
    ancestors.delete(value)
  }
}

/**
 * A result's content (an array of content blocks) redacted like {@link redactValue}, except the
 * binary of its blocks: an image's or audio's base64 `data` and a resource block's
 * `resource.blob` are never scanned (base64 is no text, and a rule matching inside it would break
 * the picture). Only here: the same shapes anywhere else (a structured value) are scanned whole.
 */
export function redactContent(
  value: unknown,
  where: string,
  redact: StringRedactor,
  found: LocatedFinding[],
): unknown {
  if (!Array.isArray(value)) return redactValue(value, where, redact, found)
  try {
    return redactArray(value, where, redact, found, 0, new Set<object>([value]), binaryPartOf)
  } catch {
    return unreadable
  }
}

/** Where `block` keeps its binary, when it is a content block that has some. */
function binaryPartOf(block: unknown): BinaryPart | undefined {
  try {
    if (typeof block !== 'object' || block === null || Array.isArray(block)) return undefined
    const type = (block as { type?: unknown }).type
    if (type === 'image' || type === 'audio') return { key: 'data' }
    return type === 'resource' ? { key: 'resource', inner: { key: 'blob' } } : undefined
  } catch {
    // What cannot be read is scanned, and replaced there: never skipped.
    return undefined
  }
}

function redactString(
  text: string,
  where: string,
  redact: StringRedactor,
  found: LocatedFinding[],
): string {
  const result = redact(text, where)
  for (const finding of result.findings) found.push({ finding, where })
  return result.text ?? text
}

function redactArray(
  value: readonly unknown[],
  where: string,
  redact: StringRedactor,
  found: LocatedFinding[],
  depth: number,
  ancestors: Set<object>,
  binaryOf?: (item: unknown) => BinaryPart | undefined,
): unknown[] {
  let copy: unknown[] | undefined
  for (let index = 0; index < value.length; index++) {
    const item = value[index]
    const place = `${where}[${String(index)}]`
    const part = binaryOf?.(item)
    const next = redactValue(item, place, redact, found, depth + 1, ancestors, part)
    if (next !== item) (copy ??= [...value])[index] = next
  }
  return copy ?? (value as unknown[])
}

/** How one object is walked: what {@link redactValue} was given for it. */
interface ObjectWalk {
  readonly redact: StringRedactor
  readonly found: LocatedFinding[]
  readonly depth: number
  readonly ancestors: Set<object>
  readonly binary: BinaryPart | undefined
}

function redactObject(
  value: Record<string, unknown>,
  where: string,
  { redact, found, depth, ancestors, binary }: ObjectWalk,
): Record<string, unknown> {
  const entries: [string, unknown][] = []
  let changed = false
  const keys = Object.keys(value)
  for (const [index, key] of keys.entries()) {
    // A key is a string of the value too: one holding a secret is renamed, and neither it nor
    // its new name (a mask keeps 8 of its characters) is ever written in a place.
    const name = redactString(key, `${where} (a key)`, redact, found)
    const place = name === key ? `${where}.${key}` : `${where}.<key ${String(index + 1)}>`
    const item = value[key]
    const part = key === binary?.key ? binary : undefined
    // A block's binary is left as it is when it is text (base64); anything else is scanned.
    const next =
      part !== undefined && part.inner === undefined && typeof item === 'string'
        ? item
        : redactValue(item, place, redact, found, depth + 1, ancestors, part?.inner)
    if (name !== key || next !== item) changed = true
    entries.push([name, next])
  }
  return changed ? objectOf(entries) : value
}

/** A plain object of `entries`, in order; a name given twice (two keys redacted alike) is numbered. */
function objectOf(entries: readonly [string, unknown][]): Record<string, unknown> {
  const object: Record<string, unknown> = {}
  for (const [name, item] of entries) {
    let key = name
    for (let count = 2; Object.hasOwn(object, key); count++) key = `${name} (${String(count)})`
    // defineProperty: a key named `__proto__` is a member, not the prototype.
    Object.defineProperty(object, key, {
      value: item,
      enumerable: true,
      writable: true,
      configurable: true,
    })
  }
  return object
}
