import { defineTool } from '@toolpipe/tools'
import type { ToolDefinition } from '@toolpipe/tools'
/** The argument shapes every benchmark shares, so that tables compare like with like. */

/** A 4-field args object, like a `read_file` call. */
export const smallArgs = { path: 'src/index.ts', offset: 120, limit: 80, encoding: 'utf8' }

/** 20 edit objects of 3 strings and, every other one, a flag, like an `edit_files` call. */
export const mediumArgs = {
  edits: Array.from({ length: 20 }, (_, index) => ({
    path: `src/module-${index}.ts`,
    old_text: `export const value${index} = ${index}\n`,
    new_text: `export const value${index} = ${index + 1}\n`,
    ...(index % 2 === 0 ? { replace_all: false } : {}),
  })),
}

/** 100 rows of 6 fields, like a structured result table. */
export const tableRows = Array.from({ length: 100 }, (_, index) => ({
  id: `row-${index}`,
  score: index * 1.5,
  rank: index,
  active: index % 3 === 0,
  note: null,
  status: index % 2 === 0 ? 'open' : 'closed',
}))

// ---------------------------------------------------------------------------------------------
// Validator fixtures: what a tool call or a structured result really looks like when it reaches
// a validator. Each is a pool of distinct values, every one produced by `JSON.parse` from its own
// text (as a model's arguments are), with optional members present and absent, keys in more than
// one order, and one value with members the schema does not name. A benchmark cycles through the
// pool, one value per iteration, so no contender can specialise on a single object shape.

/** Distinct values from `JSON.parse`, valid and invalid, that a benchmark cycles through. */
export interface ValuePool {
  readonly valid: readonly unknown[]
  readonly invalid: readonly unknown[]
}

/** Parses every text: each value is built by `JSON.parse`, as real arguments are. */
function parsed(texts: readonly string[]): unknown[] {
  return texts.map((text) => JSON.parse(text) as unknown)
}

/** Returns a function that gives the pool's values one after the other, forever. */
export function cycle(values: readonly unknown[]): () => unknown {
  let index = 0
  return () => {
    const value = values[index]
    index = index + 1 === values.length ? 0 : index + 1
    return value
  }
}

/**
 * SMALL: a `read_file`/`grep`-like tool, four scalar arguments: `path` (required), `offset`,
 * `limit`, `encoding` (`utf8` | `base64`).
 */
export const smallSchema = {
  type: 'object',
  properties: {
    path: { type: 'string', description: 'the file to read' },
    offset: { type: 'number', description: 'first line, 0-based' },
    limit: { type: 'number', description: 'how many lines' },
    encoding: { type: 'string', enum: ['utf8', 'base64'] },
  },
  required: ['path'],
} as const

export const smallPool: ValuePool = {
  valid: parsed([
    '{"path":"src/index.ts"}',
    '{"path":"src/tools/read-file.ts","offset":120,"limit":80}',
    '{"path":"README.md","encoding":"utf8"}',
    '{"path":"docs/spec.md","offset":0,"limit":400,"encoding":"utf8"}',
    '{"limit":50,"path":"package.json"}',
    '{"path":"src/a.ts","offset":10,"reason":"check the imports first","verbose":true}',
    '{"path":"assets/logo.png","encoding":"base64"}',
    '{"path":"src/engine/compile.ts","offset":1.5e3,"limit":20}',
  ]),
  invalid: parsed([
    '{"offset":"120","limit":80,"encoding":"utf-8"}',
    '{"path":42}',
    '{"path":"src/a.ts","limit":"all"}',
    '{"path":"src/a.ts","encoding":"latin1","offset":null}',
    '{"file":"src/index.ts","offset":3}',
    '{"path":["a.ts","b.ts"],"limit":10}',
  ]),
}

/** MEDIUM: an `edit_files`-like tool, `{ edits: { path, old_text, new_text, replace_all? }[] }`. */
export const mediumSchema = {
  type: 'object',
  properties: {
    edits: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          path: { type: 'string' },
          old_text: { type: 'string' },
          new_text: { type: 'string' },
          replace_all: { type: 'boolean' },
        },
        required: ['path', 'old_text', 'new_text'],
      },
    },
  },
  required: ['edits'],
} as const

