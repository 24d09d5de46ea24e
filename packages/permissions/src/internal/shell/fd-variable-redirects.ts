import { isCodeVariable, isPlainName } from './arithmetic.js'
import type { SyntaxNode } from './syntax-node.js'
import { isName } from './wrappers.js'

/** Nodes that are a whole word of the line (tree-sitter-bash reads `{a[x]}` as a concatenation). */
const wordTypes = new Set([
  ...['word', 'concatenation', 'string', 'raw_string', 'number', 'brace_expression'],
  ...['simple_expansion', 'expansion', 'ansi_c_string', 'translated_string', 'command_name'],
])

/** The redirections a `{NAME}` word may stand before: every one whose operator starts `<` or `>`. */
const redirectTypes = new Set(['file_redirect', 'heredoc_redirect', 'herestring_redirect'])

/**
 * Why a `{NAME}` word right before a redirection hides a command (SPEC §26), or undefined.
 * bash(1), REDIRECTION: "Each redirection that may be preceded by a file descriptor number may
 * instead be preceded by a word of the form {varname}. In this case, for each redirection
 * operator except >&- and <&-, the shell will allocate a file descriptor greater than or equal
 * to 10 and assign it to varname" — `>&-`/`<&-` read it. bash takes the word so when it touches
 * an operator starting with `<` or `>` (`{a}>f`, `{a}<<<x`, `{a}>&-`; not `{a} >f`, not `&>`)
 * and holds a name or an array element (parse.y, read_token_word). tree-sitter-bash reads it as
 * an ordinary word, so it is read here: assigning a variable that decides what runs (`{PATH}>f`)
 * hides a command, and so does a subscript that is not a literal number, which bash evaluates as
 * arithmetic (`read x <<< 'a[$(rm -rf ~)]'; echo {a[x]}>/dev/null` runs `rm`).
 */
export function fdVariableHiding(redirect: SyntaxNode): string | undefined {
  if (!takesVariable(redirect)) return undefined
  const name = variableName(wordBefore(redirect)?.text ?? '')
  if (name === undefined || (isPlainName(name) && !isCodeVariable(name))) return undefined
  if (!isPlainName(name)) {
    return `a {${name}} redirection, whose subscript bash evaluates as arithmetic`
  }
  return `a {${name}} redirection, which assigns ${name} and changes what later commands run`
}

/**
 * Whether `word` is a `{name}` word bash takes as the variable of the redirection right after
 * it: then it is no argument of the command (`git push {fd}>/dev/null` runs `git push`).
 */
export function isFdVariableWord(word: SyntaxNode): boolean {
  if (variableName(word.text) === undefined) return false
  const redirect = redirectAfter(word)
  return redirect !== undefined && takesVariable(redirect)
}

function takesVariable(redirect: SyntaxNode): boolean {
  if (!redirectTypes.has(redirect.type)) return false
  const operator = redirect.text.charAt(0)
  return operator === '<' || operator === '>'
}

/**
 * The name in a `{name}` or `{name[subscript]}` word, as bash takes one (a legal identifier or
 * an array reference); undefined for any other word.
 */
function variableName(text: string): string | undefined {
  if (text.length < 3 || !text.startsWith('{') || !text.endsWith('}')) return undefined
  const name = text.slice(1, -1)
  return isName(name) || /^[A-Za-z_][A-Za-z0-9_]*\[.+\]$/s.test(name) ? name : undefined
}

/** The redirection that starts right where `word` ends, or undefined. */
function redirectAfter(word: SyntaxNode): SyntaxNode | undefined {
  let child = word
  for (let parent = child.parent; parent !== undefined; parent = parent.parent) {
    const index = indexOf(parent.children, child)
    if (index < 0) return undefined
    let later = parent.children[index + 1]
    if (later !== undefined) {
      while (later?.start === word.end && !redirectTypes.has(later.type)) {
        later = later.children[0]
      }
      return later?.start === word.end && redirectTypes.has(later.type) ? later : undefined
    }
    child = parent
  }
  return undefined
}

/**
 * The word that ends right where `node` starts (no blank between them), or undefined: the
 * nearest earlier sibling of `node` or of one of its ancestors, down to its outermost word.
 */
function wordBefore(node: SyntaxNode): SyntaxNode | undefined {
  let child = node
  for (let parent = child.parent; parent !== undefined; parent = parent.parent) {
    const index = indexOf(parent.children, child)
    if (index > 0) {
      let earlier = parent.children[index - 1]
      while (earlier?.end === node.start && !wordTypes.has(earlier.type)) {
        earlier = earlier.children.at(-1)
      }
      return earlier?.end === node.start && wordTypes.has(earlier.type) ? earlier : undefined
    }
    child = parent
  }
  return undefined
}

/** `child`'s index among `children` (ordered by where they start): a binary search. */
function indexOf(children: readonly SyntaxNode[], child: SyntaxNode): number {
  let low = 0
  let high = children.length - 1
  while (low <= high) {
    const middle = (low + high) >> 1
    const candidate = children[middle]
    if (candidate === undefined) return -1
    if (candidate === child) return middle
    if (
      candidate.start < child.start ||
      (candidate.start === child.start && candidate.end < child.end)
    )
      low = middle + 1
    else high = middle - 1
  }
  return children.indexOf(child)
}
