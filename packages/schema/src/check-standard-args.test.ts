import { toStandardJsonSchema } from '@valibot/to-json-schema'
import { type } from 'arktype'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { checkArgs } from './check-args.js'
import { checkStandardArgs } from './check-standard-args.js'
import { standardSchema } from './standard-schema.js'
import { ToolArgsError } from './tool-args-error.js'
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

  it('maps each issue to an invalid ArgIssue: path converted, message as given; ToolArgsError names the place', () => {
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
      expect(issue.message).toBe(issue.reason)
      expect(issue.reason.length).toBeGreaterThan(0)
      expect(new ToolArgsError(issues).message).toContain(`${place}: ${issue.reason}`)
    }
  })

  it('keeps the library words where a required member is missing (SPEC §10: message as given)', () => {
    const issues = settled(checkStandardArgs(schema, { title: 'x', edits: [{}] })).issues ?? []
    const byPath = new Map(issues.map((issue) => [JSON.stringify(issue.path), issue]))
    const path = byPath.get('["path"]')
    const line = byPath.get('["edits",0,"line"]')
    if (path?.code !== 'invalid' || line?.code !== 'invalid') throw new Error('expected issues')
    expect(path).toMatchObject({ vendor, message: path.reason })
    expect(path.message).not.toContain('missing required property')
    expect(line.message).toBe(line.reason)
    const { message } = new ToolArgsError(issues)
    expect(message).toContain(`"path": ${path.reason}`)
    expect(message).toContain(`"edits[0].line": ${line.reason}`)
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
      { code: 'invalid', path: ['path'], message: 'no', reason: 'no', vendor: 'valibot' },
    ])
  })

  it('keeps the issues of standardSchema(spec) whole, codes and all', () => {
    const spec = { path: { type: 'string', required: true } } as const
    const args = { path: 3 }
    expect(settled(checkStandardArgs(standardSchema(spec), args))).toEqual({
      issues: checkArgs(spec, args),
    })
  })

  it('ToolArgsError does not name the place twice when the message already does', () => {
    const schema = fake(() => ({ issues: [{ message: '"a.b" is wrong', path: ['a', 'b'] }] }))
    const issues = settled(checkStandardArgs(schema, {})).issues ?? []
    expect(issues).toEqual([
      {
        code: 'invalid',
        path: ['a', 'b'],
        message: '"a.b" is wrong',
        reason: '"a.b" is wrong',
        vendor: 'acme',
      },
    ])
    expect(new ToolArgsError(issues).message).toBe('invalid arguments: "a.b" is wrong')
  })

  it('ToolArgsError quotes odd keys the way every toolpipe message does', () => {
    const schema = fake(() => ({
      issues: [{ message: 'bad', path: [{ key: 'odd key' }, { key: 0 }, '__proto__'] }],
    }))
    const issues = settled(checkStandardArgs(schema, {})).issues ?? []
    expect(issues[0]?.message).toBe('bad')
    expect(new ToolArgsError(issues).message).toBe(
      'invalid arguments: "["odd key"][0].__proto__": bad',
    )
  })
})

describe('checkStandardArgs: the library words as given, the place in ToolArgsError (SPEC §10)', () => {
  /** The issues, and the message a ToolArgsError made of them gives the model. */
  const read = (schema: Parameters<typeof checkStandardArgs>[0], input: unknown) => {
    const issues = settled(checkStandardArgs(schema, input)).issues ?? []
    return { issues, error: new ToolArgsError(issues).message }
  }

  it('valibot: "Invalid key: Expected "text" but received undefined" stays as it is', () => {
    const { issues, error } = read(v.object({ text: v.string() }), {})
    expect(issues).toEqual([
      {
        code: 'invalid',
        path: ['text'],
        message: 'Invalid key: Expected "text" but received undefined',
        reason: 'Invalid key: Expected "text" but received undefined',
        vendor: 'valibot',
      },
    ])
    expect(error).toBe(
      'invalid arguments: "text": Invalid key: Expected "text" but received undefined',
    )
  })

  it('zod: a missing member keeps zod\'s words (before: missing required property "text")', () => {
    const { issues, error } = read(z.object({ path: z.string(), text: z.string() }), { path: 42 })
    expect(issues.map((issue) => issue.message)).toEqual([
      'Invalid input: expected string, received number',
      'Invalid input: expected string, received undefined',
    ])
    expect(error).toBe(
      'invalid arguments: "path": Invalid input: expected string, received number; "text": Invalid input: expected string, received undefined',
    )
  })

  it('a member that is there with the wrong type keeps the library words', () => {
    const { issues, error } = read(v.object({ text: v.string() }), { text: 1 })
    expect(issues[0]?.message).toBe('Invalid type: Expected string but received 1')
    expect(error).toBe('invalid arguments: "text": Invalid type: Expected string but received 1')
  })

  it('a refinement that points at a member left out keeps its words (zod refine with a path)', () => {
    const schema = z
      .object({ password: z.string(), confirm: z.string().optional() })
      .refine((value) => value.confirm === value.password, {
        path: ['confirm'],
        error: 'the passwords differ',
      })
    const { issues, error } = read(schema, { password: 'a' })
    expect(issues[0]?.message).toBe('the passwords differ')
    expect(error).toBe('invalid arguments: "confirm": the passwords differ')
  })

  it('names each place as every message does: indexes, nesting, and the root by the words alone', () => {
    const at = (path: unknown[]) =>
      read(
        fake(() => ({ issues: [{ message: 'm', path, code: 'invalid_type' }] }), 'zod'),
        {},
      )
    for (const [path, error] of [
      [[3], '"[3]": m'],
      [['list', 3], '"list[3]": m'],
      [['a', 'b'], '"a.b": m'],
      [[], 'm'],
    ] as const) {
      const { issues, error: message } = at([...path])
      expect(issues[0]?.message).toBe('m')
      expect(message).toBe(`invalid arguments: ${error}`)
    }
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
      read(
        fake(() => ({ issues: [issue] })),
        {},
      ).issues[0],
    ).toEqual(expect.objectContaining({ message: 'm' }))
    const revoked = Proxy.revocable({}, {})
    revoked.revoke()
    const zodLike = fake(
      () => ({ issues: [{ message: 'm', path: ['text'], code: 'invalid_type' }] }),
      'zod',
    )
    expect(read(zodLike, revoked.proxy).error).toBe('invalid arguments: "text": m')
  })
})