function edit(index: number, variant: number): Record<string, unknown> {
  const value: Record<string, unknown> = {
    path: `src/module-${index % 7}.ts`,
    old_text: `export const value${index} = ${index}\n`,
    new_text: `export const value${index} = ${index + 1}\n`,
  }
  if ((index + variant) % 3 === 0) value.replace_all = index % 2 === 0
  return value
}

/** The text of an `edits` list of `count` edits made by `make`, changed by `change`. */
function editsText(
  count: number,
  variant: number,
  change?: (edits: Record<string, unknown>[]) => void,
  make: (index: number, variant: number) => Record<string, unknown> = edit,
): string {
  const edits = Array.from({ length: count }, (_, index) => make(index, variant))
  change?.(edits)
  return JSON.stringify({ edits })
}

export const mediumPool: ValuePool = {
  valid: parsed([
    editsText(1, 0),
    editsText(3, 1),
    editsText(5, 2),
    editsText(8, 0),
    editsText(12, 1),
    editsText(20, 2),
    // Members the schema does not name, at both levels.
    JSON.stringify({
      edits: Array.from({ length: 6 }, (_, index) => ({
        explanation: 'rename the export',
        ...edit(index, 0),
      })),
      dry_run: false,
    }),
  ]),
  invalid: parsed([
    editsText(3, 0, (edits) => {
      rowAt(edits, 1).path = 7
    }),
    editsText(8, 1, (edits) => {
      delete rowAt(edits, 5).new_text
    }),
    editsText(12, 2, (edits) => {
      rowAt(edits, 3).replace_all = 'true'
      rowAt(edits, 9).old_text = null
    }),
    editsText(20, 0, (edits) => {
      rowAt(edits, 7).path = 7
      delete rowAt(edits, 13).new_text
    }),
  ]),
}

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

