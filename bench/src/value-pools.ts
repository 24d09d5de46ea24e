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
export function parsed(texts: readonly string[]): unknown[] {
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
export function editsText(
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

/** Element `index` of a list being built (rows, edits), for the invalid variants. */
export function rowAt(rows: Record<string, unknown>[], index: number): Record<string, unknown> {
  const found = rows[index]
  if (found === undefined) throw new Error(`no row ${index}`)
  return found
}
