import type { Dialect, DialectIssue } from '@toolpipe/schema'

/**
 * What `schemas()` did with one tool that the dialect it was asked for cannot express (SPEC
 * §22): one tool never takes the others down. Frozen.
 *
 * - `non-strict`: asked for `openai-strict`, the tool is sent in the `openai` dialect without
 *   `strict: true` (a free-form object, say);
 * - `omitted`: no form the dialect allows expresses it, and it is left out of the list (the model
 *   does not see it; a call of it by name still runs through the pipeline).
 */
export interface DialectIssueReport {
  /** The tool's name. */
  readonly tool: string
  /** The dialect `schemas()` was asked for. */
  readonly dialect: Dialect
  readonly action: 'non-strict' | 'omitted'
  /**
   * The fatal issues behind the action, each with its path: the asked dialect's, then, for an
   * `openai-strict` tool omitted, the `openai` dialect's too.
   */
  readonly issues: readonly DialectIssue[]
}

/** Options of `registry.schemas(scope, options)` and `ScopedTools.schemas(options)`. */
export interface SchemasOptions {
  /**
   * The provider dialect to write each tool's parameters in (SPEC §9.3). Default: `json-schema`,
   * the parameters as registered.
   */
  readonly dialect?: Dialect | undefined
  /**
   * Told, during the call, about every tool the dialect cannot express and what was done
   * instead (see {@link DialectIssueReport}). Without it, the registry's logger warns once per
   * tool and dialect for the registry's lifetime. A throw from it is logged, and the schemas are
   * still returned.
   */
  readonly onDialectIssue?: ((report: DialectIssueReport) => void) | undefined
}
