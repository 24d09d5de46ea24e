import type { Validator } from '@toolpipe/structured-output/internal'
import type { ArgIssue } from '../arg-issue.js'
import { ArgIssueWording } from './arg-issue-wording.js'
import type { CompiledSpec } from './compiled-prop.js'
import { fusedWalkOf } from './fused-walk.js'

/**
 * The failure path of `checkArgs` and `validateArgs`: the engine walks the arguments along the
 * spec and reports every issue, in declaration order, depth first (at most 100, then
 * `too_many_issues`); they are worded here for the model. Where the spec has a walk of its own
 * (fused-walk.ts), that walk answers first, in one pass, whenever it can. Never throws.
 */
export function collectArgIssues(compiled: CompiledSpec, args: unknown): ArgIssue[] {
  let fused = compiled.fused
  // Stryker disable next-line ConditionalExpression: the walk written again each time is the same walk
  if (fused === undefined) fused = compiled.fused = fusedWalkOf(compiled.validator.node) ?? null
  const issues = fused === null ? undefined : fused(args)
  return issues ?? generalArgIssues(compiled, args)
}

/** The general failure path: the engine's issue walk, then the wording. */
export function generalArgIssues(compiled: CompiledSpec, args: unknown): ArgIssue[] {
  return compiled.wording.word(compiled.validator.collect(args), 'arguments')
}

/** Checks a whole value against a compiled prop: a spec's `default`, whose root is `the value`. */
export function collectValueIssues(validator: Validator, value: unknown): ArgIssue[] {
  // Stryker disable next-line StringLiteral: the wording asks only whether the root is 'arguments'; any other word is a plain value
  return new ArgIssueWording().word(validator.collect(value), 'value')
}
