import { describe, expect, it } from 'vitest'
import { words } from '../../__fixtures__/shell-words.js'
import { inspectProgram } from './inspect-program.js'
import type { WalkSink } from './inspect-program.js'
import type { ShellPath } from './path-word.js'

/** A sink that records what the inspection of one stage found. */
function recordingSink() {
  const found = { hiding: [] as string[], nested: [] as (string | undefined)[] }
  const sink: WalkSink = {
    foundHiding: (construct) => found.hiding.push(construct),
    parseNested: (text, reason) => {
      found.hiding.push(reason)
      found.nested.push(text)
    },
    moves: [] as (ShellPath | undefined)[],
    linksMade: false,
    documents: new Map(),
  }
  return { sink, found }
}

describe('inspectProgram', () => {
  it('hands a shell’s -c string and a string eval runs to be parsed for deny rules', () => {
    const shell = recordingSink()
    inspectProgram(shell.sink, words('bash', '-c', 'rm -rf /'), undefined)
    expect(shell.found).toEqual({
      hiding: ['bash -c, which runs a string as commands'],
      nested: ['rm -rf /'],
    })
    const evaluated = recordingSink()
    inspectProgram(evaluated.sink, words('eval', 'rm', 'x'), undefined)
    expect(evaluated.found.nested).toEqual(['rm x'])
  })

  it('hides source, and records where cd moves and that ln makes links', () => {
    const sourced = recordingSink()
    inspectProgram(sourced.sink, words('source', 'env.sh'), undefined)
    expect(sourced.found.hiding).toEqual(['source, which runs the commands of a file'])
    const moved = recordingSink()
    inspectProgram(moved.sink, words('cd', '~/src'), undefined)
    expect(moved.sink.moves).toEqual([{ anchor: 'home', path: 'src' }])
    const bare = recordingSink()
    inspectProgram(bare.sink, words('cd'), undefined)
    expect(bare.sink.moves).toEqual([{ anchor: 'home', path: '' }])
    const linked = recordingSink()
    inspectProgram(linked.sink, words('ln', '-s', '/etc', 'x'), undefined)
    expect(linked.sink.linksMade).toBe(true)
  })

  it('finds nothing in a program that only reads its words', () => {
    const plain = recordingSink()
    inspectProgram(plain.sink, words('grep', 'rm', 'notes.txt'), undefined)
    expect(plain.found).toEqual({ hiding: [], nested: [] })
    expect(plain.sink).toMatchObject({ moves: [], linksMade: false })
  })
})
