export { assertSupportedOutputSchema } from './assert-supported-output-schema.js'
export type { InferStructured } from './infer-structured.js'
export { OutputSchemaError } from './output-schema-error.js'
export type { StructuredIssue, StructuredIssuePath } from './structured-issue.js'
export type {
  StructuredAnyOfNode,
  StructuredNodeType,
  StructuredOutputSchema,
  StructuredScalar,
  StructuredSchemaNode,
  StructuredSchemaType,
  StructuredSubschema,
} from './structured-schema.js'
export { validateStructuredValue } from './validate-structured-value.js'
