import type { Node } from 'web-tree-sitter'
import type { BashParser } from './bash-parser.js'
import { joinWords, literalWord, unknownWord } from './command-text.js'
import type { CommandWord } from './command-text.js'
import { readWord } from './read-word.js'
import { safeEnvVars } from './safe-env-vars.js'
import {
  commandStrings,
  findExecCommands,
  readShellInvocation,
  shells,
  sourcing,
} from './shell-runners.js'
import {
  assignmentName,
  copyTree,
  namedChildren,
  previousNamedSibling,
  redirectDestination,
} from './syntax-node.js'
import type { SyntaxNode } from './syntax-node.js'
import { stripWrapper, xargsCommandStart } from './wrappers.js'

/** One simple command of a command line, as rules see it. */
export interface SimpleCommand {
  /** The command as written. */
  readonly source: string
  /**
   * What allow rules match: the words after the wrappers of SPEC §18.2 and safe `NAME=value`
   * assignments are stripped. Undefined when no allow rule can allow this command.
   */
  readonly allowText: string | undefined
  readonly allowWords: readonly CommandWord[] | undefined
  /** What deny and ask rules match: the command at each stripping stage, and by basename. */
  readonly denyTexts: readonly string[]
  /** Found in a string a shell would run (`sh -c`, `eval`): only deny and ask rules read it. */
  readonly nested: boolean
}

/** A file a redirection writes (`>`, `>>`, `&>`, `>|`) or reads (`<`). */
export interface ShellRedirect {
  readonly kind: 'edit' | 'read'
  readonly target: CommandWord
  /** Found in a string a shell would run: only deny and ask rules read it. */
  readonly nested: boolean
}

/** What a command line holds, for rules (SPEC §18.2). */
export interface ShellAnalysis {
  readonly commands: readonly SimpleCommand[]
  readonly redirects: readonly ShellRedirect[]
  /** Why no rule may allow this line (a substitution, `eval`, `sh -c`, …); empty when none. */
  readonly hidden: readonly string[]
  /** Why the line could not be parsed; the call then asks. */
  readonly unparseable: string | undefined
}

/** Strings a shell runs are parsed for deny rules to this depth (SPEC §18.2). */
export const maxNestingDepth = 3
/** Longer lines are not parsed: they ask. */
export const maxLineLength = 100_000

/** Bash's reserved words (bash(1), RESERVED WORDS): special as the first word of a command. */
const reservedWords: ReadonlySet<string> = new Set([
  '!',
  'case',
  'coproc',
  'do',
  'done',
  'elif',
  'else',
  'esac',
  'fi',
  'for',
  'function',
  'if',
  'in',
  'select',
  'then',
  'time',
  'until',
  'while',
  '{',
  '}',
  '[[',
  ']]',
])

const statementParents = new Set([
  'program',
  'list',
  'pipeline',
  'subshell',
  'compound_statement',
  'do_group',
  'if_statement',
  'elif_clause',
  'else_clause',
  'case_item',
  'negated_command',
  'redirected_statement',
  'while_statement',
  'for_statement',
  'c_style_for_statement',
  'function_definition',
])

/**
 * Parses a command line with a real shell parser and lists what rules must see: every simple
 * command (inside lists, pipelines, subshells, groups, functions, loops, substitutions), each
 * with its allow and deny spellings, every file redirection, and every construct that hides a
 * command from the rules.
 */
export function analyzeShell(parser: BashParser, line: string, depth = 0): ShellAnalysis {
  const nested = depth > 0
  if (line.length > maxLineLength) {
    return empty(`longer than ${maxLineLength} characters`)
  }
  const tree = parser.parse(line)
  if (tree === undefined) return empty('the parser gave up')
  let root: SyntaxNode
  try {
    if (tree.rootNode.hasError) return empty(describeError(tree.rootNode))
    root = copyTree(tree, line, parser.types, parser.named)
  } finally {
    tree.delete()
  }
  {
    const walk = new Walk(parser, depth, nested)
    walk.visit(root)
    if (walk.misread !== undefined) {
      // The line asks; what the tree does show is still read by deny and ask rules.
      return {
        commands: walk.commands.map((command) => ({
          ...command,
          allowText: undefined,
          allowWords: undefined,
          nested: true,
        })),
        redirects: walk.redirects.map((redirect) => ({ ...redirect, nested: true })),
        hidden: walk.hidden,
        unparseable: walk.misread,
      }
    }
    return {
      commands: walk.commands,
      redirects: walk.redirects,
      hidden: walk.hidden,
      unparseable: undefined,
    }
  }
}

