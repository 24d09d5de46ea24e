import { StandardSchemaError, ToolArgsError, checkArgs, standardSchema } from '@toolpipe/schema'
import type { StandardToolSchema } from '@toolpipe/schema'
import { toStandardJsonSchema } from '@valibot/to-json-schema'
import { type } from 'arktype'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { callInput } from '@toolpipe/call-inputs'
import { text } from './__fixtures__/tools.js'
import { defineTool } from './define-tool.js'
import { isCallOf } from './is-call-of.js'
import type { ToolExecution, ToolExecutionResult } from './tool-execution.js'
import { createToolRegistry } from './tool-registry.js'
import { ToolRegistryError } from './tool-registry-error.js'

/**
 * SPEC §10 "In" through the whole pipeline (SPEC §6.3 step 4): a Standard Schema's JSON Schema
 * is shown, its `validate` runs once per call before anyone is asked, its issues fail the call
 * with INVALID_ARGS, and the body receives its output.
 */

/** The same parameters in each library: a path, an optional limit, a title made its length. */
const libraries = {
  zod: z.object({
    path: z.string(),
    limit: z.number().int().min(1).optional(),
    title: z.string().transform((title) => title.length),
  }),
  valibot: toStandardJsonSchema(
    v.object({
      path: v.string(),
      limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
      title: v.pipe(
        v.string(),
        v.transform((title) => title.length),
      ),
    }),
  ),
  arktype: type({
    path: 'string',
    'limit?': 'number.integer >= 1',
    title: type('string').pipe((title) => title.length),
  }),
}

/** `schema`, its `validate` calls counted. */
function counted<TSchema extends StandardToolSchema>(schema: TSchema) {
  const props = schema['~standard']
  let calls = 0
  const wrapped = {
    '~standard': {
      version: 1,
      vendor: props.vendor,
      validate: (value: unknown) => {
        calls++
        return props.validate(value)
      },
      jsonSchema: props.jsonSchema,
    },
  } as unknown as TSchema
  return { schema: wrapped, calls: () => calls }
}

function errorOf(result: ToolExecutionResult) {
  expect(result.isError).toBe(true)
  const [block] = result.content
  return { ...result.error, text: block?.type === 'text' ? block.text : '' }
}

describe.each(Object.entries(libraries))('defineTool with a %s schema', (vendor, schema) => {
  it("shows the library's JSON Schema and gives the body the output, transforms applied", async () => {
    const seen: unknown[] = []
    const tool = defineTool({
      name: 'read_file',
      description: 'Read a file.',
      parameters: schema,
      async execute(args) {
        seen.push(args)
        return [text('ok')]
      },
    })
    expect(tool.parameters).toMatchObject({
      type: 'object',
      properties: { path: { type: 'string' }, limit: { type: 'integer', minimum: 1 } },
      required: ['path', 'title'],
    })
    const registry = createToolRegistry()
    registry.register(tool)
    expect(registry.schemas()[0]?.parameters).toEqual(tool.parameters)
    const result = await registry.execute(callInput('read_file', { path: 'a.ts', title: 'hello' }))
    expect(result).toEqual({ content: [text('ok')], isError: false })
    expect(seen).toEqual([{ path: 'a.ts', title: 5 }])
  })

  it('fails invalid arguments with INVALID_ARGS naming each place, before anyone is asked', async () => {
    const touched: string[] = []
    const registry = createToolRegistry()
    registry.register(
      defineTool({
        name: 'read_file',
        description: 'Read a file.',
        parameters: schema,
        async execute() {
          touched.push('body')
          return []
        },
      }),
    )
    registry.on('tools/pre-execute', () => (touched.push('policy'), { kind: 'allow' }))
    registry.guard(() => (touched.push('guard'), undefined))
    const result = await registry.execute(callInput('read_file', { path: 3, limit: 0, title: 'x' }))
    const error = errorOf(result)
    expect(error).toMatchObject({ name: 'ToolArgsError', code: 'INVALID_ARGS' })
    expect(error.text).toMatch(/^Error: invalid arguments: "path": .+; "limit": .+$/)
    expect(touched).toEqual([])
    expect(vendor.length).toBeGreaterThan(0)
  })

  it('removes the null a strict model sends for a left-out optional member, before validating', async () => {
    const seen: unknown[] = []
    const registry = createToolRegistry({ dialects: ['openai-strict'] })
    registry.register(
      defineTool({
        name: 'read_file',
        description: 'Read a file.',
        parameters: schema,
        async execute(args, exec) {
          seen.push(args, exec.arguments)
          return []
        },
      }),
    )
    const strict = registry.schemas(undefined, { dialect: 'openai-strict' })[0]?.parameters as
      { additionalProperties?: unknown; required?: string[] } | undefined
    // Every member required (arktype lists its required keys first), the object closed.
    expect(strict?.additionalProperties).toBe(false)
    expect([...(strict?.required ?? [])].sort()).toEqual(['limit', 'path', 'title'])
    const result = await registry.execute(
      callInput('read_file', { path: 'a', limit: null, title: 'ab' }),
    )
    expect(result.isError).toBe(false)
    expect(seen).toEqual([
      { path: 'a', title: 2 },
      { path: 'a', title: 'ab' },
    ])
  })
})

