import { asCallId } from 'toolpipe'
import type { ApprovalRequest } from 'toolpipe'
import { PassThrough } from 'node:stream'
import { describe, expect, it } from 'vitest'
import type { ApprovalEvent } from '../session/session-event.js'
import { createTerminalApproval } from './terminal-approval.js'

const request: ApprovalRequest = {
  agent: { id: 'main' },
  toolName: 'run_shell',
  callId: asCallId('call_5_1'),
  arguments: { command: 'node test.js' },
  reason: 'the command is not read-only',
  view: { card: 'terminal', title: 'node test.js' },
}

function promptStreams() {
  const input = new PassThrough()
  const output = new PassThrough()
  let shown = ''
  output.on('data', (chunk: Buffer) => (shown += chunk.toString('utf8')))
  return { input, output, shown: () => shown }
}

describe('createTerminalApproval', () => {
  it('asks at the prompt with the pending card, and a yes allows the call once', async () => {
    const streams = promptStreams()
    const answers: ApprovalEvent[] = []
    const approval = createTerminalApproval({
      mode: { kind: 'prompt', input: streams.input, output: streams.output },
      onAnswer: (event) => answers.push(event),
    })
    const outcome = approval.request(request)
    streams.input.write('y\n')
    expect(await outcome).toEqual({ kind: 'allowed-once' })
    expect(streams.shown()).toContain(
      'Run `node test.js` in the sandbox? (the command is not read-only)',
    )
    expect(answers).toEqual([
      {
        type: 'approval',
        callId: 'call_5_1',
        name: 'run_shell',
        reason: 'the command is not read-only',
        outcome: 'allowed-once',
        answeredBy: 'prompt',
      },
    ])
  })

  it('answers always on a or r: the registry remembers those for the agent and tool', async () => {
    for (const [typed, kind] of [
      ['a\n', 'allowed-always'],
      ['r\n', 'rejected-always'],
    ] as const) {
      const streams = promptStreams()
      const answers: ApprovalEvent[] = []
      const approval = createTerminalApproval({
        mode: { kind: 'prompt', input: streams.input, output: streams.output },
        onAnswer: (event) => answers.push(event),
      })
      const outcome = approval.request(request)
      streams.input.write(typed)
      expect(await outcome).toEqual({ kind })
      expect(answers.map((answer) => answer.outcome)).toEqual([kind])
    }
  })

  it('rejects on no, and on Enter alone (the default is no)', async () => {
    for (const typed of ['n\n', '\n']) {
      const streams = promptStreams()
      const approval = createTerminalApproval({
        mode: { kind: 'prompt', input: streams.input, output: streams.output },
        onAnswer: () => undefined,
      })
      const outcome = approval.request({
        ...request,
        view: { card: 'diff', title: 'Edit a.js', diffs: [] },
      })
      streams.input.write(typed)
      expect(await outcome).toEqual({ kind: 'rejected' })
      expect(streams.shown()).toContain('Apply "Edit a.js"?')
    }
  })

  it('counts an aborted prompt as cancelled and stops the session', async () => {
    const streams = promptStreams()
    const controller = new AbortController()
    let interrupted = false
    const approval = createTerminalApproval({
      mode: { kind: 'prompt', input: streams.input, output: streams.output },
      onAnswer: () => undefined,
      onInterrupt: () => {
        interrupted = true
      },
    })
    const outcome = approval.request({ ...request, signal: controller.signal })
    controller.abort()
    expect(await outcome).toEqual({ kind: 'cancelled' })
    expect(interrupted).toBe(true)
  })

  it('answers without asking in auto mode, and unavailable when there is no channel', async () => {
    const answers: ApprovalEvent[] = []
    const auto = createTerminalApproval({
      mode: { kind: 'auto', because: 'stdin is not a TTY' },
      onAnswer: (event) => answers.push(event),
    })
    const none = createTerminalApproval({
      mode: { kind: 'none' },
      onAnswer: (event) => answers.push(event),
    })
    expect(await auto.request(request)).toEqual({ kind: 'allowed-once' })
    expect(await none.request(request)).toEqual({ kind: 'unavailable' })
    expect(answers.map((answer) => [answer.outcome, answer.answeredBy])).toEqual([
      ['allowed-once', 'stdin is not a TTY'],
      ['unavailable', 'nobody'],
    ])
  })
})
