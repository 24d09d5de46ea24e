import { Ajv2020 } from 'ajv/dist/2020.js'
import { Type } from 'typebox'
import { Compile } from 'typebox/compile'
import * as v from 'valibot'
import { z } from 'zod'
import { outputSchema } from './output-pool.js'
import { mediumSchema, smallSchema } from './value-pools.js'

/**
 * The peers toolpipe's validators are measured against, one set per fixture, each written the
 * way its documentation recommends for the same rules: Ajv 2020 with `allErrors` (the baseline,
 * compiled once), TypeBox 1 compiled (`Check`, then `Errors` on invalid input), zod 4 and
 * valibot (`safeParse`), and a hand-written checker that a careful engineer would write.
 */
export interface Contenders {
  /** Ajv's compiled function: `true`, or `false` with `errors` set. */
  readonly ajv: ((value: unknown) => boolean) & { errors?: unknown }
  readonly typebox: { Check(value: unknown): boolean; Errors(value: unknown): unknown[] }
  readonly zod: z.ZodType
  readonly valibot: v.GenericSchema
  readonly hand: (value: unknown) => string[]
}

/**
 * A fresh Ajv instance each time: `compile` caches by schema object, and a second compiled
 * function (whose inline caches have seen nothing yet) is what the uniform pools need.
 */
