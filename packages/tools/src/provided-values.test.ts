import { describe, expect, expectTypeOf, it } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { agent, recordingLogger, tool } from './__fixtures__/tools.js'
import type { PolicyContext } from './provided-values.js'
import { createToolRegistry } from './tool-registry.js'

const context = (mode: string): PolicyContext => ({
  projectRoot: '/project',
  cwd: '/project',
  permissionMode: () => mode,
})

describe('values plugins provide to each other (SPEC §26)', () => {
  it('are listed in the order provided, until their disposer is called', () => {
    const registry = createToolRegistry()
    expect(registry.provided('policy/context')).toEqual([])
    const first = context('default')
    const second = context('plan')
    const disposeFirst = registry.provide('policy/context', first)
    registry.provide('policy/context', second)
    expect(registry.provided('policy/context')).toEqual([first, second])
    disposeFirst()
    disposeFirst()
    expect(registry.provided('policy/context')).toEqual([second])
  })

  it('are typed by name', () => {
    const registry = createToolRegistry()
    expectTypeOf(registry.provided('policy/context')).toEqualTypeOf<readonly PolicyContext[]>()
    // @ts-expect-error not a policy context
    registry.provide('policy/context', { projectRoot: '/p' })
    expect(() => registry.provide('' as 'policy/context', context('default'))).toThrow(
      'a provided value needs a name',
    )
  })
})

describe('an ask nobody can answer (SPEC §26)', () => {
  it('tells the model why approval was needed and that no service is configured, and the developer once', async () => {
    const { warn, warnings } = recordingLogger()
    const registry = createToolRegistry({ logger: { warn } })
    registry.register(tool('shell'))
    registry.on('tools/pre-execute', () => ({
      kind: 'ask',
      reason: 'no rule matched, default mode',
    }))
    for (let round = 0; round < 2; round++) {
      const result = await registry.execute(callInput('shell', {}, { agent: agent('a') }))
      expect(result.content).toEqual([
        {
          type: 'text',
          text: 'Error: needs approval (no rule matched, default mode); no approval service is configured',
        },
      ])
      expect(result.error).toEqual({ name: 'ToolDeniedError', code: 'APPROVAL_UNAVAILABLE' })
    }
    expect(warnings).toEqual([
      [
        'toolpipe: tool "shell" needs approval (no rule matched, default mode), but no approval service is configured (createToolRegistry({ approval }))',
      ],
    ])
  })
})
