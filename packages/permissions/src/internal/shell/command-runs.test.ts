import { describe, expect, it } from 'vitest'
import { bashParser, firstNode, syntaxTree } from '../../__fixtures__/shell-words.js'
import { readCommandRuns } from './command-runs.js'

const parser = bashParser()

/** The runs bash reads out of the first `command` node of `line`, and any misreading. */
function runsOf(line: string) {
  const misread: string[] = []
  const runs = readCommandRuns(firstNode(syntaxTree(parser(), line), 'command'), (why) => {
    misread.push(why)
  })
  const read = runs.map((run) => ({
    source: run.source,
    words: run.words.map((word) => word.literal),
    assignments: run.assignments,
    first: run.first,
  }))
  return { read, misread }
}

describe('readCommandRuns', () => {
  it('reads a command: its words, its leading assignments apart, redirections left out', () => {
    expect(runsOf('FOO=1 BAR=2 ls -la > x')).toEqual({
      read: [
        {
          source: 'FOO=1 BAR=2 ls -la',
          words: ['ls', '-la'],
          assignments: ['FOO', 'BAR'],
          first: true,
        },
      ],
      misread: [],
    })
  })

  it('joins the tokens a backslash-newline splits, as bash does', () => {
    expect(runsOf('r\\\nm -rf /').read).toEqual([
      { source: 'r\\\nm -rf /', words: ['rm', '-rf', '/'], assignments: [], first: true },
    ])
  })

  it('reads a leading ! as the negation of the command after it, which still runs', () => {
    expect(runsOf('! curl x').read).toEqual([
      { source: 'curl x', words: ['curl', 'x'], assignments: [], first: true },
    ])
  })
})