describe('defineTool with a Standard Schema: validated once, the output kept apart', () => {
  it('runs validate once per call in the pipeline, however many stages look at the arguments; a presenter validates on its own', async () => {
    const { schema, calls } = counted(libraries.zod)
    const tool = defineTool({
      name: 'read_file',
      description: 'Read a file.',
      parameters: schema,
      async execute({ title }) {
        return [text(`title ${title}`)]
      },
      presentCall: ({ path, title }) => ({ card: 'generic', title: `${path} ${title}` }),
    })
    const cards: unknown[] = []
    const registry = createToolRegistry({
      approval: {
        request: async (request) => (cards.push(request.view), { kind: 'allowed-once' }),
      },
    })
    registry.register(tool)
    registry.on('tools/pre-execute', () => ({ kind: 'ask' }))
    registry.guard((exec) =>
      isCallOf(exec, tool) && exec.arguments.path === '/' ? 'no' : undefined,
    )
    registry.on('tools/execute', async (_exec, next) => {
      await next()
      return next()
    })
    const result = await registry.execute(
      callInput('read_file', { path: 'a', title: 'abc' }, { agent: { id: 'a' } }),
    )
    expect(result.content).toEqual([text('title 3')])
    // The approval card: presentCall is a pure function of the arguments (a UI calls it again on
    // replay), so it validates them itself: one call for step 4, one for the card.
    expect(cards).toEqual([{ card: 'generic', title: 'a 3' }])
    expect(calls()).toBe(2)
    const plain = counted(libraries.zod)
    const quiet = createToolRegistry()
    quiet.register(
      defineTool({
        name: 'read_file',
        description: 'Read a file.',
        parameters: plain.schema,
        async execute({ title }) {
          return [text(`title ${title}`)]
        },
      }),
    )
    quiet.on('tools/pre-execute', () => ({ kind: 'allow' }))
    quiet.guard(() => undefined)
    quiet.on('tools/execute', async (_exec, next) => {
      await next()
      return next()
    })
    const again = await quiet.execute(callInput('read_file', { path: 'a', title: 'abcd' }))
    expect(again.content).toEqual([text('title 4')])
    expect(plain.calls()).toBe(1)
  })

  it('keeps exec.arguments the frozen JSON the model sent; the body gets a fresh output (arktype morphs in place)', async () => {
    let arguments_: unknown
    let output: { path: string; title: number } | undefined
    const registry = createToolRegistry()
    registry.register(
      defineTool({
        name: 'read_file',
        description: 'Read a file.',
        parameters: libraries.arktype,
        async execute(args, exec: ToolExecution) {
          arguments_ = exec.arguments
          output = args
          return []
        },
      }),
    )
    const result = await registry.execute(callInput('read_file', { path: 'a', title: 'abcd' }))
    expect(result.isError).toBe(false)
    expect(arguments_).toEqual({ path: 'a', title: 'abcd' })
    expect(Object.isFrozen(arguments_)).toBe(true)
    expect(output).toEqual({ path: 'a', title: 4 })
    expect(Object.isFrozen(output)).toBe(false)
  })

  it('waits for an async validate (zod with an async refinement)', async () => {
    const registry = createToolRegistry()
    registry.register(
      defineTool({
        name: 'write',
        description: 'Write.',
        parameters: z.object({
          path: z.string().refine(async (path) => path.endsWith('.ts'), 'a .ts file'),
        }),
        async execute({ path }) {
          return [text(path)]
        },
      }),
    )
    expect(await registry.execute(callInput('write', { path: 'a.ts' }))).toEqual({
      content: [text('a.ts')],
      isError: false,
    })
    expect(errorOf(await registry.execute(callInput('write', { path: 'a.js' }))).text).toBe(
      'Error: invalid arguments: "path": a .ts file',
    )
  })

  it('keeps the issues of standardSchema(spec) whole: the same message as the spec itself', async () => {
    const spec = { path: { type: 'string', required: true }, limit: { type: 'integer' } } as const
    const registry = createToolRegistry()
    registry.register(
      defineTool({ name: 'a', description: '', parameters: spec, execute: async () => [] }),
    )
    registry.register(
      defineTool({
        name: 'b',
        description: '',
        parameters: standardSchema(spec),
        execute: async () => [],
      }),
    )
    const args = { limit: 'many' }
    const viaSpec = await registry.execute(callInput('a', args))
    const viaStandard = await registry.execute(callInput('b', args))
    expect(viaStandard).toEqual(viaSpec)
    expect(errorOf(viaStandard).text).toBe(
      `Error: ${new ToolArgsError(checkArgs(spec, args)).message}`,
    )
  })

  it('validates a direct call of execute itself, outside the registry', async () => {
    const tool = defineTool({
      name: 'read_file',
      description: 'Read a file.',
      parameters: libraries.zod,
      async execute({ title }) {
        return [text(String(title))]
      },
    })
    const exec = {} as ToolExecution
    expect(await tool.execute({ path: 'a', title: 'xy', limit: null }, exec)).toEqual([text('2')])
    await expect(tool.execute({ path: 1 }, exec)).rejects.toBeInstanceOf(ToolArgsError)
  })

  it('gives presenters the output when the arguments match, undefined otherwise (an old log)', () => {
    const tool = defineTool({
      name: 'read_file',
      description: 'Read a file.',
      parameters: libraries.valibot,
      async execute() {
        return []
      },
      presentCall: ({ path, title }) => ({ card: 'generic', title: `${path}:${title}` }),
      presentResult: ({ title }) => ({ card: 'generic', title: `done ${title}` }),
    })
    expect(tool.presentCall?.({ path: 'a', title: 'abc' })).toEqual({
      card: 'generic',
      title: 'a:3',
    })
    expect(tool.presentCall?.({ path: 1 })).toBeUndefined()
    expect(
      tool.presentResult?.({ path: 'a', title: 'ab' }, { content: [], isError: false }),
    ).toEqual({
      card: 'generic',
      title: 'done 2',
    })
    const asyncTool = defineTool({
      name: 'a',
      description: '',
      parameters: z.object({ path: z.string().refine(async () => true) }),
      execute: async () => [],
      presentCall: ({ path }) => ({ card: 'generic', title: path }),
    })
    expect(asyncTool.presentCall?.({ path: 'a' })).toBeUndefined()
  })
})

