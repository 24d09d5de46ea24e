import type { Dialect } from '@toolpipe/schema'

/** Options of `registry.schemas(scope, options)` and `ScopedTools.schemas(options)`. */
export interface SchemasOptions {
  /**
   * The provider dialect to write each tool's parameters in (SPEC §9.3). Default: `json-schema`,
   * the parameters as registered.
   */
  readonly dialect?: Dialect | undefined
}
