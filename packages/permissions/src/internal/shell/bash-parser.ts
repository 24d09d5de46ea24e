import { createRequire } from 'node:module'
import { Language, Parser } from 'web-tree-sitter'
import type { Tree } from 'web-tree-sitter'

/** A ready bash parser: synchronous once loaded. */
export interface BashParser {
  /**
   * The syntax tree of `line`, or `undefined` when the parser gave up or `shouldStop` (asked
   * every hundred or so parser operations) said to. Call `tree.delete()`.
   */
  parse(line: string, shouldStop?: () => boolean): Tree | undefined
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
    parse(line, shouldStop) {
      const options = shouldStop === undefined ? undefined : { progressCallback: shouldStop }
      const tree = parser.parse(line, null, options)
      // A cancelled parse leaves the parser ready to resume that document: the next line would
      // be read as its continuation (and the WebAssembly aborts). Start over instead.
      if (tree === null) parser.reset()
      return tree ?? undefined
    },
    types,
    named,
  }
}
