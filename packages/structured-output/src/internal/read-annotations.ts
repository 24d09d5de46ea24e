import { describeType, isPlainArray } from '@toolpipe/core/internal'
import { jsonDataProblem } from './json-data-problem.js'
import type { Keywords, Violation } from './read-keywords.js'

/** Checks the annotations: `description` and `title` strings, `default` and `examples` JSON data. */
export function readAnnotations(keywords: Keywords, violation: Violation): void {
  for (const keyword of ['description', 'title']) {
    if (keywords.has(keyword) && typeof keywords.get(keyword) !== 'string') {
      violation(`"${keyword}" must be a string, got ${describeType(keywords.get(keyword))}`)
    }
  }
  if (keywords.has('default')) jsonProblem('default', keywords.get('default'), violation)
  if (keywords.has('examples')) {
    const examples = keywords.get('examples')
    if (isPlainArray(examples)) jsonProblem('examples', examples, violation)
    else violation(`"examples" must be an array of JSON values, got ${describeType(examples)}`)
  }
}

function jsonProblem(keyword: string, value: unknown, violation: Violation): void {
  const problem = jsonDataProblem(value)
  if (problem !== undefined) violation(`"${keyword}" must be JSON data: ${problem}`)
}
