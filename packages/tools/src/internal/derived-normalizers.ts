import { snapshotJson } from '@toolpipe/core'
import type { JsonValue } from '@toolpipe/core'
import { normalizeJsonSchemaArgs } from '@toolpipe/schema'
import type { ToolDefinition } from '../tool-definition.js'

/** A normalizer step 4 runs: the arguments in, the arguments to check out. */
export type Normalizer = (args: JsonValue) => unknown

/**
 * The null→absent step (SPEC §9.3, §22) of the tools that bring no `normalizeArgs` of their own:
 * mounted MCP tools, other hand-written definitions. Each one's is read from its `parameters`,
 * the JSON Schema the registry knows, copied once per definition (a definition is borrowed, and
 * a copy cannot change under a call), and remembered for the registry's lifetime; a definition
 * no longer referenced takes its entry with it.
 */
export class DerivedNormalizers {
  readonly #byDefinition = new WeakMap<ToolDefinition, Normalizer>()

  /** The normalizer of `tool`, made on first use. Never throws. */
  of(tool: ToolDefinition): Normalizer {
    const known = this.#byDefinition.get(tool)
    if (known !== undefined) return known
    const normalizer = derive(tool)
    this.#byDefinition.set(tool, normalizer)
    return normalizer
  }
}

const unchanged: Normalizer = (args) => args

function derive(tool: ToolDefinition): Normalizer {
  let parameters: JsonValue
  try {
    parameters = snapshotJson(Reflect.get(tool, 'parameters'))
    // Stryker disable next-line BlockStatement: register refused parameters that are not JSON; only a definition changed since lands here, and its check decides
  } catch {
    return unchanged
  }
  return (args) => normalizeJsonSchemaArgs(parameters, args)
}
