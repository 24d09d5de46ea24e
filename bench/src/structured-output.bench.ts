import { validateStructuredValue } from '@toolpipe/structured-output'
import type { StructuredIssue } from '@toolpipe/structured-output'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { Type } from 'typebox'
import { Compile } from 'typebox/compile'
import * as v from 'valibot'
import { z } from 'zod'
import { tableRows } from './fixtures.js'
import type { Comparison, Suite } from './harness.js'

/** A structured result: object root, a nested object, and 100 rows of 6 fields, all closed. */
const reportSchema = {
  type: 'object',
  properties: {
    summary: {
      type: 'object',
      properties: {
        title: { type: 'string' },
        generatedBy: { type: 'string' },
        total: { type: 'integer' },
      },
      required: ['title', 'generatedBy', 'total'],
      additionalProperties: false,
    },
    rows: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          score: { type: 'number' },
          rank: { type: 'integer' },
          active: { type: 'boolean' },
          note: { type: 'null' },
          status: { type: 'string', enum: ['open', 'closed'] },
        },
        required: ['id', 'score', 'rank', 'active', 'note', 'status'],
        additionalProperties: false,
      },
    },
  },
  required: ['summary', 'rows'],
  additionalProperties: false,
} as const

const validReport = {
  summary: { title: 'weekly triage', generatedBy: 'agent-7', total: tableRows.length },
  rows: tableRows,
}

/** The same report with one wrong value deep inside: `rows[73].status`. */
const invalidReport = {
  summary: validReport.summary,
  rows: tableRows.map((row, index) => (index === 73 ? { ...row, status: 'pending' } : row)),
}

const ajvValidate = new Ajv2020({ allErrors: true, strict: false, strictNumbers: true }).compile(
  reportSchema,
)

const zodSchema = z
  .object({
    summary: z.strictObject({
      title: z.string(),
      generatedBy: z.string(),
      total: z.number().int(),
    }),
    rows: z.array(
      z.strictObject({
        id: z.string(),
        score: z.number(),
        rank: z.number().int(),
        active: z.boolean(),
        note: z.null(),
        status: z.enum(['open', 'closed']),
      }),
    ),
  })
  .strict()

const valibotSchema = v.strictObject({
  summary: v.strictObject({
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
    }),
  ),
})

const typeboxValidator = Compile(
  Type.Object(
    {
      summary: Type.Object(
        { title: Type.String(), generatedBy: Type.String(), total: Type.Integer() },
        { additionalProperties: false },
      ),
      rows: Type.Array(
        Type.Object(
          {
            id: Type.String(),
            score: Type.Number(),
            rank: Type.Integer(),
            active: Type.Boolean(),
            note: Type.Null(),
            status: Type.Union([Type.Literal('open'), Type.Literal('closed')]),
          },
          { additionalProperties: false },
        ),
      ),
    },
    { additionalProperties: false },
  ),
)

type Issue = Pick<StructuredIssue, 'path' | 'message'>

/** What a careful person would write by hand for exactly this shape. */
function handWritten(value: unknown): Issue[] {
  const issues: Issue[] = []
  if (!isRecord(value)) return [{ path: [], message: 'the value must be an object' }]
  for (const key in value) {
    if (key !== 'summary' && key !== 'rows') issues.push({ path: [key], message: 'unknown' })
  }
  const summary = value.summary
  if (!isRecord(summary)) issues.push({ path: ['summary'], message: 'must be an object' })
  else {
    for (const key in summary) {
      if (key !== 'title' && key !== 'generatedBy' && key !== 'total') {
        issues.push({ path: ['summary', key], message: 'unknown' })
      }
    }
    if (typeof summary.title !== 'string')
      issues.push({ path: ['summary', 'title'], message: 'string' })
    if (typeof summary.generatedBy !== 'string') {
      issues.push({ path: ['summary', 'generatedBy'], message: 'string' })
    }
    if (!Number.isInteger(summary.total))
      issues.push({ path: ['summary', 'total'], message: 'integer' })
  }
  const rows = value.rows
  if (!Array.isArray(rows)) issues.push({ path: ['rows'], message: 'must be an array' })
  else {
    for (let index = 0; index < rows.length; index++) {
      const row: unknown = rows[index]
      if (!isRecord(row)) {
        issues.push({ path: ['rows', index], message: 'must be an object' })
        continue
      }
      for (const key in row) {
        if (
          key !== 'id' &&
          key !== 'score' &&
          key !== 'rank' &&
          key !== 'active' &&
          key !== 'note' &&
          key !== 'status'
        ) {
          issues.push({ path: ['rows', index, key], message: 'unknown' })
        }
      }
      if (typeof row.id !== 'string')
        issues.push({ path: ['rows', index, 'id'], message: 'string' })
      if (typeof row.score !== 'number' || !Number.isFinite(row.score)) {
        issues.push({ path: ['rows', index, 'score'], message: 'number' })
      }
      if (!Number.isInteger(row.rank))
        issues.push({ path: ['rows', index, 'rank'], message: 'integer' })
      if (typeof row.active !== 'boolean') {
        issues.push({ path: ['rows', index, 'active'], message: 'boolean' })
      }
      if (row.note !== null) issues.push({ path: ['rows', index, 'note'], message: 'null' })
      if (row.status !== 'open' && row.status !== 'closed') {
        issues.push({ path: ['rows', index, 'status'], message: 'one of "open", "closed"' })
      }
    }
  }
  return issues
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function reportComparison(title: string, value: unknown): Comparison {
  return {
    title,
    baseline: 'ajv (allErrors, compiled)',
    cases: [
      { name: 'validateStructuredValue', run: () => validateStructuredValue(reportSchema, value) },
      {
        name: 'ajv (allErrors, compiled)',
        run: () => (ajvValidate(value) ? [] : ajvValidate.errors),
      },
      { name: 'zod 4 safeParse', run: () => zodSchema.safeParse(value) },
      { name: 'valibot safeParse', run: () => v.safeParse(valibotSchema, value) },
      {
        name: 'typebox (compiled) Check/Errors',
        run: () => (typeboxValidator.Check(value) ? [] : typeboxValidator.Errors(value)),
      },
      { name: 'hand-written', run: () => handWritten(value) },
    ],
  }
}

/** Fails loudly if a contender disagrees about what it is timing. */
function expectVerdicts(): void {
  const verdicts = [
    [
      'validateStructuredValue',
      validateStructuredValue(reportSchema, validReport).length === 0,
      validateStructuredValue(reportSchema, invalidReport).length === 0,
    ],
    ['ajv', ajvValidate(validReport), ajvValidate(invalidReport)],
    ['zod', zodSchema.safeParse(validReport).success, zodSchema.safeParse(invalidReport).success],
    [
      'valibot',
      v.safeParse(valibotSchema, validReport).success,
      v.safeParse(valibotSchema, invalidReport).success,
    ],
    ['typebox', typeboxValidator.Check(validReport), typeboxValidator.Check(invalidReport)],
    [
      'hand-written',
      handWritten(validReport).length === 0,
      handWritten(invalidReport).length === 0,
    ],
  ] as const
  for (const [name, valid, invalid] of verdicts) {
    if (!valid || invalid) throw new Error(`${name} misjudges the structured-output fixtures`)
  }
}

export const structuredOutputSuite: Suite = {
  name: 'structured-output',
  comparisons: () => {
    expectVerdicts()
    return [
      reportComparison('structured output: report with 100 rows, valid', validReport),
      reportComparison('structured output: report with 100 rows, one deep error', invalidReport),
    ]
  },
}
