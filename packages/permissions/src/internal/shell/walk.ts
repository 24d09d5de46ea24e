import { joinWords, literalWord } from './command-text.js'
import type { CommandWord } from './command-text.js'
import { arithmeticHiding, isCodeVariable } from './arithmetic.js'
import { basename, spellCommand } from './command-spellings.js'
import { readCommandRuns } from './command-runs.js'
import { fdVariableHiding } from './fd-variable-redirects.js'
import { LineRepositories } from './git-repositories.js'
import { gitWrites } from './git-writes.js'
import { bodyHiding } from './here-documents.js'
import type { HereDocument } from './here-documents.js'
import { inspectProgram } from './inspect-program.js'
import type { WalkSink } from './inspect-program.js'
import { readPathWord } from './path-word.js'
import type { ShellPath } from './path-word.js'
import { readWord } from './read-word.js'
import { redirectKind } from './redirect-kind.js'
import { findExecCommands } from './shell-runners.js'
import { assignmentName, namedChildren, redirectDestination } from './syntax-node.js'
import type { SyntaxNode } from './syntax-node.js'
import { safeEnvVars } from '../security-tables.js'
import type { ShellAnalysis, ShellRedirect, SimpleCommand } from './shell-analysis.js'

/** Nodes whose `NAME=value` children are statements of their own (not a command's prefix). */
const statementParents = new Set([
  ...['program', 'list', 'pipeline', 'subshell', 'compound_statement', 'do_group'],
  ...['if_statement', 'elif_clause', 'else_clause', 'case_item', 'negated_command'],
  ...['redirected_statement', 'while_statement', 'for_statement', 'c_style_for_statement'],
  'function_definition',
])

/** Parses a string a shell would run (for deny rules), one level deeper. */
export type NestedAnalyzer = (text: string, depth: number) => ShellAnalysis

/**
 * The walk over one parsed line (SPEC §18.2, §26): every simple command (inside lists,
 * pipelines, subshells, groups, functions, loops, substitutions) with its spellings, every file
 * redirection, every construct that hides a command, and where `cd` may move later paths.
 * Iterative: no depth of nesting overflows the stack.
 */
export class Walk implements WalkSink {
  readonly commands: SimpleCommand[] = []
  readonly redirects: ShellRedirect[] = []
  readonly hidingConstructs: string[] = []
  readonly moves: (ShellPath | undefined)[] = []
  readonly repositories = new LineRepositories()
  linksMade = false
  /** A loop or a function: what is in it may run any number of times. */
  repeats = false
  /** Set when the parser's tree disagrees with the line (a grammar bug): the line then asks. */
  misread: string | undefined

  constructor(
    private readonly analyze: NestedAnalyzer,
    private readonly depth: number,
    private readonly nested: boolean,
    readonly documents: ReadonlyMap<SyntaxNode, HereDocument>,
    /** Where the line had a `<>` the parser was given as `< ` (see read-write-redirects.ts). */
    private readonly readWriteAt: ReadonlySet<number> = new Set(),
  ) {}

