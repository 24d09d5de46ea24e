import { describe, expect, it } from 'vitest'
import { jsonDataProblem } from './json-data-problem.js'

describe('jsonDataProblem', () => {
  it('finds nothing wrong with JSON data, -0 and shared values included', () => {
    const shared = { a: 1 }
    expect(jsonDataProblem({ a: [1, 'x', null, true, -0], b: shared, c: shared })).toBeUndefined()
    expect(jsonDataProblem('text')).toBeUndefined()
  })

  it('names the first offending place, in key order', () => {
    expect(jsonDataProblem({ a: [1, Number.NaN] })).toMatch(/^\$\.a\[1\] /)
    expect(jsonDataProblem({ z: undefined })).toMatch(/^\$\.z /)
    expect(jsonDataProblem(new Map())).toMatch(/^\$ /)
  })

  it('reports a cycle and a throwing getter, never a throw, however deep', () => {
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    expect(jsonDataProblem(cyclic)).toMatch(/^\$\.self /)
    const unreadable = {
      get value(): never {
        throw new Error('boom')
      },
    }
    expect(jsonDataProblem(unreadable)).toMatch(/^\$\.value /)
    let deep: unknown = 'bottom'
    for (let level = 0; level < 100_000; level++) deep = [deep]
    expect(jsonDataProblem(deep)).toBeUndefined()
  })
})
