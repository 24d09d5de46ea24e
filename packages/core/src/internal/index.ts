// `@toolpipe/core/internal`: plumbing the toolpipe packages share so that every message and every
// plain-data check reads the same. Not covered by semver: it changes with the packages using it.
export { AbortFanOut } from './abort-fan-out.js'
export { CallSequencer } from './call-sequencer.js'
export type { CallSequencerRunOptions } from './call-sequencer.js'
export { describeInstance } from './describe-instance.js'
export { describeThrown } from './describe-thrown.js'
export { describeType, describeValue, quoteString } from './describe-value.js'
export { formatJsonPath } from './format-json-path.js'
export { isPlainArray } from './is-plain-array.js'
export { joinFirstSentences, listValues, mostListedValues } from './list-values.js'
export { isPlainObject } from './is-plain-object.js'
export { isPlainArrayPrototype, isPlainObjectPrototype } from './plain-prototype.js'
export { quoteJsonPath } from './quote-json-path.js'
