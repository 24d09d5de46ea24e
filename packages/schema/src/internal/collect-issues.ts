import type { Validator } from '@toolpipe/structured-output/internal'
import type { ArgIssue } from '../arg-issue.js'
import { ArgIssueWording } from './arg-issue-wording.js'
import type { CompiledSpec } from './compiled-prop.js'

/**
 * The failure path of `checkArgs` and `validateArgs`: the engine walks the arguments along the
 * spec and reports every issue, in declaration order, depth first (at most 100, then
 * `too_many_issues`); they are worded here for the model. Never throws.
 */
export function collectArgIssues(compiled: CompiledSpec, args: unknown): ArgIssue[] {
  return compiled.wording.word(compiled.validator.collect(args), 'arguments')
}

/** Checks a whole value against a compiled prop: a spec's `default`, whose root is `the value`. */
export function collectValueIssues(validator: Validator, value: unknown): ArgIssue[] {
  // Stryker disable next-line StringLiteral: the wording asks only whether the root is 'arguments'; any other word is a plain value
  return new ArgIssueWording().word(validator.collect(value), 'value')
}