function empty(unparseable: string): ShellAnalysis {
  return { commands: [], redirects: [], hidden: [], unparseable }
}

function describeError(root: Node): string {
  const stack: Node[] = [root]
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (node.type === 'ERROR' || node.isMissing) {
      const what = node.isMissing ? `missing ${node.type}` : 'a syntax error'
      return `${what} at column ${node.startPosition.column + 1} of line ${node.startPosition.row + 1}`
    }
    if (node.hasError) for (const child of node.children) stack.push(child)
  }
  return 'a syntax error'
}

class Walk {
  readonly commands: SimpleCommand[] = []
  readonly redirects: ShellRedirect[] = []
  readonly hidden: string[] = []
  /** Set when the parser's tree disagrees with the line (a grammar bug): the line then asks. */
  misread: string | undefined

  constructor(
    private readonly parser: BashParser,
    private readonly depth: number,
    private readonly nested: boolean,
  ) {}

  visit(root: SyntaxNode): void {
    const stack: SyntaxNode[] = [root]
    for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
      switch (node.type) {
        case 'command':
          this.command(node)
          break
        case 'declaration_command':
        case 'unset_command':
          this.addCommand(node.text, declarationWords(node), [], false)
          break
        case 'variable_assignment':
        case 'variable_assignments':
          if (statementParents.has(node.parent?.type ?? '')) this.assignment(node)
          break
        case 'command_substitution':
          this.hide(
            node.text.startsWith('`') ? 'a backtick substitution' : 'a command substitution $(…)',
          )
          break
        case 'process_substitution':
          this.hide('a process substitution')
          break
        case 'expansion':
          // ${x@P} expands a value as a prompt, which runs the substitutions in it.
          if (node.text.includes('@P')) this.hide('a prompt expansion ${…@P}')
          break
        case 'file_redirect':
          this.redirect(node)
          break
        default:
          break
      }
      for (let index = node.children.length - 1; index >= 0; index--) {
        const child = node.children[index]
        if (child !== undefined) stack.push(child)
      }
    }
  }

  private hide(reason: string): void {
    if (!this.hidden.includes(reason)) this.hidden.push(reason)
  }

  /** Parses a string a shell would run, for deny rules (its commands are never allowed). */
  private parseNested(text: string | undefined, reason: string): void {
    this.hide(reason)
    if (text === undefined || this.depth + 1 >= maxNestingDepth + 1) return
    const inner = analyzeShell(this.parser, text, this.depth + 1)
    for (const command of inner.commands) this.commands.push(command)
    for (const redirect of inner.redirects) this.redirects.push(redirect)
    for (const why of inner.hidden) this.hide(why)
  }

  private command(node: SyntaxNode): void {
    // tree-sitter-bash can fold the next line's first command into this one's arguments (its
    // issues #347 and #316), the newline between them sometimes inside the next word's token.
    // Bash never lets anything but blanks separate the words of one command, and a newline always
    // ends one: words after a newline are read as the next command, as bash does, and anything
    // else between or inside words means the tree is not the line.
    const runs: SyntaxNode[][] = [[]]
    const glued = new Set<SyntaxNode>()
    let before: SyntaxNode | undefined
    for (const original of node.children) {
      const child = this.withoutLeadingBlanks(original)
      if (before !== undefined) {
        const gap = node.text.slice(before.end - node.start, child.start - node.start)
        const kind = gapKind(gap)
        if (kind === 'other') {
          this.misread = `the parser read ${JSON.stringify(gap)} as space between the words of one command`
        } else if (kind === 'newline') {
          runs.push([])
        } else if (kind === 'glued') {
          // Only backslash-newlines between two tokens: bash removes them, and the two are one
          // word (`r\<newline>m` is `rm`).
          glued.add(child)
        }
      }
      runs.at(-1)?.push(child)
      before = child
    }
    runs.forEach((run, index) => {
      const words: CommandWord[] = []
      const assignments: string[] = []
      let previous: SyntaxNode | undefined
      for (const child of run) {
        const gluedTo = glued.has(child) ? previous : undefined
        previous = child
        if (gluedTo !== undefined) {
          const last = words.at(-1)
          if (
            last === undefined ||
            !gluedTo.named ||
            !child.named ||
            !isWordNode(gluedTo.type) ||
            !isWordNode(child.type)
          ) {
            this.misread = `the parser split a word at a backslash-newline: ${JSON.stringify(gluedTo.text)} and ${JSON.stringify(child.text)}`
          } else {
            const next = readWord(child)
            words[words.length - 1] = {
              text: last.text + next.text,
              literal:
                last.literal === undefined || next.literal === undefined
                  ? undefined
                  : last.literal + next.literal,
            }
            continue
          }
        }
        if (!child.named) continue
        if (words.length === 0 && assignments.length === 0 && reservedWords.has(child.text)) {
          // In a command's first place bash reads `!` as the reserved word that negates the
          // pipeline after it (the command still runs, so the rules judge it); a line the parser
          // swallowed that starts with another reserved word starts a compound command the tree
          // does not show.
          if (child.text === '!') continue
          if (index > 0) {
            this.misread = `the parser read the reserved word "${child.text}" after a newline as a word`
          }
        }
        switch (child.type) {
          case 'variable_assignment': {
            if (words.length === 0) assignments.push(assignmentName(child)?.text ?? '')
            else words.push(readWord(child))
            break
          }
          case 'command_name': {
            const inner = namedChildren(child)[0]
            words.push(inner === undefined ? unknownWord : readWord(inner))
            break
          }
          case 'file_redirect':
          case 'heredoc_redirect':
          case 'herestring_redirect':
            break
          default:
            words.push(readWord(child))
        }
      }
      const first = run[0]
      const last = run.at(-1)
      const source =
        runs.length === 1 || first === undefined || last === undefined
          ? node.text
          : node.text.slice(first.start - node.start, last.end - node.start)
      this.addCommand(source, words, assignments, false, index === 0 ? node : undefined)
    })
  }

  /**
   * A word as bash reads it when the parser's token took in the blanks or the newline before it
   * (tree-sitter-bash does, after a swallowed newline): those are space between words, not part
   * of the word. A word that holds a newline bash would end the command at, or a larger node
   * that starts with blanks, means the tree is not the line.
   */
  private withoutLeadingBlanks(child: SyntaxNode): SyntaxNode {
    const text = child.text
    let skip = 0
    while (skip < text.length && (text[skip] === ' ' || text[skip] === '\t' || text[skip] === '\n'))
      skip++
    const rest = skip === 0 ? text : text.slice(skip)
    if (child.type === 'word' && hasUnescapedNewline(rest)) {
      this.misread = `the parser read a newline inside the word ${JSON.stringify(rest)}`
    }
    if (skip === 0) return child
    if (child.children.length > 0) {
      this.misread = `the parser read ${JSON.stringify(text.slice(0, skip))} as part of ${JSON.stringify(rest)}`
      return child
    }
    return { ...copyFields(child), start: child.start + skip, text: rest }
  }

  private addCommand(
    source: string,
    words: readonly CommandWord[],
    assignments: readonly string[],
    fromWords: boolean,
    node?: SyntaxNode,
  ): void {
    if (words.length === 0) return
    let allowOk = assignments.every((name) => safeEnvVars.has(name))
    // The allow spelling: the wrappers of SPEC §18.2 stripped, with safe assignments only.
    let at = 0
    let appendUnknown = false
    for (;;) {
      const name = words[at]?.literal
      if (name === undefined) break
      const step = stripWrapper(words, at, name, true)
      if (step.kind === 'none') break
      if (step.kind !== 'wrapped') {
        allowOk = false
        break
      }
      if (!step.assignments.every((variable) => safeEnvVars.has(variable))) allowOk = false
      at = step.next
      if (step.appendUnknown === true) appendUnknown = true
    }
    const allowWords = appendUnknown ? [...words.slice(at), unknownWord] : words.slice(at)
    if (allowWords[0]?.literal === undefined) {
      allowOk = false
      this.hide('a command name known only at run time')
    }

    // The deny spellings: every stage of stripping, with the wrappers sudo, exec, … too.
    const stages: CommandWord[][] = [[...words]]
    at = 0
    appendUnknown = false
    for (;;) {
      const literal = words[at]?.literal
      if (literal === undefined) break
      const step = stripWrapper(words, at, basename(literal), false)
      if (step.kind === 'none') break
      if (step.kind === 'unknown') {
        stages.push([unknownWord])
        this.hide(`options of ${basename(literal)} that cannot be read for sure`)
        break
      }
      if (step.kind === 'split-string') {
        this.parseNested(step.value, 'env -S, which splits a string into a command')
        break
      }
      at = step.next
      if (step.appendUnknown === true) appendUnknown = true
      stages.push(appendUnknown ? [...words.slice(at), unknownWord] : words.slice(at))
    }

    const denyTexts: string[] = []
    for (const stage of stages) {
      this.inspect(stage, node)
      const text = joinWords(stage)
      if (!denyTexts.includes(text)) denyTexts.push(text)
      const first = stage[0]?.literal
      if (first?.includes('/') === true) {
        const short = joinWords([literalWord(basename(first)), ...stage.slice(1)])
        if (!denyTexts.includes(short)) denyTexts.push(short)
      }
    }

    const allowed = allowOk && !this.nested
    this.commands.push({
      source,
      allowText: allowed ? joinWords(allowWords) : undefined,
      allowWords: allowed ? allowWords : undefined,
      denyTexts,
      nested: this.nested,
    })

    // Commands that a command runs with words of its own: xargs with flags, find -exec.
    if (fromWords) return
    const last = stages.at(-1) ?? []
    const lastName = basename(last[0]?.literal ?? '')
    if (lastName === 'find') {
      for (const inner of findExecCommands(last)) this.addCommand(render(inner), inner, [], true)
    }
    if (allowWords[0]?.literal === 'xargs' && allowWords.length > 1) {
      const start = xargsCommandStart(allowWords, 0)
      if (start !== undefined && start < allowWords.length) {
        const inner = [...allowWords.slice(start), unknownWord]
        this.addCommand(render(inner), inner, [], true)
      }
    }
  }

  /** Finds what in one stage of a command hides another command from the rules. */
  private inspect(stage: readonly CommandWord[], node: SyntaxNode | undefined): void {
    const literal = stage[0]?.literal
    if (literal === undefined) return
    const name = basename(literal)
    if (shells.has(name)) {
      const invocation = readShellInvocation(stage)
      if (invocation.kind === 'string') {
        this.parseNested(invocation.command?.literal, `${name} -c, which runs a string as commands`)
      } else if (invocation.kind === 'stdin' && node !== undefined) {
        const fed = feedsInput(node)
        if (fed !== undefined) {
          this.parseNested(fed.body, `${name} reading commands from ${fed.what}`)
        }
      }
      return
    }
    if (sourcing.has(name)) {
      this.hide(`${name}, which runs the commands of a file`)
      return
    }
    const strings = commandStrings(name, stage)
    if (strings !== undefined) {
      for (const string of strings)
        this.parseNested(string.literal, `${name}, which runs a string as commands`)
    }
  }

  private assignment(node: SyntaxNode): void {
    const parts = node.type === 'variable_assignments' ? namedChildren(node) : [node]
    const names = parts.map((part) => assignmentName(part)?.text ?? '')
    if (names.every((name) => safeEnvVars.has(name))) return
    this.addCommand(node.text, parts.map(readWord), [], true)
  }

  private redirect(node: SyntaxNode): void {
    let operator = ''
    for (const child of node.children) {
      if (!child.named) {
        operator = child.type
        break
      }
    }
    const destinations = node.children.filter(
      (child) => child.named && child.type !== 'file_descriptor',
    )
    if (destinations.length > 1) {
      // tree-sitter-bash's issue #233: the words after a redirection read as more destinations.
      this.misread = 'the parser read several files into one redirection'
      return
    }
    const destination = redirectDestination(node)
    if (destination === undefined) return
    const target = readWord(destination)
    if (operator === '>&' || operator === '<&') {
      // `>&2` and `>&-` duplicate or close a descriptor; `>&file` writes a file.
      const value = target.literal
      if (value === undefined || value === '-' || isDigits(value) || operator === '<&') return
      this.redirects.push({ kind: 'edit', target, nested: this.nested })
      return
    }
    if (operator === '<') {
      this.redirects.push({ kind: 'read', target, nested: this.nested })
      return
    }
    if (
      operator === '>' ||
      operator === '>>' ||
      operator === '&>' ||
      operator === '&>>' ||
      operator === '>|'
    ) {
      this.redirects.push({ kind: 'edit', target, nested: this.nested })
    }
  }
}

