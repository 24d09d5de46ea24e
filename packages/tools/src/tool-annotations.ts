/**
 * Hints about what a tool does, for protocols and UIs that carry them (MCP's tool annotations,
 * an approval policy that needs no prompt for a read-only tool in a "safe" mode). They are
 * descriptions, not guarantees: the pipeline enforces none of them, and a policy should trust
 * them only as far as it trusts the tool's author. Never sent to the model by `schemas()`;
 * `descriptors()` carries them.
 */
export interface ToolAnnotations {
  /** A human-readable name for UIs (MCP `title`). */
  readonly title?: string | undefined
  /** The tool does not change its environment (MCP `readOnlyHint`). */
  readonly readOnly?: boolean | undefined
  /** A change it makes may destroy something (MCP `destructiveHint`); meaningful when not `readOnly`. */
  readonly destructive?: boolean | undefined
  /** Calling it again with the same arguments changes nothing more (MCP `idempotentHint`). */
  readonly idempotent?: boolean | undefined
  /** It reaches beyond a closed set of things: the web, other people (MCP `openWorldHint`). */
  readonly openWorld?: boolean | undefined
}
