import { describe, expect, it } from 'vitest'
import { quoteJsonPath } from './quote-json-path.js'

describe('quoteJsonPath', () => {
  it('quotes a bare path, and names the root', () => {
    expect(quoteJsonPath(['edits', 3, 'path'], 'the value')).toBe('"edits[3].path"')
    expect(quoteJsonPath([0, 'a'], 'the value')).toBe('"[0].a"')
    expect(quoteJsonPath(['odd key', '2x'], 'the value')).toBe('"["odd key"]["2x"]"')
    expect(quoteJsonPath([], 'the view')).toBe('the view')
  })
})
