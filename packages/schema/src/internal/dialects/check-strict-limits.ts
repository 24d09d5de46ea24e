import type { Conversion } from './conversion.js'
import { strictLimits } from './dialect-rules.js'

/**
 * OpenAI strict mode's limits on a whole schema (see `strictLimits`), from the counters the walk
 * kept: each one passed is a fatal issue at the root.
 */
export function checkStrictLimits(conversion: Conversion): void {
  const fatal = (keyword: string, message: string): void => {
    conversion.issues.push({ path: 'parameters', keyword, message, fatal: true })
  }
  if (conversion.properties > strictLimits.properties) {
    fatal(
      'properties',
      `${conversion.properties} object properties in all is past OpenAI strict mode's limit of ${strictLimits.properties}`,
    )
  }
  if (conversion.deepest > strictLimits.nesting) {
    fatal(
      'properties',
      `${conversion.deepest} levels of nested objects and arrays is past OpenAI strict mode's limit of ${strictLimits.nesting}`,
    )
  }
  if (conversion.stringLength > strictLimits.stringLength) {
    fatal(
      'enum',
      `${conversion.stringLength} characters of property names, enum and const values is past OpenAI strict mode's limit of ${strictLimits.stringLength}`,
    )
  }
  if (conversion.enumValues > strictLimits.enumValues) {
    fatal(
      'enum',
      `${conversion.enumValues} enum values in all is past OpenAI strict mode's limit of ${strictLimits.enumValues}`,
    )
  }
}
