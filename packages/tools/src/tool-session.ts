import type { DialectIssueReport, SchemasDialect } from './schemas-options.js'
import type { ToolSchema } from './tool-definition.js'
import type { ToolExecutionInput, ToolExecutionResult } from './tool-execution.js'

/**
 * One conversation's view of a registry that shows its model some tools step by step (SPEC §24):
 * what the framework adapters take as `toolSearch` (`toAiSdkTools`, `toAgentsTools`).
 * `@toolpipe/tool-search`'s `ToolSearchSession` is one.
 */
export interface ToolSession {
  /** The tools the model is shown this step, in `dialect`, degraded as `schemas()` degrades. */
  schemas(options?: {
    readonly dialect?: SchemasDialect | undefined
    readonly onDialectIssue?: ((report: DialectIssueReport) => void) | undefined
  }): ToolSchema[]
  /** Whether the model is shown the tool named `name` this step. */
  shows(name: string): boolean
  /**
   * Runs one call through the registry's pipeline, recording what the session learns from it (the
   * tools a search loads). Never rejects, never throws.
   */
  execute(input: ToolExecutionInput): Promise<ToolExecutionResult>
}

/**
 * What opens a {@link ToolSession}: `@toolpipe/tool-search`'s `ToolSearch` is one. Given as an
 * adapter's `toolSearch`, it opens one session for that tool set: one conversation.
 */
export interface ToolSessionSource {
  /** A new session, nothing loaded yet. */
  session(): ToolSession
}
