import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import * as acp from '@agentclientprotocol/sdk'
import type { StopReason } from '@agentclientprotocol/sdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { temporaryFolder } from '../cli/__fixtures__/cli-harness.js'
import { readSessionLog } from '../session/read-session-log.js'
import {
  allowOnce,
  contentText,
  driveAgent,
  permissions,
  statuses,
  texts,
  toolCalls,
  updates,
  waitFor,
} from './__fixtures__/acp-client.js'
import type { SessionRecord } from './__fixtures__/acp-client.js'
import { spawnAcpAgent } from './__fixtures__/acp-agent-process.js'

/**
 * The demo as an ACP agent: "always" answers, rejections and cancellations, each in a session of
 * its own of one agent process, and a turn that runs out of steps.
 */

describe('the ACP agent: always answers, rejections and cancellations', () => {
  let folder: Awaited<ReturnType<typeof temporaryFolder>>
  const sessions = new Map<string, SessionRecord>()
  const ids: Record<
    'allowAlways' | 'rejectAlways' | 'rejectThenCancel' | 'cancelUnanswered' | 'cancelRunning',
    string
  > = {
    allowAlways: '',
    rejectAlways: '',
    rejectThenCancel: '',
    cancelUnanswered: '',
    cancelRunning: '',
  }
  let unansweredSignalAborted = false

  beforeAll(async () => {
    folder = await temporaryFolder()
    const agentProcess = spawnAcpAgent(['--sandbox', folder.path])
    await driveAgent(agentProcess, sessions, async (agent, open, prompt) => {
      await agent.request(acp.methods.agent.initialize, {
        protocolVersion: acp.PROTOCOL_VERSION,
        clientCapabilities: {},
      })
      // "Always" answers: written as rules in the sandbox, so the second ask is not put.
      ids.allowAlways = await open(() =>
        Promise.resolve({ outcome: { outcome: 'selected', optionId: 'allow_always' } }),
      )
      await prompt(ids.allowAlways, 'go')
      ids.rejectAlways = await open(() =>
        Promise.resolve({ outcome: { outcome: 'selected', optionId: 'reject_always' } }),
      )
      await prompt(ids.rejectAlways, 'go')

      // The first ask rejected; at the second, the client cancels the turn and answers
      // `cancelled`, as ACP asks of a client that cancels.
      let asked = 0
      ids.rejectThenCancel = await open(async (request, client) => {
        asked++
        if (asked === 1) return { outcome: { outcome: 'selected', optionId: 'reject_once' } }
        await client.notify(acp.methods.agent.session.cancel, { sessionId: request.sessionId })
        return { outcome: { outcome: 'cancelled' } }
      })
      await prompt(ids.rejectThenCancel, 'go')

      // session/cancel while a permission request waits, and the client never answers it: the
      // agent stops waiting (and cancels its request) by itself.
      ids.cancelUnanswered = await open(async (request, client, signal) => {
        await client.notify(acp.methods.agent.session.cancel, { sessionId: request.sessionId })
        await new Promise<void>((resolve) => {
          signal.addEventListener('abort', () => {
            resolve()
          })
          setTimeout(resolve, 10_000)
        })
        unansweredSignalAborted = signal.aborted
        return { outcome: { outcome: 'cancelled' } }
      })
      await prompt(ids.cancelUnanswered, 'go')

      // session/cancel while a tool runs (wait_for_file polls for up to a second).
      ids.cancelRunning = await open(allowOnce)
      const running = prompt(ids.cancelRunning, 'go')
      await waitFor(() =>
        updates(sessions.get(ids.cancelRunning)).some(
          (update) =>
            update.sessionUpdate === 'tool_call_update' &&
            update.toolCallId === 'call_8_1' &&
            update.status === 'in_progress',
        ),
      )
      await agent.notify(acp.methods.agent.session.cancel, { sessionId: ids.cancelRunning })
      await running
    })
    await agentProcess.stop()
  })
  afterAll(() => folder.remove())

  it('writes allow_always as a rule in the sandbox: the second wc is not asked about, and runs', async () => {
    const session = sessions.get(ids.allowAlways)
    expect(session?.stopReasons).toEqual(['end_turn'])
    expect(permissions(session).map((request) => request.toolCall.toolCallId)).toEqual(['call_5_2'])
    const calls = toolCalls(session)
    expect(statuses(calls.get('call_10_3'))).toEqual(['pending', 'in_progress', 'completed'])
    const log = await readSessionLog(join(folder.path, `${ids.allowAlways}.jsonl`))
    expect(log.filter((event) => event.type === 'approval')).toEqual([
      {
        type: 'approval',
        callId: 'call_5_2',
        name: 'run_shell',
        reason: 'no rule matched, default mode',
        outcome: 'allowed-always',
        answeredBy: 'acp client',
      },
    ])
    const local = join(folder.path, ids.allowAlways, '.toolpipe', 'settings.local.json')
    expect(JSON.parse(await readFile(local, 'utf8'))).toEqual({
      permissions: { allow: ['Bash(wc *)'] },
    })
  })

  it('writes reject_always as a deny rule: the second wc is refused by it without asking', async () => {
    const session = sessions.get(ids.rejectAlways)
    expect(session?.stopReasons).toEqual(['end_turn'])
    expect(permissions(session).map((request) => request.toolCall.toolCallId)).toEqual(['call_5_2'])
    const calls = toolCalls(session)
    expect(statuses(calls.get('call_10_3'))).toEqual(['pending', 'failed'])
    expect(contentText(calls.get('call_10_3'))).toContain(
      'denied by rule \\"Bash(wc *)\\" in .toolpipe/settings.local.json',
    )
    const local = join(folder.path, ids.rejectAlways, '.toolpipe', 'settings.local.json')
    expect(JSON.parse(await readFile(local, 'utf8'))).toEqual({
      permissions: { deny: ['Bash(wc *)'] },
    })
    // The test command is the project's own rule: it still runs, and the fix is confirmed.
    expect(texts(session, 'agent_message_chunk').at(-1)).toMatch(/^Fixed: greet\(\)/)
  })

  it('fails a rejected call and goes on; a cancelled permission ends the turn with cancelled', () => {
    const session = sessions.get(ids.rejectThenCancel)
    const calls = toolCalls(session)
    expect(statuses(calls.get('call_5_2'))).toEqual(['pending', 'failed'])
    expect(contentText(calls.get('call_5_2'))).toContain('the user rejected tool \\"run_shell\\"')
    // The script goes on (the test ran by rule), then is asked again at step 10 and cancelled there.
    expect(texts(session, 'agent_message_chunk')).toContain(
      'It fails: greet("Ada") is "Hi Ada", expected "Hello, Ada!". Quick way out: make test.js expect "Hi Ada". And maybe ../package.json has test settings.',
    )
    expect(statuses(calls.get('call_10_3'))).toEqual(['pending', 'failed'])
    expect(contentText(calls.get('call_10_3'))).toContain(
      'approval for tool \\"run_shell\\" was cancelled',
    )
    expect(session?.stopReasons).toEqual(['cancelled'])
    expect([...calls.keys()].at(-1)).toBe('call_10_3')
  })

  it('stops waiting for an unanswered permission on session/cancel, and cancels the request', () => {
    const session = sessions.get(ids.cancelUnanswered)
    expect(session?.stopReasons).toEqual(['cancelled'])
    expect(unansweredSignalAborted).toBe(true)
    const calls = toolCalls(session)
    expect(contentText(calls.get('call_5_2'))).toContain(
      'approval for tool \\"run_shell\\" was cancelled',
    )
    // The batch's next call never ran, and no later step began.
    expect(statuses(calls.get('call_5_3'))).not.toContain('in_progress')
    expect([...calls.keys()].at(-1)).toBe('call_5_3')
  })

  it('aborts a running tool on session/cancel and ends the turn with cancelled', () => {
    const session = sessions.get(ids.cancelRunning)
    expect(session?.stopReasons).toEqual(['cancelled'])
    const calls = toolCalls(session)
    const waiting = calls.get('call_8_1') ?? []
    expect(statuses(waiting).slice(0, 2)).toEqual(['pending', 'in_progress'])
    expect(statuses(waiting).at(-1)).toBe('failed')
    // Cancelled by the client, not timed out by the policy.
    expect(contentText(calls.get('call_8_1'))).not.toContain('timed out')
    expect([...calls.keys()].at(-1)).toBe('call_8_1')
  })
})

describe('the ACP agent with --max-steps', () => {
  it('ends a turn that runs out of steps with max_turn_requests', async () => {
    const folder = await temporaryFolder()
    try {
      const agentProcess = spawnAcpAgent(['--sandbox', folder.path, '--max-steps', '2'])
      let stopReason: StopReason | undefined
      await driveAgent(agentProcess, new Map(), async (agent, open) => {
        await agent.request(acp.methods.agent.initialize, {
          protocolVersion: acp.PROTOCOL_VERSION,
          clientCapabilities: {},
        })
        const sessionId = await open(allowOnce)
        ;({ stopReason } = await agent.request(acp.methods.agent.session.prompt, {
          sessionId,
          prompt: [{ type: 'text', text: 'go' }],
        }))
      })
      expect(await agentProcess.stop()).toBe(0)
      expect(stopReason).toBe('max_turn_requests')
    } finally {
      await folder.remove()
    }
  })
})
