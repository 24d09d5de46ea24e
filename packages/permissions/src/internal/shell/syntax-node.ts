import type { Tree } from 'web-tree-sitter'
import type { CopyCursor } from './direct-cursor.js'

/**
 * A node of a parsed command line as plain data: the tree is copied out of the parser's
 * WebAssembly memory once, in one cursor walk, rather than read node by node across the boundary.
 */
export interface SyntaxNode {
  readonly type: string
  readonly named: boolean
  /** Character offsets into the line (UTF-16, as JavaScript strings count). */
  readonly start: number
  readonly end: number
  readonly children: SyntaxNode[]
  readonly parent: SyntaxNode | undefined
  /** Its text in the line. */
  readonly text: string
}

/** tree-sitter's `ts_builtin_sym_error`: the type id of an ERROR node. */
const errorSymbol = 65535

class PlainNode implements SyntaxNode {
  readonly children: SyntaxNode[] = []
  constructor(
    readonly type: string,
    readonly named: boolean,
    readonly start: number,
    readonly end: number,
    readonly parent: SyntaxNode | undefined,
    private readonly source: string,
  ) {}

  get text(): string {
    return this.source.slice(this.start, this.end)
  }
}

/**
 * Copies a tree-sitter tree of `source` into {@link SyntaxNode}s, reading three numbers per node
 * (type id, start, end) and naming types from the tables read once at load. Undefined when the
 * tree has more nodes than `budget` has left.
 */
export function copyTree(
  tree: Tree,
  source: string,
  types: readonly string[],
  named: readonly boolean[],
  budget?: { nodes: number },
): SyntaxNode | undefined {
  return copyThrough(tree.walk(), source, types, named, budget)
}

/**
 * {@link copyTree} through a cursor on the tree's root, which it deletes: `web-tree-sitter`'s own
 * `TreeCursor`, or one calling the parser's module directly (see `direct-cursor.ts`).
 */
export function copyThrough(
  cursor: CopyCursor,
  source: string,
  types: readonly string[],
  named: readonly boolean[],
  budget?: { nodes: number },
): SyntaxNode | undefined {
  try {
    const make = (parent: SyntaxNode | undefined): SyntaxNode => {
      if (budget !== undefined) budget.nodes--
      const id = cursor.nodeTypeId
      return new PlainNode(
        // tree-sitter's error symbol (65535) is outside the grammar's own type table.
        types[id] ?? (id === errorSymbol ? 'ERROR' : ''),
        named[id] ?? true,
        cursor.startIndex,
        cursor.endIndex,
        parent,
        source,
      )
    }
    const root = make(undefined)
    let current = root
    // Depth-first, iteratively: a deeply nested line must not overflow the stack.
    for (;;) {
      if (budget !== undefined && budget.nodes < 0) return undefined
      if (cursor.gotoFirstChild()) {
        const child = make(current)
        current.children.push(child)
        current = child
        continue
      }
      for (;;) {
        if (current.parent === undefined) return root
        if (cursor.gotoNextSibling()) {
          const sibling = make(current.parent)
          current.parent.children.push(sibling)
          current = sibling
          break
        }
        cursor.gotoParent()
        current = current.parent
      }
    }
  } finally {
    cursor.delete()
  }
}

/** The name of a `variable_assignment` (its first named child). */
export function assignmentName(node: SyntaxNode): SyntaxNode | undefined {
  return node.children.find((child) => child.named)
}

/** The operator of a `variable_assignment`: `=`, or `+=` (which appends). */
export function assignmentOperator(node: SyntaxNode): '=' | '+=' {
  return node.children.some((child) => !child.named && child.type === '+=') ? '+=' : '='
}

/** The value of a `variable_assignment`: what follows its `=` or `+=`, or undefined for `x=`. */
export function assignmentValue(node: SyntaxNode): SyntaxNode | undefined {
  const equals = node.children.findIndex(
    (child) => !child.named && (child.type === '=' || child.type === '+='),
  )
  return equals < 0 ? undefined : node.children[equals + 1]
}

/** The file a `file_redirect` names: its last named child that is not the descriptor. */
export function redirectDestination(node: SyntaxNode): SyntaxNode | undefined {
  for (let index = node.children.length - 1; index >= 0; index--) {
    const child = node.children[index]
    if (child?.named === true && child.type !== 'file_descriptor') return child
  }
  return undefined
}

/** The named children. */
export function namedChildren(node: SyntaxNode): SyntaxNode[] {
  return node.children.filter((child) => child.named)
}

/** The previous named sibling, or undefined. */
export function previousNamedSibling(node: SyntaxNode): SyntaxNode | undefined {
  const siblings = node.parent?.children ?? []
  let previous: SyntaxNode | undefined
  for (const sibling of siblings) {
    if (sibling === node) return previous
    if (sibling.named && sibling.type !== 'comment') previous = sibling
  }
  return undefined
}

/** A node's fields as plain data (its `text` is a getter on the copied tree's nodes). */
export function copyFields(node: SyntaxNode): SyntaxNode {
  return {
    type: node.type,
    named: node.named,
    start: node.start,
    end: node.end,
    children: node.children,
    parent: node.parent,
    text: node.text,
  }
}
