import { unknownWord } from './command-text.js'
import type { CommandWord } from './command-text.js'
import { isFdVariableWord } from './fd-variable-redirects.js'
import { readWord } from './read-word.js'
import { assignmentName, copyFields, namedChildren } from './syntax-node.js'
import { isName } from './wrappers.js'
import type { SyntaxNode } from './syntax-node.js'
import { reservedWords } from '../security-tables.js'

/** One simple command as bash reads it out of a `command` node. */
export interface CommandRun {
  readonly source: string
  readonly words: readonly CommandWord[]
  /** Names of its leading `NAME=value` assignments. */
  readonly assignments: readonly string[]
  /** Whether it is the node's first run (the one its redirections belong to). */
  readonly first: boolean
}

/**
 * Reads a `command` node as bash would run it. tree-sitter-bash can fold the next line's first
 * command into this one's arguments (its issues #347 and #316), the newline between them
 * sometimes inside the next word's token. Bash never lets anything but blanks separate the words
 * of one command, and a newline always ends one: words after a newline are the next command; a
 * backslash-newline between two tokens joins them into one word (`r\<newline>m` is `rm`);
 * anything else between or inside words means the tree is not the line (`misread`).
 */
export function readCommandRuns(node: SyntaxNode, misread: (why: string) => void): CommandRun[] {
  const runs: SyntaxNode[][] = [[]]
  const glued = new Set<SyntaxNode>()
  let before: SyntaxNode | undefined
  for (const original of node.children) {
    const child = withoutLeadingBlanks(original, misread)
    if (before !== undefined) {
      const gap = node.text.slice(before.end - node.start, child.start - node.start)
      const kind = gapKind(gap)
      if (kind === 'other') {
        misread(`the parser read ${JSON.stringify(gap)} as space between the words of one command`)
      } else if (kind === 'newline') runs.push([])
      else if (kind === 'glued') glued.add(child)
    }
    runs.at(-1)?.push(child)
    before = child
  }
  return runs.map((run, index) => readRun(node, run, index, runs.length, glued, misread))
}

function readRun(
  node: SyntaxNode,
  run: readonly SyntaxNode[],
  index: number,
  count: number,
  glued: ReadonlySet<SyntaxNode>,
  misread: (why: string) => void,
): CommandRun {
  const words: CommandWord[] = []
  const assignments: string[] = []
  let previous: SyntaxNode | undefined
  for (const child of run) {
    const gluedTo = glued.has(child) ? previous : undefined
    previous = child
    if (gluedTo !== undefined && joinGlued(words, gluedTo, child, misread)) continue
    // `{fd}>file`: bash assigns the descriptor to fd; the word is no argument.
    if (!child.named || isFdVariableWord(child)) continue
    if (words.length === 0 && assignments.length === 0 && reservedWords.has(child.text)) {
      // In a command's first place bash reads `!` as the reserved word that negates the
      // pipeline after it (the command still runs, so the rules judge it); a line the parser
      // swallowed that starts with another reserved word starts a compound command the tree
      // does not show.
      if (child.text === '!') continue
      if (index > 0) {
        misread(`the parser read the reserved word "${child.text}" after a newline as a word`)
      }
    }
    addWord(child, words, assignments)
  }
  const first = run[0]
  const last = run.at(-1)
  const source =
    count === 1 || first === undefined || last === undefined
      ? node.text
      : node.text.slice(first.start - node.start, last.end - node.start)
  return { source, words, assignments, first: index === 0 }
}

/**
 * Joins `child` to the word before it, as bash's line continuation does (`r\<newline>m` is
 * `rm`): true when joined; when the two are not both words, the tree is not the line (`misread`).
 */
function joinGlued(
  words: CommandWord[],
  gluedTo: SyntaxNode,
  child: SyntaxNode,
  misread: (why: string) => void,
): boolean {
  const last = words.at(-1)
  if (last === undefined || !isWordNode(gluedTo) || !isWordNode(child)) {
    misread(
      `the parser split a word at a backslash-newline: ${JSON.stringify(gluedTo.text)} and ${JSON.stringify(child.text)}`,
    )
    return false
  }
  const next = readWord(child)
  words[words.length - 1] = {
    text: last.text + next.text,
    literal:
      last.literal === undefined || next.literal === undefined
        ? undefined
        : last.literal + next.literal,
  }
  return true
}

