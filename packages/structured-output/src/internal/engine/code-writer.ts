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

/**
 * Values kept by node and depth: the code written for a node depends on both (a depth's cycle
 * check, the walk's paths), and a node may sit at more than one.
 */
export class ByNodeAndDepth<TValue> {
  readonly #byNode = new Map<NodeDefinition, Map<number, TValue>>()

  get(node: NodeDefinition, depth: number): TValue | undefined {
    return this.#byNode.get(node)?.get(depth)
  }

  set(node: NodeDefinition, depth: number, value: TValue): void {
    const byDepth = this.#byNode.get(node) ?? new Map<number, TValue>()
    byDepth.set(depth, value)
    this.#byNode.set(node, byDepth)
  }

  /** The values, in the order they were first set. */
  values(): TValue[] {
    return [...this.#byNode.values()].flatMap((byDepth) => [...byDepth.values()])
  }

  /** The same places, holding `values[i]` where the `i`-th of {@link values} was. */
  withValues<TOther>(values: readonly TOther[]): ByNodeAndDepth<TOther> {
    const placed = new ByNodeAndDepth<TOther>()
    let index = 0
    for (const [node, byDepth] of this.#byNode) {
      for (const depth of byDepth.keys()) {
        const value = values[index++]
        // Stryker disable next-line ConditionalExpression: the code returns one function per name
        if (value !== undefined) placed.set(node, depth, value)
      }
    }
    return placed
  }
}

/** Whether `value` is one of the containers above it (`json` dialect, below the root). */
export function cycleCheck(depth: number): string {
  return `  for (let level = 0; level < ${depth}; level++) if (stack[level] === value) return false`
}
