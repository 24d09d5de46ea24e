import type { ToolSpan } from './tool-span.js'

/**
 * The span of each running call, by its execution record (one object per call). Calls mostly
 * run one after the other: the latest is kept in a slot of its own, and moves to a `WeakMap` only
 * when another starts before it ends (an entry there costs more than the rest of a no-op span).
 * Weak, so that the span of a call that never settles goes with the call; the slot holds the
 * latest call's only until the next call starts.
 */
export class RunningSpans {
  #latestCall: object | undefined
  #latestSpan: ToolSpan | undefined
  readonly #others = new WeakMap<object, ToolSpan>()

  set(exec: object, span: ToolSpan): void {
    if (this.#latestCall !== undefined && this.#latestSpan !== undefined) {
      this.#others.set(this.#latestCall, this.#latestSpan)
    }
    this.#latestCall = exec
    this.#latestSpan = span
  }

  get(exec: object): ToolSpan | undefined {
    return exec === this.#latestCall ? this.#latestSpan : this.#others.get(exec)
  }

  delete(exec: object): void {
    if (exec === this.#latestCall) {
      this.#latestCall = undefined
      this.#latestSpan = undefined
    } else {
      this.#others.delete(exec)
    }
  }
}
