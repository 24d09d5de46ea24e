import { HarnessError } from '@toolpipe/core'
import { joinFirstSentences } from '@toolpipe/core/internal'

/** One mistake in a schema spec: where it is (keys from the spec's root) and what is wrong. */
export interface SchemaSpecMistake {
  /** Keys from the spec's root to the mistake, e.g. `['edits', 'items', 'properties', 'path', 'type']` or `['mode', 'enum', 2]`. */
  readonly path: readonly (string | number)[]
  /** The whole sentence, path included, e.g. `spec.mode.enum is only allowed on type "string", not "number"`. */
  readonly message: string
}

/**
 * Thrown by `assertValidSchemaSpec` (and everything that compiles a spec) for a spec with
 * mistakes. `mistakes` lists every one of them with its path, in declaration order; the message
 * the first 20, then how many more.
 */
export class SchemaSpecError extends HarnessError<'INVALID_SCHEMA_SPEC'> {
  override readonly name = 'SchemaSpecError'
  /** Every mistake found, in declaration order, depth first. A frozen array, and read-only. */
  declare readonly mistakes: readonly SchemaSpecMistake[]

  constructor(mistakes: readonly SchemaSpecMistake[], options?: ErrorOptions) {
    super(
      `invalid schema spec: ${joinFirstSentences(mistakes.map((mistake) => mistake.message))}`,
      'INVALID_SCHEMA_SPEC',
      options,
    )
    // Read-only at run time too: an assignment throws in strict mode.
    Object.defineProperty(this, 'mistakes', {
      value: Object.freeze([...mistakes]),
      enumerable: true,
      writable: false,
      configurable: false,
    })
  }
}
