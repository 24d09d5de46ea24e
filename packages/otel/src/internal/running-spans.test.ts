import { describe, expect, it } from 'vitest'
import { RunningSpans } from './running-spans.js'
import type { ToolSpan } from './tool-span.js'

const span = (name: string) => ({ name }) as unknown as ToolSpan

describe('RunningSpans', () => {
  it('finds each running call’s span, one after the other or overlapping, until it is deleted', () => {
    const spans = new RunningSpans()
    const [a, b, c] = [{}, {}, {}]
    spans.set(a, span('a'))
    expect(spans.get(a)).toEqual(span('a'))
    // b starts before a ends: a moves out of the slot and is still found.
    spans.set(b, span('b'))
    expect(spans.get(a)).toEqual(span('a'))
    expect(spans.get(b)).toEqual(span('b'))
    spans.delete(a)
    expect(spans.get(a)).toBeUndefined()
    expect(spans.get(b)).toEqual(span('b'))
    spans.delete(b)
    expect(spans.get(b)).toBeUndefined()
    spans.set(c, span('c'))
    spans.delete(c)
    expect(spans.get(c)).toBeUndefined()
    expect(spans.get({})).toBeUndefined()
  })
})
