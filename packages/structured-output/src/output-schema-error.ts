import { HarnessError } from '@toolpipe/core'
import { joinFirstSentences } from '@toolpipe/core/internal'

/**
 * Thrown for a schema outside the supported subset. `violations` lists every mistake found,
 * each starting with the offending node's path (such as `schema.properties.a.items`) and naming
 * the keyword; the message lists the first 20, then how many more.
 */
export class OutputSchemaError extends HarnessError<'UNSUPPORTED_SCHEMA'> {
  override readonly name = 'OutputSchemaError'
  /**
   * Every violation, in schema order, e.g. `schema.properties.a: unsupported keyword "minLength"`.
   * A frozen array, and read-only.
   */
  declare readonly violations: readonly string[]

  constructor(violations: readonly string[], options?: ErrorOptions) {
    super(
      `unsupported output schema (${violations.length} ${violations.length === 1 ? 'violation' : 'violations'}): ${joinFirstSentences(violations)}`,
      'UNSUPPORTED_SCHEMA',
      options,
    )
    // Read-only at run time too (SPEC §4 "readonly `violations`"): an assignment throws in
    // strict mode.
    Object.defineProperty(this, 'violations', {
      value: Object.freeze([...violations]),
      enumerable: true,
      writable: false,
      configurable: false,
    })
  }
}
