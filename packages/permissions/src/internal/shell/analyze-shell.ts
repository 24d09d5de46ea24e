import type { Node } from 'web-tree-sitter'
import type { BashParser } from './bash-parser.js'
import { openCompounds } from './compound-prefixes.js'
import { readHereDocuments } from './here-documents.js'
import { readWriteOperatorsHold, withReadWriteAsRead } from './read-write-redirects.js'
import type { ShellAnalysis } from './shell-analysis.js'
import { copyTree } from './syntax-node.js'
import type { SyntaxNode } from './syntax-node.js'
import { Walk } from './walk.js'
import { isSpent, parserCheck, readCheck, workBudget, workLimits } from './work-budget.js'
import type { WorkBudget } from './work-budget.js'

export type { ShellAnalysis, ShellRedirect, SimpleCommand } from './shell-analysis.js'
export { basename } from './command-spellings.js'

/** Strings a shell runs are parsed for deny rules to this depth (SPEC §18.2). */
export const maxNestingDepth = 3
/** Longer lines are not parsed: they ask at once (SPEC §26, bounded work). */
export const maxLineLength = 100_000
/** How many shorter prefixes of a line with a syntax error are tried for what bash runs first. */
const maxPrefixTries = 8

/**
 * Parses a command line with a real shell parser and lists what rules must see (SPEC §18.2,
 * §26): every simple command with its allow and deny spellings, every file redirection, every
 * construct that hides a command, and where `cd` may move later paths. A line the parser cannot
 * read, or reads otherwise than bash (a grammar bug, a here-document bash ends elsewhere), is
 * `unparseable`: what the tree shows is still read by deny and ask rules. A syntax error on a
 * later line does not stop bash running the lines before it: those are read too.
 */
export function analyzeShell(
  parser: BashParser,
  line: string,
  depth = 0,
  budget: WorkBudget = workBudget(),
): ShellAnalysis {
  if (line.length > maxLineLength) return empty(`longer than ${maxLineLength} characters`)
  const joined = joinWordContinuations(line)
  if (joined !== undefined) {
    // bash removes `\` + newline before it reads anything, so `$\⏎(id)` is `$(id)`; the parser
    // does not. Deny and ask rules read the joined line; nothing in it is allowed.
    const inner = analyzeShell(parser, joined, depth, budget)
    return { ...inner, unparseable: inner.unparseable ?? continuationReason }
  }
  const parsed = parse(parser, line, budget)
  if (parsed === undefined) return empty(gaveUp(budget))
  // tree-sitter-bash misreads a compound command after `coproc`, `time` or `!`: the line is
  // written again until it reads it as bash does. No allow rule allows what a `coproc` runs, as
  // none allows `coproc npm test` (SPEC §26: a wrapper stripped for deny and ask rules only).
  const opened = openCompounds(line, parsed, (text) => parse(parser, text, budget))
  if (opened === undefined) return empty(gaveUp(budget))
  const analysis = analyzeParsed(parser, opened.line, opened.parsed, depth, budget)
  const read = opened.coprocess ? withoutAllowSpellings(analysis) : analysis
  return opened.unfinished === undefined
    ? read
    : { ...read, unparseable: read.unparseable ?? opened.unfinished }
}

function gaveUp(budget: WorkBudget): string {
  return budget.spent === undefined
    ? 'the parser gave up'
    : `too much to read in bounded time (${budget.spent})`
}

