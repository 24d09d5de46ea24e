import { editsText, parsed, rowAt } from './value-pools.js'
import type { ValuePool } from './value-pools.js'

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
