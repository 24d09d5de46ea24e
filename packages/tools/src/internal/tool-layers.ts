import type { Agent } from '@toolpipe/core'
import type { ToolDefinition } from '../tool-definition.js'
import type { ToolRestriction } from '../tool-restriction.js'
import { ToolRegistryError } from '../tool-registry-error.js'
import type { Reversible } from './reversible.js'

interface ToolEntry {
  readonly definition: ToolDefinition
  /** Registration order across all layers, to list tools in the order they were registered. */
  readonly order: number
}

interface CompiledRestriction {
  readonly allow: ReadonlySet<string> | undefined
  readonly deny: ReadonlySet<string> | undefined
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
        if (scope !== undefined) this.#dropIfEmpty(scope)
      },
      restore: () => {
        const layerTools = scope === undefined ? this.#global : this.#ensureLayer(scope).tools
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
    const compiled = this.#compile(restriction)
    const layer = this.#ensureLayer(scope)
    layer.restrictions = [...layer.restrictions, compiled]
    return {
      remove: () => {
        const layer = this.#scopes.get(scope)
        if (!layer?.restrictions.includes(compiled)) return
        layer.restrictions = layer.restrictions.filter((candidate) => candidate !== compiled)
        this.#dropIfEmpty(scope)
      },
      restore: () => {
        const layer = this.#ensureLayer(scope)
        if (!layer.restrictions.includes(compiled)) {
          layer.restrictions = [...layer.restrictions, compiled]
        }
      },
    }
  }

  /** The tool a call of `scope` reaches by `name`, if it is visible there. O(restrictions). */
  get(name: string, scope: Agent | undefined): ToolDefinition | undefined {
    const layer = scope === undefined ? undefined : this.#scopes.get(scope)
    if (layer === undefined) return this.#global.get(name)?.definition
    const local = layer.tools.get(name)
    if (local !== undefined) return local.definition
    const global = this.#global.get(name)
    return global !== undefined && admits(layer.restrictions, name) ? global.definition : undefined
  }

  /**
   * The tools visible to `scope`: admitted globals in registration order (without the ones a
   * scope-local tool shadows), then the scope's own tools in registration order. Under an
   * allow-list only the listed names are looked at, so the cost follows what is visible.
   */
  list(scope: Agent | undefined): ToolDefinition[] {
    const layer = scope === undefined ? undefined : this.#scopes.get(scope)
    if (layer === undefined) return Array.from(this.#global.values(), (entry) => entry.definition)
    const visible: ToolEntry[] = []
    const smallestAllow = smallestAllowList(layer.restrictions)
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
      layer = { tools: new Map(), restrictions: [] }
      this.#scopes.set(scope, layer)
    }
    return layer
  }

  #dropIfEmpty(scope: Agent): void {
    const layer = this.#scopes.get(scope)
    if (layer?.tools.size === 0 && layer.restrictions.length === 0) {
      this.#scopes.delete(scope)
    }
  }

  #compile(restriction: unknown): CompiledRestriction {
    if (typeof restriction !== 'object' || restriction === null) {
      throw new ToolRegistryError('a restriction must be { allow?, deny? }', 'INVALID_RESTRICTION')
    }
    const { allow, deny } = restriction as ToolRestriction
    const allowList = copyNames(allow, 'allow')
    const denyList = copyNames(deny, 'deny')
    if (allowList === undefined && denyList === undefined) {
      throw new ToolRegistryError(
        'a restriction needs an allow list, a deny list, or both; {} restricts nothing',
        'INVALID_RESTRICTION',
      )
    }
    const unknown = [...(allowList ?? []), ...(denyList ?? [])].filter(
      (name) => !this.#global.has(name),
    )
    if (unknown.length > 0) {
      const known = [...this.#global.keys()]
      throw new ToolRegistryError(
        `a restriction can only name registered global tools; unknown: ${quoteAll(unknown)}; ` +
          `registered: ${known.length === 0 ? '(none)' : quoteAll(known)}`,
        'INVALID_RESTRICTION',
      )
    }
    return {
      allow: allowList === undefined ? undefined : new Set(allowList),
      deny: denyList === undefined ? undefined : new Set(denyList),
    }
  }
}

/**
 * Puts a removed entry back into its layer where registration order says: at the end when it is
 * the newest (the common case), otherwise by rebuilding the map in order.
 */
function insertInOrder(tools: Map<string, ToolEntry>, name: string, entry: ToolEntry): void {
  let newest = true
  for (const other of tools.values()) {
    if (other.order > entry.order) {
      newest = false
      break
    }
  }
  tools.set(name, entry)
  if (newest) return
  const ordered = [...tools].sort(([, left], [, right]) => left.order - right.order)
  tools.clear()
  for (const [key, value] of ordered) tools.set(key, value)
}

function admits(restrictions: readonly CompiledRestriction[], name: string): boolean {
  for (const { allow, deny } of restrictions) {
    if (allow !== undefined && !allow.has(name)) return false
    if (deny?.has(name) === true) return false
  }
  return true
}

function smallestAllowList(
  restrictions: readonly CompiledRestriction[],
): ReadonlySet<string> | undefined {
  let smallest: ReadonlySet<string> | undefined
  for (const { allow } of restrictions) {
    if (allow !== undefined && (smallest === undefined || allow.size < smallest.size)) {
      smallest = allow
    }
  }
  return smallest
}

/** Copies a list of names at call time, checking it is an array of strings. */
function copyNames(names: unknown, field: 'allow' | 'deny'): string[] | undefined {
  if (names === undefined) return undefined
  if (!Array.isArray(names) || !names.every((name) => typeof name === 'string')) {
    throw new ToolRegistryError(
      `restriction.${field} must be an array of tool names`,
      'INVALID_RESTRICTION',
    )
  }
  return [...names]
}

function quoteAll(names: readonly string[]): string {
  return names.map((name) => `"${name}"`).join(', ')
}
