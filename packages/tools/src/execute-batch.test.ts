import { asCallId } from '@toolpipe/core'
import { describe, expect, it } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { agent, text, tool } from './__fixtures__/tools.js'
import { createToolRegistry } from './tool-registry.js'
import { batchRegistry, read, settle, write } from './__fixtures__/execute-batch.js'

describe('§12.4 executeBatch', () => {
  it('runs consecutive concurrencySafe calls concurrently; results keep input order', async () => {
    const { registry, events, open } = batchRegistry()
    const batch = registry.executeBatch([read('a'), read('b'), read('c')])
    await settle()
    expect(events).toEqual(['start a', 'start b', 'start c'])
    await open('c')
    await open('a')
    await open('b')
    const { results } = await batch
    expect(events).toEqual(['start a', 'start b', 'start c', 'end c', 'end a', 'end b'])
    expect(results.map((result) => result.content)).toEqual([
      [text('done a')],
      [text('done b')],
      [text('done c')],
    ])
  })

  it('runs at most maxConcurrency safe calls at once (default 8)', async () => {
    const { registry, events, open } = batchRegistry()
    const batch = registry.executeBatch(
      ['a', 'b', 'c', 'd'].map((id) => read(id)),
      { maxConcurrency: 2 },
    )
    await settle()
    expect(events).toEqual(['start a', 'start b'])
    await open('b')
    expect(events).toEqual(['start a', 'start b', 'end b', 'start c'])
    await open('a')
    expect(events.slice(-2)).toEqual(['end a', 'start d'])
    await open('c')
    await open('d')
    expect((await batch).results).toHaveLength(4)

    const many = batchRegistry()
    const nine = many.registry.executeBatch(
      ['1', '2', '3', '4', '5', '6', '7', '8', '9'].map((id) => read(id)),
    )
    await settle()
    expect(many.events).toHaveLength(8)
    for (const id of ['1', '2', '3', '4', '5', '6', '7', '8', '9']) await many.open(id)
    expect((await nine).results).toHaveLength(9)
  })

  it('a call that is not concurrencySafe waits for everything before it and holds back everything after it', async () => {
    const { registry, events, open } = batchRegistry()
    const batch = registry.executeBatch([read('a'), read('b'), write('w'), read('c'), read('d')])
    await settle()
    expect(events).toEqual(['start a', 'start b'])
    await open('a')
    expect(events).toEqual(['start a', 'start b', 'end a'])
    await open('b')
    expect(events).toEqual(['start a', 'start b', 'end a', 'end b', 'start w'])
    await open('c') // c's gate opens early: c has not started, so nothing happens yet
    expect(events.at(-1)).toBe('start w')
    await open('w')
    await open('d')
    await batch
    expect(events).toEqual([
      'start a',
      'start b',
      'end a',
      'end b',
      'start w',
      'end w',
      'start c',
      'start d',
      'end c',
      'end d',
    ])
  })

  it('two unsafe calls in a row run one after the other', async () => {
    const { registry, events, open } = batchRegistry()
    const batch = registry.executeBatch([write('x'), write('y')])
    await settle()
    expect(events).toEqual(['start x'])
    await open('y')
    expect(events).toEqual(['start x'])
    await open('x')
    await batch
    expect(events).toEqual(['start x', 'end x', 'start y', 'end y'])
  })

  it('collects every call’s additionalContext in input order, whatever order they finished in', async () => {
    const { registry, open } = batchRegistry()
    registry.on('tools/post-execute', (exec) => ({
      kind: 'accept',
      additionalContext: {
        content: [text(`context ${(exec.arguments as { id: string }).id}`)],
        source: { kind: 'plugin', plugin: 'notes' },
      },
    }))
    const batch = registry.executeBatch([read('a'), read('b'), read('c')])
    await settle()
    await open('c')
    await open('b')
    await open('a')
    const { results, additionalContext } = await batch
    expect(additionalContext.map((context) => context.content)).toEqual([
      [text('context a')],
      [text('context b')],
      [text('context c')],
    ])
    expect(results[1]?.additionalContext).toBe(additionalContext[1])
  })

  it('calls that fail early (unknown tool, invalid input) take their place in the results', async () => {
    const { registry, open } = batchRegistry()
    const batch = registry.executeBatch([
      read('a'),
      callInput('missing'),
      { callId: 7 } as never,
      read('b'),
    ])
    await settle()
    await open('a')
    await open('b')
    const { results } = await batch
    expect(results.map((result) => result.error?.code)).toEqual([
      undefined,
      'UNKNOWN_TOOL',
      'INVALID_INPUT',
      undefined,
    ])
  })

  it('reads each input field once, up front', async () => {
    const { registry, open } = batchRegistry()
    let reads = 0
    const input = {
      callId: asCallId('c1'),
      get name() {
        reads++
        return 'read'
      },
      arguments: { id: 'a' },
    }
    const batch = registry.executeBatch([input])
    await open('a')
    expect((await batch).results[0]?.isError).toBe(false)
    expect(reads).toBe(1)
  })

  it('scope handles run the batch as their agent’s calls', async () => {
    const registry = createToolRegistry()
    const alice = agent('alice')
    const agents: unknown[] = []
    registry.scope(alice).register(
      tool('mine', (_args, exec) => (agents.push(exec.agent), [text('ok')]), {
        concurrencySafe: true,
      }),
    )
    const { results } = await registry
      .scope(alice)
      .executeBatch([callInput('mine'), { ...callInput('mine'), agent: agent('mallory') } as never])
    expect(results.map((result) => result.isError)).toEqual([false, false])
    expect(agents).toEqual([alice, alice])
    expect((await registry.executeBatch([callInput('mine')])).results[0]?.error?.code).toBe(
      'UNKNOWN_TOOL',
    )
  })

  it('an empty batch resolves to no results and no context; the answer is frozen', async () => {
    const { registry } = batchRegistry()
    const answer = await registry.executeBatch([])
    expect(answer).toEqual({ results: [], additionalContext: [] })
    expect(Object.isFrozen(answer)).toBe(true)
    expect(Object.isFrozen(answer.results)).toBe(true)
    expect(Object.isFrozen(answer.additionalContext)).toBe(true)
  })
})
