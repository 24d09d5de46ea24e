import { ToolArgsError, checkArgs, standardSchema } from '@toolpipe/schema'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { callInput } from '@toolpipe/call-inputs'
import { text } from './__fixtures__/tools.js'
import { defineTool } from './define-tool.js'
import { isCallOf } from './is-call-of.js'
import type { ToolExecution } from './tool-execution.js'
import { createToolRegistry } from './tool-registry.js'
import { counted, errorOf, libraries } from './__fixtures__/standard-libraries.js'

/**
 * SPEC §10 "In" through the whole pipeline (SPEC §6.3 step 4): a Standard Schema's JSON Schema
 * is shown, its `validate` runs once per call before anyone is asked, its issues fail the call
 * with INVALID_ARGS, and the body receives its output.
 */

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
