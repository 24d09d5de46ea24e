import { describe, expect, it } from 'vitest'
import { createAcpSchemaChecker } from './acp-schema.js'

// The checker every other test relies on must itself refuse what it is there to refuse.
const schema = createAcpSchemaChecker()
const notification = (update: Record<string, unknown>) => ({ sessionId: 's', update })
const toolCall = { sessionUpdate: 'tool_call', toolCallId: 'c', title: 't' }

describe('the ACP schema checker', () => {
  it('accepts a valid tool call, free-form members included', () => {
    expect(
      schema.errors(
        'SessionNotification',
        notification({
          ...toolCall,
          kind: 'execute',
          status: 'pending',
          content: [
            { type: 'terminal', terminalId: 'c' },
            { type: 'diff', path: '/a', oldText: null, newText: '' },
            { type: 'content', content: { type: 'text', text: 'x' } },
          ],
          locations: [{ path: '/a', line: 3 }],
          rawInput: { anything: [1, { goes: true }] },
          _meta: { terminal_info: { terminal_id: 'c', cwd: '/' } },
        }),
      ),
    ).toEqual([])
  })

  it('catches misspelt members that the published schema lets through', () => {
    for (const update of [
      { ...toolCall, titel: 'x' },
      { ...toolCall, content: [{ type: 'terminal', terminalId: 'c', terminal_id: 'c' }] },
      { ...toolCall, content: [{ type: 'diff', path: '/a', oldtext: 'x', newText: '' }] },
      {
        ...toolCall,
        content: [{ type: 'content', content: { type: 'text', text: 'x', txt: 'y' } }],
      },
      { ...toolCall, locations: [{ path: '/a', lines: 3 }] },
    ]) {
      expect(
        schema.officialAccepts('SessionNotification', notification(update)),
        JSON.stringify(update),
      ).toBe(true)
      expect(schema.errors('SessionNotification', notification(update)).join('\n')).toContain(
        'unevaluated properties',
      )
    }
  })

  it('refuses what the published schema refuses', () => {
    for (const update of [
      { ...toolCall, kind: 'think-hard' },
      { ...toolCall, status: 'done' },
      { ...toolCall, title: 1 },
      { sessionUpdate: 'tool_call', toolCallId: 'c' },
      { ...toolCall, content: [{ type: 'diff', path: '/a' }] },
      { ...toolCall, locations: [{ path: '/a', line: 2 ** 32 }] },
      { ...toolCall, locations: [{ path: '/a', line: -1 }] },
    ]) {
      expect(schema.officialAccepts('SessionNotification', notification(update))).toBe(false)
      expect(schema.errors('SessionNotification', notification(update))).not.toEqual([])
    }
  })

  it('checks permission requests and their answers', () => {
    const request = {
      sessionId: 's',
      toolCall: { toolCallId: 'c', title: 't' },
      options: [{ optionId: 'a', name: 'Allow', kind: 'allow_once' }],
    }
    expect(schema.errors('RequestPermissionRequest', request)).toEqual([])
    expect(
      schema.errors('RequestPermissionRequest', {
        ...request,
        options: [{ optionId: 'a', name: 'A', kind: 'maybe' }],
      }),
    ).not.toEqual([])
    expect(
      schema.errors('RequestPermissionResponse', { outcome: { outcome: 'cancelled' } }),
    ).toEqual([])
    expect(
      schema.errors('RequestPermissionResponse', { outcome: { outcome: 'selected' } }),
    ).not.toEqual([])
  })
})
