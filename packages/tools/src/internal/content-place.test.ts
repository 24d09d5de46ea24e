import { describe, expect, it } from 'vitest'
import { blockPlace } from './content-place.js'

describe('blockPlace', () => {
  it('names the block a path leads into, through tool-result blocks', () => {
    expect(blockPlace([1, 'text'])).toBe('content[1]')
    expect(blockPlace([0, 'content', 2, 'data'])).toBe('content[0].content[2]')
    expect(blockPlace([3])).toBe('content[3]')
    expect(blockPlace(['type'])).toBe('content')
  })
})
