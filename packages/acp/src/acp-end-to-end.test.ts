import type {
  RequestPermissionRequest,
  SessionNotification,
  SessionUpdate,
} from '@agentclientprotocol/sdk'
import * as acp from '@agentclientprotocol/sdk'
import { beforeAll, describe, expect, it } from 'vitest'
import { createAcpSchemaChecker } from './__fixtures__/acp-schema.js'
import type { WireMessage } from './__fixtures__/ndjson-pair.js'
import { playPromptTurn } from './__fixtures__/prompt-turn.js'

/**
 * End to end over the SDK: an agent whose sessions each own a registry with the bridge installed
 * plays one prompt turn of six tool calls against a client that approves edits and rejects
 * deletions (`__fixtures__/prompt-turn.ts`); the turn is played once per terminal-output setting
 * and each test reads one side of it.
 */

const schema = createAcpSchemaChecker()

function sent(messages: readonly WireMessage[], method: string): unknown[] {
  return messages.filter((message) => message.method === method).map((message) => message.params)
}

const textItem = (value: string) => ({ type: 'content', content: { type: 'text', text: value } })

// One group per terminal-output setting: a loop rather than describe.each, whose group callback
// scripts/check-sizes.mjs would count as one long function.
for (const terminalOutput of [false, true]) {
  describe(`end to end over the SDK (terminal output: ${String(terminalOutput)})`, () => {
    let turn: Awaited<ReturnType<typeof playPromptTurn>>
    let updates: SessionUpdate[]
    const last = (callId: string) =>
      updates.findLast((update) => 'toolCallId' in update && update.toolCallId === callId)
    beforeAll(async () => {
      turn = await playPromptTurn(terminalOutput)
      updates = turn.client.updates.map((notification) => notification.update)
    })

    it('ends the turn, having warned about nothing', () => {
      expect(turn.protocolVersion).toBe(acp.PROTOCOL_VERSION)
      expect(turn.stopReason).toBe('end_turn')
      expect(turn.logger.warn).not.toHaveBeenCalled()
    })

    it('puts only what the protocol’s schema allows on the wire, and the client’s SDK parses all of it', () => {
      const { wire, client } = turn
      // Everything the bridge put on the wire is valid against the protocol's own schema …
      const wireUpdates = sent(wire.fromAgent, 'session/update')
      const wireRequests = sent(wire.fromAgent, 'session/request_permission')
      for (const notification of wireUpdates) {
        expect(schema.errors('SessionNotification', notification)).toEqual([])
      }
      for (const request of wireRequests) {
        expect(schema.errors('RequestPermissionRequest', request)).toEqual([])
      }
      const answers = wire.fromClient.filter(
        (message) => message.id !== undefined && message.method === undefined,
      )
      // initialize, session/new and session/prompt went the other way; the two answers came back.
      expect(answers).toHaveLength(2)
      for (const answer of answers) {
        expect(schema.errors('RequestPermissionResponse', answer.result)).toEqual([])
      }
      expect(wireUpdates).toHaveLength(16)
      expect(wireRequests).toHaveLength(2)
      // … and the client's SDK parsed all of it without dropping a member.
      expect(client.updates).toEqual(wireUpdates)
      expect(client.permissionRequests).toEqual(wireRequests)
    })

    it('streams each call through its statuses', () => {
      const byCall = new Map<string, string[]>()
      for (const update of updates) {
        if (update.sessionUpdate !== 'tool_call' && update.sessionUpdate !== 'tool_call_update')
          continue
        const statuses = byCall.get(update.toolCallId) ?? []
        statuses.push(String(update.status))
        byCall.set(update.toolCallId, statuses)
      }
      expect(Object.fromEntries(byCall)).toEqual({
        call_read: ['pending', 'in_progress', 'completed'],
        call_edit: ['pending', 'in_progress', 'completed'],
        call_test: ['pending', 'in_progress', 'completed'],
        call_rm: ['pending', 'failed'],
        call_fail: ['pending', 'in_progress', 'completed'],
        // An unknown tool fails before anything runs (SPEC §6.3 step 3): it never was in progress.
        call_unknown: ['pending', 'failed'],
      })
    })

    it('asks for permission right after the pending card, carrying it', () => {
      const { wire, client } = turn
      // The permission requests came after their pending card, carried it, and were answered.
      expect(
        client.permissionRequests.map((request) => [
          request.toolCall.toolCallId,
          request.toolCall.title,
        ]),
      ).toEqual([
        ['call_edit', 'src/greet.ts'],
        ['call_rm', 'rm -rf /'],
      ])
      expect(client.permissionRequests[0]?.toolCall.content).toEqual([
        { type: 'diff', path: '/srv/app/src/greet.ts', oldText: 'hi\n', newText: 'hello\n' },
        textItem('changes files'),
      ])
      const order = wire.fromAgent
        .filter((message) => message.method !== undefined)
        .map((message) =>
          message.method === 'session/update'
            ? `${(message.params as SessionNotification).update.sessionUpdate}:${(message.params as { update: { toolCallId: string } }).update.toolCallId}`
            : `${String(message.method)}:${(message.params as RequestPermissionRequest).toolCall.toolCallId}`,
        )
      expect(order.indexOf('session/request_permission:call_edit')).toBe(
        order.indexOf('tool_call:call_edit') + 1,
      )
    })

    it('shows a read, an edit, a rejected command and an unknown tool as their cards', () => {
      expect(
        updates.find(
          (update) => update.sessionUpdate === 'tool_call' && update.toolCallId === 'call_read',
        ),
      ).toMatchObject({
        title: 'src/greet.ts',
        kind: 'read',
        locations: [{ path: '/srv/app/src/greet.ts', line: 1 }],
      })
      expect(last('call_edit')).toMatchObject({
        status: 'completed',
        content: [
          { type: 'diff', path: '/srv/app/src/greet.ts', oldText: 'hi\n', newText: 'hello\n' },
        ],
      })
      expect(last('call_rm')).toMatchObject(
        terminalOutput
          ? {
              status: 'failed',
              _meta: {
                terminal_output: {
                  terminal_id: 'call_rm',
                  data: 'Error: the user rejected tool "shell"',
                },
              },
            }
          : {
              status: 'failed',
              content: [textItem('```console\nError: the user rejected tool "shell"\n```')],
            },
      )
      expect(last('call_unknown')).toMatchObject({
        status: 'failed',
        title: 'deploy',
        content: [textItem('Error: unknown tool "deploy"')],
      })
    })

    it('shows the commands’ output as terminal output, or as a console block without it', () => {
      const pendingTest = updates.find(
        (update) => update.sessionUpdate === 'tool_call' && update.toolCallId === 'call_test',
      )
      if (terminalOutput) {
        expect(pendingTest).toMatchObject({
          kind: 'execute',
          content: [
            textItem('Run the tests'),
            textItem('Working directory: packages/core'),
            { type: 'terminal', terminalId: 'call_test' },
          ],
          _meta: { terminal_info: { terminal_id: 'call_test', cwd: '/srv/app/packages/core' } },
        })
        expect(last('call_test')).toEqual({
          sessionUpdate: 'tool_call_update',
          toolCallId: 'call_test',
          status: 'completed',
          _meta: {
            terminal_output: { terminal_id: 'call_test', data: '$ npm test\n(output)\n' },
            terminal_exit: { terminal_id: 'call_test', exit_code: 0, signal: null },
          },
        })
        expect(last('call_fail')).toMatchObject({
          _meta: { terminal_exit: { terminal_id: 'call_fail', exit_code: 1, signal: null } },
        })
      } else {
        expect(pendingTest).not.toHaveProperty('_meta')
        expect(last('call_test')).toEqual({
          sessionUpdate: 'tool_call_update',
          toolCallId: 'call_test',
          status: 'completed',
          content: [textItem('```console\n$ npm test\n(output)\n```')],
        })
        expect(last('call_fail')).toMatchObject({
          content: [textItem('```console\n$ false\n(output)\n```\n\nExited with code 1.')],
        })
      }
    })
  })
}
