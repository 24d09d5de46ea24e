import { parsed, rowAt } from './value-pools.js'
import type { ValuePool } from './value-pools.js'

/**
 * OUTPUT: a structured result, an open `summary` object and `rows`, an array of closed objects
 * of six required members (string, number, integer, boolean, null, string enum) and two optional
 * ones (`owner`, `tags`).
 */
export const outputSchema = {
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
          owner: { type: 'string' },
          tags: { type: 'array', items: { type: 'string' } },
        },
        required: ['id', 'score', 'rank', 'active', 'note', 'status'],
        additionalProperties: false,
      },
    },
  },
  required: ['summary', 'rows'],
  additionalProperties: false,
} as const

function row(index: number, variant: number): Record<string, unknown> {
  const value: Record<string, unknown> = {
    id: `row-${variant}-${index}`,
    score: index * 1.5,
    rank: index,
    active: index % 3 === 0,
    note: null,
    status: index % 2 === 0 ? 'open' : 'closed',
  }
  if ((index + variant) % 4 === 0) value.owner = `agent-${index % 5}`
  if ((index + variant) % 5 === 0) value.tags = ['flaky', `area-${index % 3}`]
  return value
}

function reportText(
  count: number,
  variant: number,
  change?: (rows: Record<string, unknown>[]) => void,
): string {
  const rows = Array.from({ length: count }, (_, index) => row(index, variant))
  change?.(rows)
  const summary: Record<string, unknown> = {
    title: 'weekly triage',
    generatedBy: 'agent-7',
    total: count,
  }
  // One report carries a summary member the schema does not name (summary is open).
  if (variant === 3) summary.window = 'last 7 days'
  return JSON.stringify({ summary, rows })
}

export const outputPool: ValuePool = {
  valid: parsed([reportText(10, 0), reportText(25, 1), reportText(50, 2), reportText(100, 3)]),
  invalid: parsed([
    reportText(10, 0, (rows) => {
      rowAt(rows, 4).rank = 4.5
    }),
    reportText(25, 1, (rows) => {
      delete rowAt(rows, 20).note
    }),
    reportText(50, 2, (rows) => {
      rowAt(rows, 31).comment = 'not in the schema'
    }),
    reportText(100, 3, (rows) => {
      rowAt(rows, 73).status = 'pending'
    }),
  ]),
}
