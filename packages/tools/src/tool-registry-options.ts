import type {
  Agent,
  ContentBlockMap,
  ImageBlock,
  ReasoningBlock,
  TextBlock,
  ToolCallBlock,
  ToolResultBlock,
} from '@toolpipe/core'
import type { Dialect } from '@toolpipe/schema'
import type { ApprovalService } from './approval.js'

/** Where the registry reports what must not reach a caller (an observer's failure, say). */
export interface ToolRegistryLogger {
  warn(message: string, ...details: unknown[]): void
}

/** Options of `createToolRegistry`. */
export interface ToolRegistryOptions {
  /** Answers `ask` decisions. Without one, every `ask` is denied. */
  readonly approval?: ApprovalService | undefined
  /** Default: `console`. */
  readonly logger?: ToolRegistryLogger | undefined
  /**
   * The provider dialects this registry's tools are sent in (SPEC §9.3). `register` refuses, with
   * `ToolRegistryError` (`UNSUPPORTED_SCHEMA`) listing every fatal issue and its path, a tool whose
   * parameters one of them cannot express, so the failure comes at registration rather than from
   * the provider at the first model turn. Default: none checked.
   */
  readonly dialects?: readonly Dialect[] | undefined
  /**
   * The `type`s of the content block kinds you added to `ContentBlockMap` by declaration merging
   * that tools, wrappers and listeners may hand the pipeline. A block of such a kind only has to
   * be a JSON object; a block of any other kind that is not one of core's five is refused with
   * `InvalidContentError` (`INVALID_CONTENT`). Default: none.
   */
  readonly contentTypes?:
    | readonly Exclude<
        keyof ContentBlockMap,
        (TextBlock | ReasoningBlock | ImageBlock | ToolCallBlock | ToolResultBlock)['type']
      >[]
    | undefined
}

/** Options of `register` and `guard`: without `scope`, the global layer. */
export interface ScopeOptions {
  readonly scope?: Agent | undefined
}

/** Options of `on`. */
export interface ListenerOptions extends ScopeOptions {
  /** Make this listener the outermost one instead of the innermost. */
  readonly prepend?: boolean | undefined
  /**
   * Put this listener inside every listener added without it, whenever they are added: the first
   * to see what the tool returned (`@toolpipe/redact` takes secrets out there, before an output
   * budget spills the text). Innermost listeners keep their own order; not with `prepend`.
   */
  readonly innermost?: boolean | undefined
}
