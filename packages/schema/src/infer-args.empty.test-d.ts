import { describe, expectTypeOf, it } from 'vitest'
import type { InferArgs, InferPropValue } from './infer-args.js'
import { defineTool } from './__fixtures__/define-tool-like.js'

// SPEC §3: InferArgs gives "the inferred nested object" of an object's properties, and the top
// level must be a non-null, non-array object. A spec without properties once gave `{}`, the
// type every value but null and undefined satisfies (`7`, `'a string'`); it is now
// `Record<string, unknown>`, an object with no known members (extra keys are allowed, SPEC §3),
// as an object prop without `properties` already gave.

describe('InferArgs of a spec without properties is an object type (SPEC §3)', () => {
  it('InferArgs<{}> is Record<string, unknown>, and 7 does not satisfy it', () => {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the empty spec itself
    type Empty = InferArgs<{}>
    expectTypeOf<Empty>().toEqualTypeOf<Record<string, unknown>>()
    expectTypeOf<7>().not.toExtend<Empty>()
    expectTypeOf<'a string'>().not.toExtend<Empty>()
    expectTypeOf<unknown[]>().not.toExtend<Empty>()
    // @ts-expect-error: a number is not arguments
    const seven: Empty = 7
    // @ts-expect-error: nor is a string
    const text: Empty = 'a string'
    const none: Empty = {}
    const extra: Empty = { anything: 1 }
    expectTypeOf([seven, text, none, extra]).toBeArray()
  })

  it('an object prop with properties: {} infers as one without properties does', () => {
    const options = { type: 'object', properties: {} } as const
    const nullable = { type: 'object', nullable: true, properties: {} } as const
    const spec = { o: options } as const
    type Options = InferPropValue<typeof options>
    expectTypeOf<Options>().toEqualTypeOf<Record<string, unknown>>()
    expectTypeOf<Options>().toEqualTypeOf<InferPropValue<{ type: 'object' }>>()
    expectTypeOf<InferPropValue<typeof nullable>>().toEqualTypeOf<Record<string, unknown> | null>()
    // @ts-expect-error: 42 is not an object
    const wrong: InferArgs<typeof spec> = { o: 42 }
    expectTypeOf(wrong).toEqualTypeOf<{ o?: Record<string, unknown> }>()
    expectTypeOf([options, nullable, spec]).toBeArray()
  })

  it('a tool with no parameters gets an object of arguments', () => {
    defineTool({
      name: 'now',
      parameters: {},
      execute(args) {
        expectTypeOf(args).toEqualTypeOf<Record<string, unknown>>()
        expectTypeOf(args).not.toBeAny()
        return Promise.resolve('')
      },
    })
  })

  it('a spec with members is unchanged', () => {
    expectTypeOf<InferArgs<{ a: { type: 'string' } }>>().toEqualTypeOf<{ a?: string }>()
    expectTypeOf<InferArgs<{ a: { type: 'string'; required: true } }>>().toEqualTypeOf<{
      a: string
    }>()
  })
})
