import { createRequire } from 'node:module'
import { Language, Parser } from 'web-tree-sitter'
import type { Tree } from 'web-tree-sitter'
import { directCursor, readDirectAccess } from './direct-cursor.js'
import type { DirectAccess } from './direct-cursor.js'
import { copyThrough, copyTree } from './syntax-node.js'
import type { SyntaxNode } from './syntax-node.js'

/** A ready bash parser: synchronous once loaded. */
export interface BashParser {
  /**
   * The syntax tree of `line`, or `undefined` when the parser gave up or `shouldStop` (asked
   * every hundred or so parser operations) said to. With `stopReading`, the parser reads the line
   * a chunk at a time, each chunk's length given to it first; once it says true the line ends
   * there for the parser (the tree is then of a cut line: the caller drops it). Call
   * `tree.delete()`.
   */
  parse(
    line: string,
    shouldStop?: () => boolean,
    stopReading?: (characters: number) => boolean,
  ): Tree | undefined
  /** The grammar's node types by id, and whether each is named (read once, at load). */
  readonly types: readonly string[]
  readonly named: readonly boolean[]
  /**
   * {@link copyTree} of a tree this parser made, the fastest way the loaded `web-tree-sitter`
   * allows (absent: `copyTree`).
   */
  readonly copy?: (tree: Tree, source: string, budget?: { nodes: number }) => SyntaxNode | undefined
}

/**
 * Characters handed to the parser at a time when its reading is checked (web-tree-sitter copies
 * at most 5,119 a call).
 */
const readChunk = 4_096

/**
 * `Parser.init` of each copy of `web-tree-sitter` (by its `Parser` class), called once by this
 * package, with the module's cursor functions when this call loaded it (see
 * `readDirectAccess`). Its module is loaded once per process, so this is too; and this
 * package's own loads never race to load it twice.
 */
const initialised = new WeakMap<typeof Parser, Promise<DirectAccess | undefined>>()

/**
 * Loads tree-sitter's bash grammar (the WebAssembly build shipped inside the `tree-sitter-bash`
 * package, run by `web-tree-sitter`): asynchronous once, then every parse is synchronous.
 */
export async function loadBashParser(): Promise<BashParser> {
  const access = await initialise()
  const wasm = createRequire(import.meta.url).resolve('tree-sitter-bash/tree-sitter-bash.wasm')
  const language = await Language.load(wasm)
  const parser = new Parser()
  parser.setLanguage(language)
  const types: string[] = []
  const named: boolean[] = []
  for (let id = 0; id < language.nodeTypeCount; id++) {
    types.push(language.nodeTypeForId(id) ?? '')
    named.push(language.nodeTypeIsNamed(id))
  }
  const bash: BashParser = {
    parse(line, shouldStop, stopReading) {
      const options = shouldStop === undefined ? undefined : { progressCallback: shouldStop }
      const input =
        stopReading === undefined
          ? line
          : (index: number) => {
              const chunk = line.slice(index, index + readChunk)
              return stopReading(chunk.length) ? '' : chunk
            }
      const tree = parser.parse(input, null, options)
      // A cancelled parse leaves the parser ready to resume that document: the next line would
      // be read as its continuation (and the WebAssembly aborts). Start over instead.
      if (tree === null) parser.reset()
      return tree ?? undefined
    },
    types,
    named,
  }
  if (access === undefined || !copiesAgree(bash, access)) return bash
  return {
    ...bash,
    copy: (tree, source, budget) => {
      const cursor = directCursor(access, tree)
      return cursor === undefined
        ? copyTree(tree, source, types, named, budget)
        : copyThrough(cursor, source, types, named, budget)
    },
  }
}

/** `Parser.init`, once per copy of `web-tree-sitter`; a failed one is tried again next time. */
function initialise(): Promise<DirectAccess | undefined> {
  let loading = initialised.get(Parser)
  if (loading === undefined) {
    const module = {}
    loading = Parser.init(module).then(() => readDirectAccess(module))
    initialised.set(Parser, loading)
    loading.catch(() => initialised.delete(Parser))
  }
  return loading
}

/**
 * Lines whose trees hold what a copy must get right: nesting, anonymous and named nodes, an
 * ERROR node, a missing one, a here-document, text beyond ASCII (offsets count UTF-16).
 */
const probeLines = [
  'a=$(b "c $d" | e) && f 2>&1 >> g; [[ -v h ]] || (( i + 1 )); cat <<E\nx é\nE\n',
  'if then fi ) (( 1 + ; echo "🙂 $((',
]

/**
 * Whether copying through the module's functions gives exactly what `TreeCursor` gives, on
 * {@link probeLines}: the direct copy is used only then (a `web-tree-sitter` whose functions
 * work otherwise keeps its own cursor).
 */
function copiesAgree(parser: BashParser, access: DirectAccess): boolean {
  return probeLines.every((line) => {
    const tree = parser.parse(line)
    if (tree === undefined) return false
    try {
      const cursor = directCursor(access, tree)
      if (cursor === undefined) return false
      const direct = copyThrough(cursor, line, parser.types, parser.named)
      const viaCursor = copyTree(tree, line, parser.types, parser.named)
      return direct !== undefined && viaCursor !== undefined && sameTree(direct, viaCursor)
    } catch {
      return false
    } finally {
      tree.delete()
    }
  })
}

function sameTree(a: SyntaxNode, b: SyntaxNode): boolean {
  const pairs: [SyntaxNode, SyntaxNode][] = [[a, b]]
  for (let pair = pairs.pop(); pair !== undefined; pair = pairs.pop()) {
    const [left, right] = pair
    if (
      left.type !== right.type ||
      left.named !== right.named ||
      left.start !== right.start ||
      left.end !== right.end ||
      left.children.length !== right.children.length
    ) {
      return false
    }
    left.children.forEach((child, index) => {
      const other = right.children[index]
      if (other !== undefined) pairs.push([child, other])
    })
  }
  return true
}
