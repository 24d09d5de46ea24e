import { asCallId } from '@toolpipe/core'
import { createToolRegistry } from '@toolpipe/tools'
import { describe, expect, it, vi } from 'vitest'
import type { AcpClientConnection } from './acp-client-connection.js'
import { streamToolCallsToAcp } from './stream-tool-calls-to-acp.js'
import type { StreamToolCallsToAcpOptions } from './stream-tool-calls-to-acp.js'
import { cwd } from './__fixtures__/cards.js'
import { readFile } from './__fixtures__/demo-tools.js'
import { recordingConnection } from './__fixtures__/recording-connection.js'
import { revokedProxy } from '@toolpipe/hostile-values'

/** `streamToolCallsToAcp` over a failing connection, and the options it refuses. */

describe('streamToolCallsToAcp: a failing connection', () => {
  function failing(notify: AcpClientConnection['notify']) {
    const logger = { warn: vi.fn<(message: string, ...details: unknown[]) => void>() }
    const registry = createToolRegistry({ logger })
    registry.register(readFile)
    registry.use(
      streamToolCallsToAcp({
        connection: { notify, request: () => Promise.reject(new Error('no')) },
        sessionId: 's',
        cwd,
      }),
    )
    return { registry, logger }
  }

  it('logs a rejected send through the registry logger and never fails the call', async () => {
    const closed = new Error('ACP connection closed')
    const { registry, logger } = failing(() => Promise.reject(closed))
    const result = await registry.execute({
      callId: asCallId('c1'),
      name: 'read_file',
      arguments: { path: 'a' },
    })
    expect(result).toEqual({ content: [{ type: 'text', text: 'contents of a' }], isError: false })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(logger.warn.mock.calls).toEqual([
      ['toolpipe/acp: could not send the tool_call update of call "c1"', closed],
      ['toolpipe/acp: could not send the tool_call_update update of call "c1"', closed],
      ['toolpipe/acp: could not send the tool_call_update update of call "c1"', closed],
    ])
  })

  it('logs a send that throws, and a throwing logger reaches no one', async () => {
    const { registry, logger } = failing(() => {
      throw new Error('writer locked')
    })
    logger.warn.mockImplementation(() => {
      throw new Error('logger down')
    })
    const result = await registry.execute({
      callId: asCallId('c1'),
      name: 'read_file',
      arguments: { path: 'a' },
    })
    expect(result.isError).toBe(false)
    expect(logger.warn).toHaveBeenCalledTimes(3)
  })

  it('never waits for the client', async () => {
    const { registry } = failing(() => new Promise(() => undefined))
    const result = await registry.execute({
      callId: asCallId('c1'),
      name: 'read_file',
      arguments: { path: 'a' },
    })
    expect(result.isError).toBe(false)
  })
})

describe('streamToolCallsToAcp: options', () => {
  const connection = recordingConnection().connection
  it.each([
    [
      { sessionId: 's', cwd },
      'streamToolCallsToAcp: options.connection must have a notify method, got undefined',
    ],
    [
      { connection, sessionId: 1, cwd },
      'streamToolCallsToAcp: options.sessionId must be a string, got 1',
    ],
    [
      { connection, sessionId: 's', cwd: 'app' },
      'streamToolCallsToAcp: options.cwd must be an absolute path, got "app"',
    ],
    [
      { connection, sessionId: 's', cwd, scope: 'main' },
      'streamToolCallsToAcp: options.scope must be an agent object, got "main"',
    ],
    [undefined, 'streamToolCallsToAcp: options must be an object, got undefined'],
    [
      { connection: { notify: 'no' }, sessionId: 's', cwd },
      'streamToolCallsToAcp: options.connection must have a notify method, got an object with keys ["notify"]',
    ],
    [
      { connection: revokedProxy(), sessionId: 's', cwd },
      'streamToolCallsToAcp: options.connection.notify could not be read',
    ],
  ])('refuses options #%# with INVALID_OPTIONS', (options, message) => {
    expect(() => streamToolCallsToAcp(options as unknown as StreamToolCallsToAcpOptions)).toThrow(
      expect.objectContaining({ name: 'AcpBridgeError', code: 'INVALID_OPTIONS', message }),
    )
  })
})