  visit(root: SyntaxNode): void {
    const stack: SyntaxNode[] = [root]
    for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
      this.node(node)
      for (let index = node.children.length - 1; index >= 0; index--) {
        const child = node.children[index]
        if (child !== undefined) stack.push(child)
      }
    }
    for (const why of this.repositories.hiding()) this.foundHiding(why)
  }

  private node(node: SyntaxNode): void {
    // Arithmetic bash evaluates, and a `{name[…]}>` word it assigns a descriptor to.
    const hiding = arithmeticHiding(node) ?? fdVariableHiding(node)
    if (hiding !== undefined) this.foundHiding(hiding)
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
        this.assignment(node)
        break
      case 'while_statement':
      case 'c_style_for_statement':
      case 'function_definition':
        this.repeats = true
        break
      case 'for_statement':
        this.forLoop(node)
        break
      case 'command_substitution':
        this.foundHiding(
          node.text.startsWith('`') ? 'a backtick substitution' : 'a command substitution $(…)',
        )
        break
      case 'process_substitution':
        this.foundHiding('a process substitution')
        break
      case 'expansion':
        // ${x@P} expands a value as a prompt, which runs the substitutions in it.
        if (node.text.includes('@P')) this.foundHiding('a prompt expansion ${…@P}')
        this.textHiding(node)
        break
      case 'word':
      case 'string_content':
        this.textHiding(node)
        break
      case 'file_redirect':
        this.redirect(node)
        break
      case 'heredoc_redirect': {
        const document = this.documents.get(node)
        if (document?.expanded === true)
          for (const why of bodyHiding(document.body)) this.foundHiding(why)
        break
      }
      default:
        break
    }
  }

  /** A `command` node: each simple command bash reads out of it (see readCommandRuns). */
  private command(node: SyntaxNode): void {
    const runs = readCommandRuns(node, (why) => {
      this.misreadAs(why)
    })
    for (const run of runs) {
      this.addCommand(run.source, run.words, run.assignments, false, run.first ? node : undefined)
    }
  }

  /** `for NAME in …`: it repeats, and a loop over a variable that decides what runs hides. */
  private forLoop(node: SyntaxNode): void {
    this.repeats = true
    const variable = node.children.find((child) => child.type === 'variable_name')
    if (variable !== undefined && isCodeVariable(variable.text)) {
      this.foundHiding(`a loop over ${variable.text}, which changes what later commands run`)
    }
  }

  /**
   * A substitution bash finds in text the parser read as plain: tree-sitter-bash reads
   * `${x:-`id`}`, `"${x:-'$(id)'}"` and `${x#$((…))}` as words inside the expansion, where bash
   * runs them. Whatever the tree says, text that holds an unescaped backtick, `$(` or `$[` hides
   * a command (a real substitution is a node of its own, found above as well).
   */
  private textHiding(node: SyntaxNode): void {
    const why = substitutionInText(node.text)
    if (why !== undefined) this.foundHiding(why)
  }

  misreadAs(why: string): void {
    this.misread ??= why
  }

  foundHiding(construct: string): void {
    if (!this.hidingConstructs.includes(construct)) this.hidingConstructs.push(construct)
  }

  /** Parses a string a shell would run, for deny rules (its commands are never allowed). */
  parseNested(text: string | undefined, reason: string): void {
    this.foundHiding(reason)
    if (text === undefined) return
    const inner = this.analyze(text, this.depth + 1)
    for (const command of inner.commands) this.commands.push({ ...command, nested: true })
    for (const redirect of inner.redirects) this.redirects.push({ ...redirect, nested: true })
    for (const why of inner.hidingConstructs) this.foundHiding(why)
    this.moves.push(...inner.directoryMoves)
    if (inner.linksMade) this.linksMade = true
    if (inner.movesMayRepeat) this.repeats = true
  }

  private addCommand(
    source: string,
    words: readonly CommandWord[],
    assignments: readonly string[],
    fromWords: boolean,
    node?: SyntaxNode,
  ): void {
    if (words.length === 0) return
    const spelled = spellCommand(words, assignments)
    for (const why of spelled.hidingConstructs) this.foundHiding(why)
    for (const string of spelled.strings) this.parseNested(string.text, string.reason)
    for (const stage of spelled.stages) inspectProgram(this, stage, node)
    const last = spelled.stages.at(-1) ?? []
    const writes = gitWrites(last)
    this.repositories.ran(last, writes)
    // git's `--output=<file>`: an edit subject, as a redirection's file is (git-writes.ts).
    for (const { target, path } of writes) {
      this.redirects.push({ kind: 'edit', target, path, nested: this.nested })
    }
    const allowWords = this.nested ? undefined : spelled.allowWords
    this.commands.push({
      source,
      allowText: allowWords === undefined ? undefined : joinWords(allowWords),
      allowWords,
      denyTexts: spelled.denyTexts,
      nested: this.nested,
      programWords: last,
    })
    // Commands that a command runs with words of its own: find -exec's, and xargs'.
    if (fromWords) return
    if (basename(last[0]?.literal ?? '') === 'find') {
      for (const inner of findExecCommands(last)) this.addCommand(render(inner), inner, [], true)
    }
    for (const inner of spelled.ownCommands) this.addCommand(render(inner), inner, [], true)
  }

  private assignment(node: SyntaxNode): void {
    const parts = node.type === 'variable_assignments' ? namedChildren(node) : [node]
    const names = parts.map((part) => assignmentName(part)?.text ?? '')
    for (const name of names) {
      if (isCodeVariable(name))
        this.foundHiding(`an assignment to ${name}, which changes what runs`)
    }
    if (!statementParents.has(node.parent?.type ?? '')) return
    if (names.every((name) => safeEnvVars.has(name))) return
    this.addCommand(
      node.text,
      parts.map((part) => readWord(part)),
      [],
      true,
    )
  }

  private redirect(node: SyntaxNode): void {
    const operatorNode = node.children.find((child) => !child.named)
    const operator = operatorNode?.type ?? ''
    // tree-sitter-bash has no `<>` (read and write): it reads `<` and an ERROR holding `>`.
    const readWrite =
      operator === '<' &&
      (this.readWriteAt.has(operatorNode?.start ?? -1) ||
        node.children.some((child) => child.type === 'ERROR' && child.text === '>'))
    const destinations = node.children.filter(
      (child) =>
        child.named && child.type !== 'file_descriptor' && !(readWrite && child.type === 'ERROR'),
    )
    if (destinations.length > 1) {
      // tree-sitter-bash's issue #233: the words after a redirection read as more destinations.
      this.misreadAs('the parser read several files into one redirection')
      return
    }
    const destination = redirectDestination(node)
    if (destination === undefined) return
    const target = readWord(destination)
    // bash itself opens a connection for these names: no file rule can judge it.
    if (/^\/dev\/(tcp|udp)\//.test(target.text)) {
      this.foundHiding('a network connection through a /dev/tcp or /dev/udp redirection')
    }
    const kind = redirectKind(readWrite ? '<>' : operator, target.literal)
    if (kind === undefined) return
    if (kind === 'edit') this.repositories.wrote(target.literal)
    this.redirects.push({ kind, target, path: readPathWord(destination), nested: this.nested })
  }
}

/**
 * Why `text` (a word, a string's content, an expansion) runs something bash would find in it: an
 * unescaped backtick, `$(` (also `$((`) or `$[`; undefined when none. A backslash quotes the next
 * character.
 */
export function substitutionInText(text: string): string | undefined {
  for (let index = 0; index < text.length; index++) {
    const char = text.charAt(index)
    if (char === '\\') {
      index++
      continue
    }
    if (char === '`') return 'a backtick substitution'
    const next = text.charAt(index + 1)
    if (char === '$' && (next === '(' || next === '[')) return 'a substitution inside a word'
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
