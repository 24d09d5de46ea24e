import type { Agent } from '@toolpipe/core'
import type { ToolDefinition } from '../tool-definition.js'
import type { ToolVisibilityFilter } from '../tool-visibility-filter.js'
import type { ToolRestriction } from '../tool-restriction.js'
import { ToolRegistryError } from '../tool-registry-error.js'
import { admits, compileRestriction, smallestAllowList } from './compiled-restriction.js'
import type { CompiledRestriction } from './compiled-restriction.js'
import type { Reversible } from './reversible.js'

interface ToolEntry {
  readonly definition: ToolDefinition
  /** Registration order across all layers, to list tools in the order they were registered. */
  readonly order: number
}

interface HideEntry {
  readonly filter: ToolVisibilityFilter
  /** `undefined`: the global view and every scope. */
  readonly scope: Agent | undefined
}

interface ScopeLayer {
  readonly tools: Map<string, ToolEntry>
  restrictions: readonly CompiledRestriction[]
}

/**
 * The tools of the registry: one global layer, and per agent a scope layer of its own tools and
 * its restrictions of the global layer.
 *
 * A scope sees a global tool only if every one of its restrictions admits it (intersection), and
 * restrictions are evaluated against the live global layer: a deny-only restriction admits
 * globals registered later, an allow-list excludes them. Scope-local tools are overlaid last,
 * replace same-named globals, and are never restricted.
 */
export class ToolLayers {
  readonly #global = new Map<string, ToolEntry>()
  /** Visibility filters (SPEC §18.2), replaced, never mutated: a `get` sees one set of them. */
  #hidden: readonly HideEntry[] = []
  /** Told when a filter throws (the tool is then hidden: a broken filter fails closed). */
  readonly #warn: (message: string, error: unknown) => void

  constructor(warn: (message: string, error: unknown) => void = () => undefined) {
    this.#warn = warn
  }
  /** Keyed weakly: an agent that is dropped takes its layer with it. Empty layers are removed. */
  readonly #scopes = new WeakMap<Agent, ScopeLayer>()
  #order = 0

