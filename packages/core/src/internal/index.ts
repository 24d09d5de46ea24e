// `@toolpipe/core/internal`: plumbing the toolpipe packages share so that every message and every
// plain-data check reads the same. Not covered by semver: it changes with the packages using it.
export { describeType, describeValue, quoteString } from './describe-value.js'
export { isPlainArrayPrototype, isPlainObjectPrototype } from './plain-prototype.js'
export { quoteJsonPath } from './quote-json-path.js'
