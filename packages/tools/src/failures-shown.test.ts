import { describe, expect, it } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { alice, text, tool } from './__fixtures__/tools.js'
import type { ShownValueFilter } from './provided-values.js'
import type { ToolExecutionResult } from './tool-execution.js'
import type { ToolRegistry } from './tool-registry.js'
import { createToolRegistry } from './tool-registry.js'

// SPEC §25 ("before anyone after the tool sees it … the model … observers") and §6.3 step 10:
// what a listener, guard, wrapper or approval service throws becomes the call's error result,
// `Error: <message>`; a message that quotes a secret passes the tools/shown filters first.

const marker = 'hunter2'

const hide: ShownValueFilter = (value) =>
  JSON.parse(JSON.stringify(value).replaceAll(marker, '[hidden]')) as typeof value

const failing = (): never => {
  throw new Error(`boom ${marker}`)
}

/** Each kind of plugin code that can throw into a call. */
const throwers: readonly [string, (registry: ToolRegistry) => void][] = [
  ['a pre-execute listener', (registry) => registry.on('tools/pre-execute', failing)],
  ['a guard', (registry) => registry.guard(failing)],
  ['a tools/execute wrapper', (registry) => registry.on('tools/execute', failing)],
  ['a post-execute listener', (registry) => registry.on('tools/post-execute', failing)],
  [
    'a post-execute listener returning no decision',
    (registry) => registry.on('tools/post-execute', () => `x ${marker}` as never),
  ],
  [
    'the approval service',
    (registry) => registry.on('tools/pre-execute', () => ({ kind: 'ask', remember: false })),
  ],
]

/** A registry with `filter` provided and `install` done, and what observers saw. */
function watched(filter: ShownValueFilter, install: (registry: ToolRegistry) => void) {
  const warnings: string[] = []
  const registry = createToolRegistry({
    logger: { warn: (message: string) => warnings.push(message) },
    approval: { request: failing },
  })
  registry.register(tool('shell', () => [text('ran')]))
  registry.provide('tools/shown', filter)
  install(registry)
  const observed: ToolExecutionResult[] = []
  registry.on('tools/result', (_exec, result) => {
    observed.push(result)
  })
  const call = () => registry.execute(callInput('shell', {}, { agent: alice }))
  return { observed, warnings, call }
}

describe('§25 §6.3 step 10: a thrown message passes the tools/shown filters', () => {
  it.each(throwers)('%s: the result and every observer', async (_label, install) => {
    const { observed, call } = watched(hide, install)
    const result = await call()
    expect(result.isError).toBe(true)
    expect(JSON.stringify(result.content)).toContain('[hidden]')
    expect(observed).toEqual([result])
    expect(JSON.stringify([result, observed])).not.toContain(marker)
  })

  it('a filter that throws on the message: withheld, with a warning; name and code kept', async () => {
    const broken: ShownValueFilter = (value) => {
      if (JSON.stringify(value).includes(marker)) throw new Error('filter broke')
      return value
    }
    const { observed, warnings, call } = watched(broken, throwers[0]![1])
    const result = await call()
    expect(result).toEqual({
      content: [text('Error: [message withheld]')],
      isError: true,
      error: { name: 'ListenerError', code: 'LISTENER_FAILED' },
    })
    expect(observed).toEqual([result])
    expect(warnings).toContainEqual(
      expect.stringMatching(/a tools\/shown filter failed on the error of call "[^"]+" of tool/),
    )
  })

  it('a filter that hands back no text: withheld', async () => {
    const { call } = watched(() => 7 as never, throwers[3]![1])
    expect((await call()).content).toEqual([text('Error: [message withheld]')])
  })

  it('without a filter the message is as thrown', async () => {
    const registry = createToolRegistry()
    registry.register(tool('shell', () => [text('ran')]))
    registry.on('tools/pre-execute', failing)
    const result = await registry.execute(callInput('shell'))
    expect(result.content).toEqual([text(`Error: boom ${marker}`)])
  })
})