/** One named child of a command: a leading assignment's name, a word, or nothing (a redirect). */
function addWord(child: SyntaxNode, words: CommandWord[], assignments: string[]): void {
  switch (child.type) {
    case 'variable_assignment':
      if (words.length === 0) assignments.push(assignmentName(child)?.text ?? '')
      else words.push(readWord(child))
      break
    case 'command_name': {
      const inner = namedChildren(child)[0]
      words.push(inner === undefined ? unknownWord : readWord(inner))
      break
    }
    case 'file_redirect':
    case 'heredoc_redirect':
    case 'herestring_redirect':
      break
    default: {
      // After a newline the parser swallowed, the next command's leading `NAME=value` comes as
      // a plain word; bash reads it as an assignment all the same (an unquoted name, then `=`
      // or `+=`, before the command's first word). Read as the command's name, it would hide
      // the program after it (`FOO=1 rm x` judged as a program `FOO=1`, which asks).
      const name = words.length === 0 ? assignedName(child.text) : undefined
      if (name === undefined) words.push(readWord(child))
      else assignments.push(name)
    }
  }
}

/** What an unquoted `NAME=value` or `NAME+=value` word assigns to; undefined for any other. */
function assignedName(text: string): string | undefined {
  const equals = text.indexOf('=')
  const name = text.slice(0, text[equals - 1] === '+' ? equals - 1 : equals)
  return equals > 0 && isName(name) ? name : undefined
}

/**
 * A word as bash reads it when the parser's token took in the blanks or the newline before it
 * (tree-sitter-bash does, after a swallowed newline): those are space between words, not part
 * of the word. A word that holds a newline bash would end the command at, or a larger node
 * that starts with blanks, means the tree is not the line.
 */
function withoutLeadingBlanks(child: SyntaxNode, misread: (why: string) => void): SyntaxNode {
  const text = child.text
  let skip = 0
  while (skip < text.length && (text[skip] === ' ' || text[skip] === '\t' || text[skip] === '\n'))
    skip++
  const rest = skip === 0 ? text : text.slice(skip)
  if (child.type === 'word' && hasUnescapedNewline(rest)) {
    misread(`the parser read a newline inside the word ${JSON.stringify(rest)}`)
  }
  if (skip === 0) return child
  if (child.children.length > 0) {
    misread(
      `the parser read ${JSON.stringify(text.slice(0, skip))} as part of ${JSON.stringify(rest)}`,
    )
    return child
  }
  return { ...copyFields(child), start: child.start + skip, text: rest }
}

/** Whether an unquoted word's text holds a newline no backslash escapes. */
function hasUnescapedNewline(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const char = text[index]
    if (char === '\\') index++
    else if (char === '\n') return true
  }
  return false
}

/**
 * What separates two tokens of one command: blanks, a newline (the next command), only
 * backslash-newlines (nothing: bash removes them and the tokens are one word), or something a
 * command's words cannot be separated by.
 */
function gapKind(gap: string): 'blank' | 'newline' | 'glued' | 'other' {
  let kind: 'blank' | 'newline' | 'glued' = 'glued'
  for (let index = 0; index < gap.length; index++) {
    const char = gap[index]
    if (char === ' ' || char === '\t') {
      if (kind === 'glued') kind = 'blank'
      continue
    }
    if (char === '\\' && gap[index + 1] === '\n') {
      index++
      continue
    }
    if (char === '\n') {
      kind = 'newline'
      continue
    }
    return 'other'
  }
  return gap === '' ? 'blank' : kind
}

/** Nodes that are one word of a command, or a part of one. */
function isWordNode(node: SyntaxNode): boolean {
  if (!node.named) return false
  const type = node.type
  return (
    type === 'command_name' ||
    type === 'word' ||
    type === 'string' ||
    type === 'raw_string' ||
    type === 'ansi_c_string' ||
    type === 'translated_string' ||
    type === 'concatenation' ||
    type === 'number' ||
    type === 'simple_expansion' ||
    type === 'expansion'
  )
}
