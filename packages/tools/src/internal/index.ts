// `@toolpipe/tools/internal`: what the toolpipe adapters share about reading a registry. Not
// covered by semver: it changes with the packages using it.
export { readOnDialectIssue, readToolSource } from './tool-source.js'
export { readAdapterSource } from './read-adapter-source.js'
export { readToolSession, sessionSource } from './session-source.js'
export type { ToolSource } from './tool-source.js'
export { ruleViewOf, visibleRuleView } from './rule-view.js'
export type { RuleView } from './rule-view.js'
export { failureResult } from './error-result.js'