describe('defineTool with a Standard Schema and the §12 options', () => {
  it('runs an extra checkArgs on the output, after the schema accepted the arguments', async () => {
    const seen: unknown[] = []
    const registry = createToolRegistry()
    registry.register(
      defineTool({
        name: 'range',
        description: 'A range of lines.',
        parameters: z.object({ from: z.string().transform(Number), to: z.number() }),
        checkArgs({ from, to }) {
          seen.push({ from, to })
          return from <= to
            ? []
            : [
                {
                  code: 'invalid',
                  path: ['to'],
                  message: '"to" must not be below "from"',
                  reason: 'order',
                  vendor: 'range',
                },
              ]
        },
        async execute({ from, to }) {
          return [text(`${to - from}`)]
        },
      }),
    )
    expect(await registry.execute(callInput('range', { from: '2', to: 5 }))).toEqual({
      content: [text('3')],
      isError: false,
    })
    expect(errorOf(await registry.execute(callInput('range', { from: '9', to: 5 }))).text).toBe(
      'Error: invalid arguments: "to" must not be below "from"',
    )
    // Not reached when the schema itself refuses.
    expect(errorOf(await registry.execute(callInput('range', { from: 1, to: 5 }))).code).toBe(
      'INVALID_ARGS',
    )
    expect(seen).toEqual([
      { from: 2, to: 5 },
      { from: 9, to: 5 },
    ])
  })

  it('validates arguments a person edited at approval with the schema, and the body gets their output', async () => {
    const { schema, calls } = counted(libraries.zod)
    const seen: unknown[] = []
    const registry = createToolRegistry({
      approval: {
        request: async () => ({ kind: 'allowed-once', arguments: { path: 'b', title: 'edited' } }),
      },
    })
    registry.register(
      defineTool({
        name: 'read_file',
        description: 'Read a file.',
        parameters: schema,
        async execute(args, exec) {
          seen.push(args, exec.arguments)
          return []
        },
      }),
    )
    registry.on('tools/pre-execute', () => ({ kind: 'ask' }))
    const result = await registry.execute(
      callInput('read_file', { path: 'a', title: 'abc' }, { agent: { id: 'a' } }),
    )
    expect(result.isError).toBe(false)
    expect(seen).toEqual([
      { path: 'b', title: 6 },
      { path: 'b', title: 'edited' },
    ])
    expect(calls()).toBe(2)
  })
})

