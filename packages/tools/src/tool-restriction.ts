/**
 * Which global tools a scope may see. A deny-only restriction admits global tools registered
 * later; an allow-list excludes them. Several restrictions on one scope intersect.
 */
export interface ToolRestriction {
  /** Only these global tools (and the scope's own tools). */
  readonly allow?: readonly string[] | undefined
  /** Every global tool but these. */
  readonly deny?: readonly string[] | undefined
}
