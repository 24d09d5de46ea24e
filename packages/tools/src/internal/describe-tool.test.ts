import { describe, expect, it } from 'vitest'
import { tool } from '../__fixtures__/tools.js'
import { describeTool } from './describe-tool.js'

/** SPEC §12.1 descriptors: an allowlist of fields, with no member the definition left out. */

describe('describeTool', () => {
  it('copies each annotation given, false included, and adds none that was not', () => {
    expect(describeTool(tool('plain', undefined, { annotations: {} })).annotations).toStrictEqual(
      {},
    )
    const cases = [
      { title: 'Read' },
      { readOnly: false },
      { destructive: false },
      { idempotent: false },
      { openWorld: false },
      { readOnly: true, destructive: true, idempotent: true, openWorld: true },
    ]
    for (const annotations of cases) {
      const described = describeTool(tool('read', undefined, { annotations }))
      expect(described.annotations).toStrictEqual(annotations)
      expect(described.annotations).not.toBe(annotations)
    }
  })

  it('has no annotations or outputSchema member when the definition has none', () => {
    expect(Object.keys(describeTool(tool('plain')))).toEqual([
      'name',
      'description',
      'parameters',
      'concurrencySafe',
    ])
  })
})