/** What feeds a command's input with commands: a pipe, a here-document, a here-string, a file. */
function feedsInput(node: SyntaxNode): { what: string; body: string | undefined } | undefined {
  let statement = node
  const parent = node.parent
  const redirects: SyntaxNode[] = node.children.filter((child) => child.type.endsWith('redirect'))
  if (parent?.type === 'redirected_statement') {
    statement = parent
    for (const child of parent.children) if (child.type.endsWith('redirect')) redirects.push(child)
  }
  for (const redirect of redirects) {
    if (redirect.type === 'heredoc_redirect') {
      const body = redirect.children.find((child) => child.type === 'heredoc_body')
      return { what: 'a here-document', body: body?.text }
    }
    if (redirect.type === 'herestring_redirect') {
      const value = namedChildren(redirect)[0]
      return {
        what: 'a here-string',
        body: value === undefined ? undefined : readWord(value).literal,
      }
    }
    if (
      redirect.type === 'file_redirect' &&
      redirect.children.some((child) => child.type === '<')
    ) {
      return { what: 'a file', body: undefined }
    }
  }
  if (statement.parent?.type === 'pipeline' && previousNamedSibling(statement) !== undefined) {
    return { what: 'a pipe', body: undefined }
  }
  return undefined
}

function declarationWords(node: SyntaxNode): CommandWord[] {
  const words: CommandWord[] = []
  for (const child of node.children) {
    if (child.type === 'comment') continue
    words.push(child.named ? readWord(child) : literalWord(child.text))
  }
  return words
}

function render(words: readonly CommandWord[]): string {
  return words.map((word) => word.literal ?? '…').join(' ')
}

/** The last path segment of a command name (`/usr/bin/rm` → `rm`). */
export function basename(name: string): string {
  const slash = name.lastIndexOf('/')
  return slash < 0 ? name : name.slice(slash + 1)
}

function isDigits(value: string): boolean {
  if (value === '') return false
  for (const char of value) if (char < '0' || char > '9') return false
  return true
}

/**
 * What lies between two words the parser put in one command: only spaces, tabs and line
 * continuations (`blank`), those and a newline, which ends a command (`newline`), or anything
 * else (`other`).
 */
/** Whether an unquoted word's text holds a newline no backslash escapes. */
function hasUnescapedNewline(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const char = text[index]
    if (char === '\\') index++
    else if (char === '\n') return true
  }
  return false
}

/** A node's fields as plain data (its `text` is a getter on the copied tree's nodes). */
function copyFields(node: SyntaxNode): SyntaxNode {
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
function isWordNode(type: string): boolean {
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