/** What the parse of a line (with or without a syntax error) shows, as bash would run it. */
function analyzeParsed(
  parser: BashParser,
  line: string,
  parsed: Parsed,
  depth: number,
  budget: WorkBudget,
): ShellAnalysis {
  if (parsed.error === undefined) return walkLine(parser, line, depth, parsed.root, false, budget)
  const readWrite = withReadWriteAsRead(line)
  if (readWrite !== undefined) {
    // tree-sitter-bash cannot parse `<>`: the line again with `< ` there, where it holds.
    const again = parse(parser, readWrite.line, budget)
    if (
      again !== undefined &&
      again.error === undefined &&
      readWriteOperatorsHold(again.root, readWrite.operators)
    ) {
      return walkLine(parser, readWrite.line, depth, again.root, false, budget, readWrite.operators)
    }
  }
  // Deny and ask rules read what the tree recovered, and what bash runs before the error.
  const visible = walkLine(parser, line, depth, parsed.root, true, budget)
  const prefix = runnablePrefix(parser, line, parsed.error.offset, budget)
  const before =
    prefix === undefined
      ? undefined
      : walkLine(parser, prefix.line, depth, prefix.root, true, budget)
  return {
    commands: [...(before?.commands ?? []), ...visible.commands],
    redirects: [...(before?.redirects ?? []), ...visible.redirects],
    hidingConstructs: [
      ...new Set([...(before?.hidingConstructs ?? []), ...visible.hidingConstructs]),
    ],
    unparseable: parsed.error.message,
    directoryMoves: [...(before?.directoryMoves ?? []), ...visible.directoryMoves],
    movesMayRepeat: visible.movesMayRepeat || before?.movesMayRepeat === true,
    linksMade: visible.linksMade || before?.linksMade === true,
    repositoryPaths: visible.repositoryPaths ?? before?.repositoryPaths,
  }
}

const continuationReason = 'a line continuation inside a word, which bash joins before reading'

/**
 * `line` with every line continuation (`\\` + newline, the backslash not itself quoted by one
 * before it) removed, as bash removes them before it reads the line — or undefined when every
 * run of continuations sits where the walk already reads them as bash does: after a blank or at
 * the start of a line (between words), or between two ordinary word characters (`git st\\⏎atus`
 * is one word: the walk joins the parser's two tokens). Anywhere else (`$\\⏎(id)`, `a\\⏎#; id`,
 * `|\\⏎sh`, in a here-document's body) the parser reads something bash does not. The removal
 * ignores quotes (inside `'…'` bash keeps the pair), so the joined line is read by deny and ask
 * rules only.
 */
export function joinWordContinuations(line: string): string | undefined {
  let misread = false
  const parts: string[] = []
  let from = 0
  for (let index = 0; index < line.length; index++) {
    if (line.charAt(index) !== '\\') continue
    if (line.charAt(index + 1) !== '\n') {
      index++ // a quoted character: `\\⏎` is a backslash, then a newline
      continue
    }
    const before = index === 0 ? '\n' : line.charAt(index - 1)
    let end = index
    while (line.charAt(end) === '\\' && line.charAt(end + 1) === '\n') end += 2
    const after = line.charAt(end)
    if (!' \t\n'.includes(before) && !(isWordChar(before) && (isWordChar(after) || after === '\\')))
      misread = true
    parts.push(line.slice(from, index))
    from = end
    index = end - 1
  }
  if (!misread) return undefined
  parts.push(line.slice(from))
  return parts.join('')
}

/** Characters of a word that start nothing in bash, wherever they stand. */
function isWordChar(char: string): boolean {
  return /^[A-Za-z0-9_./,:+=%-]$/.test(char)
}

function empty(unparseable: string): ShellAnalysis {
  return {
    commands: [],
    redirects: [],
    hidingConstructs: [],
    unparseable,
    directoryMoves: [],
    movesMayRepeat: false,
    linksMade: false,
    repositoryPaths: undefined,
  }
}

interface Parsed {
  readonly root: SyntaxNode
  readonly error: { readonly message: string; readonly offset: number } | undefined
}