function newAjv(): Ajv2020 {
  return new Ajv2020({ allErrors: true, strictNumbers: true })
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** SMALL: `{ path, offset?, limit?, encoding? }`. */
export function smallContendersOf(): Contenders {
  return {
    ajv: newAjv().compile(smallSchema),
    typebox: Compile(
      Type.Object({
        path: Type.String(),
        offset: Type.Optional(Type.Number()),
        limit: Type.Optional(Type.Number()),
        encoding: Type.Optional(Type.Union([Type.Literal('utf8'), Type.Literal('base64')])),
      }),
    ),
    zod: z.object({
      path: z.string(),
      offset: z.number().optional(),
      limit: z.number().optional(),
      encoding: z.enum(['utf8', 'base64']).optional(),
    }),
    valibot: v.object({
      path: v.string(),
      offset: v.optional(v.number()),
      limit: v.optional(v.number()),
      encoding: v.optional(v.picklist(['utf8', 'base64'])),
    }),
    hand: (args) => {
      if (!isRecord(args)) return ['arguments must be an object']
      const problems: string[] = []
      if (typeof args.path !== 'string') problems.push('path must be a string')
      if (args.offset !== undefined && !Number.isFinite(args.offset)) {
        problems.push('offset must be a number')
      }
      if (args.limit !== undefined && !Number.isFinite(args.limit)) {
        problems.push('limit must be a number')
      }
      if (args.encoding !== undefined && args.encoding !== 'utf8' && args.encoding !== 'base64') {
        problems.push('encoding must be utf8 or base64')
      }
      return problems
    },
  }
}

/** The set every comparison of the mixed pools shares. */
export const smallContenders: Contenders = smallContendersOf()

/** MEDIUM: `{ edits: { path, old_text, new_text, replace_all? }[] }`. */
export function mediumContendersOf(): Contenders {
  return {
    ajv: newAjv().compile(mediumSchema),
    typebox: Compile(
      Type.Object({
        edits: Type.Array(
          Type.Object({
            path: Type.String(),
            old_text: Type.String(),
            new_text: Type.String(),
            replace_all: Type.Optional(Type.Boolean()),
          }),
        ),
      }),
    ),
    zod: z.object({
      edits: z.array(
        z.object({
          path: z.string(),
          old_text: z.string(),
          new_text: z.string(),
          replace_all: z.boolean().optional(),
        }),
      ),
    }),
    valibot: v.object({
      edits: v.array(
        v.object({
          path: v.string(),
          old_text: v.string(),
          new_text: v.string(),
          replace_all: v.optional(v.boolean()),
        }),
      ),
    }),
    hand: (args) => {
      if (!isRecord(args)) return ['arguments must be an object']
      const edits = args.edits
      if (!Array.isArray(edits)) return ['edits must be an array']
      const problems: string[] = []
      for (let index = 0; index < edits.length; index++) {
        const edit: unknown = edits[index]
        if (!isRecord(edit)) {
          problems.push(`edits[${index}] must be an object`)
          continue
        }
        for (const key of ['path', 'old_text', 'new_text'] as const) {
          if (typeof edit[key] !== 'string')
            problems.push(`edits[${index}].${key} must be a string`)
        }
        if (edit.replace_all !== undefined && typeof edit.replace_all !== 'boolean') {
          problems.push(`edits[${index}].replace_all must be a boolean`)
        }
      }
      return problems
    },
  }
}

/** The set every comparison of the mixed pools shares. */
export const mediumContenders: Contenders = mediumContendersOf()

const rowKeys = new Set(['id', 'score', 'rank', 'active', 'note', 'status', 'owner', 'tags'])

function handRow(row: unknown, index: number, problems: string[]): void {
  const at = `rows[${index}]`
  if (!isRecord(row)) {
    problems.push(`${at} must be an object`)
    return
  }
  for (const key in row) if (!rowKeys.has(key)) problems.push(`${at}.${key} is unknown`)
  if (typeof row.id !== 'string') problems.push(`${at}.id must be a string`)
  if (typeof row.score !== 'number' || !Number.isFinite(row.score)) {
    problems.push(`${at}.score must be a number`)
  }
  if (!Number.isInteger(row.rank)) problems.push(`${at}.rank must be an integer`)
  if (typeof row.active !== 'boolean') problems.push(`${at}.active must be a boolean`)
  if (row.note !== null) problems.push(`${at}.note must be null`)
  if (row.status !== 'open' && row.status !== 'closed') {
    problems.push(`${at}.status must be "open" or "closed"`)
  }
  if (row.owner !== undefined && typeof row.owner !== 'string') {
    problems.push(`${at}.owner must be a string`)
  }
  if (row.tags !== undefined) {
    if (!Array.isArray(row.tags)) problems.push(`${at}.tags must be an array`)
    else if (!row.tags.every((tag) => typeof tag === 'string')) {
      problems.push(`${at}.tags must hold strings`)
    }
  }
}

/** OUTPUT: an open `summary` and `rows` of closed objects, two optional members each. */
export function outputContendersOf(): Contenders {
  return {
    ajv: newAjv().compile(outputSchema),
    typebox: Compile(outputTypebox()),
    zod: outputZod(),
    valibot: outputValibot(),
    hand: handOutput,
  }
}

/** OUTPUT in TypeBox. */
function outputTypebox() {
  return Type.Object(
    {
      summary: Type.Object({
        title: Type.String(),
        generatedBy: Type.String(),
        total: Type.Integer(),
      }),
      rows: Type.Array(
        Type.Object(
          {
            id: Type.String(),
            score: Type.Number(),
            rank: Type.Integer(),
            active: Type.Boolean(),
            note: Type.Null(),
            status: Type.Union([Type.Literal('open'), Type.Literal('closed')]),
            owner: Type.Optional(Type.String()),
            tags: Type.Optional(Type.Array(Type.String())),
          },
          { additionalProperties: false },
        ),
      ),
    },
    { additionalProperties: false },
  )
}

/** OUTPUT in zod. */
function outputZod() {
  return z.strictObject({
    summary: z.object({ title: z.string(), generatedBy: z.string(), total: z.int() }),
    rows: z.array(
      z.strictObject({
        id: z.string(),
        score: z.number(),
        rank: z.int(),
        active: z.boolean(),
        note: z.null(),
        status: z.enum(['open', 'closed']),
        owner: z.string().optional(),
        tags: z.array(z.string()).optional(),
      }),
    ),
  })
}

/** OUTPUT in valibot. */
function outputValibot() {
  return v.strictObject({
    summary: v.object({
      title: v.string(),
      generatedBy: v.string(),
      total: v.pipe(v.number(), v.integer()),
    }),
    rows: v.array(
      v.strictObject({
        id: v.string(),
        score: v.number(),
        rank: v.pipe(v.number(), v.integer()),
        active: v.boolean(),
        note: v.null(),
        status: v.picklist(['open', 'closed']),
        owner: v.optional(v.string()),
        tags: v.optional(v.array(v.string())),
      }),
    ),
  })
}

/** OUTPUT checked by hand: the problems found, none for a valid value. */
function handOutput(value: unknown): string[] {
  if (!isRecord(value)) return ['the value must be an object']
  const problems: string[] = []
  for (const key in value) {
    if (key !== 'summary' && key !== 'rows') problems.push(`${key} is unknown`)
  }
  const summary = value.summary
  if (!isRecord(summary)) problems.push('summary must be an object')
  else {
    if (typeof summary.title !== 'string') problems.push('summary.title must be a string')
    if (typeof summary.generatedBy !== 'string') {
      problems.push('summary.generatedBy must be a string')
    }
    if (!Number.isInteger(summary.total)) problems.push('summary.total must be an integer')
  }
  const rows = value.rows
  if (!Array.isArray(rows)) problems.push('rows must be an array')
  else for (let index = 0; index < rows.length; index++) handRow(rows[index], index, problems)
  return problems
}

/** The set every comparison of the mixed pools shares. */
export const outputContenders: Contenders = outputContendersOf()
