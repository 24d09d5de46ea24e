import type { Agent } from '@toolpipe/core'
import type { ToolDefinition } from './tool-definition.js'

/**
 * A visibility filter (`registry.hide`, SPEC §18.2): `true` hides the tool `name` from the view
 * of `scope` (`undefined`: the global view), whatever restrictions admit. A hidden tool is not in
 * `get()`, `list()`, `schemas()` or `descriptors()`, and a call of it is `UNKNOWN_TOOL`. Called
 * on every lookup, so it should be a cheap, synchronous, pure answer; one that throws hides the
 * tool (and is logged).
 *
 * @param definition - the tool's definition, for filters that read it (its `permissions.ruleName`)
 */
export type ToolVisibilityFilter = (
  name: string,
  scope: Agent | undefined,
  definition: ToolDefinition,
) => boolean
