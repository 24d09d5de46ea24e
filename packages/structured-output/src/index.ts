export { assertSupportedOutputSchema } from './assert-supported-output-schema.js'
export type { InferStructured } from './infer-structured.js'
export { OutputSchemaError } from './output-schema-error.js'
export type {
  StructuredConstIssue,
  StructuredEnumIssue,
  StructuredIssue,
  StructuredIssuePath,
  StructuredMissingIssue,
  StructuredNotJsonIssue,
  StructuredTypeIssue,
  StructuredUnknownPropertyIssue,
} from './structured-issue.js'
export type {
  StructuredOutputSchema,
  StructuredScalar,
  StructuredSchemaNode,
  StructuredSchemaType,
} from './structured-schema.js'
export { validateStructuredValue } from './validate-structured-value.js'
