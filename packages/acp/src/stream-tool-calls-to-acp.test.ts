import { describe, expect, it } from 'vitest'
import { agent, describeUpdate, setup, validUpdates } from './__fixtures__/streamed-registry.js'

/** `streamToolCallsToAcp`: the session updates of every call, in order. */

const textItem = (value: string) => ({ type: 'content', content: { type: 'text', text: value } })

describe('streamToolCallsToAcp', () => {
  it('streams the pending card, the start and the completed card of a call', async () => {
    const session = setup()
    const result = await session.run('c1', 'read_file', { path: '/srv/app/src/a.ts' })
    expect(result.isError).toBe(false)
    expect(validUpdates(session)).toEqual([
      {
        sessionUpdate: 'tool_call',
        toolCallId: 'c1',
        title: 'src/a.ts',
        kind: 'read',
        status: 'pending',
        name: 'read_file',
        locations: [{ path: '/srv/app/src/a.ts', line: 1 }],
      },
      { sessionUpdate: 'tool_call_update', toolCallId: 'c1', status: 'in_progress' },
      {
        sessionUpdate: 'tool_call_update',
        toolCallId: 'c1',
        status: 'completed',
        title: 'src/a.ts',
        content: [textItem('contents of /srv/app/src/a.ts')],
      },
    ])
    expect(
      session.notifications().every((notification) => notification.sessionId === 'sess_1'),
    ).toBe(true)
    expect(session.logger.warn).not.toHaveBeenCalled()
  })

  it('puts the permission request between the pending card and the start', async () => {
    const session = setup()
    session.registry.on('tools/pre-execute', () => ({ kind: 'ask' }))
    await session.run('c2', 'edit_file', { path: 'a.ts', oldText: 'a', newText: 'b' })
    expect(
      session.sent.map((message) =>
        message.method === 'session/update'
          ? describeUpdate(message.params.update)
          : message.method,
      ),
    ).toEqual([
      'tool_call:pending',
      'session/request_permission',
      'tool_call_update:in_progress',
      'tool_call_update:completed',
    ])
    expect(validUpdates(session).at(-1)).toEqual({
      sessionUpdate: 'tool_call_update',
      toolCallId: 'c2',
      status: 'completed',
      content: [{ type: 'diff', path: '/srv/app/a.ts', oldText: 'a', newText: 'b' }],
    })
  })

  it('never starts a denied call, and shows why it failed', async () => {
    const session = setup()
    session.registry.guard(() => 'no shell here')
    await session.run('c3', 'shell', { command: 'ls' })
    expect(validUpdates(session)).toEqual([
      expect.objectContaining({ sessionUpdate: 'tool_call', toolCallId: 'c3', kind: 'execute' }),
      {
        sessionUpdate: 'tool_call_update',
        toolCallId: 'c3',
        status: 'failed',
        content: [textItem('```console\nError: no shell here\n```')],
      },
    ])
  })

  it('uses the terminal convention when the client advertised terminal output', async () => {
    const session = setup({ terminalOutput: true })
    await session.run('c4', 'shell', { command: 'false', cwd: 'packages/core' })
    expect(validUpdates(session)).toEqual([
      {
        sessionUpdate: 'tool_call',
        toolCallId: 'c4',
        title: 'false',
        kind: 'execute',
        status: 'pending',
        name: 'shell',
        content: [
          textItem('Working directory: packages/core'),
          { type: 'terminal', terminalId: 'c4' },
        ],
        _meta: { terminal_info: { terminal_id: 'c4', cwd: '/srv/app/packages/core' } },
      },
      { sessionUpdate: 'tool_call_update', toolCallId: 'c4', status: 'in_progress' },
      {
        sessionUpdate: 'tool_call_update',
        toolCallId: 'c4',
        status: 'completed',
        _meta: {
          terminal_output: { terminal_id: 'c4', data: '$ false\n(output)\n' },
          terminal_exit: { terminal_id: 'c4', exit_code: 1, signal: null },
        },
      },
    ])
  })

  it('announces a call whose arguments are not JSON when it completes', async () => {
    const session = setup()
    await session.run('c5', 'read_file', { path: 'a', size: 10n })
    expect(validUpdates(session)).toEqual([
      {
        sessionUpdate: 'tool_call',
        toolCallId: 'c5',
        title: 'read_file',
        kind: 'other',
        status: 'pending',
        name: 'read_file',
      },
      {
        sessionUpdate: 'tool_call_update',
        toolCallId: 'c5',
        status: 'failed',
        title: 'read_file',
        content: [textItem('Error: tool execution arguments must be losslessly JSON-serializable')],
      },
    ])
  })

  it('announces a call that an outer listener decided without calling next()', async () => {
    const session = setup()
    session.registry.on('tools/pre-execute', () => ({ kind: 'deny', reason: 'read-only mode' }), {
      prepend: true,
    })
    await session.run('c6', 'edit_file', { path: 'a.ts', oldText: 'a', newText: 'b' })
    const updates = validUpdates(session)
    expect(updates.map((update) => update.sessionUpdate)).toEqual(['tool_call', 'tool_call_update'])
    expect(updates[1]).toEqual({
      sessionUpdate: 'tool_call_update',
      toolCallId: 'c6',
      status: 'failed',
      title: 'a.ts',
      content: [textItem('Error: read-only mode')],
    })
  })

  it('starts a call once even when a wrapper outside it retries', async () => {
    const session = setup()
    session.registry.on(
      'tools/execute',
      async (_exec, next) => {
        await next()
        return next()
      },
      { prepend: true },
    )
    await session.run('c7', 'read_file', { path: 'a' })
    expect(
      validUpdates(session).filter(
        (update) => update.sessionUpdate === 'tool_call_update' && update.status === 'in_progress',
      ),
    ).toHaveLength(1)
  })

  it('shows broken presenters and unknown tools as generic cards', async () => {
    const session = setup()
    await session.run('c8', 'broken', {})
    await session.run('c9', 'nope', { x: 1 })
    expect(validUpdates(session)).toEqual([
      {
        sessionUpdate: 'tool_call',
        toolCallId: 'c8',
        title: 'broken',
        kind: 'other',
        status: 'pending',
        name: 'broken',
        rawInput: {},
      },
      { sessionUpdate: 'tool_call_update', toolCallId: 'c8', status: 'in_progress' },
      {
        sessionUpdate: 'tool_call_update',
        toolCallId: 'c8',
        status: 'completed',
        title: 'broken',
        content: [textItem('broken ran')],
      },
      {
        sessionUpdate: 'tool_call',
        toolCallId: 'c9',
        title: 'nope',
        kind: 'other',
        status: 'pending',
        name: 'nope',
        rawInput: { x: 1 },
      },
      {
        sessionUpdate: 'tool_call_update',
        toolCallId: 'c9',
        status: 'failed',
        title: 'nope',
        content: [textItem('Error: unknown tool "nope"')],
      },
    ])
  })

  it('keeps calls that share an id apart', async () => {
    const session = setup()
    await Promise.all([
      session.run('dup', 'read_file', { path: 'a' }),
      session.run('dup', 'read_file', { path: 'b' }),
    ])
    const updates = validUpdates(session)
    expect(updates.filter((update) => update.sessionUpdate === 'tool_call')).toHaveLength(2)
    expect(
      updates.filter(
        (update) => update.sessionUpdate === 'tool_call_update' && update.status === 'completed',
      ),
    ).toHaveLength(2)
  })

  it('streams only its scope’s calls when given one', async () => {
    const session = setup({ scope: agent })
    await session.run('mine', 'read_file', { path: 'a' })
    await session.run('theirs', 'read_file', { path: 'a' }, { agent: { id: 'other' } })
    expect(
      new Set(session.updates().map((update) => (update as { toolCallId: string }).toolCallId)),
    ).toEqual(new Set(['mine']))
  })

  it('stops when disposed', async () => {
    const session = setup()
    session.dispose()
    session.dispose()
    await session.run('c10', 'read_file', { path: 'a' })
    expect(session.sent).toEqual([])
  })
})
