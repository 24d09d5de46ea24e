import type { StandardSchemaV1 } from '@standard-schema/spec'
import { describe, expect, it } from 'vitest'
import { checkStandardArgs } from './check-standard-args.js'
import type { StandardArgsResult } from './check-standard-args.js'
import { settled, throwing, thrown, trap } from './__fixtures__/standard.js'

/**
 * SPEC §10: how a Standard Schema is read (`~standard`, its `validate`, its `jsonSchema.input`)
 * and how what its `validate` returned is read: each refusal's exact code, message and cause,
 * since the message is what the integrator sees when a schema library misbehaves.
 */

/** A Standard Schema of vendor `vendor` whose `validate` is `validate`. */
function fake(validate: (value: unknown) => unknown, vendor = 'acme'): StandardSchemaV1 {
  return { '~standard': { version: 1, vendor, validate } } as StandardSchemaV1
}

describe('reading what validate returned', () => {
  const result = (value: unknown, vendor?: string): StandardArgsResult<unknown> =>
    settled(
      checkStandardArgs(
        fake(() => value, vendor),
        {},
      ),
    )

  it('a result that is no Standard result: VALIDATE_FAILED, worded once', () => {
    expect(thrown(() => result(null)).message).toBe(
      "the acme schema's validate returned null; expected a Standard Schema result ({ value } or { issues })",
    )
    expect(thrown(() => result({ issues: [null] })).message).toBe(
      "the acme schema's validate returned issue 0 with the value null; expected { message: string, path?: (key | { key })[] }",
    )
    expect(thrown(() => result({ issues: [{ message: 'm', path: [null] }] })).message).toBe(
      "the acme schema's validate returned issue 0 with a path segment 0 that is null, not a JSON key or index; expected { message: string, path?: (key | { key })[] }",
    )
  })

  it('a result whose getter throws: VALIDATE_FAILED, its words and its cause', () => {
    const error = thrown(() =>
      result({
        get issues(): never {
          return throwing()
        },
      }),
    )
    expect(error).toMatchObject({
      code: 'VALIDATE_FAILED',
      message: "the acme schema's validate returned a result that could not be read: trap",
    })
    expect(error.cause).toBe(trap)
  })

  it('a path of null is no path', () => {
    expect(result({ issues: [{ message: 'bad', path: null }] })).toEqual({
      issues: [{ code: 'invalid', path: [], message: 'bad', reason: 'bad', vendor: 'acme' }],
    })
  })

  it('a message that names its place already is kept as it is', () => {
    expect(result({ issues: [{ message: '"a": bad', path: ['a'] }] })).toEqual({
      issues: [
        { code: 'invalid', path: ['a'], message: '"a": bad', reason: '"a": bad', vendor: 'acme' },
      ],
    })
  })

  it('exactly 100 issues are all listed, with no too_many_issues', () => {
    const issues = Array.from({ length: 100 }, (_, index) => ({ message: `m${index}` }))
    expect(result({ issues }).issues).toHaveLength(100)
  })

  it('a function result with a then is followed like a promise; a then that is no function is not', async () => {
    const thenable = Object.assign(() => undefined, {
      then: (resolve: (value: unknown) => void) => {
        resolve({ value: 'late' })
      },
    })
    const pending = checkStandardArgs(
      fake(() => thenable),
      {},
    )
    expect(pending).toBeInstanceOf(Promise)
    expect(await pending).toEqual({ value: 'late' })
    expect(result({ value: 1, then: 5 })).toEqual({ value: 1 })
  })

  describe("toolpipe's own issues", () => {
    const issue = { code: 'missing', path: ['a'], message: 'missing required property "a"' }

    it('are kept whole when they carry a code of their own', () => {
      expect(result({ issues: [issue] }, 'toolpipe')).toEqual({ issues: [issue] })
    })

    it('are worded like any other when their code is invalid, no string, not plain, or not JSON', () => {
      const worded = {
        code: 'invalid',
        path: ['a'],
        message: 'missing required property "a"',
        reason: 'missing required property "a"',
        vendor: 'toolpipe',
      }
      for (const odd of [
        { ...issue, code: 'invalid' },
        { ...issue, code: 7 },
        Object.assign(Object.create({ inherited: true }) as object, issue),
        { ...issue, extra: () => 1 },
      ]) {
        expect(result({ issues: [odd] }, 'toolpipe')).toEqual({ issues: [worded] })
      }
      // another vendor's issue is worded whatever its code
      expect(result({ issues: [issue] }, 'acme').issues?.[0]).toMatchObject({
        code: 'invalid',
        vendor: 'acme',
      })
    })
  })
})
