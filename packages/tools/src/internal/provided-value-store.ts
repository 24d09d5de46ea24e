import type { Disposer } from '../disposer.js'
import { ToolRegistryError } from '../tool-registry-error.js'
import { once } from './once.js'

/**
 * What the plugins of one registry provide to each other (`registry.provide`), by name, in the
 * order provided. The list of a name is replaced, never mutated, so a reader's copy stays whole.
 */
export class ProvidedValueStore {
  readonly #byName = new Map<string, { readonly value: unknown }[]>()

  /** Adds `value` under `name` until the returned disposer is called. */
  provide(name: unknown, value: unknown): Disposer {
    if (typeof name !== 'string' || name === '') {
      throw new ToolRegistryError('a provided value needs a name', 'INVALID_PLUGIN')
    }
    const entry = { value }
    const list = this.#byName.get(name) ?? []
    this.#byName.set(name, [...list, entry])
    return once(() => {
      this.#byName.set(
        name,
        (this.#byName.get(name) ?? []).filter((other) => other !== entry),
      )
    })
  }

  /** The values provided under `name`, in the order they were provided (empty when none). */
  provided(name: string): unknown[] {
    return (this.#byName.get(name) ?? []).map((entry) => entry.value)
  }
}
