import type { Agent } from '@toolpipe/core'
import { describe, expectTypeOf, it } from 'vitest'
import type { Disposer, ShownValueFilter, ToolRegistry } from './index.js'
import { shownValue } from './index.js'

declare const registry: ToolRegistry
declare const agent: Agent

describe('listener places and tools/shown', () => {
  it('places a listener first or innermost, and provides tools/shown filters that keep types', () => {
    registry.on('tools/execute', (_exec, next) => next(), { innermost: true })
    registry.scope(agent).on('tools/execute', (_exec, next) => next(), { innermost: true })
    const filter: ShownValueFilter = (value) => value
    expectTypeOf(registry.provide('tools/shown', filter)).toEqualTypeOf<Disposer>()
    expectTypeOf(shownValue(registry, { card: 'generic' as const })).toEqualTypeOf<{
      card: 'generic'
    }>()
    // @ts-expect-error: a filter is a function
    registry.provide('tools/shown', 'hide')
    // @ts-expect-error: a filter keeps the type of what it cleans
    registry.provide('tools/shown', () => 'shown')
  })
})
