import { describe, expect, it } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { agent, alice, text, tool } from '../__fixtures__/tools.js'
import type { ToolProgress } from '../tool-progress.js'
import { createToolRegistry } from '../tool-registry.js'
import { readToolSource } from './tool-source.js'

const refuse = (message: string): Error => new RangeError(message)

/** A registry with a global tool and one that only alice's scope sees. */
function setup() {
  const runs: string[] = []
  const registry = createToolRegistry()
  registry.register(
    tool('shared', (_args, exec) => {
      runs.push(`shared for ${exec.agent?.id ?? 'nobody'}`)
      exec.reportProgress({ message: 'halfway' })
      return [text('shared ran')]
    }),
  )
  const scope = registry.scope(alice)
  scope.register(tool('mine', () => [text('mine ran')]))
  return { registry, scope, runs }
}

describe('readToolSource: a registry or a scope, read the same way', () => {
  it('reads a registry with an agent as that agent sees it, and runs its calls for it', async () => {
    const { registry, runs } = setup()
    const source = readToolSource(registry, alice, 'adapter()', refuse)
    expect(source.agent).toBe(alice)
    expect(source.list().map((definition) => definition.name)).toEqual(['shared', 'mine'])
    expect(source.schemas('openai-strict').map((schema) => schema.strict)).toEqual([true, true])
    expect(source.descriptors().map((descriptor) => descriptor.name)).toEqual(['shared', 'mine'])
    expect(source.get('mine')?.name).toBe('mine')
    expect((await source.execute(callInput('shared'))).isError).toBe(false)
    expect(runs).toEqual(['shared for alice'])
  })

  it('reads a registry without an agent as the global view', async () => {
    const { registry, runs } = setup()
    const source = readToolSource(registry, undefined, 'adapter()', refuse)
    expect(source.agent).toBeUndefined()
    expect(source.list().map((definition) => definition.name)).toEqual(['shared'])
    expect(source.schemas('json-schema').map((schema) => schema.name)).toEqual(['shared'])
    expect(source.descriptors().map((descriptor) => descriptor.name)).toEqual(['shared'])
    expect(source.get('mine')).toBeUndefined()
    expect((await source.execute(callInput('mine'))).error?.code).toBe('UNKNOWN_TOOL')
    await source.execute(callInput('shared'))
    expect(runs).toEqual(['shared for nobody'])
  })

  it('reads a scope as its own agent, with or without that same agent given', async () => {
    const { scope, runs } = setup()
    for (const given of [undefined, alice]) {
      const source = readToolSource(scope, given, 'adapter()', refuse)
      expect(source.agent).toBe(alice)
      expect(source.list().map((definition) => definition.name)).toEqual(['shared', 'mine'])
      expect(source.schemas('openai-strict').map((schema) => schema.strict)).toEqual([true, true])
      expect(source.descriptors().map((descriptor) => descriptor.name)).toEqual(['shared', 'mine'])
      expect(source.get('mine')?.name).toBe('mine')
      expect((await source.execute(callInput('mine'))).content).toEqual([text('mine ran')])
    }
    await readToolSource(scope, undefined, 'adapter()', refuse).execute(callInput('shared'))
    expect(runs).toEqual(['shared for alice'])
  })

  it.each([
    ['a registry', (fixture: ReturnType<typeof setup>) => fixture.registry, alice],
    ['a scope', (fixture: ReturnType<typeof setup>) => fixture.scope, undefined],
  ])(
    'cancel() on %s answers CANCELLED without running the tool, its observers told',
    async (_kind, pick, given) => {
      const fixture = setup()
      const source = readToolSource(pick(fixture), given, 'adapter()', refuse)
      const started: string[] = []
      const stop = source.observe(
        (exec) => {
          started.push(exec.name)
        },
        () => undefined,
      )
      const result = await source.cancel(callInput('shared'), AbortSignal.abort())
      stop()
      expect(result.error?.code).toBe('CANCELLED')
      expect(fixture.runs).toEqual([])
      expect(started).toEqual(['shared'])
    },
  )

  it.each([
    ['a registry', (fixture: ReturnType<typeof setup>) => fixture.registry, alice],
    ['a scope', (fixture: ReturnType<typeof setup>) => fixture.scope, undefined],
  ])(
    'observe() on %s hears starts and progress until its disposer is called',
    async (_kind, pick, given) => {
      const source = readToolSource(pick(setup()), given, 'adapter()', refuse)
      const heard: string[] = []
      const stop = source.observe(
        (exec) => {
          heard.push(`start ${exec.name}`)
        },
        (_exec, update: ToolProgress) => {
          heard.push(`progress ${update.message ?? ''}`)
        },
      )
      await source.execute(callInput('shared'))
      stop()
      await source.execute(callInput('shared'))
      expect(heard).toEqual(['start shared', 'progress halfway'])
    },
  )

  it.each<[unknown, string]>([
    [null, 'adapter(): tools must be a ToolRegistry or ScopedTools, got null'],
    ['registry', 'adapter(): tools must be a ToolRegistry or ScopedTools, got "registry"'],
    [{}, 'adapter(): tools must be a ToolRegistry or ScopedTools, got an empty object'],
    [
      { scope: () => undefined },
      'adapter(): tools must be a ToolRegistry or ScopedTools, got an object with keys ["scope"]',
    ],
    [
      { execute: () => undefined },
      'adapter(): tools must be a ToolRegistry or ScopedTools, got an object with keys ["execute"]',
    ],
    [
      Object.assign(() => undefined, { scope: () => undefined, execute: () => undefined }),
      'adapter(): tools must be a ToolRegistry or ScopedTools, got a function',
    ],
    [
      { dispose: () => undefined },
      'adapter(): tools must be a ToolRegistry or ScopedTools, got an object with keys ["dispose"]',
    ],
  ])('refuses %j with the adapter’s own error', (tools, message) => {
    expect(() => readToolSource(tools, undefined, 'adapter()', refuse)).toThrow(
      new RangeError(message),
    )
  })

  it.each([
    [null, 'adapter(): agent must be an agent object, got null'],
    ['alice', 'adapter(): agent must be an agent object, got "alice"'],
  ])('refuses the agent %j', (given, message) => {
    expect(() => readToolSource(setup().registry, given, 'adapter()', refuse)).toThrow(
      new RangeError(message),
    )
  })

  it('refuses an agent other than a scope’s own', () => {
    expect(() => readToolSource(setup().scope, agent('bob'), 'adapter()', refuse)).toThrow(
      new RangeError(
        'adapter(): the agent option must be left out for a ScopedTools, whose calls run for its own agent "alice"',
      ),
    )
  })
})
