// `@toolpipe/structured-output/internal`: the validation engine, for the other toolpipe packages
// (`@toolpipe/schema` compiles its specs into the subset and runs it), and what both word and
// check alike: the words of bound and union issues, the bounds no number satisfies, where the
// scalar keywords belong. Not covered by semver: it changes with the packages using it.
export type { IssuePath, RawIssue } from './engine/raw-issue.js'
export { issueLimit } from './engine/issue-run.js'
export type { Dialect } from './engine/node-check.js'
export { createValidator, defaultBackEnd } from './engine/validator.js'
export { namedListing, namedReads } from './engine/generated-named.js'
export { typeCheck } from './engine/generated-test.js'
export type { NamedListing } from './engine/generated-named.js'
export type { BackEnd, Validator } from './engine/validator.js'
export type {
  AnyOfNodeDefinition,
  NodeDefinition,
  PropertyDefinition,
  TypedNodeDefinition,
} from './node-definition.js'
export { isLimitIssue, wordLimitIssue, wordTooManyIssues } from './limit-issue-words.js'
export type { LimitIssue, LimitRawIssue } from './limit-issue-words.js'
export { readSchema } from './read-schema.js'
export type { ReadResult, RootRule } from './read-schema.js'
export { unionMessage } from './union-issue-words.js'
export { mostShownSegments, quotePlace, shownKey } from './quote-place.js'
export type { UnionWords, WordedIssue } from './union-issue-words.js'
export { boundConflicts } from './number-bounds.js'
export type { BoundConflict, NumberBounds } from './number-bounds.js'
export { scalarPlacements } from './scalar-placements.js'
