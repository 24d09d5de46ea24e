import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import * as acp from '@agentclientprotocol/sdk'
import type {
  ClientContext,
  InitializeResponse,
  RequestPermissionRequest,
  RequestPermissionResponse,
  SessionUpdate,
  StopReason,
} from '@agentclientprotocol/sdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { temporaryFolder } from '../cli/__fixtures__/cli-harness.js'
import { readSessionLog } from '../session/read-session-log.js'
import { sandboxFiles } from '../sandbox/sandbox-files.js'
import { spawnAcpAgent } from './__fixtures__/acp-agent-process.js'
import type { AcpAgentProcess } from './__fixtures__/acp-agent-process.js'

/** How the test's client answers a permission request in one session. */
type PermissionPolicy = (
  request: RequestPermissionRequest,
  agent: ClientContext,
  signal: AbortSignal,
) => Promise<RequestPermissionResponse>

/** What one session saw, in arrival order: its updates and permission requests. */
interface SessionRecord {
  readonly seen: (
    | { readonly kind: 'update'; readonly update: SessionUpdate }
    | { readonly kind: 'permission'; readonly request: RequestPermissionRequest }
  )[]
  stopReasons: StopReason[]
  policy: PermissionPolicy
}

const allowOnce: PermissionPolicy = () =>
  Promise.resolve({ outcome: { outcome: 'selected', optionId: 'allow_once' } })

/**
 * An ACP client on the SDK's client side, as an editor is: it records every `session/update`,
 * answers `session/request_permission` by the session's policy, and runs `script` against the
 * agent process.
 */
async function driveAgent(
  agentProcess: AcpAgentProcess,
  sessions: Map<string, SessionRecord>,
  script: (
    agent: ClientContext,
    open: (policy: PermissionPolicy) => Promise<string>,
  ) => Promise<void>,
): Promise<void> {
  const record = (sessionId: string): SessionRecord => {
    const found = sessions.get(sessionId)
    if (found === undefined) throw new Error(`an update for unknown session ${sessionId}`)
    return found
  }
  const client = acp
    .client({ name: 'agent-loop-e2e' })
    .onNotification(acp.methods.client.session.update, ({ params }) => {
      record(params.sessionId).seen.push({ kind: 'update', update: params.update })
    })
    .onRequest(acp.methods.client.session.requestPermission, ({ params, agent, signal }) => {
      const session = record(params.sessionId)
      session.seen.push({ kind: 'permission', request: params })
      return session.policy(params, agent, signal)
    })
  await client.connectWith(agentProcess.stream, (agent) =>
    script(agent, async (policy) => {
      const { sessionId } = await agent.request(acp.methods.agent.session.new, {
        cwd: '/',
        mcpServers: [],
      })
      sessions.set(sessionId, { seen: [], stopReasons: [], policy })
      return sessionId
    }),
  )
}

function updates(session: SessionRecord | undefined): SessionUpdate[] {
  return (session?.seen ?? []).flatMap((item) => (item.kind === 'update' ? [item.update] : []))
}

function permissions(session: SessionRecord | undefined): RequestPermissionRequest[] {
  return (session?.seen ?? []).flatMap((item) => (item.kind === 'permission' ? [item.request] : []))
}

/** Each tool call's updates, by call id: its `tool_call`, then its `tool_call_update`s. */
function toolCalls(session: SessionRecord | undefined): Map<string, SessionUpdate[]> {
  const calls = new Map<string, SessionUpdate[]>()
  for (const update of updates(session)) {
    if (update.sessionUpdate !== 'tool_call' && update.sessionUpdate !== 'tool_call_update')
      continue
    calls.set(update.toolCallId, [...(calls.get(update.toolCallId) ?? []), update])
  }
  return calls
}

function texts(session: SessionRecord | undefined, kind: SessionUpdate['sessionUpdate']): string[] {
  return updates(session).flatMap((update) =>
    update.sessionUpdate === kind &&
    (update.sessionUpdate === 'agent_message_chunk' ||
      update.sessionUpdate === 'agent_thought_chunk') &&
    update.content.type === 'text'
      ? [update.content.text]
      : [],
  )
}

