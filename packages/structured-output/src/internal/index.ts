// `@toolpipe/structured-output/internal`: the validation engine, for the other toolpipe packages
// (`@toolpipe/schema` compiles its specs into the subset and runs it). Not covered by semver: it
// changes with the packages using it.
export type { IssuePath, RawIssue } from './engine/raw-issue.js'
export { issueLimit } from './engine/issue-run.js'
export type { Dialect } from './engine/node-check.js'
export { createValidator } from './engine/validator.js'
export type { Validator } from './engine/validator.js'
export type {
  AnyOfNodeDefinition,
  NodeDefinition,
  PropertyDefinition,
  TypedNodeDefinition,
} from './node-definition.js'
export { readSchema } from './read-schema.js'
export type { ReadResult, RootRule } from './read-schema.js'