function parse(parser: BashParser, line: string, budget: WorkBudget): Parsed | undefined {
  if (budget.spent !== undefined) return undefined
  const tree = parser.parse(line, parserCheck(budget), readCheck(budget))
  if (tree === undefined) return undefined
  try {
    // Spent while reading: the parser saw the line cut where it stopped reading.
    if (isSpent(budget)) return undefined
    const root =
      parser.copy === undefined
        ? copyTree(tree, line, parser.types, parser.named, budget)
        : parser.copy(tree, line, budget)
    if (root === undefined) {
      budget.spent ??= `more than ${workLimits.nodes} syntax nodes`
      return undefined
    }
    const error = tree.rootNode.hasError ? describeError(tree.rootNode) : undefined
    return { root, error }
  } finally {
    tree.delete()
  }
}

function walkLine(
  parser: BashParser,
  line: string,
  depth: number,
  root: SyntaxNode,
  denyOnly: boolean,
  budget: WorkBudget,
  readWriteAt: ReadonlySet<number> = new Set(),
): ShellAnalysis {
  const heredocs = line.includes('<<')
    ? readHereDocuments(root, line)
    : { documents: [], misread: undefined }
  const documents = new Map(heredocs.documents.map((document) => [document.redirect, document]))
  const nested = (text: string, inner: number): ShellAnalysis =>
    inner > maxNestingDepth ? empty('nested too deep') : analyzeShell(parser, text, inner, budget)
  const walk = new Walk(nested, depth, depth > 0 || denyOnly, documents, readWriteAt)
  walk.visit(root)
  const misread = heredocs.misread ?? walk.misread
  const analysis: ShellAnalysis = {
    commands: walk.commands,
    redirects: walk.redirects,
    hidingConstructs: walk.hidingConstructs,
    unparseable: misread,
    directoryMoves: walk.moves,
    movesMayRepeat: walk.repeats,
    linksMade: walk.linksMade,
    repositoryPaths: walk.repositories.paths(),
  }
  // A line misread asks; what the tree does show is still read by deny and ask rules.
  return misread !== undefined || denyOnly ? readByDenyOnly(analysis) : analysis
}

/** The analysis with no command any allow rule may allow (each still judged, the mode deciding). */
function withoutAllowSpellings(analysis: ShellAnalysis): ShellAnalysis {
  const commands = analysis.commands.map((command) => ({
    ...command,
    allowText: undefined,
    allowWords: undefined,
  }))
  return { ...analysis, commands }
}

/** The analysis with its commands and redirections read by deny and ask rules only. */
function readByDenyOnly(analysis: ShellAnalysis): ShellAnalysis {
  return {
    ...analysis,
    commands: analysis.commands.map((command) => ({
      ...command,
      allowText: undefined,
      allowWords: undefined,
      nested: true,
    })),
    redirects: analysis.redirects.map((redirect) => ({ ...redirect, nested: true })),
  }
}

/**
 * The longest run of whole lines before the line holding `errorOffset` that parses cleanly:
 * what bash runs before it meets the syntax error (it reads and runs a line at a time).
 */
function runnablePrefix(
  parser: BashParser,
  line: string,
  errorOffset: number,
  budget: WorkBudget,
): { line: string; root: SyntaxNode } | undefined {
  let end = line.lastIndexOf('\n', errorOffset - 1)
  for (let tries = 0; end > 0 && tries < maxPrefixTries; tries++) {
    const prefix = line.slice(0, end + 1)
    const parsed = parse(parser, prefix, budget)
    if (parsed !== undefined && parsed.error === undefined)
      return { line: prefix, root: parsed.root }
    end = line.lastIndexOf('\n', end - 1)
  }
  return undefined
}

function describeError(root: Node): { message: string; offset: number } {
  const stack: Node[] = [root]
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (node.type === 'ERROR' || node.isMissing) {
      const what = node.isMissing ? `missing ${node.type}` : 'a syntax error'
      return {
        message: `${what} at column ${node.startPosition.column + 1} of line ${node.startPosition.row + 1}`,
        offset: node.startIndex,
      }
    }
    if (node.hasError) {
      const children = node.children
      for (let index = children.length - 1; index >= 0; index--) {
        const child = children[index]
        if (child !== undefined) stack.push(child)
      }
    }
  }
  return { message: 'a syntax error', offset: 0 }
}
