import type { SyntaxNode } from './syntax-node.js'

/** How many times a line is written again (each pass reads what the last one wrote). */
const maxPasses = 8

/**
 * The line as bash reads it, written again by {@link openPrefixedCompounds} until its parse
 * shows no compound command after `coproc`, `time` or `!`, with that parse (`reparse`, which
 * returns undefined when the parser gave up: then this does too). `unfinished` says why the
 * line still holds one after {@link maxPasses} passes.
 */
export function openCompounds<TParsed extends { readonly root: SyntaxNode }>(
  line: string,
  parsed: TParsed,
  reparse: (line: string) => TParsed | undefined,
):
  | { line: string; parsed: TParsed; coprocess: boolean; unfinished: string | undefined }
  | undefined {
  let current = { line, parsed }
  let coprocess = false
  for (let pass = 0; pass < maxPasses; pass++) {
    const opened = openPrefixedCompounds(current.parsed.root, current.line)
    if (opened === undefined) return { ...current, coprocess, unfinished: undefined }
    if (opened.coprocess) coprocess = true
    const again = reparse(opened.line)
    if (again === undefined) return undefined
    current = { line: opened.line, parsed: again }
  }
  const unfinished =
    openPrefixedCompounds(current.parsed.root, current.line) === undefined
      ? undefined
      : `more than ${maxPasses} compound commands after coproc, time or ! inside one another`
  return { ...current, coprocess, unfinished }
}

/** A line written again so that the parser reads what bash reads (see openPrefixedCompounds). */
export interface OpenedLine {
  readonly line: string
  /** A `coproc` was taken off: what it ran is read by deny and ask rules only (SPEC §26). */
  readonly coprocess: boolean
}

/**
 * Where a compound command starts, as bash reads one at a command's start: `(` (a subshell,
 * `((`), or a reserved word standing alone (`{`, `[[`, `for`, `select`, `case`, `if`, `while`,
 * `until`: bash(1), "Compound Commands") — `{a,b}` and `[[x` are words.
 */