  /**
   * Adds a tool to a layer under `name`; returns its handle. Throws on a duplicate in the layer.
   * A restored tool takes its old place in registration order.
   */
  add(name: string, definition: ToolDefinition, scope: Agent | undefined): Reversible {
    const tools = scope === undefined ? this.#global : this.#ensureLayer(scope).tools
    if (tools.has(name)) {
      const where = scope === undefined ? 'the global layer' : `the scope of agent "${scope.id}"`
      throw new ToolRegistryError(
        `tool "${name}" is already registered in ${where}`,
        'DUPLICATE_TOOL',
      )
    }
    const entry: ToolEntry = { definition, order: this.#order++ }
    tools.set(name, entry)
    return {
      remove: () => {
        const layerTools = this.#toolsOf(scope)
        if (layerTools?.get(name) !== entry) return
        layerTools.delete(name)
        // Stryker disable next-line ConditionalExpression,EqualityOperator,CallExpression: dropping an empty scope layer only frees memory; get and list answer the same for an empty layer as for none
        if (scope !== undefined) this.#dropIfEmpty(scope)
      },
      restore: () => {
        const layerTools = scope === undefined ? this.#global : this.#ensureLayer(scope).tools
        // Stryker disable next-line ConditionalExpression: a fast path; putting back an entry that is in place leaves the layer as it was ("→ true" never restores and fails the tests)
        if (layerTools.get(name) === entry) return
        insertInOrder(layerTools, name, entry)
      },
    }
  }

  /**
   * Adds a restriction to a scope; returns its handle. Names must be registered global tools when
   * it is added (a restore puts back the same lists, which need no names to exist).
   */
  restrict(scope: Agent, restriction: ToolRestriction): Reversible {
    const compiled = compileRestriction(restriction, this.#global)
    const layer = this.#ensureLayer(scope)
    layer.restrictions = [...layer.restrictions, compiled]
    return {
      remove: () => {
        const layer = this.#scopes.get(scope)
        if (!layer?.restrictions.includes(compiled)) return
        layer.restrictions = layer.restrictions.filter((candidate) => candidate !== compiled)
        // Stryker disable next-line CallExpression: dropping an empty scope layer only frees memory (see add)
        this.#dropIfEmpty(scope)
      },
      restore: () => {
        const layer = this.#ensureLayer(scope)
        // Stryker disable next-line ConditionalExpression: a restriction listed twice admits what it admits once, and remove() filters out every copy
        if (!layer.restrictions.includes(compiled)) {
          layer.restrictions = [...layer.restrictions, compiled]
        }
      },
    }
  }

  /**
   * The tool a call of `scope` reaches by `name`, if it is visible there: admitted by the scope's
   * restrictions and hidden by no visibility filter. O(restrictions + filters).
   */
  get(name: string, scope: Agent | undefined): ToolDefinition | undefined {
    const definition = this.#resolve(name, scope)
    if (definition === undefined || this.#hidden.length === 0) return definition
    return this.#isHidden(name, scope, definition) ? undefined : definition
  }

  /**
   * Why `name` is not visible to `scope` although such a tool is registered: `'hide'` (a
   * visibility filter), `'restriction'` (the scope's restrictions); `undefined` when it is
   * visible or not registered where the scope could see it.
   */
  hiddenBy(name: string, scope: Agent | undefined): 'hide' | 'restriction' | undefined {
    const definition = this.#resolve(name, scope)
    if (definition !== undefined) {
      return this.#isHidden(name, scope, definition) ? 'hide' : undefined
    }
    return scope !== undefined && this.#global.has(name) ? 'restriction' : undefined
  }

  /**
   * Adds a visibility filter for `scope`'s view (every view when `undefined`); returns its handle.
   */
  hide(filter: ToolVisibilityFilter, scope: Agent | undefined): Reversible {
    const entry: HideEntry = { filter, scope }
    this.#hidden = [...this.#hidden, entry]
    return {
      remove: () => {
        this.#hidden = this.#hidden.filter((candidate) => candidate !== entry)
      },
      restore: () => {
        if (!this.#hidden.includes(entry)) this.#hidden = [...this.#hidden, entry]
      },
    }
  }

  #resolve(name: string, scope: Agent | undefined): ToolDefinition | undefined {
    // Stryker disable next-line ConditionalExpression: WeakMap.get(undefined) is undefined too; the test is there for the types
    const layer = scope === undefined ? undefined : this.#scopes.get(scope)
    if (layer === undefined) return this.#global.get(name)?.definition
    const local = layer.tools.get(name)
    if (local !== undefined) return local.definition
    const global = this.#global.get(name)
    return global !== undefined && admits(layer.restrictions, name) ? global.definition : undefined
  }

  #isHidden(name: string, scope: Agent | undefined, definition: ToolDefinition): boolean {
    for (const entry of this.#hidden) {
      if (entry.scope !== undefined && entry.scope !== scope) continue
      try {
        // Only `true` hides: a filter's answer is plain JS, whatever its type says.
        const hidden: unknown = entry.filter(name, scope, definition)
        if (hidden === true) return true
      } catch (error) {
        this.#warn(`toolpipe: a visibility filter failed for tool "${name}"; it is hidden`, error)
        return true
      }
    }
    return false
  }

  /**
   * The tools visible to `scope`: admitted globals in registration order (without the ones a
   * scope-local tool shadows), then the scope's own tools in registration order. Under an
   * allow-list only the listed names are looked at, so the cost follows what is visible.
   */
  list(scope: Agent | undefined): ToolDefinition[] {
    const visible = this.#listAdmitted(scope)
    if (this.#hidden.length === 0) return visible
    return visible.filter((definition) => !this.#isHidden(definition.name, scope, definition))
  }

  #listAdmitted(scope: Agent | undefined): ToolDefinition[] {
    // Stryker disable next-line ConditionalExpression: WeakMap.get(undefined) is undefined too; the test is there for the types
    const layer = scope === undefined ? undefined : this.#scopes.get(scope)
    if (layer === undefined) return Array.from(this.#global.values(), (entry) => entry.definition)
    const visible: ToolEntry[] = []
    const smallestAllow = smallestAllowList(layer.restrictions)
    // Stryker disable next-line ConditionalExpression: the walk over every global finds the same tools in the same order; the allow-list walk is a fast path ("→ false" walks undefined and fails the tests)
    if (smallestAllow === undefined) {
      for (const [name, entry] of this.#global) {
        if (!layer.tools.has(name) && admits(layer.restrictions, name)) visible.push(entry)
      }
    } else {
      for (const name of smallestAllow) {
        const entry = this.#global.get(name)
        if (entry !== undefined && !layer.tools.has(name) && admits(layer.restrictions, name)) {
          visible.push(entry)
        }
      }
      visible.sort((left, right) => left.order - right.order)
    }
    for (const entry of layer.tools.values()) visible.push(entry)
    return visible.map((entry) => entry.definition)
  }

  #toolsOf(scope: Agent | undefined): Map<string, ToolEntry> | undefined {
    return scope === undefined ? this.#global : this.#scopes.get(scope)?.tools
  }

  #ensureLayer(scope: Agent): ScopeLayer {
    let layer = this.#scopes.get(scope)
    if (layer === undefined) {
      // Stryker disable next-line ArrayDeclaration: a list entry that is not a restriction admits every name; it would only keep the layer from being dropped, which is unobservable
      layer = { tools: new Map(), restrictions: [] }
      this.#scopes.set(scope, layer)
    }
    return layer
  }

  #dropIfEmpty(scope: Agent): void {
    const layer = this.#scopes.get(scope)
    // Stryker disable next-line ConditionalExpression,OptionalChaining,BlockStatement: never dropping a layer is unobservable (memory only), and only a removal that found the layer gets here; dropping one that still holds something ("→ true", "||", "!==") fails the tests
    if (layer?.tools.size === 0 && layer.restrictions.length === 0) {
      // Stryker disable next-line CallExpression: keeping an empty layer is unobservable (memory only)
      this.#scopes.delete(scope)
    }
  }
}

/**
 * Puts a removed entry back into its layer where registration order says: at the end when it is
 * the newest (the common case), otherwise by rebuilding the map in order.
 */
function insertInOrder(tools: Map<string, ToolEntry>, name: string, entry: ToolEntry): void {
  // Stryker disable next-line BooleanLiteral: a fast path; rebuilding the map in registration order gives the same order when the entry is the newest
  let newest = true
  for (const other of tools.values()) {
    // Stryker disable next-line ConditionalExpression,EqualityOperator,BlockStatement: a fast path (see newest above)
    if (other.order > entry.order) {
      newest = false
      break
    }
  }
  tools.set(name, entry)
  // Stryker disable next-line ConditionalExpression: a fast path (see newest above)
  if (newest) return
  const ordered = [...tools].sort(([, left], [, right]) => left.order - right.order)
  tools.clear()
  for (const [key, value] of ordered) tools.set(key, value)
}
