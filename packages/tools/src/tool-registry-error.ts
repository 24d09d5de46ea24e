import { HarnessError } from '@toolpipe/core'

/** Why the registry refused a registration: a programming error in the integrator's code. */
export type ToolRegistryErrorCode =
  /** A definition breaks a rule: name, description, parameters, execute, timeoutMs, presenters. */
  | 'INVALID_TOOL'
  /** The same name twice in one layer. */
  | 'DUPLICATE_TOOL'
  /** `restrict` with no lists, a non-scope, or names that are not registered global tools. */
  | 'INVALID_RESTRICTION'
  /**
   * A listener, guard, visibility filter or `schemas()`'s `onDialectIssue` that is not a
   * function, or an event name that is not one.
   */
  | 'INVALID_LISTENER'
  /**
   * `notify` for a built-in event or with a payload that is not JSON, or `reportDecision` with an
   * execution the pipeline did not make.
   */
  | 'INVALID_EVENT'
  /** A scope that is not an agent object. */
  | 'INVALID_SCOPE'
  /** A plugin that did not return a disposer function. */
  | 'INVALID_PLUGIN'
  /** A registration through a `ScopedTools` handle after its `dispose()`. */
  | 'SCOPE_DISPOSED'
  /**
   * At `register`: a tool whose parameters one or more of the registry's `dialects` cannot
   * express; the message lists every fatal issue with its path, under each dialect that fails.
   * (`schemas()` degrades such a tool instead.)
   */
  | 'UNSUPPORTED_SCHEMA'
  /** A `dialects` option, or a `schemas()` dialect, that is not one of the five dialect names. */
  | 'INVALID_DIALECT'
  /** `batch(fn)` given something that is not a function, or a `fn` that returned a promise. */
  | 'INVALID_BATCH'
  /**
   * A `contentTypes` option that is not an array of non-empty strings, or that names a core kind
   * (`text`, `reasoning`, `image`, `tool-call`, `tool-result`), whose shape is fixed.
   */
  | 'INVALID_CONTENT_TYPES'
  /**
   * `createToolRegistry` options that are not an object, a member a getter or Proxy trap keeps
   * from being read, a `logger` without a `warn` function or an `approval` without a `request`
   * function; the message names the option.
   */
  | 'INVALID_OPTIONS'

/** Thrown synchronously by registry methods given something they cannot accept. */
export class ToolRegistryError extends HarnessError<ToolRegistryErrorCode> {
  override readonly name = 'ToolRegistryError'
}
