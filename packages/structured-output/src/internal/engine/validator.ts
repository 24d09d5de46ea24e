import type { NodeDefinition } from '../node-definition.js'
import { buildCheck, mayBeContainer } from './build-check.js'
import { ChildWalks } from './collect-child.js'
import { generateBackEnd } from './generated-back-end.js'
import { canGenerateCode } from './generated-test.js'
import { appendIssue, issueLimit, issuesOf, startRun } from './issue-run.js'
import type { Dialect } from './node-check.js'
import type { RawIssue } from './raw-issue.js'

/**
 * A compiled schema node: the one validation engine of toolpipe. `validateStructuredValue` and
 * `@toolpipe/schema`'s `checkArgs` both run one; they differ only in their {@link Dialect} and
 * in how they word the issues.
 */
export interface Validator {
  /** The node the validator was compiled from. */
  readonly node: NodeDefinition
  /**
   * Whether `value` is valid: the fast path. Never throws, stops at the first problem, and
   * allocates nothing in the `args` dialect (the `json` dialect allocates one small array when
   * the schema nests containers, for cycle detection).
   */
  isValid(value: unknown): boolean
  /**
   * Every issue of `value`, at most 100 of them and then a `too_many_issues` one (the walk
   * stops there). Never throws: hostile values (throwing getters, Proxies, cycles, sparse arrays)
   * are issues. `[]` when the value is valid.
   */
  collect(value: unknown): RawIssue[]
}

/**
 * How the fast test runs: `generated`, as JavaScript written for the schema and compiled with
 * `new Function` (generated-test.ts); `closures`, as the fixed functions of build-check.ts, which
 * need no code generation (a Content Security Policy without `'unsafe-eval'`). Both give the same
 * answers. The issue walk is the closures', but for the root object of the arguments dialect,
 * whose walk the generated back end writes too (generated-collect.ts): the same issues.
 */
export type BackEnd = 'generated' | 'closures'

/** The back end validators get: `generated` wherever `new Function` works (asked once). */
export function defaultBackEnd(): BackEnd {
  return canGenerateCode() ? 'generated' : 'closures'
}

/** Compiles `node` (already read and checked) into a {@link Validator}. */
export function createValidator(
  node: NodeDefinition,
  dialect: Dialect,
  backEnd: BackEnd = defaultBackEnd(),
): Validator {
  const childWalks = new ChildWalks()
  const check = buildCheck(node, { dialect, depth: 0, childWalks })
  const generated =
    backEnd === 'generated' ? generateBackEnd(node, dialect, check, childWalks.objects) : undefined
  // The walk tries a child's test before walking it: the generated one, where there is one.
  if (generated !== undefined) childWalks.replace(generated.testOf, generated.walkOf)
  const test = generated?.test ?? check.test
  const collect = generated?.collect ?? check.collect
  // The cycle stack holds one container per level that has containers below it.
  const stackSize = dialect === 'json' && hasContainerChild(node) ? containerDepth(node) : 0
  // Frozen: a test that wrongly wrote to it would throw (and count as "not proven valid").
  const noStack: unknown[] = Object.freeze([]) as unknown as unknown[]
  return {
    node,
    isValid:
      stackSize === 0
        ? (value) => {
            try {
              return test(value, noStack)
            } catch {
              // A hostile value: the issue walk says what is wrong with it.
              return false
            }
          }
        : (value) => {
            try {
              // Allocated at its final size: a growing array would reallocate on its first store.
              return test(value, new Array<unknown>(stackSize))
            } catch {
              return false
            }
          },
    collect(value) {
      const run = startRun()
      collect(value, run)
      if (run.budget.exhausted) {
        appendIssue(run, { code: 'too_many_issues', path: [], limit: issueLimit })
      }
      return issuesOf(run)
    },
  }
}

/** How many containers deep a schema's values can nest. */
function containerDepth(node: NodeDefinition): number {
  if (node.kind === 'anyOf') return Math.max(0, ...node.anyOf.map(containerDepth))
  if (node.type === 'object') {
    return 1 + Math.max(0, ...node.properties.map((property) => containerDepth(property.node)))
  }
  if (node.type === 'array') return 1 + (node.items === undefined ? 0 : containerDepth(node.items))
  return 0
}

function hasContainerChild(node: NodeDefinition): boolean {
  if (node.kind === 'anyOf') return node.anyOf.some(hasContainerChild)
  if (node.type === 'object')
    return node.properties.some((property) => mayBeContainer(property.node))
  return node.type === 'array' && node.items !== undefined && mayBeContainer(node.items)
}
