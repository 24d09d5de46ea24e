import type { SyntaxNode } from './syntax-node.js'
import { arithmeticTestOperators, codeVariablePrefixes, codeVariables } from '../security-tables.js'
import { readWord } from './read-word.js'
import { isName } from './wrappers.js'

/**
 * Whether `text` is an arithmetic expression bash can evaluate without running anything: only
 * literal numbers (`42`, `0x1f`, `8#17`), operators, parentheses and blanks. A name is not: bash
 * evaluates a variable's value as an expression in turn, and `a[$(…)]` in it runs the command
 * (bash(1), ARITHMETIC EVALUATION: "the value of a variable is evaluated as an arithmetic
 * expression when it is referenced"), so `x='a[$(rm -rf ~)]'; echo $((x))` runs `rm`.
 */
export function isLiteralArithmetic(text: string): boolean {
  for (let index = 0; index < text.length;) {
    const char = text.charAt(index)
    if (' \t\n+-*/%<>=!&|^~?:,();'.includes(char)) {
      index++
      continue
    }
    if (char < '0' || char > '9') return false
    let end = index
    while (end < text.length && isNumberChar(text.charAt(end))) end++
    if (!isNumber(text.slice(index, end))) return false
    index = end
  }
  return true
}

function isNumberChar(char: string): boolean {
  return /^[0-9A-Za-z#@_]$/.test(char)
}

/** `42`, `0x1F`, `017`, `2#101`, `64#@_` — bash's integer constants. */
function isNumber(token: string): boolean {
  if (/^[0-9]+$/.test(token)) return true
  if (/^0[xX][0-9A-Fa-f]+$/.test(token)) return true
  const hash = /^([0-9]+)#([0-9A-Za-z@_]+)$/.exec(token)
  if (hash === null) return false
  const base = Number(hash[1])
  return base >= 2 && base <= 64
}

/**
 * Whether `name` is a variable name bash can read without running anything: a plain name, or
 * one with a literal subscript (`a[3]`, `a[@]`). `a[$(…)]` and `a[i]` are not (SPEC §26).
 */
export function isPlainName(name: string): boolean {
  const open = name.indexOf('[')
  if (open < 0) return isName(name)
  if (!name.endsWith(']') || !isName(name.slice(0, open))) return false
  const index = name.slice(open + 1, -1)
  return index === '@' || index === '*' || (index !== '' && isLiteralArithmetic(index))
}

/** Whether assigning `name` changes which code later commands run (SPEC §26's variables). */
export function isCodeVariable(name: string): boolean {
  const open = name.indexOf('[')
  const base = open < 0 ? name : name.slice(0, open)
  if (codeVariables.has(base)) return true
  return codeVariablePrefixes.some((prefix) => base.startsWith(prefix))
}

/**
 * Why an arithmetic context of the tree hides a command (SPEC §26), or undefined when it is
 * literal: `$((…))`, `$[…]`, `((…))`, `for ((…))`, a subscript, a substring offset, a `[[ … -eq
 * … ]]` operand, `[[ -v name ]]`, an indirect `${!name}`.
 */
export function arithmeticHiding(node: SyntaxNode): string | undefined {
  switch (node.type) {
    case 'arithmetic_expansion': {
      const text = node.text
      const inner = text.startsWith('$[') ? text.slice(2, -1) : text.slice(3, -2)
      return isLiteralArithmetic(inner) ? undefined : 'arithmetic on a value, which bash evaluates'
    }
    case 'compound_statement':
    case 'c_style_for_statement': {
      if (node.type === 'compound_statement' && node.children[0]?.type !== '((') return undefined
      return spansLiteral(node, '((', '))')
        ? undefined
        : 'arithmetic on a value, which bash evaluates'
    }
    case 'subscript':
      return subscriptHiding(node)
    case 'expansion':
      return expansionHiding(node)
    case 'binary_expression':
    case 'unary_expression':
      return testHiding(node)
    default:
      return undefined
  }
}

/** Whether every stretch of `node` between `open` and `close` tokens is literal arithmetic. */
function spansLiteral(node: SyntaxNode, open: string, close: string): boolean {
  const text = node.text
  let from = -1
  for (const child of node.children) {
    if (child.type === open && !child.named) from = child.end
    else if (child.type === close && !child.named && from >= 0) {
      if (!isLiteralArithmetic(text.slice(from - node.start, child.start - node.start))) {
        return false
      }
      from = -1
    }
  }
  return true
}

function subscriptHiding(node: SyntaxNode): string | undefined {
  const text = node.text
  const open = text.indexOf('[')
  const index = open < 0 ? '' : text.slice(open + 1, text.lastIndexOf(']'))
  if (index === '@' || index === '*' || (index !== '' && isLiteralArithmetic(index))) {
    return undefined
  }
  return 'an array subscript, which bash evaluates as arithmetic'
}

function expansionHiding(node: SyntaxNode): string | undefined {
  const children = node.children
  const second = children[1]
  if (second?.type === '!' && !second.named) {
    // `${!name}` expands the variable the value names; `${!prefix*}` and `${!a[@]}` list names.
    const last = children.at(-2)
    if (last?.type !== '*' && last?.type !== '@' && !/\[[@*]\]$/.test(last?.text ?? '')) {
      return 'an indirect expansion ${!…}, which can evaluate a subscript'
    }
  }
  for (let index = 0; index < children.length; index++) {
    const child = children[index]
    if (child === undefined || child.named) continue
    if (child.type === ':') {
      // `${x:offset:length}`: both are arithmetic.
      const operand = children[index + 1]
      if (operand !== undefined && operand.named && !isLiteralArithmetic(operand.text)) {
        return 'a substring offset, which bash evaluates as arithmetic'
      }
    }
    if ((child.type === '=' || child.type === ':=') && isCodeVariable(children[1]?.text ?? '')) {
      return `an assignment to ${children[1]?.text ?? ''}, which changes what later commands run`
    }
  }
  return undefined
}

/** `[[ a -eq b ]]` and `[[ -v name ]]` (and `[ -v name ]`): operands bash evaluates. */
function testHiding(node: SyntaxNode): string | undefined {
  const operator = node.children.find((child) => child.type === 'test_operator')
  if (operator === undefined) return undefined
  const inDoubleBrackets = enclosingTest(node)?.children[0]?.type === '[['
  if (arithmeticTestOperators.has(operator.text) && inDoubleBrackets) {
    for (const operand of node.children) {
      if (operand === operator || !operand.named) continue
      const literal = readWord(operand).literal
      if (literal === undefined || !isLiteralArithmetic(literal)) {
        return `an operand of ${operator.text}, which bash evaluates as arithmetic`
      }
    }
  }
  if (operator.text === '-v' && node.type === 'unary_expression') {
    const operand = node.children.find((child) => child.named && child !== operator)
    const literal = operand === undefined ? undefined : readWord(operand).literal
    if (literal === undefined || !isPlainName(literal)) {
      return 'a -v test on a name bash must evaluate'
    }
  }
  return undefined
}

function enclosingTest(node: SyntaxNode): SyntaxNode | undefined {
  for (let at = node.parent; at !== undefined; at = at.parent) {
    if (at.type === 'test_command') return at
  }
  return undefined
}
