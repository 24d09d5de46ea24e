import { compoundLineRows } from './bypass-corpus/compound-lines.js'
import { wrapperRows } from './bypass-corpus/wrappers.js'
import { quotingRows } from './bypass-corpus/quoting-and-redirects.js'
import { parserMisreadRows } from './bypass-corpus/parser-misreads.js'
import { pathRows } from './bypass-corpus/paths-and-urls.js'
import { toolRows } from './bypass-corpus/tools-and-modes.js'
import { hiddenInTextRows } from './bypass-corpus/hidden-in-text.js'
import type { CorpusRow } from './bypass-corpus/corpus-rows.js'

export type { CorpusRow, GeminiCorpusRow } from './bypass-corpus/corpus-rows.js'
export { geminiCorpus } from './bypass-corpus/gemini-policies.js'

/**
 * The bypass corpus (STYLE habit 15): one row per case — a command line (or a path, a URL, a
 * call), the rules it meets, the decision it must get, and where it came from — by theme, each
 * theme a file of `bypass-corpus/`, run by one `it.each` through the checker and the plugin.
 */
export const bypassCorpus: readonly CorpusRow[] = [
  ...compoundLineRows,
  ...wrapperRows,
  ...quotingRows,
  ...parserMisreadRows,
  ...pathRows,
  ...toolRows,
  ...hiddenInTextRows,
]
