import { createRequire } from 'node:module'
import { Language, Parser } from 'web-tree-sitter'
import type { Tree } from 'web-tree-sitter'

/** A ready bash parser: synchronous once loaded. */
export interface BashParser {
  /** The syntax tree of `line`, or `undefined` when the parser gave up. Call `tree.delete()`. */
  parse(line: string): Tree | undefined
  /** The grammar's node types by id, and whether each is named (read once, at load). */
  readonly types: readonly string[]
  readonly named: readonly boolean[]
}

/**
 * Loads tree-sitter's bash grammar (the WebAssembly build shipped inside the `tree-sitter-bash`
 * package, run by `web-tree-sitter`): asynchronous once, then every parse is synchronous.
 */
export async function loadBashParser(): Promise<BashParser> {
  await Parser.init()
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
  return {
    parse(line) {
      return parser.parse(line) ?? undefined
    },
    types,
    named,
  }
}