function statuses(calls: readonly SessionUpdate[] | undefined): (string | null | undefined)[] {
  return (calls ?? []).map((update) =>
    update.sessionUpdate === 'tool_call' || update.sessionUpdate === 'tool_call_update'
      ? update.status
      : undefined,
  )
}

function contentText(calls: readonly SessionUpdate[] | undefined): string {
  return JSON.stringify(
    (calls ?? []).flatMap((update) =>
      update.sessionUpdate === 'tool_call_update' ? (update.content ?? []) : [],
    ),
  )
}

describe('the demo as an ACP agent, driven by the SDK client over its stdio', () => {
  let folder: Awaited<ReturnType<typeof temporaryFolder>>
  let agentProcess: AcpAgentProcess
  let exitCode: number | null
  let initialized: InitializeResponse
  const sessions = new Map<string, SessionRecord>()
  const ids: Record<
    | 'happy'
    | 'allowAlways'
    | 'rejectAlways'
    | 'rejectThenCancel'
    | 'cancelUnanswered'
    | 'cancelRunning',
    string
  > = {
    happy: '',
    allowAlways: '',
    rejectAlways: '',
    rejectThenCancel: '',
    cancelUnanswered: '',
    cancelRunning: '',
  }
  let unansweredSignalAborted = false

  beforeAll(async () => {
    folder = await temporaryFolder()
    agentProcess = spawnAcpAgent(['--sandbox', folder.path])
    await driveAgent(agentProcess, sessions, async (agent, open) => {
      initialized = await agent.request(acp.methods.agent.initialize, {
        protocolVersion: acp.PROTOCOL_VERSION,
        clientCapabilities: {},
      })
      const prompt = async (sessionId: string, text: string) => {
        const { stopReason } = await agent.request(acp.methods.agent.session.prompt, {
          sessionId,
          prompt: [{ type: 'text', text }],
        })
        sessions.get(sessionId)?.stopReasons.push(stopReason)
      }

      // 1. The whole script, every ask allowed; then a second prompt in the same session.
      ids.happy = await open(allowOnce)
      await prompt(ids.happy, 'test.js fails. Fix greet.js.')
      await prompt(ids.happy, 'Anything else?')

      // 2, 3. "Always" answers: written as rules in the sandbox, so the second ask is not put.
      ids.allowAlways = await open(() =>
        Promise.resolve({ outcome: { outcome: 'selected', optionId: 'allow_always' } }),
      )
      await prompt(ids.allowAlways, 'go')
      ids.rejectAlways = await open(() =>
        Promise.resolve({ outcome: { outcome: 'selected', optionId: 'reject_always' } }),
      )
      await prompt(ids.rejectAlways, 'go')

      // 4. The first ask rejected; at the second, the client cancels the turn and answers
      //    `cancelled`, as ACP asks of a client that cancels.
      let asked = 0
      ids.rejectThenCancel = await open(async (request, client) => {
        asked++
        if (asked === 1) return { outcome: { outcome: 'selected', optionId: 'reject_once' } }
        await client.notify(acp.methods.agent.session.cancel, { sessionId: request.sessionId })
        return { outcome: { outcome: 'cancelled' } }
      })
      await prompt(ids.rejectThenCancel, 'go')

      // 5. session/cancel while a permission request waits, and the client never answers it: the
      //    agent stops waiting (and cancels its request) by itself.
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

      // 6. session/cancel while a tool runs (wait_for_file polls for up to a second).
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
    exitCode = await agentProcess.stop()
  })
  afterAll(() => folder.remove())

  it('answers initialize with protocol version 1 and its name', () => {
    expect(initialized).toMatchObject({
      protocolVersion: 1,
      agentInfo: { name: 'toolpipe-agent-loop' },
      authMethods: [],
    })
  })

  it('writes nothing but JSON-RPC to stdout, logs to stderr, and exits 0 when stdin closes', () => {
    const lines = agentProcess
      .stdout()
      .split('\n')
      .filter((line) => line !== '')
    expect(lines.length).toBeGreaterThan(50)
    for (const line of lines) expect(JSON.parse(line)).toMatchObject({ jsonrpc: '2.0' })
    expect(agentProcess.stderr()).toContain('toolpipe-agent-loop: ACP agent on stdio')
    expect(agentProcess.stderr()).toContain(`${ids.happy}: turn ended: end_turn`)
    expect(exitCode).toBe(0)
  })

  it('runs the whole script in a prompt turn: message chunks, tool calls, end_turn', () => {
    const session = sessions.get(ids.happy)
    expect(session?.stopReasons).toEqual(['end_turn', 'end_turn'])
    const messages = texts(session, 'agent_message_chunk')
    expect(messages[0]).toBe(
      "Let me look at the project first, and at what the team's handbook says about greetings.",
    )
    // The answer names the file the output budget kept the whole server.log in.
    expect(messages).toContainEqual(
      expect.stringMatching(
        /^Fixed: greet\(\) now returns `Hello, \$\{name\}!`, as the team handbook asks, and node test\.js passes\.\nLeft alone, by policy: the upstream check \(no network\), the stale CI output \(rm is denied by rule\),\ntest\.js and \.\.\/package\.json \(guard\), package\.json \(the project hook\), the CI report \(timed out\) and \.env \(a secret\)\.\nserver\.log was longer than run_shell's budget: I read its first and last lines, and the rest\nis in \S+\/\.tool-output\/call_11_1-[0-9a-f]{12}\.txt\.\nProduction /,
      ),
    )
    // A hook's additionalContext is shown as the agent's thought, named by its source.
    expect(texts(session, 'agent_thought_chunk')).toContain(
      'context from plugin "syntax-check", for the model: After your edit, `node --check greet.js` passed: no syntax errors.',
    )
    // The second prompt: the script is over, and the model says so.
    expect(messages.at(-1)).toMatch(/^That was the whole demo script/)
    expect(texts(session, 'agent_thought_chunk')[0]).toMatch(
      /^step 1 · several tool calls in one step, as a batch\n/,
    )
  })

  it('streams each call as tool_call then tool_call_updates, in the model order', () => {
    const calls = toolCalls(sessions.get(ids.happy))
    expect([...calls.keys()].slice(0, 5)).toEqual([
      'call_1_1',
      'call_1_2',
      'call_1_3',
      'call_1_4',
      'call_2_1',
    ])
    // The MCP tool: its pending card is titled by the server, and the server's progress arrives
    // as in_progress updates (numbers and message in _meta.toolpipe_progress).
    const lookup = calls.get('call_1_4') ?? []
    expect(lookup[0]).toMatchObject({
      sessionUpdate: 'tool_call',
      title: 'Look up the team handbook',
    })
    expect(statuses(lookup)).toEqual([
      'pending',
      'in_progress',
      'in_progress',
      'in_progress',
      'in_progress',
      'completed',
    ])
    expect(lookup.slice(2, 5).map((update) => update._meta)).toEqual(
      ['style', 'process', 'security'].map((section, index) => ({
        toolpipe_progress: {
          progress: index,
          total: 3,
          message: `searching the ${section} section`,
        },
      })),
    )
    expect(contentText(lookup.slice(-1))).toContain('greetings: Greetings read')
    expect(statuses(calls.get('call_1_2'))).toEqual(['pending', 'in_progress', 'completed'])
    expect(calls.get('call_1_2')?.[0]).toMatchObject({
      sessionUpdate: 'tool_call',
      title: 'Read greet.js',
      kind: 'read',
      locations: [{ path: join(folder.path, ids.happy, 'greet.js') }],
    })
    // Invalid arguments: the call never ran, so no in_progress; it fails with the ToolArgsError.
    expect(statuses(calls.get('call_2_1'))).toEqual(['pending', 'failed'])
    expect(contentText(calls.get('call_2_1'))).toContain('missing required property \\"path\\"')
    // The no-network policy denies: no in_progress either.
    expect(statuses(calls.get('call_4_1'))).toEqual(['pending', 'failed'])
    expect(contentText(calls.get('call_4_1'))).toContain('network access is disabled')
    // The sandbox's own PreToolUse hook script refuses the package.json edit (exit 2).
    expect(statuses(calls.get('call_7_1'))).toEqual(['pending', 'failed'])
    expect(contentText(calls.get('call_7_1'))).toContain("package.json is the team's to change")
    // The timeout, with the tool's progress reports (exec.reportProgress) as in_progress updates
    // showing what it reported, while it waits.
    const waiting = calls.get('call_8_1') ?? []
    expect(statuses(waiting)).toEqual([
      'pending',
      ...statuses(waiting.slice(1, -1)).map(() => 'in_progress'),
      'failed',
    ])
    const progress = waiting.slice(2, -1)
    expect(progress.length).toBeGreaterThanOrEqual(1)
    expect(progress[0]).toMatchObject({
      content: [
        {
          type: 'content',
          content: {
            type: 'text',
            text: expect.stringMatching(
              /^waited \d+ ms; ci\/report\.txt is not there yet…$/,
            ) as unknown,
          },
        },
      ],
      _meta: { toolpipe_progress: { message: expect.stringMatching(/^waited/) as unknown } },
    })
    expect(contentText(waiting.slice(-1))).toContain('tool call timed out after 1000ms')
    // The edit, as ACP diffs.
    expect(calls.get('call_10_1')?.[0]).toMatchObject({
      kind: 'edit',
      content: [
        {
          type: 'diff',
          path: join(folder.path, ids.happy, 'greet.js'),
          oldText: "  return 'Hi ' + name",
          newText: '  return `Hello, ${name}!`',
        },
      ],
    })
    expect(statuses(calls.get('call_10_1'))).toEqual(['pending', 'in_progress', 'completed'])
  })

  it('asks through session/request_permission between the pending card and the run', async () => {
    const session = sessions.get(ids.happy)
    const asked = permissions(session)
    // Only wc asks: rm is denied and node test.js allowed by the sandbox's rules.
    expect(asked.map((request) => request.toolCall.toolCallId)).toEqual(['call_5_2', 'call_10_3'])
    expect(asked[0]).toMatchObject({
      toolCall: { title: 'wc -l greet.js test.js', kind: 'execute' },
      options: [
        { optionId: 'allow_once', kind: 'allow_once' },
        { optionId: 'allow_always', kind: 'allow_always' },
        { optionId: 'reject_once', kind: 'reject_once' },
        { optionId: 'reject_always', kind: 'reject_always' },
      ],
    })
    expect(JSON.stringify(asked[0]?.toolCall.content)).toContain('no rule matched, default mode')
    const order = (session?.seen ?? []).flatMap((item) => {
      if (item.kind === 'permission')
        return item.request.toolCall.toolCallId === 'call_5_2' ? ['asked'] : []
      const { update } = item
      return update.sessionUpdate === 'tool_call' || update.sessionUpdate === 'tool_call_update'
        ? update.toolCallId === 'call_5_2'
          ? [update.status ?? 'update']
          : []
        : []
    })
    expect(order).toEqual(['pending', 'asked', 'in_progress', 'completed'])
    // The second run passes; the sandbox's greet.js is fixed, and the log says who approved.
    expect(contentText(toolCalls(session).get('call_10_2'))).toContain('ok: greet(\\"Ada\\")')
    expect(await readFile(join(folder.path, ids.happy, 'greet.js'), 'utf8')).not.toBe(
      sandboxFiles['greet.js'],
    )
    const log = await readSessionLog(join(folder.path, `${ids.happy}.jsonl`))
    expect(log.filter((event) => event.type === 'approval')).toEqual([
      expect.objectContaining({
        callId: 'call_5_2',
        outcome: 'allowed-once',
        answeredBy: 'acp client',
      }),
      expect.objectContaining({
        callId: 'call_10_3',
        outcome: 'allowed-once',
        answeredBy: 'acp client',
      }),
    ])
    expect(log.filter((event) => event.type === 'session/end')).toEqual([
      { type: 'session/end', steps: 12, reason: 'answered' },
      { type: 'session/end', steps: 1, reason: 'answered' },
    ])
  })

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

async function waitFor(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 20_000
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for a condition')
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}
