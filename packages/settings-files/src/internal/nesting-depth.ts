import { createScanner } from 'jsonc-parser'

// jsonc-parser's SyntaxKind is a const enum, which isolated modules cannot read: its values.
const openBrace = 1
const closeBrace = 2
const openBracket = 3
const closeBracket = 4
const endOfText = 17

/**
 * The offset of the first `{` or `[` of JSON (with comments) text that opens a container nested
 * deeper than `maxDepth` (the outermost container is level 1), or `undefined` when there is
 * none. It only scans tokens (no recursion, linear in the text), so that it can run before a
 * recursive parser that a deep enough text would take past the call stack. Brackets in strings
 * and comments do not count; it does not check anything else. Never throws.
 */
export function jsonTooDeepAt(text: string, maxDepth: number): number | undefined {
  const scanner = createScanner(text, true)
  let depth = 0
  for (let token: number = scanner.scan(); token !== endOfText; token = scanner.scan()) {
    if (token === openBrace || token === openBracket) {
      depth++
      if (depth > maxDepth) return scanner.getTokenOffset()
    } else if ((token === closeBrace || token === closeBracket) && depth > 0) {
      depth--
    }
  }
  return undefined
}

/**
 * Whether a parsed value holds arrays or plain objects nested deeper than `maxDepth` (the value
 * itself is level 1): a TOML file reaches any depth through dotted keys and table headers
 * (`[a.b.c…]`), which its parser builds without recursing, but which whoever walks the value
 * would recurse through. Walks without recursion; never throws.
 */
export function valueTooDeep(value: unknown, maxDepth: number): boolean {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 1 }]
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (!isContainer(next.value)) continue
    if (next.depth > maxDepth) return true
    for (const member of Object.values(next.value)) {
      pending.push({ value: member, depth: next.depth + 1 })
    }
  }
  return false
}

/** An array, or an object that is not a class instance (a TOML date is one, and holds nothing). */
function isContainer(value: unknown): value is object {
  if (Array.isArray(value)) return true
  if (typeof value !== 'object' || value === null) return false
  const prototype: unknown = Object.getPrototypeOf(value)
  return prototype === null || prototype === Object.prototype
}
