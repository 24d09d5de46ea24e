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
})
