import { describe, expect, it } from 'vitest'
import { loadBashParser } from './bash-parser.js'

describe('loadBashParser', () => {
  it('loads the grammar once, then parses synchronously, with the grammar’s node types', async () => {
    const parser = await loadBashParser()
    expect(parser.types).toContain('command')
    expect(parser.types.length).toBe(parser.named.length)
    const tree = parser.parse('echo hi | wc -l')
    try {
      expect(tree?.rootNode.type).toBe('program')
      expect(tree?.rootNode.hasError).toBe(false)
    } finally {
      tree?.delete()
    }
  })

  it('gives up when asked to stop, and parses the next line afresh', async () => {
    const parser = await loadBashParser()
    expect(parser.parse(`echo ${'a '.repeat(10_000)}`, () => true)).toBeUndefined()
    const tree = parser.parse('ls')
    try {
      expect(tree?.rootNode.text).toBe('ls')
    } finally {
      tree?.delete()
    }
  })

  // SPEC §26, bounded work: the parser reads the line a chunk at a time, each chunk checked.
  it('reads a line a chunk at a time as it reads the whole string, and stops reading when told', async () => {
    const parser = await loadBashParser()
    // A character outside the BMP across each chunk boundary, a here-document, an error.
    const line = `echo ${'a'.repeat(4_090)}🙂🙂 "é $(ls)" | cat <<E\nx 🙂 $y\nE\n`.repeat(3) + '(('
    const chunks: number[] = []
    const whole = parser.parse(line)
    const read = parser.parse(line, undefined, (characters) => {
      chunks.push(characters)
      return false
    })
    try {
      expect(read?.rootNode.toString()).toBe(whole?.rootNode.toString())
      expect(read?.rootNode.endIndex).toBe(whole?.rootNode.endIndex)
      expect(Math.max(...chunks)).toBe(4_096)
    } finally {
      whole?.delete()
      read?.delete()
    }
    const cut = parser.parse(line, undefined, () => true)
    try {
      expect(cut?.rootNode.endIndex ?? 0).toBe(0)
    } finally {
      cut?.delete()
    }
  })
})
