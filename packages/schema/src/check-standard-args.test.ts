import { toStandardJsonSchema } from '@valibot/to-json-schema'
import { type } from 'arktype'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { checkArgs } from './check-args.js'
import { checkStandardArgs } from './check-standard-args.js'
import { standardSchema } from './standard-schema.js'
import { fake, settled } from './__fixtures__/standard.js'

/** SPEC §10 "In": a Standard Schema's own `validate`, its issues as `ArgIssue`s. */

/** The same tool arguments in the three libraries: a path, an optional limit, a length transform. */
const libraries = {
  zod: z.object({
    path: z.string(),
    limit: z.number().int().min(1).optional(),
    edits: z.array(z.object({ line: z.number().int() })).optional(),
    title: z.string().transform((text) => text.length),
  }),
  valibot: toStandardJsonSchema(
    v.object({
      path: v.string(),
      limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
      edits: v.optional(v.array(v.object({ line: v.pipe(v.number(), v.integer()) }))),
      title: v.pipe(
        v.string(),
        v.transform((text) => text.length),
      ),
    }),
  ),
  arktype: type({
    path: 'string',
    'limit?': 'number.integer >= 1',
    'edits?': type({ line: 'number.integer' }).array(),
    title: type('string').pipe((text) => text.length),
  }),
}

describe.each(Object.entries(libraries))('checkStandardArgs with %s', (vendor, schema) => {
  it('returns the output, transforms applied, synchronously', () => {
    const result = settled(checkStandardArgs(schema, { path: 'a.ts', title: 'hello' }))
    expect(result).toEqual({ value: { path: 'a.ts', title: 5 } })
  })

  it('maps each issue to an invalid ArgIssue: path converted, message naming the place', () => {
    const result = settled(
      checkStandardArgs(schema, { path: 7, title: 'x', edits: [{ line: 1 }, { line: 'two' }] }),
    )
    expect(result.issues).toBeDefined()
    const issues = result.issues ?? []
    const byPath = new Map(issues.map((issue) => [JSON.stringify(issue.path), issue]))
    const path = byPath.get('["path"]')
    const line = byPath.get('["edits",1,"line"]')
    expect(path).toMatchObject({ code: 'invalid', path: ['path'], vendor })
    expect(line).toMatchObject({ code: 'invalid', path: ['edits', 1, 'line'], vendor })
    for (const [issue, place] of [
      [path, '"path"'],
      [line, '"edits[1].line"'],
    ] as const) {
      if (issue?.code !== 'invalid') throw new Error('expected invalid issues')
      expect(issue.message).toBe(`${place}: ${issue.reason}`)
      expect(issue.reason.length).toBeGreaterThan(0)
    }
  })

  it('says "missing required property" where a required member is missing, as checkArgs does, the library words kept as the reason', () => {
    const issues = settled(checkStandardArgs(schema, { title: 'x', edits: [{}] })).issues ?? []
    const byPath = new Map(issues.map((issue) => [JSON.stringify(issue.path), issue]))
    expect(byPath.get('["path"]')).toMatchObject({
      code: 'invalid',
      vendor,
      message: 'missing required property "path"',
      reason: expect.stringMatching(/.+/) as unknown,
    })
    expect(byPath.get('["edits",0,"line"]')).toMatchObject({
      message: 'missing required property "edits[0].line"',
    })
    // The same words as toolpipe's own check of the same arguments.
    expect(checkArgs({ path: { type: 'string', required: true } }, {})[0]?.message).toBe(
      'missing required property "path"',
    )
  })

  it('gives the library words alone for the root', () => {
    const issues = settled(checkStandardArgs(schema, 'not an object')).issues ?? []
    expect(issues).toHaveLength(1)
    const [issue] = issues
    if (issue?.code !== 'invalid') throw new Error('expected an invalid issue')
    expect(issue.path).toEqual([])
    expect(issue.message).toBe(issue.reason)
  })
})

