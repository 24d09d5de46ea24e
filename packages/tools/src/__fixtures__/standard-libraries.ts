import type { StandardToolSchema } from '@toolpipe/schema'
import { toStandardJsonSchema } from '@valibot/to-json-schema'
import { type } from 'arktype'
import * as v from 'valibot'
import { expect } from 'vitest'
import { z } from 'zod'
import type { ToolExecutionResult } from '../tool-execution.js'

/** The same parameters in each library: a path, an optional limit, a title made its length. */
export const libraries = {
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
export function counted<TSchema extends StandardToolSchema>(schema: TSchema) {
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

/** A failed call's error, with the text of its first block. */
export function errorOf(result: ToolExecutionResult) {
  expect(result.isError).toBe(true)
  const [block] = result.content
  return { ...result.error, text: block?.type === 'text' ? block.text : '' }
}