/** Element `index` of a list being built (rows, edits), for the invalid variants. */
function rowAt(rows: Record<string, unknown>[], index: number): Record<string, unknown> {
  const found = rows[index]
  if (found === undefined) throw new Error(`no row ${index}`)
  return found
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

// ---------------------------------------------------------------------------------------------
// Uniform pools: what a model in strict mode writes. Strict mode makes every member required, so
// every value has the same members in the schema's order (what it left out is sent as null, which
// step 4 removes before validation: the validator sees the others); only the values differ. On
// such a pool each validator sees one object shape per node, the case where a code generator's
// named property loads stay monomorphic.

/** SMALL, every member present, in schema order. */
export const smallUniformPool: ValuePool = {
  valid: parsed([
    '{"path":"src/index.ts","offset":0,"limit":200,"encoding":"utf8"}',
    '{"path":"src/tools/read-file.ts","offset":120,"limit":80,"encoding":"utf8"}',
    '{"path":"README.md","offset":0,"limit":50,"encoding":"utf8"}',
    '{"path":"docs/spec.md","offset":400,"limit":400,"encoding":"utf8"}',
    '{"path":"package.json","offset":0,"limit":50,"encoding":"utf8"}',
    '{"path":"src/a.ts","offset":10,"limit":30,"encoding":"utf8"}',
    '{"path":"assets/logo.png","offset":0,"limit":1,"encoding":"base64"}',
    '{"path":"src/engine/compile.ts","offset":1.5e3,"limit":20,"encoding":"utf8"}',
  ]),
  invalid: parsed([
    '{"path":"src/index.ts","offset":"120","limit":80,"encoding":"utf8"}',
    '{"path":42,"offset":0,"limit":10,"encoding":"utf8"}',
    '{"path":"src/a.ts","offset":0,"limit":"all","encoding":"utf8"}',
    '{"path":"src/a.ts","offset":0,"limit":10,"encoding":"latin1"}',
    '{"path":"src/b.ts","offset":true,"limit":10,"encoding":"utf8"}',
    '{"path":["a.ts","b.ts"],"offset":0,"limit":10,"encoding":"utf8"}',
  ]),
}

/** An edit with all four members, in schema order. */
function uniformEdit(index: number, variant: number): Record<string, unknown> {
  return {
    path: `src/module-${index % 7}.ts`,
    old_text: `export const value${index} = ${index}\n`,
    new_text: `export const value${index} = ${index + 1}\n`,
    replace_all: (index + variant) % 3 === 0,
  }
}

function uniformEditsText(
  count: number,
  variant: number,
  change?: (edits: Record<string, unknown>[]) => void,
): string {
  return editsText(count, variant, change, uniformEdit)
}

/** MEDIUM, every edit with every member, in schema order. */
export const mediumUniformPool: ValuePool = {
  valid: parsed([
    uniformEditsText(1, 0),
    uniformEditsText(3, 1),
    uniformEditsText(5, 2),
    uniformEditsText(8, 0),
    uniformEditsText(12, 1),
    uniformEditsText(20, 2),
    uniformEditsText(6, 0),
  ]),
  invalid: parsed([
    uniformEditsText(3, 0, (edits) => {
      rowAt(edits, 1).path = 7
    }),
    uniformEditsText(8, 1, (edits) => {
      rowAt(edits, 5).new_text = false
    }),
    uniformEditsText(12, 2, (edits) => {
      rowAt(edits, 3).replace_all = 'true'
      rowAt(edits, 9).old_text = 0
    }),
    uniformEditsText(20, 0, (edits) => {
      rowAt(edits, 7).path = 7
      rowAt(edits, 13).new_text = 1
    }),
  ]),
}

/** A report row with all eight members, in schema order. */
function uniformRow(index: number, variant: number): Record<string, unknown> {
  return {
    id: `row-${variant}-${index}`,
    score: index * 1.5,
    rank: index,
    active: index % 3 === 0,
    note: null,
    status: index % 2 === 0 ? 'open' : 'closed',
    owner: `agent-${index % 5}`,
    tags: (index + variant) % 5 === 0 ? ['flaky', `area-${index % 3}`] : [],
  }
}

function uniformReportText(
  count: number,
  variant: number,
  change?: (rows: Record<string, unknown>[]) => void,
): string {
  const rows = Array.from({ length: count }, (_, index) => uniformRow(index, variant))
  change?.(rows)
  return JSON.stringify({
    summary: { title: 'weekly triage', generatedBy: 'agent-7', total: count },
    rows,
  })
}

/** OUTPUT, every row with every member, in schema order. */
export const outputUniformPool: ValuePool = {
  valid: parsed([
    uniformReportText(10, 0),
    uniformReportText(25, 1),
    uniformReportText(50, 2),
    uniformReportText(100, 3),
  ]),
  invalid: parsed([
    uniformReportText(10, 0, (rows) => {
      rowAt(rows, 4).rank = 4.5
    }),
    uniformReportText(25, 1, (rows) => {
      rowAt(rows, 20).note = 'x'
    }),
    uniformReportText(50, 2, (rows) => {
      rowAt(rows, 31).owner = 3
    }),
    uniformReportText(100, 3, (rows) => {
      rowAt(rows, 73).status = 'pending'
    }),
  ]),
}

/** The text a benchmark tool answers with. */
export const okContent = [{ type: 'text' as const, text: 'ok' }]

/**
 * A `read_file`-like tool from `defineTool` for the SMALL arguments: the pipeline validates its
 * 4-field spec (step 4). The tools, mcp, otel and adapters suites run the same one.
 */
export function readFileTool(): ToolDefinition {
  return defineTool({
    name: 'read_file',
    description: 'Read a text file.',
    parameters: {
      path: { type: 'string', required: true },
      offset: { type: 'number' },
      limit: { type: 'number' },
      encoding: { type: 'string', enum: ['utf8', 'base64'] },
    },
    execute: () => Promise.resolve(okContent),
  })
}
