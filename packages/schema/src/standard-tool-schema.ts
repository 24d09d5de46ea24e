import type { StandardJSONSchemaV1, StandardSchemaV1 } from '@standard-schema/spec'

/**
 * What `defineTool` takes as `parameters` besides a schema spec (SPEC §10): an object that
 * implements both Standard Schema v1 (`~standard.validate`) and Standard JSON Schema v1
 * (`~standard.jsonSchema`): a zod 4 schema, an arktype 2 type, a valibot schema wrapped in
 * `toStandardJsonSchema` from `@valibot/to-json-schema`, toolpipe's own `standardSchema(spec)`.
 *
 * @typeParam TInput - what the schema accepts (the arguments as the model sends them)
 * @typeParam TOutput - what it produces (transforms applied): what a tool's body receives
 */
export interface StandardToolSchema<TInput = unknown, TOutput = TInput> {
  readonly '~standard': StandardSchemaV1.Props<TInput, TOutput> &
    StandardJSONSchemaV1.Props<TInput, TOutput>
}

/**
 * Anything that writes its input as JSON Schema by Standard JSON Schema v1 (`~standard.jsonSchema`):
 * what `toProviderSchema` and `standardSchemaToJsonSchema` read. Validation is not needed there.
 */
export type StandardJSONSchemaSource = StandardJSONSchemaV1

/**
 * What `standardSchema(spec)` returns: toolpipe's schema spec as a Standard Schema (vendor
 * `toolpipe`, validating with `checkArgs`) and a Standard JSON Schema (`draft-2020-12` and
 * `draft-07`), typed by `InferArgs` of the spec.
 *
 * @typeParam TArgs - `InferArgs` of the spec: both the input and the output type
 */
export interface ToolpipeStandardSchema<TArgs> extends StandardToolSchema<TArgs, TArgs> {
  readonly '~standard': StandardSchemaV1.Props<TArgs, TArgs> &
    StandardJSONSchemaV1.Props<TArgs, TArgs> & { readonly vendor: 'toolpipe' }
}
