import { describe, expect, it } from 'vitest'
import { bashParser, firstNode, syntaxTree } from '../../__fixtures__/shell-words.js'
import {
  assignmentName,
  assignmentValue,
  copyFields,
  namedChildren,
  previousNamedSibling,
  redirectDestination,
} from './syntax-node.js'

const parser = bashParser()

describe('the copied syntax tree', () => {
  it('keeps each node’s type, text and named children, with parents', () => {
    const root = syntaxTree(parser(), 'x=1; a | b')
    expect(root.type).toBe('program')
    expect(namedChildren(root).map((node) => node.type)).toEqual([
      'variable_assignment',
      'pipeline',
    ])
    const assignment = firstNode(root, 'variable_assignment')
    expect(assignment.parent).toBe(root)
    expect(assignmentName(assignment)?.text).toBe('x')
    expect(assignmentValue(assignment)?.text).toBe('1')
  })

  it('finds a node’s named sibling before it, and a redirection’s file', () => {
    const [first, second] = namedChildren(firstNode(syntaxTree(parser(), 'a | b'), 'pipeline'))
    expect(second === undefined ? undefined : previousNamedSibling(second)).toBe(first)
    expect(first === undefined ? undefined : previousNamedSibling(first)).toBeUndefined()
    const redirect = firstNode(syntaxTree(parser(), 'echo > out.txt'), 'file_redirect')
    expect(redirectDestination(redirect)?.text).toBe('out.txt')
  })

  it('copies a node’s fields into a plain object of its own', () => {
    const word = firstNode(syntaxTree(parser(), 'echo hi'), 'word')
    expect(copyFields(word)).toMatchObject({ type: 'word', text: 'echo', start: 0, end: 4 })
  })
})
