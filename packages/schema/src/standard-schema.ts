import type { StandardJSONSchemaV1, StandardSchemaV1 } from '@standard-schema/spec'
import { describeValue } from '@toolpipe/core/internal'
import { checkArgs } from './check-args.js'
import type { InferArgs } from './infer-args.js'
import { compiledSpec } from './internal/compile-spec.js'
import { schemaSpecToJsonSchema } from './schema-spec-to-json-schema.js'
import type { SchemaSpec } from './schema-spec.js'
import { StandardSchemaError } from './standard-schema-error.js'
import type { ToolpipeStandardSchema } from './standard-tool-schema.js'

/** The JSON Schema targets toolpipe writes: its output is valid draft 2020-12 and draft-07 alike. */
const targets: ReadonlySet<string> = new Set(['draft-2020-12', 'draft-07'])

/**
 * A schema spec as a Standard Schema v1 **and** a Standard JSON Schema v1 (SPEC §10), so that it
 * plugs into any library that takes Standard Schema (AI SDK `tool({ inputSchema })`, form and
 * router libraries, …) and into `defineTool` like any other Standard Schema.
 *
 * - `~standard.vendor` is `toolpipe`; `~standard.types` (type-level only) is `InferArgs` of the
 *   spec, input and output alike.
 * - `~standard.validate(value)` runs `checkArgs`: `{ value }` (the value itself: the DSL has no
 *   transforms) when there is no issue, else `{ issues }`, one per `checkArgs` issue, with its
 *   path and message (the issues are `ArgIssue`s, `code` and all). Synchronous; never throws.
 * - `~standard.jsonSchema.input(options)` and `.output(options)` return `schemaSpecToJsonSchema`'s
 *   output (a fresh object each call) for `target` `draft-2020-12` or `draft-07` (AI SDK asks for
 *   the latter; the DSL's keywords mean the same in both), without a `$schema` member; another
 *   target throws `StandardSchemaError` (`UNSUPPORTED_TARGET`). `libraryOptions` are ignored.
 *
 * @throws {SchemaSpecError} for an invalid spec, now rather than at the first call
 * @example
 * import { tool } from 'ai'
 * const spec = { path: { type: 'string', required: true } } as const
 * const readFile = tool({
 *   inputSchema: standardSchema(spec),
 *   execute: async ({ path }) => readFile(path, 'utf8'),
 * })
 */
export function standardSchema<const TSpec extends SchemaSpec>(
  spec: TSpec,
): ToolpipeStandardSchema<InferArgs<TSpec>> {
  type Args = InferArgs<TSpec>
  // Compiled (and so checked) now: a mistake surfaces where the schema is made.
  compiledSpec(spec)
  const write = (options: StandardJSONSchemaV1.Options): Record<string, unknown> => {
    const target: unknown = (options as Partial<StandardJSONSchemaV1.Options> | undefined)?.target
    // The Set holds strings only: it answers false for anything else.
    if (!(targets as ReadonlySet<unknown>).has(target)) {
      throw new StandardSchemaError(
        `toolpipe writes JSON Schema for the targets "draft-2020-12" and "draft-07", not ${describeValue(target)}`,
        'UNSUPPORTED_TARGET',
      )
    }
    return schemaSpecToJsonSchema(spec) as unknown as Record<string, unknown>
  }
  const props: ToolpipeStandardSchema<Args>['~standard'] = Object.freeze({
    version: 1,
    vendor: 'toolpipe',
    validate: (value: unknown): StandardSchemaV1.Result<Args> => {
      const issues = checkArgs(spec, value)
      return issues.length === 0 ? { value: value as Args } : { issues }
    },
    jsonSchema: Object.freeze({ input: write, output: write }),
  })
  return Object.freeze({ '~standard': props })
}
