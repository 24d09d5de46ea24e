import type { CommandWord } from './command-text.js'
import { basename } from './command-spellings.js'
import type { HereDocument } from './here-documents.js'
import { nameWordsHiding } from './name-words.js'
import { literalPath } from './path-word.js'
import type { ShellPath } from './path-word.js'
import { programStrings } from './program-strings.js'
import { readWord } from './read-word.js'
import { commandStrings, readShellInvocation } from './shell-runners.js'
import { wrapperDirectories } from './wrapper-directories.js'
import { wordText } from './wrappers.js'
import { namedChildren, previousNamedSibling } from './syntax-node.js'
import type { SyntaxNode } from './syntax-node.js'
import {
  directoryChangers,
  linkMakingGitSubcommands,
  linkMakingPrograms,
  shells,
  sourcingBuiltins,
} from '../security-tables.js'

/** What the walk collects, as the inspection of one program adds to it. */
export interface WalkSink {
  /** Something in the line hides a command from the rules: no rule may allow it. */
  foundHiding(construct: string): void
  parseNested(text: string | undefined, reason: string): void
  readonly moves: (ShellPath | undefined)[]
  linksMade: boolean
  readonly documents: ReadonlyMap<SyntaxNode, HereDocument>
}

/**
 * Finds what one stage of a command (the program after some wrappers, with its words) does
 * beyond running itself (SPEC §18.2, §26): a shell's string or input, `source`, a string a
 * builtin or program runs (`eval`, `trap`, `sed`'s `e`, `awk`'s `system()`, `git -c`), a name
 * bash evaluates (`printf -v 'a[$(…)]'`), a variable that decides which code runs, a `cd` (or a
 * wrapper's `-C dir`) that moves later paths, a program that makes links.
 */
export function inspectProgram(
  sink: WalkSink,
  stage: readonly CommandWord[],
  node: SyntaxNode | undefined,
): void {
  const literal = stage[0]?.literal
  if (literal === undefined) return
  const name = basename(literal)
  if (shells.has(name)) {
    const invocation = readShellInvocation(stage)
    if (invocation.kind === 'string') {
      sink.parseNested(wordText(invocation.command), `${name} -c, which runs a string as commands`)
    } else if (invocation.kind === 'stdin' && node !== undefined) {
      const fed = feedsInput(node, sink.documents)
      if (fed !== undefined) sink.parseNested(fed.body, `${name} reading commands from ${fed.what}`)
    }
    return
  }
  if (sourcingBuiltins.has(name)) {
    sink.foundHiding(`${name}, which runs the commands of a file`)
    return
  }
  for (const string of commandStrings(name, stage) ?? []) {
    sink.parseNested(string.text, `${name}, which runs a string as commands`)
  }
  const strings = programStrings(name, stage)
  for (const reason of strings.hidingConstructs) sink.foundHiding(reason)
  for (const nested of strings.nested) sink.parseNested(nested, `${name}, which runs a command`)
  for (const reason of nameWordsHiding(name, stage)) sink.foundHiding(reason)
  if (directoryChangers.has(name)) sink.moves.push(...directoryMove(name, stage))
  // `env -C dir cmd`: cmd's relative paths are relative to dir, as after a `cd` (the line's
  // other paths are judged from both places, which only adds candidates).
  sink.moves.push(...wrapperDirectories(name, stage))
  if (makesLinks(name, stage)) sink.linksMade = true
}

/** Where `cd dir`, `pushd dir` may move the working directory (undefined: unknown). */
function directoryMove(name: string, words: readonly CommandWord[]): (ShellPath | undefined)[] {
  if (name === 'popd') return [] // back to a directory the line already moved to
  let index = 1
  while (words[index]?.literal?.startsWith('-') === true && words[index]?.literal !== '-') {
    if (words[index]?.literal === '--') {
      index++
      break
    }
    index++
  }
  const target = words[index]
  if (target === undefined) return name === 'cd' ? [{ anchor: 'home', path: '' }] : [undefined]
  // `cd -` is OLDPWD, `pushd +1` a place in the stack: neither is known here.
  if (target.literal === '-' || /^[-+][0-9]+$/.test(target.literal ?? '')) return [undefined]
  return [literalPath(target)]
}

function makesLinks(name: string, words: readonly CommandWord[]): boolean {
  if (linkMakingPrograms.has(name)) return true
  if (name !== 'git') return false
  return words.some(
    (word) => word.literal !== undefined && linkMakingGitSubcommands.has(word.literal),
  )
}

/** What feeds a command's input with commands: a pipe, a here-document, a here-string, a file. */
function feedsInput(
  node: SyntaxNode,
  documents: ReadonlyMap<SyntaxNode, HereDocument>,
): { what: string; body: string | undefined } | undefined {
  let statement = node
  const parent = node.parent
  const redirects: SyntaxNode[] = node.children.filter((child) => child.type.endsWith('redirect'))
  if (parent?.type === 'redirected_statement') {
    statement = parent
    for (const child of parent.children) if (child.type.endsWith('redirect')) redirects.push(child)
  }
  for (const redirect of redirects) {
    if (redirect.type === 'heredoc_redirect') {
      return { what: 'a here-document', body: documents.get(redirect)?.body }
    }
    if (redirect.type === 'herestring_redirect') {
      const value = namedChildren(redirect)[0]
      return {
        what: 'a here-string',
        body: value === undefined ? undefined : wordText(readWord(value)),
      }
    }
    if (
      redirect.type === 'file_redirect' &&
      redirect.children.some((child) => child.type === '<')
    ) {
      return { what: 'a file', body: undefined }
    }
  }
  return inheritedInput(statement)
}

/**
 * What feeds a command through the commands around it: a shell inside a subshell, a group, a
 * loop or an `if` reads their input (`echo 'rm x' | (sh)`, `(sh) <<EOF`, `while …; do sh; done
 * < f`), so every enclosing stage after a pipe, and every enclosing redirected statement that
 * redirects input, feeds it. A redirect of an enclosing statement may feed only another command
 * of it (`cat <<EOF && sh`): that asks too, which errs the safe way.
 */
function inheritedInput(statement: SyntaxNode): { what: string; body: undefined } | undefined {
  for (let current = statement; current.parent !== undefined; current = current.parent) {
    const parent = current.parent
    if (parent.type === 'pipeline' && followsPipe(current))
      return { what: 'a pipe', body: undefined }
    if (parent.type === 'redirected_statement' && readsInput(parent)) {
      return { what: 'the input of a command around it', body: undefined }
    }
  }
  return undefined
}

/** Whether a redirected statement redirects its input (`<`, `<<`, `<<<`, `<>`). */
function readsInput(statement: SyntaxNode): boolean {
  return statement.children.some(
    (child) =>
      child.type === 'heredoc_redirect' ||
      child.type === 'herestring_redirect' ||
      (child.type === 'file_redirect' &&
        child.children.some((part) => part.type === '<' || part.type === '<>')),
  )
}

/**
 * Whether a pipeline's stage reads an earlier stage's output: a stage before it, or a `|` before
 * it (tree-sitter puts `cat <<EOF | sh`'s `| sh` inside the here-document's redirect, where `sh`
 * is the pipeline's first named child but still reads `cat`'s output).
 */
function followsPipe(statement: SyntaxNode): boolean {
  if (previousNamedSibling(statement) !== undefined) return true
  for (const sibling of statement.parent?.children ?? []) {
    if (sibling === statement) return false
    if (sibling.type === '|' || sibling.type === '|&') return true
  }
  return false
}
