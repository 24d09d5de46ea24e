import { StandardSchemaError } from '@toolpipe/schema'
import type { StandardToolSchema } from '@toolpipe/schema'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { callInput } from '@toolpipe/call-inputs'
import { text } from './__fixtures__/tools.js'
import { defineTool } from './define-tool.js'
import type { ToolExecutionResult } from './tool-execution.js'
import { createToolRegistry } from './tool-registry.js'
import { ToolRegistryError } from './tool-registry-error.js'
import { errorOf } from './__fixtures__/standard-libraries.js'

/**
 * SPEC §10 "In" through the whole pipeline (SPEC §6.3 step 4): a Standard Schema's JSON Schema
 * is shown, its `validate` runs once per call before anyone is asked, its issues fail the call
 * with INVALID_ARGS, and the body receives its output.
 */

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
