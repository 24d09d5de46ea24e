import { describe, expect, it, vi } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { alice, text, tool } from './__fixtures__/tools.js'
import type { ApprovalRequest } from './approval.js'
import { shownValue } from './provided-values.js'
import type { ShownValueFilter } from './provided-values.js'
import { createToolRegistry } from './tool-registry.js'

// SPEC §25: a secret in a call's arguments is taken out of what a person is asked to approve
// (`ApprovalRequest`'s arguments and its card), by the filters plugins provide as `tools/shown`.

const hide: ShownValueFilter = (value) =>
  JSON.parse(JSON.stringify(value).replaceAll('hunter2', '[hidden]')) as typeof value

function asking() {
  const requests: ApprovalRequest[] = []
  const registry = createToolRegistry({
    approval: {
      request: async (request) => {
        requests.push(request)
        return { kind: 'allowed-once' }
      },
    },
  })
  const body = vi.fn((args: unknown) => [text(JSON.stringify(args))])
  registry.register(
    tool('shell', body, {
      presentCall: (args) => ({ card: 'terminal', title: (args as { command: string }).command }),
    }),
  )
  registry.on('tools/pre-execute', () => ({ kind: 'ask' }))
  const call = () =>
    registry.execute(callInput('shell', { command: 'login --password hunter2' }, { agent: alice }))
  return { registry, requests, body, call }
}

describe('tools/shown filters on the approval request', () => {
  it('clean the arguments and the card a person is asked about; the tool still gets its own', async () => {
    const { registry, requests, call } = asking()
    const disposeShown = registry.provide('tools/shown', hide)
    const result = await call()
    expect(requests[0]?.arguments).toEqual({ command: 'login --password [hidden]' })
    expect(requests[0]?.view).toEqual({ card: 'terminal', title: 'login --password [hidden]' })
    expect(result.content).toEqual([text('{"command":"login --password hunter2"}')])
    disposeShown()
    await call()
    expect(requests[1]?.arguments).toEqual({ command: 'login --password hunter2' })
  })

  it('apply in the order provided', async () => {
    const { registry, requests, call } = asking()
    registry.provide('tools/shown', hide)
    registry.provide(
      'tools/shown',
      (value) => JSON.parse(JSON.stringify(value).replaceAll('[hidden]', '***')) as typeof value,
    )
    await call()
    expect(requests[0]?.view).toEqual({ card: 'terminal', title: 'login --password ***' })
  })

  it('fail the call, never asking the person, when a filter throws: nothing unclean is shown', async () => {
    const { registry, requests, body, call } = asking()
    registry.provide('tools/shown', () => {
      throw new Error('the scan failed')
    })
    const result = await call()
    expect(result.isError).toBe(true)
    expect(result.error).toEqual({ name: 'ListenerError', code: 'LISTENER_FAILED' })
    expect(requests).toEqual([])
    expect(body).not.toHaveBeenCalled()
  })
})

describe('shownValue', () => {
  it('is the value itself with no filter, and each filter applied in order otherwise', () => {
    const registry = createToolRegistry()
    const card = { card: 'generic', title: 'hunter2' }
    expect(shownValue(registry, card)).toBe(card)
    registry.provide('tools/shown', hide)
    expect(shownValue(registry, card)).toEqual({ card: 'generic', title: '[hidden]' })
  })

  it('refuses a provided value that is not a function', () => {
    const registry = createToolRegistry()
    registry.provide('tools/shown', 'not a filter' as never)
    expect(() => shownValue(registry, 'x')).toThrow(
      expect.objectContaining({ code: 'INVALID_PLUGIN' }),
    )
  })
})
