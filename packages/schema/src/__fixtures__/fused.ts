import fc from 'fast-check'
import type { ArgIssue } from '../arg-issue.js'
import { checkArgs } from '../check-args.js'
import { generalArgIssues } from '../internal/collect-issues.js'
import { compiledSpec } from '../internal/compile-spec.js'
import { fusedWalkOf } from '../internal/fused-walk.js'
import type { SchemaSpec } from '../schema-spec.js'
import { keyArbitrary, wordArbitrary } from './spec-arbitraries.js'

/** Whether this process refuses code generation: the CSP run (vitest.csp.config.ts). */
export const codeRefused = process.execArgv.includes('--disallow-code-generation-from-strings')

/** What each failure path says about `value`, and what `checkArgs` gives. */
export interface Answers {
  /** The engine's walk and the wording: the reference. */
  readonly general: ArgIssue[]
  /** The spec's fused walk: undefined when it gave up, or when the spec has none. */
  readonly fused: ArgIssue[] | undefined
  readonly checked: ArgIssue[]
  /** Whether the spec has a fused walk at all. */
  readonly written: boolean
}

/** Runs both failure paths on `value` (which the fast test must refuse for `fused` to count). */
export function answers(spec: SchemaSpec, value: unknown): Answers {
  const compiled = compiledSpec(spec)
  const walk = fusedWalkOf(compiled.validator.node)
  return {
    general: generalArgIssues(compiled, value),
    fused: walk?.(value),
    checked: checkArgs(spec, value),
    written: walk !== undefined,
  }
}

const edit = {
  type: 'object',
  properties: {
    path: { type: 'string', required: true },
    old_text: { type: 'string', required: true },
    count: { type: 'integer', nullable: true },
    mode: { type: 'string', enum: ['a', 'b'] },
  },
} as const

/**
 * An `edit_files`-like spec of every shape the fused walk writes: an array of objects of scalars
 * (nullable, enum), an array of scalars, an object.
 */
export const editFiles = {
  edits: { type: 'array', required: true, items: edit },
  tags: { type: 'array', items: { type: 'number', enum: [1, 2.5] } },
  options: { type: 'object', properties: { dry: { type: 'boolean', required: true } } },
} satisfies SchemaSpec

const scalarArbitrary = fc.oneof(
  fc.record({
    type: fc.constant('string'),
    enum: fc.option(fc.uniqueArray(wordArbitrary, { minLength: 1, maxLength: 3 }), {
      nil: undefined,
    }),
  }),
  fc.record({
    type: fc.constantFrom('number', 'integer'),
    enum: fc.option(
      fc.uniqueArray(fc.integer({ min: -3, max: 3 }), { minLength: 1, maxLength: 3 }),
      {
        nil: undefined,
      },
    ),
  }),
  fc.record({ type: fc.constant('boolean') }),
)

const flags = fc.record({ required: fc.boolean(), nullable: fc.boolean() })

/**
 * Specs of the shapes the fused walk is written for: scalars with a type, `nullable` and an
 * `enum`; objects of them; arrays of scalars or objects; nested three deep.
 */
export const writtenSpecArbitrary: fc.Arbitrary<SchemaSpec> = fc.letrec<{
  prop: Record<string, unknown>
  container: Record<string, unknown>
  spec: Record<string, unknown>
}>((tie) => ({
  prop: fc.oneof(
    { depthSize: 'small', maxDepth: 3 },
    fc.tuple(scalarArbitrary, flags).map(([scalar, { required, nullable }]) =>
      withoutUndefined({
        ...scalar,
        required: trueOrLeftOut(required),
        nullable: trueOrLeftOut(nullable),
      }),
    ),
    tie('container'),
  ),
  container: fc.oneof(
    fc
      .tuple(tie('spec'), fc.boolean())
      .map(([properties, required]) =>
        withoutUndefined({ type: 'object', properties, required: trueOrLeftOut(required) }),
      ),
    fc
      .tuple(
        fc.oneof(
          scalarArbitrary,
          tie('spec').map((properties) => ({ type: 'object', properties })),
        ),
        fc.boolean(),
      )
      .map(([items, required]) =>
        withoutUndefined({
          type: 'array',
          items: withoutUndefined(items),
          required: trueOrLeftOut(required),
        }),
      ),
  ),
  spec: fc.dictionary(keyArbitrary, tie('prop'), { minKeys: 1, maxKeys: 4 }),
})).spec as fc.Arbitrary<SchemaSpec>

/** The DSL's flags are `true` or left out. */
function trueOrLeftOut(flag: boolean): true | undefined {
  return flag ? true : undefined
}

function withoutUndefined(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined))
}
