export type {
  ArgIssue,
  InvalidEnumIssue,
  InvalidTypeIssue,
  MissingIssue,
  NotObjectIssue,
  ReceivedKind,
  SparseArrayIssue,
  TooManyIssuesIssue,
} from './arg-issue.js'
export { assertValidSchemaSpec } from './assert-valid-schema-spec.js'
export { checkArgs } from './check-args.js'
export type { InferArgs, InferPropValue } from './infer-args.js'
export type { JsonSchemaObject, JsonSchemaProperty } from './json-schema-object.js'
export { SchemaSpecError } from './schema-spec-error.js'
export type { SchemaSpecMistake } from './schema-spec-error.js'
export { schemaSpecToJsonSchema } from './schema-spec-to-json-schema.js'
export type { SchemaProp, SchemaSpec, SchemaType } from './schema-spec.js'
export { ToolArgsError } from './tool-args-error.js'
export { validateArgs } from './validate-args.js'