describe('checkStandardArgs, async and toolpipe schemas', () => {
  it('returns a promise for an async validate (zod with an async refinement)', async () => {
    const schema = z.object({ path: z.string().refine(async (path) => path.endsWith('.ts')) })
    const passing = checkStandardArgs(schema, { path: 'a.ts' })
    expect(passing).toBeInstanceOf(Promise)
    expect(await passing).toEqual({ value: { path: 'a.ts' } })
    const failing = await checkStandardArgs(schema, { path: 'a.js' })
    expect(failing.issues).toMatchObject([{ code: 'invalid', path: ['path'], vendor: 'zod' }])
  })

  it('returns a promise for valibot async schemas', async () => {
    // Bare valibot: validation alone needs no JSON Schema side.
    const schema = v.objectAsync({
      path: v.pipeAsync(
        v.string(),
        v.checkAsync(async () => false, 'no'),
      ),
    })
    const result = await checkStandardArgs(schema, { path: 'a' })
    expect(result.issues).toEqual([
      { code: 'invalid', path: ['path'], message: '"path": no', reason: 'no', vendor: 'valibot' },
    ])
  })

  it('keeps the issues of standardSchema(spec) whole, codes and all', () => {
    const spec = { path: { type: 'string', required: true } } as const
    const args = { path: 3 }
    expect(settled(checkStandardArgs(standardSchema(spec), args))).toEqual({
      issues: checkArgs(spec, args),
    })
  })

  it('does not name the place twice when the message already does', () => {
    const schema = fake(() => ({ issues: [{ message: '"a.b" is wrong', path: ['a', 'b'] }] }))
    expect(settled(checkStandardArgs(schema, {})).issues).toEqual([
      {
        code: 'invalid',
        path: ['a', 'b'],
        message: '"a.b" is wrong',
        reason: '"a.b" is wrong',
        vendor: 'acme',
      },
    ])
  })

  it('quotes odd keys the way every toolpipe message does', () => {
    const schema = fake(() => ({
      issues: [{ message: 'bad', path: [{ key: 'odd key' }, { key: 0 }, '__proto__'] }],
    }))
    expect(settled(checkStandardArgs(schema, {})).issues?.[0]?.message).toBe(
      '"["odd key"][0].__proto__": bad',
    )
  })
})

describe('checkStandardArgs: a missing member in toolpipe words, only where it is one', () => {
  it('valibot: "Invalid key: Expected "text" but received undefined" becomes missing required property "text"', () => {
    const result = settled(checkStandardArgs(v.object({ text: v.string() }), {}))
    expect(result.issues).toEqual([
      {
        code: 'invalid',
        path: ['text'],
        message: 'missing required property "text"',
        reason: 'Invalid key: Expected "text" but received undefined',
        vendor: 'valibot',
      },
    ])
  })

  it('a member that is there with the wrong type keeps the library words', () => {
    const result = settled(checkStandardArgs(v.object({ text: v.string() }), { text: 1 }))
    expect(result.issues?.[0]?.message).toBe('"text": Invalid type: Expected string but received 1')
  })

  it('a refinement that points at a member left out keeps its words (zod refine with a path)', () => {
    const schema = z
      .object({ password: z.string(), confirm: z.string().optional() })
      .refine((value) => value.confirm === value.password, {
        path: ['confirm'],
        error: 'the passwords differ',
      })
    expect(settled(checkStandardArgs(schema, { password: 'a' })).issues?.[0]?.message).toBe(
      '"confirm": the passwords differ',
    )
  })

  it("another library's issue keeps its words even at a missing member", () => {
    const schema = fake(() => ({ issues: [{ message: 'nope', path: ['text'] }] }))
    expect(settled(checkStandardArgs(schema, {})).issues?.[0]?.message).toBe('"text": nope')
  })

  it('only a missing object member: an array index past the end, or a parent that is not there, keeps the words', () => {
    const at = (path: unknown[], input: unknown) =>
      settled(
        checkStandardArgs(
          fake(() => ({ issues: [{ message: 'm', path, code: 'invalid_type' }] }), 'zod'),
          input,
        ),
      ).issues?.[0]?.message
    expect(at([3], [])).toBe('"[3]": m')
    expect(at(['list', 3], { list: [] })).toBe('"list[3]": m')
    expect(at(['a', 'b'], {})).toBe('"a.b": m')
    expect(at(['a', 'b'], { a: 'text' })).toBe('"a.b": m')
    expect(at(['a', 'b'], { a: {} })).toBe('missing required property "a.b"')
    expect(at([], {})).toBe('m')
  })

  it('an issue or an input that cannot be read keeps the words, and never throws', () => {
    const issue = {
      message: 'm',
      path: ['text'],
      get code(): never {
        throw new Error('no code')
      },
    }
    expect(
      settled(
        checkStandardArgs(
          fake(() => ({ issues: [issue] })),
          {},
        ),
      ).issues?.[0],
    ).toEqual(expect.objectContaining({ message: '"text": m' }))
    const revoked = Proxy.revocable({}, {})
    revoked.revoke()
    const zodLike = fake(
      () => ({ issues: [{ message: 'm', path: ['text'], code: 'invalid_type' }] }),
      'zod',
    )
    expect(settled(checkStandardArgs(zodLike, revoked.proxy)).issues?.[0]?.message).toBe(
      '"text": m',
    )
  })
})
