import type { ClientCapabilities } from '@agentclientprotocol/sdk'
import { revokedProxy } from '@toolpipe/hostile-values'
import { describe, expect, it } from 'vitest'
import { clientSupportsTerminalOutput } from './client-supports-terminal-output.js'

describe('clientSupportsTerminalOutput', () => {
  it('is true only for _meta.terminal_output === true', () => {
    expect(clientSupportsTerminalOutput({ _meta: { terminal_output: true } })).toBe(true)
    expect(
      clientSupportsTerminalOutput({ terminal: true, _meta: { terminal_output: false } }),
    ).toBe(false)
    expect(clientSupportsTerminalOutput({ _meta: { terminal_output: 'true' } })).toBe(false)
    expect(clientSupportsTerminalOutput({ terminal: true })).toBe(false)
    expect(clientSupportsTerminalOutput({ _meta: null })).toBe(false)
    expect(clientSupportsTerminalOutput({})).toBe(false)
    expect(clientSupportsTerminalOutput(null)).toBe(false)
    expect(clientSupportsTerminalOutput(undefined)).toBe(false)
  })

  it('never throws, whatever it is given', () => {
    const hostile = Object.defineProperty({}, '_meta', {
      get: () => {
        throw new Error('boom')
      },
    }) as ClientCapabilities
    expect(clientSupportsTerminalOutput(hostile)).toBe(false)
    expect(clientSupportsTerminalOutput({ _meta: revokedProxy() as Record<string, unknown> })).toBe(
      false,
    )
    expect(clientSupportsTerminalOutput('yes' as unknown as ClientCapabilities)).toBe(false)
  })
})