const compoundStart = /\(|(?:\{|\[\[|for|select|case|if|while|until)(?![^\s;&|()<>])/y
/** The reserved words that may stand before a pipeline (bash(1), "Pipelines", "Coprocesses"). */
const pipelinePrefix = /(?:!|time|coproc)(?![^\s;&|()<>])/y

/**
 * tree-sitter-bash reads no compound command after `coproc`, `time` or `!` (bash(1): `coproc
 * [NAME] compound-command`, `time [-p] [--] pipeline`, `! pipeline`): it reads `coproc { rm x; }`
 * as a command named `coproc` with the words `{`, `rm` and `x`, then a command `}`, so a rule for
 * `rm` never meets `rm` — where bash runs it. This is the line with each such prefix written
 * away for the parser to read the compound command as bash does: `time` (with `-p`, `--`) and
 * `!` become blanks (neither changes what runs), `coproc` too, and `coproc NAME` becomes `: NAME;`
 * (NAME is the coprocess's name, not a program; bash expands it, so `coproc $(rm y) { …; }` runs
 * `rm y`, which the `:` command keeps in sight). The rest of the line keeps its offsets.
 * Undefined when the tree shows none. A prefix inside the misread words (`time coproc { … }`,
 * `coproc { coproc { … }; }`) shows when the new line is parsed: call again.
 */
export function openPrefixedCompounds(root: SyntaxNode, line: string): OpenedLine | undefined {
  const edits: Edit[] = []
  const stack: Visit[] = [{ node: root, afterPipe: false }]
  for (let visit = stack.pop(); visit !== undefined; visit = stack.pop()) {
    const { node, afterPipe } = visit
    const edit =
      node.type === 'command'
        ? prefixOfCommand(node, line, afterPipe)
        : node.type === 'negated_command'
          ? prefixOfNegation(node, line)
          : undefined
    if (edit !== undefined) edits.push(edit)
    // A pipeline's commands after its first follow a `|` or `|&`.
    let commands = 0
    for (const child of node.children) {
      const follows = node.type === 'pipeline' && child.named && commands++ > 0
      stack.push({ node: child, afterPipe: follows })
    }
  }
  if (edits.length === 0) return undefined
  edits.sort((left, right) => left.start - right.start)
  const parts: string[] = []
  let from = 0
  let coprocess = false
  for (const edit of edits) {
    // One inside another's range (a `coproc` in a coprocess's name): the next call finds it.
    if (edit.start < from) continue
    parts.push(line.slice(from, edit.start), edit.text.padEnd(edit.end - edit.start, ' '))
    from = edit.end
    if (edit.coprocess) coprocess = true
  }
  parts.push(line.slice(from))
  return { line: parts.join(''), coprocess }
}

/** A node to look at, and whether it is a pipeline's command after a `|` or `|&`. */
interface Visit {
  readonly node: SyntaxNode
  readonly afterPipe: boolean
}

/** Characters `[start, end)` of the line to write as `text` (padded with blanks). */
interface Edit {
  readonly start: number
  readonly end: number
  readonly text: string
  readonly coprocess: boolean
}

/**
 * `coproc [NAME]`, `time [-p] [--]` or `!` read as a command's name, before a compound. A word
 * is read as bash reads it, its `\` + newline continuations removed (`ti\⏎me` is `time`). After
 * a `|` or `|&` bash reads no `time` (its parser's `time_command_acceptable`): `echo | time ! x`
 * runs the `time` program on PATH with the words `!` and `x`, so that `time` stays a command.
 */
function prefixOfCommand(node: SyntaxNode, line: string, afterPipe: boolean): Edit | undefined {
  const [name, ...words] = node.children.filter((child) => child.type !== 'comment')
  // After an assignment or a redirection bash reads no reserved word: `x=1 time { …` is an error.
  if (name?.type !== 'command_name') return undefined
  const word = plainWordAt(line, name.start)
  if (word === undefined) return undefined
  // tree-sitter splits `ti\⏎me` into `ti` and `me`: what lies inside the joined word goes.
  const rest = words.filter((child) => child.start >= word.end)
  const first = rest[0]
  if (first === undefined) return undefined
  if (word.text === 'coproc') {
    if (startsWith(compoundStart, line, first.start)) return blank(name.start, word.end, true)
    const second = rest[1]
    if (second === undefined || first.type.endsWith('redirect')) return undefined
    if (!startsWith(compoundStart, line, second.start)) return undefined
    return { start: name.start, end: first.end, text: `: ${first.text};`, coprocess: true }
  }
  if (word.text !== 'time' && word.text !== '!') return undefined
  if (word.text === 'time' && afterPipe) return undefined
  let end = word.end
  let at = first.start
  for (const option of word.text === 'time' ? ['-p', '--'] : []) {
    const read = plainWordAt(line, at)
    if (read?.text !== option) continue
    end = read.end
    at = rest.find((child) => child.start >= read.end)?.start ?? line.length
  }
  const next = plainWordAt(line, at)
  const prefixed = next?.text === 'time' || next?.text === 'coproc' || next?.text === '!'
  if (!prefixed && !opensPipeline(line, at)) return undefined
  return blank(name.start, end, false)
}

/** The `!` of `! { …; }`, `! time { …; }`: tree-sitter reads `{` or `time` as a command name. */
function prefixOfNegation(node: SyntaxNode, line: string): Edit | undefined {
  const bang = node.children[0]
  const command = node.children.find((child) => child.named)
  if (bang?.type !== '!' || command?.type !== 'command') return undefined
  const name = command.children[0]
  if (name?.type !== 'command_name' || !opensPipeline(line, name.start)) return undefined
  return blank(bang.start, bang.end, false)
}

/**
 * The unquoted word that starts at `start` as bash reads it, each `\` + newline in it taken out
 * (bash(1), "Definitions"), with where it ends; undefined for a word with quotes, an expansion or
 * another escape, which bash never reads as a reserved word or an option of one.
 */
function plainWordAt(line: string, start: number): { text: string; end: number } | undefined {
  let text = ''
  let at = start
  while (at < line.length) {
    const char = line.charAt(at)
    if (char === '\\') {
      if (line.charAt(at + 1) !== '\n') return undefined
      at += 2
      continue
    }
    if (wordEnd.test(char)) break
    if (notPlain.test(char)) return undefined
    text += char
    at++
  }
  return { text, end: at }
}

/** Where an unquoted word ends (bash(1), "Definitions": metacharacters and blanks). */
const wordEnd = /[\s;&|()<>]/
/** What makes a word more than its letters. */
const notPlain = /['"`$]/

function opensPipeline(line: string, at: number): boolean {
  return startsWith(compoundStart, line, at) || startsWith(pipelinePrefix, line, at)
}

function startsWith(pattern: RegExp, line: string, at: number): boolean {
  pattern.lastIndex = at
  return pattern.test(line)
}

function blank(start: number, end: number, coprocess: boolean): Edit {
  return { start, end, text: '', coprocess }
}
