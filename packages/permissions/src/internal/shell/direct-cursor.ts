import type { Tree } from 'web-tree-sitter'

/** What a copy of a tree reads through a cursor: `web-tree-sitter`'s `TreeCursor` has it all. */
export interface CopyCursor {
  readonly nodeTypeId: number
  readonly startIndex: number
  readonly endIndex: number
  gotoFirstChild(): boolean
  gotoNextSibling(): boolean
  gotoParent(): boolean
  delete(): void
}

/**
 * The tree cursor functions of `web-tree-sitter`'s WebAssembly module, which its `TreeCursor`
 * calls. Each takes the tree's address and reads (and, for a move, writes back) the cursor in
 * the module's transfer buffer; `TreeCursor` copies the cursor's four numbers into that buffer
 * before every call and out after it, so that many cursors can share it. One copy of a tree,
 * synchronous and alone, keeps its cursor there from start to end, and skips those copies: two
 * thirds of the time a copy took.
 */
export interface CursorFunctions {
  /** The module's memory, as 32-bit integers (a new view whenever the memory grows). */
  readonly HEAP32: Int32Array
  /** The transfer buffer's address (`Parser.init` calls it too). */
  _ts_init(): number
  _ts_tree_cursor_new_wasm(tree: number): void
  _ts_tree_cursor_delete_wasm(tree: number): void
  _ts_tree_cursor_goto_first_child_wasm(tree: number): number
  _ts_tree_cursor_goto_next_sibling_wasm(tree: number): number
  _ts_tree_cursor_goto_parent_wasm(tree: number): number
  _ts_tree_cursor_current_node_type_id_wasm(tree: number): number
  _ts_tree_cursor_start_index_wasm(tree: number): number
  _ts_tree_cursor_end_index_wasm(tree: number): number
}

/** The cursor functions of a module, and where its transfer buffer is. */
export interface DirectAccess {
  readonly functions: CursorFunctions
  readonly transferBuffer: number
}

const cursorFunctions = [
  '_ts_init',
  '_ts_tree_cursor_new_wasm',
  '_ts_tree_cursor_delete_wasm',
  '_ts_tree_cursor_goto_first_child_wasm',
  '_ts_tree_cursor_goto_next_sibling_wasm',
  '_ts_tree_cursor_goto_parent_wasm',
  '_ts_tree_cursor_current_node_type_id_wasm',
  '_ts_tree_cursor_start_index_wasm',
  '_ts_tree_cursor_end_index_wasm',
] as const

/**
 * The cursor functions of a `web-tree-sitter` module, when `module` is one: the object given to
 * `Parser.init`, which Emscripten makes the module when that call is the one that loads it.
 * Undefined otherwise (another caller loaded it first, or a version without these functions):
 * copies then go through `TreeCursor`.
 */
export function readDirectAccess(module: object): DirectAccess | undefined {
  const members = module as Readonly<Record<string, unknown>>
  for (const name of cursorFunctions) if (typeof members[name] !== 'function') return undefined
  if (!(members.HEAP32 instanceof Int32Array)) return undefined
  const functions = module as CursorFunctions
  return { functions, transferBuffer: functions._ts_init() }
}

/**
 * A cursor on the root of `tree` that calls the module directly, or undefined when the module
 * is not the one `web-tree-sitter` runs `tree` in. Use it synchronously, with no other call into
 * the parser's module until `delete()`.
 */
export function directCursor(access: DirectAccess, tree: Tree): CopyCursor | undefined {
  const address = (tree as unknown as Readonly<Record<number, unknown>>)[0]
  if (typeof address !== 'number') return undefined
  const { functions, transferBuffer } = access
  // `rootNode` writes the root into the transfer buffer of the module web-tree-sitter calls:
  // seen in this module's buffer, it is this module (two loads racing at start-up may leave
  // web-tree-sitter on the other's), and the root is where `_ts_tree_cursor_new_wasm` reads it.
  functions.HEAP32[transferBuffer >> 2] = 0
  const root = tree.rootNode
  if (root.id === 0 || functions.HEAP32[transferBuffer >> 2] !== root.id) return undefined
  functions._ts_tree_cursor_new_wasm(address)
  return new DirectCursor(functions, address)
}

class DirectCursor implements CopyCursor {
  constructor(
    private readonly functions: CursorFunctions,
    private readonly tree: number,
  ) {}

  get nodeTypeId(): number {
    return this.functions._ts_tree_cursor_current_node_type_id_wasm(this.tree)
  }

  get startIndex(): number {
    return this.functions._ts_tree_cursor_start_index_wasm(this.tree)
  }

  get endIndex(): number {
    return this.functions._ts_tree_cursor_end_index_wasm(this.tree)
  }

  gotoFirstChild(): boolean {
    return this.functions._ts_tree_cursor_goto_first_child_wasm(this.tree) === 1
  }

  gotoNextSibling(): boolean {
    return this.functions._ts_tree_cursor_goto_next_sibling_wasm(this.tree) === 1
  }

  gotoParent(): boolean {
    return this.functions._ts_tree_cursor_goto_parent_wasm(this.tree) === 1
  }

  delete(): void {
    this.functions._ts_tree_cursor_delete_wasm(this.tree)
  }
}
