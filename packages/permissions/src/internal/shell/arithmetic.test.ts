import { describe, expect, it } from 'vitest'
import { bashParser, syntaxTree } from '../../__fixtures__/shell-words.js'
import { arithmeticHiding, isCodeVariable, isLiteralArithmetic } from './arithmetic.js'
import type { SyntaxNode } from './syntax-node.js'

const parser = bashParser()

/** Why the arithmetic contexts of `line` hide a command, one reason per context. */
function hidingIn(line: string): string[] {
  const found: string[] = []
  const stack: SyntaxNode[] = [syntaxTree(parser(), line)]
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    const why = arithmeticHiding(node)
    if (why !== undefined) found.push(why)
    stack.push(...node.children)
  }
  return found
}

describe('isLiteralArithmetic', () => {
  it('accepts literal numbers of every base with operators and parentheses', () => {
    expect(isLiteralArithmetic('1 + 2*3')).toBe(true)
    expect(isLiteralArithmetic('0x1f + 8#17 - (2#101)')).toBe(true)
  })

  it('refuses a name (bash evaluates its value in turn) and a base bash does not have', () => {
    expect(isLiteralArithmetic('x + 1')).toBe(false)
    expect(isLiteralArithmetic('a[$(rm -rf ~)]')).toBe(false)
    expect(isLiteralArithmetic('65#1')).toBe(false)
  })
})

describe('isCodeVariable', () => {
  it('knows the variables that decide which code runs, by name and by prefix', () => {
    const names = ['PATH', 'BASH_ENV', 'LD_PRELOAD', 'NODE_ENV', 'FOO']
    expect(names.filter(isCodeVariable)).toEqual(['PATH', 'BASH_ENV', 'LD_PRELOAD'])
  })
})

describe('arithmeticHiding', () => {
  it('lets literal arithmetic be, and hides arithmetic on a value or an evaluated subscript', () => {
    expect(hidingIn('echo $((1+2))')).toEqual([])
    expect(hidingIn('echo ${x:1:2}')).toEqual([])
    expect(hidingIn('echo $((x+1))')).toEqual(['arithmetic on a value, which bash evaluates'])
    expect(hidingIn('((x++))')).toEqual(['arithmetic on a value, which bash evaluates'])
    expect(hidingIn('echo ${a[$i]}')).toEqual([
      'an array subscript, which bash evaluates as arithmetic',
    ])
  })
})
