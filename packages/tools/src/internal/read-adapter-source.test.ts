import { describe, expect, it } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { agent, text, tool } from '../__fixtures__/tools.js'
import { createToolRegistry } from '../tool-registry.js'
import { readAdapterSource } from './read-adapter-source.js'

const alice = agent('alice')
const refuse = (message: string): Error => new RangeError(message)

describe('readAdapterSource: an adapter’s options and tools, read in one place', () => {
  it('reads the tools for the agent of the options', async () => {
    const registry = createToolRegistry()
    registry.scope(alice).register(tool('mine', (_args, exec) => [text(exec.agent?.id ?? '')]))
    const source = readAdapterSource(registry, { agent: alice }, 'adapter()', refuse)
    expect(source.agent).toBe(alice)
    expect((await source.execute(callInput('mine'))).content).toEqual([text('alice')])
    expect(readAdapterSource(registry, {}, 'adapter()', refuse).agent).toBeUndefined()
  })

  it.each<[unknown, string]>([
    [null, 'adapter(): options must be an object, got null'],
    ['coder', 'adapter(): options must be an object, got "coder"'],
    [3, 'adapter(): options must be an object, got 3'],
  ])('refuses the options %j with the adapter’s own error', (options, message) => {
    expect(() => readAdapterSource(createToolRegistry(), options, 'adapter()', refuse)).toThrow(
      new RangeError(message),
    )
  })

  it('refuses the options before the tools, and then the agent as readToolSource does', () => {
    expect(() => readAdapterSource(null, null, 'adapter()', refuse)).toThrow(
      new RangeError('adapter(): options must be an object, got null'),
    )
    expect(() => readAdapterSource(null, {}, 'adapter()', refuse)).toThrow(
      new RangeError('adapter(): tools must be a ToolRegistry or ScopedTools, got null'),
    )
    expect(() =>
      readAdapterSource(createToolRegistry(), { agent: 'alice' }, 'adapter()', refuse),
    ).toThrow(new RangeError('adapter(): agent must be an agent object, got "alice"'))
  })
})
