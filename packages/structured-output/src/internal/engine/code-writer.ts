import type { NodeDefinition } from '../node-definition.js'
import type { Dialect } from './node-check.js'

/** What the generated back end's node writers share (see generated-test.ts). */
export interface CodeWriter {
  readonly dialect: Dialect
  /** A name the generated code reads `value` by: values never enter the source. */
  value(value: unknown): string
  /** A fresh function name. */
  name(): string
  /** Adds a function's source (a `function fN(value, stack) { … }`). */
  add(source: string): void
  /** The expression that is true when `member` is valid against `node`, at `depth`. */
  check(node: NodeDefinition, member: string, depth: number): string
}

/** Whether `value` is one of the containers above it (`json` dialect, below the root). */
export function cycleCheck(depth: number): string {
  return `  for (let level = 0; level < ${depth}; level++) if (stack[level] === value) return false`
}
