import type { Dialect, DialectIssue } from '@toolpipe/schema'
import type { ToolDefinition } from './tool-definition.js'

/**
 * What `schemas()` can write a tool list for: a provider dialect of `@toolpipe/schema`, or
 * `openai-responses`, the function tools of OpenAI's Responses API. Their parameters are the
 * `openai-strict` dialect's with `strict: true`, and, for a tool strict mode cannot take, the
 * `openai` dialect's with `strict: false` (the Responses API's `strict` is sent either way).
 */
export type SchemasDialect = Dialect | 'openai-responses'

/**
 * Anthropic's tool search server tool, BM25 variant (SPEC §24), which `schemas()` adds to an
 * `anthropic` list with `deferLoading: true`: Claude searches the tools marked `defer_loading`
 * with it, and the API loads what it finds
 * (https://platform.claude.com/docs/en/agents-and-tools/tool-use/tool-search-tool).
 */
export interface AnthropicToolSearchTool {
  readonly type: 'tool_search_tool_bm25_20251119'
  readonly name: 'tool_search_tool_bm25'
}

/**
 * The hosted tool search of OpenAI's Responses API (SPEC §24), which `schemas()` adds to an
 * `openai-responses` list with `deferLoading: true`: the model searches the function tools marked
 * `defer_loading`, and the API loads what it finds (the `openai` SDK's `ToolSearchTool`).
 */
export interface OpenAIResponsesToolSearchTool {
  readonly type: 'tool_search'
}

/** A provider's own tool search tool, as `schemas()` lists it in a native deferred form. */
export type ProviderToolSearchTool = AnthropicToolSearchTool | OpenAIResponsesToolSearchTool

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
  readonly dialect: SchemasDialect
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
   * The provider dialect to write each tool's parameters in (SPEC §9.3), or `openai-responses`.
   * Default: `json-schema`, the parameters as registered.
   */
  readonly dialect?: SchemasDialect | undefined
  /**
   * The provider's native deferred loading (SPEC §24), for the `anthropic` and
   * `openai-responses` dialects only: every tool defined with `deferLoading: true` is listed with
   * `defer_loading: true`, and the provider's tool search tool ({@link ProviderToolSearchTool})
   * ends the list. Without it (the default) no tool is marked: every tool, deferred ones
   * included, is listed as usual.
   */
  readonly deferLoading?: boolean | undefined
  /**
   * Only the visible tools it admits, in order (a tool-search session's tools, say): the others
   * are not converted, copied or reported. Called once per visible tool during the call.
   * Default: every visible tool.
   */
  readonly include?: ((tool: ToolDefinition) => boolean) | undefined
  /**
   * Told, during the call, about every tool the dialect cannot express and what was done
   * instead (see {@link DialectIssueReport}). Without it, the registry's logger warns once per
   * tool and dialect for the registry's lifetime. A throw from it is logged, and the schemas are
   * still returned.
   */
  readonly onDialectIssue?: ((report: DialectIssueReport) => void) | undefined
}

/** `schemas()` options asking for Anthropic's native deferred form (SPEC §24). */
export type AnthropicDeferredSchemasOptions = SchemasOptions & {
  readonly dialect: 'anthropic'
  readonly deferLoading: true
}

/** `schemas()` options asking for the Responses API's native deferred form (SPEC §24). */
export type OpenAIResponsesDeferredSchemasOptions = SchemasOptions & {
  readonly dialect: 'openai-responses'
  readonly deferLoading: true
}

/** `schemas()` options that ask for no native deferred form: every tool listed as usual. */
export type PlainSchemasOptions = SchemasOptions & { readonly deferLoading?: false | undefined }
