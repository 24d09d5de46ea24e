import { describe, expect, it } from 'vitest'
import { everyKind, text } from './__fixtures__/cards.js'
import { schemaCheckedCall as call } from './__fixtures__/schema-checked.js'

/** `toAcpToolCall`: generic, diff and terminal cards, names and titles. */

const textItem = (value: string) => ({ type: 'content', content: { type: 'text', text: value } })

describe('toAcpToolCall: generic cards', () => {
  it('keeps kind, title, content, locations and rawInput', () => {
    // Model-made input, hostile key included: copied as an own member, never a prototype.
    const rawInput = JSON.parse(
      '{"path":"src/a.ts","range":[1,20],"nested":{"__proto__":{"admin":true}}}',
    ) as Record<string, unknown>
    const update = call({
      card: 'generic',
      title: '/srv/app/src/a.ts',
      kind: 'read',
      rawInput,
      content: [text('first 20 lines')],
      locations: [{ path: 'src/a.ts', line: 1 }, { path: '/etc/hosts' }],
    })
    expect(update).toEqual({
      sessionUpdate: 'tool_call',
      toolCallId: 'call_1',
      title: 'src/a.ts',
      kind: 'read',
      status: 'pending',
      content: [textItem('first 20 lines')],
      locations: [{ path: '/srv/app/src/a.ts', line: 1 }, { path: '/etc/hosts' }],
      rawInput,
    })
    const nested = (update.rawInput as { nested: object }).nested
    expect(Object.keys(nested)).toEqual(['__proto__'])
    expect(Object.getPrototypeOf(nested)).toBe(Object.prototype)
  })

  it('defaults the kind to other and leaves out what the card does not have', () => {
    expect(call({ card: 'generic', title: 'Thinking about it' })).toEqual({
      sessionUpdate: 'tool_call',
      toolCallId: 'call_1',
      title: 'Thinking about it',
      kind: 'other',
      status: 'pending',
    })
    expect(call({ card: 'generic', title: 't', content: [], locations: [] })).not.toHaveProperty(
      'content',
    )
  })

  it('passes every tool kind through', () => {
    for (const kind of ['read', 'edit', 'delete', 'move', 'search', 'execute', 'fetch', 'other']) {
      expect(call({ card: 'generic', title: 't', kind }).kind).toBe(kind)
    }
  })

  it('maps each kind of content block', () => {
    expect(call({ card: 'generic', title: 't', content: everyKind }).content).toEqual([
      textItem('plain'),
      textItem('thinking'),
      { type: 'content', content: { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' } },
      textItem('Tool call: grep\n\n```json\n{"pattern":"x"}\n```'),
      textItem('nested'),
      textItem('deepest'),
      // The resource-link block (a kind added by declaration merging) is skipped.
    ])
  })

  it('leaves out extra members of core blocks', () => {
    const update = call({
      card: 'generic',
      title: 't',
      content: [{ type: 'text', text: 'x', cacheControl: 'ephemeral' }],
    })
    expect(update.content).toEqual([textItem('x')])
  })

  it('fences tool call arguments that contain backticks with a longer fence', () => {
    const update = call({
      card: 'generic',
      title: 't',
      content: [{ type: 'tool-call', id: 'c', name: 'md', arguments: '{"s":"```x````"}' }],
    })
    expect(update.content).toEqual([
      textItem('Tool call: md\n\n`````json\n{"s":"```x````"}\n`````'),
    ])
  })

  it('drops a line number ACP cannot carry (uint32)', () => {
    const update = call({
      card: 'generic',
      title: 't',
      locations: [
        { path: 'a.ts', line: 0xffff_ffff },
        { path: 'b.ts', line: 0x1_0000_0000 },
      ],
    })
    expect(update.locations).toEqual([
      { path: '/srv/app/a.ts', line: 0xffff_ffff },
      { path: '/srv/app/b.ts' },
    ])
  })

  it('returns fresh, mutable objects that share nothing with the view', () => {
    const view = {
      card: 'generic',
      title: 't',
      rawInput: { a: [1] },
      content: [text('x')],
      locations: [{ path: '/srv/app/a.ts' }],
    } as const
    const update = call(view)
    expect(update.rawInput).toEqual({ a: [1] })
    expect(update.rawInput).not.toBe(view.rawInput)
    expect(Object.isFrozen(update.rawInput)).toBe(false)
    ;(update.rawInput as { a: number[] }).a.push(2)
    expect(view.rawInput.a).toEqual([1])
  })
})

describe('toAcpToolCall: diff cards', () => {
  it('become kind edit with one diff item per file, paths made absolute', () => {
    const update = call({
      card: 'diff',
      title: '/srv/app/src/greet.ts',
      diffs: [
        { path: 'src/greet.ts', oldText: 'hi\n', newText: 'hello\n' },
        { path: 'src/new.ts', oldText: null, newText: 'export {}\n' },
        { path: '/srv/app/lib/../src/c.ts', oldText: '', newText: 'c' },
        { path: '/tmp/outside.txt', oldText: 'a', newText: 'b' },
      ],
      locations: [{ path: 'src/greet.ts', line: 2 }],
    })
    expect(update).toEqual({
      sessionUpdate: 'tool_call',
      toolCallId: 'call_1',
      title: 'src/greet.ts',
      kind: 'edit',
      status: 'pending',
      content: [
        { type: 'diff', path: '/srv/app/src/greet.ts', oldText: 'hi\n', newText: 'hello\n' },
        { type: 'diff', path: '/srv/app/src/new.ts', oldText: null, newText: 'export {}\n' },
        { type: 'diff', path: '/srv/app/src/c.ts', oldText: '', newText: 'c' },
        { type: 'diff', path: '/tmp/outside.txt', oldText: 'a', newText: 'b' },
      ],
      locations: [{ path: '/srv/app/src/greet.ts', line: 2 }],
    })
  })

  it('keeps a title outside the cwd as it is', () => {
    const diffs = [{ path: 'a', oldText: null, newText: '' }]
    expect(call({ card: 'diff', title: '/srv/app2/a', diffs }).title).toBe('/srv/app2/a')
    expect(call({ card: 'diff', title: '/srv/app/../app2/a', diffs }).title).toBe(
      '/srv/app/../app2/a',
    )
    expect(call({ card: 'diff', title: 'Create a', diffs }).title).toBe('Create a')
  })
})

describe('toAcpToolCall: terminal cards', () => {
  it('without terminal output: kind execute, the command as title, description as text', () => {
    expect(call({ card: 'terminal', title: 'npm test', description: 'Run the tests' })).toEqual({
      sessionUpdate: 'tool_call',
      toolCallId: 'call_1',
      title: 'npm test',
      kind: 'execute',
      status: 'pending',
      content: [textItem('Run the tests')],
    })
    expect(call({ card: 'terminal', title: 'ls' })).not.toHaveProperty('content')
    expect(call({ card: 'terminal', title: 'ls' })).not.toHaveProperty('_meta')
  })

  it('shows the working directory when it is not the session cwd', () => {
    expect(call({ card: 'terminal', title: 'ls', cwd: 'packages/core' }).content).toEqual([
      textItem('Working directory: packages/core'),
    ])
    expect(call({ card: 'terminal', title: 'ls', cwd: '/tmp' }).content).toEqual([
      textItem('Working directory: /tmp'),
    ])
    expect(call({ card: 'terminal', title: 'ls', cwd: '/srv/app/' })).not.toHaveProperty('content')
    expect(call({ card: 'terminal', title: 'ls', cwd: '.' })).not.toHaveProperty('content')
  })

  it('never shortens the command line, even when it is a path', () => {
    expect(call({ card: 'terminal', title: '/srv/app/run.sh' }).title).toBe('/srv/app/run.sh')
  })

  it('with terminal output: terminal_info and a terminal item whose id is the call id', () => {
    expect(
      call(
        { card: 'terminal', title: 'npm test', description: 'Run the tests', cwd: 'packages/core' },
        { terminalOutput: true, toolCallId: 'toolu_42' },
      ),
    ).toEqual({
      sessionUpdate: 'tool_call',
      toolCallId: 'toolu_42',
      title: 'npm test',
      kind: 'execute',
      status: 'pending',
      content: [
        textItem('Run the tests'),
        textItem('Working directory: packages/core'),
        { type: 'terminal', terminalId: 'toolu_42' },
      ],
      _meta: { terminal_info: { terminal_id: 'toolu_42', cwd: '/srv/app/packages/core' } },
    })
  })

  it('with terminal output and no cwd on the card, the terminal runs in the session cwd', () => {
    const update = call(
      { card: 'terminal', title: 'ls' },
      { terminalOutput: true, cwd: '/srv/app/' },
    )
    expect(update._meta).toEqual({ terminal_info: { terminal_id: 'call_1', cwd: '/srv/app' } })
    expect(update.content).toEqual([{ type: 'terminal', terminalId: 'call_1' }])
    expect(
      call({ card: 'terminal', title: 'ls', cwd: '../../etc' }, { terminalOutput: true })._meta,
    ).toEqual({ terminal_info: { terminal_id: 'call_1', cwd: '/etc' } })
  })
})

describe('toAcpToolCall: names and titles', () => {
  it('sends the tool name as ACP name, and titles an untitled card with it', () => {
    expect(call({ card: 'generic', title: 'x' }, { toolName: 'read_file' }).name).toBe('read_file')
    expect(call({ card: 'generic', title: '' }, { toolName: 'read_file' }).title).toBe('read_file')
    expect(call({ card: 'terminal', title: '' }).title).toBe('Tool call')
    expect(call({ card: 'generic', title: '' }, { toolName: '' })).not.toHaveProperty('name')
  })
})
