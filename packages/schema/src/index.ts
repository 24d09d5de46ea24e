export type { ArgIssue, ReceivedKind } from './arg-issue.js'
export { assertStandardToolSchema } from './assert-standard-tool-schema.js'
export { assertValidSchemaSpec } from './assert-valid-schema-spec.js'
export { checkArgs } from './check-args.js'
export { checkStandardArgs } from './check-standard-args.js'
export type { StandardArgsResult } from './check-standard-args.js'
export { dialects, isDialect } from './dialect.js'
export type { Dialect } from './dialect.js'
export type { DialectIssue, ProviderSchemaResult } from './dialect-issue.js'
export type { InferArgs, InferPropValue } from './infer-args.js'
export { isStandardSchema } from './is-standard-schema.js'
export type {
  JsonSchemaObject,
  JsonSchemaProperty,
  ProviderJsonSchema,
  ProviderJsonSchemaProperty,
} from './json-schema-object.js'
export { normalizeArgs } from './normalize-args.js'
export { normalizeJsonSchemaArgs } from './normalize-json-schema-args.js'
export { SchemaSpecError } from './schema-spec-error.js'
export type { SchemaSpecMistake } from './schema-spec-error.js'
export { schemaSpecToJsonSchema } from './schema-spec-to-json-schema.js'
export type {
  AnyOfProp,
  ArrayProp,
  BooleanProp,
  NumberProp,
  ObjectProp,
  SchemaProp,
  SchemaSpec,
  SchemaType,
  StringProp,
} from './schema-spec.js'
export { standardSchema } from './standard-schema.js'
export { StandardSchemaError } from './standard-schema-error.js'
export type { StandardSchemaErrorCode } from './standard-schema-error.js'
export { standardSchemaToJsonSchema } from './standard-schema-to-json-schema.js'
export type {
  StandardJSONSchemaSource,
  StandardToolSchema,
  ToolpipeStandardSchema,
} from './standard-tool-schema.js'
export { jsonSchemaToProviderSchema, toProviderSchema } from './to-provider-schema.js'
export { ToolArgsError } from './tool-args-error.js'
export { validateArgs } from './validate-args.js'
