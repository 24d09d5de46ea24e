import { hostileLines } from '@toolpipe/hostile-lines'
import { beforeAll, describe, expect, it } from 'vitest'
import { bypassCorpus, geminiCorpus } from '../../__fixtures__/bypass-corpus.js'
import { failClosedCorpus } from '../../__fixtures__/fail-closed-corpus.js'
import { failClosedGeminiCorpus } from '../../__fixtures__/fail-closed-gemini-corpus.js'
import { loadBashParser } from './bash-parser.js'
import type { BashParser } from './bash-parser.js'
import { directCursor, readDirectAccess } from './direct-cursor.js'
import type { CursorFunctions } from './direct-cursor.js'
import { copyTree } from './syntax-node.js'
import type { SyntaxNode } from './syntax-node.js'

/** The benchmark's line (bench/src/permissions.bench.ts): lists, a pipe, a subshell, wrappers. */
const compoundLine =
  'cd packages/app && NODE_ENV=test timeout 30 npm task0 run -- --reporter=dot 2>&1 | grep -v warn; git status || (echo "failed at $(pwd)" >&2; exit 1); ls -la src/ | grep -v node_modules'

let parser: BashParser
beforeAll(async () => {
  parser = await loadBashParser()
})

/** A tree as nested plain data, to compare two copies whole. */
function shape(node: SyntaxNode): unknown {
  return [node.type, node.named, node.start, node.end, node.children.map(shape)]
}

/** Both copies of `line`'s tree: through the module's functions, and through `TreeCursor`. */
function bothCopies(line: string, nodes?: number) {
  const tree = parser.parse(line)
  if (tree === undefined) throw new Error(`the parser gave up on ${JSON.stringify(line)}`)
  try {
    const directBudget = { nodes: nodes ?? Infinity }
    const cursorBudget = { nodes: nodes ?? Infinity }
    const direct = parser.copy?.(tree, line, directBudget)
    const viaCursor = copyTree(tree, line, parser.types, parser.named, cursorBudget)
    return { direct, viaCursor, directBudget, cursorBudget }
  } finally {
    tree.delete()
  }
}

const lines = [
  ...new Set([
    compoundLine,
    ...[...bypassCorpus, ...failClosedCorpus]
      .filter((row) => row.kind === undefined || row.kind === 'command')
      .map((row) => row.line),
    ...[...geminiCorpus, ...failClosedGeminiCorpus].map((row) => row.line),
    ...Object.values(hostileLines).flatMap((shape) => [shape.make(300), shape.make(3_000)]),
  ]),
]

describe('copying a tree through the parser module’s own cursor functions', () => {
  it('is what this package uses when it loaded web-tree-sitter itself', () => {
    expect(parser.copy).toBeDefined()
  })

  it('copies every line of the corpora exactly as TreeCursor does', () => {
    expect(lines.length).toBeGreaterThan(400)
    for (const line of lines) {
      const { direct, viaCursor } = bothCopies(line)
      if (direct === undefined || viaCursor === undefined) throw new Error('no copy')
      expect(shape(direct), line).toEqual(shape(viaCursor))
    }
  })

  it('stops at the same node budget, and leaves the cursor ready for the next copy', () => {
    for (const nodes of [0, 1, 5, 40]) {
      const copies = bothCopies(compoundLine, nodes)
      expect(copies.direct === undefined).toBe(copies.viaCursor === undefined)
      expect(copies.directBudget.nodes).toBe(copies.cursorBudget.nodes)
    }
    const { direct, viaCursor } = bothCopies(compoundLine)
    expect(direct === undefined ? undefined : shape(direct)).toEqual(
      viaCursor === undefined ? undefined : shape(viaCursor),
    )
  })

  it('refuses a module that does not have the functions, and one that is not the parser’s', () => {
    expect(readDirectAccess({})).toBeUndefined()
    const tree = parser.parse('echo hi')
    if (tree === undefined) throw new Error('no tree')
    try {
      let cursorsMade = 0
      const other: CursorFunctions = {
        HEAP32: new Int32Array(4096),
        _ts_init: () => 64,
        _ts_tree_cursor_new_wasm: () => {
          cursorsMade++
        },
        _ts_tree_cursor_delete_wasm: () => undefined,
        _ts_tree_cursor_goto_first_child_wasm: () => 0,
        _ts_tree_cursor_goto_next_sibling_wasm: () => 0,
        _ts_tree_cursor_goto_parent_wasm: () => 0,
        _ts_tree_cursor_current_node_type_id_wasm: () => 0,
        _ts_tree_cursor_start_index_wasm: () => 0,
        _ts_tree_cursor_end_index_wasm: () => 0,
      }
      expect(readDirectAccess(other)).toEqual({ functions: other, transferBuffer: 64 })
      expect(readDirectAccess({ ...other, HEAP32: undefined })).toBeUndefined()
      // Its transfer buffer never sees the root web-tree-sitter's own module writes.
      expect(directCursor({ functions: other, transferBuffer: 64 }, tree)).toBeUndefined()
      expect(cursorsMade).toBe(0)
    } finally {
      tree.delete()
    }
  })
})