describe('defineTool with a Standard Schema: refusals and hostile schemas', () => {
  it('refuses at definition a schema that cannot be parameters, saying how to fix it', () => {
    const cases: [unknown, string, string][] = [
      [
        v.object({ path: v.string() }),
        'NO_JSON_SCHEMA',
        'toStandardJsonSchema() from @valibot/to-json-schema',
      ],
      [
        z.object({ when: z.date() }),
        'JSON_SCHEMA_FAILED',
        'Date cannot be represented in JSON Schema',
      ],
      [z.string(), 'NOT_OBJECT_SCHEMA', 'must be an object schema'],
      [
        {
          '~standard': {
            version: 1,
            vendor: 'acme',
            jsonSchema: { input: () => ({ type: 'object' }) },
          },
        },
        'NOT_STANDARD_SCHEMA',
        'validate',
      ],
    ]
    for (const [parameters, code, words] of cases) {
      let thrown: unknown
      try {
        defineTool({
          name: 'x',
          description: '',
          parameters: parameters as StandardToolSchema,
          execute: async () => [],
        })
      } catch (error) {
        thrown = error
      }
      expect(thrown).toBeInstanceOf(StandardSchemaError)
      expect(thrown).toMatchObject({ code })
      expect((thrown as Error).message).toContain(words)
    }
  })

  it('makes JSON Schema outside the subset a dialect issue: refused at register by a strict registry, kept by others', () => {
    interface Node {
      name: string
      children?: Node[] | undefined
    }
    const node: z.ZodType<Node> = z.object({
      name: z.string(),
      get children() {
        return z.array(node).optional()
      },
    })
    const tool = defineTool({
      name: 'tree',
      description: '',
      parameters: z.object({ root: node }),
      execute: async () => [],
    })
    expect(() => createToolRegistry({ dialects: ['openai-strict'] }).register(tool)).toThrow(
      ToolRegistryError,
    )
    const registry = createToolRegistry({ dialects: ['openai', 'anthropic'] })
    registry.register(tool)
    expect(registry.schemas(undefined, { dialect: 'openai' })).toHaveLength(1)
  })

  /** A registry with one tool whose `validate` is `validate`. */
  function hostile(validate: (value: unknown) => unknown) {
    let ran = false
    const registry = createToolRegistry()
    const observed: ToolExecutionResult[] = []
    registry.on('tools/result', (_exec, result) => void observed.push(result))
    const input = () => ({ type: 'object', properties: {} })
    registry.register(
      defineTool({
        name: 'x',
        description: '',
        parameters: {
          '~standard': {
            version: 1,
            vendor: 'acme',
            validate,
            jsonSchema: { input, output: input },
          },
        } as StandardToolSchema<Record<string, never>>,
        async execute() {
          ran = true
          return []
        },
      }),
    )
    return { registry, observed, ran: () => ran }
  }

  it('turns a validate that throws, rejects or returns garbage into a VALIDATE_FAILED result; the body never runs', async () => {
    const validates: ((value: unknown) => unknown)[] = [
      () => {
        throw new Error('boom')
      },
      () => Promise.reject(new Error('late boom')),
      () => 'garbage',
      () => ({ issues: [{ message: 7 }] }),
      () => ({ issues: 'nope' }),
    ]
    for (const validate of validates) {
      const { registry, ran } = hostile(validate)
      const error = errorOf(await registry.execute(callInput('x', {})))
      expect(error).toMatchObject({ name: 'StandardSchemaError', code: 'VALIDATE_FAILED' })
      expect(error.text).toMatch(/^Error: the acme schema's validate /)
      expect(ran()).toBe(false)
    }
  })

  it('ends a validate that never resolves when the call is aborted: CANCELLED, observers told', async () => {
    const { registry, observed, ran } = hostile(() => new Promise(() => undefined))
    const controller = new AbortController()
    const pending = registry.execute(callInput('x', {}, { signal: controller.signal }))
    await new Promise((resolve) => setTimeout(resolve, 5))
    controller.abort()
    const result = await pending
    expect(result).toEqual({
      content: [
        text('Error: the call of tool "x" was cancelled while its arguments were being checked'),
      ],
      isError: true,
      error: { name: 'ToolCancelledError', code: 'CANCELLED' },
    })
    expect(observed).toEqual([result])
    expect(ran()).toBe(false)
    const already = new AbortController()
    already.abort()
    expect(
      errorOf(await registry.execute(callInput('x', {}, { signal: already.signal }))),
    ).toMatchObject({
      code: 'CANCELLED',
    })
  })

  it('shares one abort listener among many pending checks on one signal, and removes it when they settle', async () => {
    let settle: () => void = () => undefined
    const settled = new Promise<void>((resolve) => (settle = resolve))
    const { registry } = hostile(() => settled.then(() => ({ value: {} })))
    const controller = new AbortController()
    const { signal } = controller
    let listeners = 0
    const add = signal.addEventListener.bind(signal)
    const remove = signal.removeEventListener.bind(signal)
    signal.addEventListener = (...args: Parameters<typeof add>) => {
      listeners++
      add(...args)
    }
    signal.removeEventListener = (...args: Parameters<typeof remove>) => {
      listeners--
      remove(...args)
    }
    const calls = Array.from({ length: 50 }, () => registry.execute(callInput('x', {}, { signal })))
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect(listeners).toBe(1)
    settle()
    const results = await Promise.all(calls)
    expect(results.every((result) => !result.isError)).toBe(true)
    expect(listeners).toBe(0)
  })
})
