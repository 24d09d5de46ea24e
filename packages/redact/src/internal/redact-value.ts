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
 * A copy of `value` with every string redacted (SPEC §25), keys included, made only where
 * something changed (an unchanged value is returned as it is): plain objects and arrays are
 * walked; an image's or audio's base64 `data` and a resource's `blob` are binary, never scanned.
 * A part that cannot be read (a throwing getter, a revoked Proxy) or lies deeper than 1,024
 * levels is replaced, never passed on unscanned; a cycle is left as it is (a result holding one
 * is no JSON, which the pipeline refuses).
 */
export function redactValue(
  value: unknown,
  where: string,
  redact: StringRedactor,
  found: LocatedFinding[],
  depth = 0,
  ancestors = new Set<object>(),
): unknown {
  if (typeof value === 'string') return redactString(value, where, redact, found)
  if (typeof value !== 'object' || value === null || ancestors.has(value)) return value
  if (depth > depthLimit) return tooDeep
  ancestors.add(value)
  try {
    if (Array.isArray(value)) return redactArray(value, where, redact, found, depth, ancestors)
    const prototype: unknown = Object.getPrototypeOf(value)
    if (prototype !== Object.prototype && prototype !== null) return value
    return redactObject(value as Record<string, unknown>, where, redact, found, depth, ancestors)
  } catch {
    return unreadable
  } finally {
    ancestors.delete(value)
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
): unknown[] {
  let copy: unknown[] | undefined
  for (let index = 0; index < value.length; index++) {
    const item = value[index]
    const next = redactValue(
      item,
      `${where}[${String(index)}]`,
      redact,
      found,
      depth + 1,
      ancestors,
    )
    if (next !== item) (copy ??= [...value])[index] = next
  }
  return copy ?? (value as unknown[])
}

function redactObject(
  value: Record<string, unknown>,
  where: string,
  redact: StringRedactor,
  found: LocatedFinding[],
  depth: number,
  ancestors: Set<object>,
): Record<string, unknown> {
  const binary = binaryKeyOf(value)
  const entries: [string, unknown][] = []
  let changed = false
  for (const key of Object.keys(value)) {
    // A key is a string of the value too: one holding a secret is renamed, and only the new
    // name is ever written in a place (`where` reaches messages and records).
    const name = redactString(key, `${where} (a key)`, redact, found)
    const item = value[key]
    const next =
      key === binary
        ? item
        : redactValue(item, `${where}.${name}`, redact, found, depth + 1, ancestors)
    if (name !== key || next !== item) changed = true
    entries.push([name, next])
  }
  return changed ? objectOf(entries) : value
}

/** The key of `value` that holds binary data: an image's or audio's `data`, a resource's `blob`. */
function binaryKeyOf(value: Record<string, unknown>): string | undefined {
  if (value.type === 'image' || value.type === 'audio') return 'data'
  return typeof value.uri === 'string' && typeof value.blob === 'string' ? 'blob' : undefined
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
