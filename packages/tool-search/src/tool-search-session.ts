import type {
  DialectIssueReport,
  ToolBatchOptions,
  ToolBatchResult,
  SchemasDialect,
  ToolExecutionInput,
  ToolExecutionResult,
  ToolSchema,
  ToolSession,
} from '@toolpipe/tools'

/** Options of {@link ToolSearchSession.schemas}. */
export interface ToolSearchSessionSchemasOptions {
  /** The provider dialect, as `registry.schemas()` takes it. Default: `json-schema`. */
  readonly dialect?: SchemasDialect | undefined
  /** Told about every shown tool the dialect cannot express, as `registry.schemas()` tells it. */
  readonly onDialectIssue?: ((report: DialectIssueReport) => void) | undefined
}

/**
 * One conversation's view of a tool search (SPEC §24): what its model is shown, step by step, and
 * the calls it makes.
 */
export interface ToolSearchSession extends ToolSession {
  /**
   * The tools this conversation's searches found so far that the scope still sees (a fresh set
   * each read: a tool removed or hidden since is not in it).
   */
  readonly loaded: ReadonlySet<string>
  /**
   * What the model is shown this step, as `registry.schemas(scope, options)` writes them: the
   * always-loaded tools (in the registry's order), then the loaded ones in the order they were
   * loaded, then `tool_search` — so what one step showed stays in front of what the next adds.
   */
  schemas(options?: ToolSearchSessionSchemasOptions): ToolSchema[]
  /**
   * Whether the model is shown the tool named `name` this step (the tools of
   * {@link ToolSearchSession.schemas}).
   */
  shows(name: string): boolean
  /**
   * Runs one call through the registry's whole pipeline (`registry.execute`, as the search's
   * scope when it has one). A successful `tool_search` call loads the tools it found; a tool
   * not shown yet runs as well when the model names it. Never rejects, never throws.
   */
  execute(input: ToolExecutionInput): Promise<ToolExecutionResult>
  /**
   * Runs one model step's calls (`registry.executeBatch`, as the search's scope when it has
   * one), and loads what its successful `tool_search` calls found, in order. Never rejects.
   */
  executeBatch(
    inputs: readonly ToolExecutionInput[],
    options?: ToolBatchOptions,
  ): Promise<ToolBatchResult>
  /**
   * Loads tools by name without a search (a conversation resumed, say): those the scope sees and
   * that are deferred; returns the names loaded.
   */
  load(names: Iterable<string>): string[]
}
