import { asCallId } from 'toolpipe'
import { describe, expect, it } from 'vitest'
import type { ApprovalEvent } from '../session/session-event.js'
import { createWebApproval } from './web-approval.js'

describe('createWebApproval', () => {
  it.each([
    ['allow-once', { kind: 'allowed-once' }],
    ['allow-always', { kind: 'allowed-always' }],
    ['reject', { kind: 'rejected' }],
    ['cancelled', { kind: 'cancelled' }],
  ] as const)('turns the page answer %s into %o, and tells the log', async (answer, outcome) => {
    const asked: unknown[] = []
    const answered: ApprovalEvent[] = []
    const signal = new AbortController().signal
    const service = createWebApproval({
      server: {
        ask: (question) => {
          asked.push(question)
          return Promise.resolve(answer)
        },
      },
      onAnswer: (event) => answered.push(event),
    })
    const result = await service.request({
      agent: { id: 'main' },
      toolName: 'run_shell',
      callId: asCallId('call_5_1'),
      reason: 'the command is not read-only',
      signal,
      view: { card: 'terminal', title: 'node test.js' },
    })
    expect(result).toEqual(outcome)
    expect(asked).toEqual([
      {
        callId: 'call_5_1',
        question: 'Run `node test.js` in the sandbox?',
        reason: 'the command is not read-only',
        signal,
      },
    ])
    expect(answered).toEqual([
      {
        type: 'approval',
        callId: 'call_5_1',
        name: 'run_shell',
        reason: 'the command is not read-only',
        outcome: outcome.kind,
        answeredBy: 'web page',
      },
    ])
  })
})
