import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import * as acp from '@agentclientprotocol/sdk'
import type { InitializeResponse } from '@agentclientprotocol/sdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { temporaryFolder } from '../cli/__fixtures__/cli-harness.js'
import { readSessionLog } from '../session/read-session-log.js'
import { sandboxFiles } from '../sandbox/sandbox-files.js'
import {
  allowOnce,
  contentText,
  driveAgent,
  permissions,
  statuses,
  texts,
  toolCalls,
} from './__fixtures__/acp-client.js'
import type { SessionRecord } from './__fixtures__/acp-client.js'
import { spawnAcpAgent } from './__fixtures__/acp-agent-process.js'
import type { AcpAgentProcess } from './__fixtures__/acp-agent-process.js'

describe('the demo as an ACP agent, driven by the SDK client over its stdio', () => {
  let folder: Awaited<ReturnType<typeof temporaryFolder>>
  let agentProcess: AcpAgentProcess
  let exitCode: number | null
  let initialized: InitializeResponse
  const sessions = new Map<string, SessionRecord>()
  const ids = { happy: '' }

  beforeAll(async () => {
    folder = await temporaryFolder()
    agentProcess = spawnAcpAgent(['--sandbox', folder.path])
    await driveAgent(agentProcess, sessions, async (agent, open, prompt) => {
      initialized = await agent.request(acp.methods.agent.initialize, {
        protocolVersion: acp.PROTOCOL_VERSION,
        clientCapabilities: {},
      })
      // The whole script, every ask allowed; then a second prompt in the same session.
      ids.happy = await open(allowOnce)
      await prompt(ids.happy, 'test.js fails. Fix greet.js.')
      await prompt(ids.happy, 'Anything else?')
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
      "Let me look at the project first, and find how to read the team's rules on greetings.",
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
      /^step 1 · several tool calls in one step, as a batch; a tool search\n/,
    )
  })

  it('streams each call as tool_call then tool_call_updates, in the model order', () => {
    const calls = toolCalls(sessions.get(ids.happy))
    expect([...calls.keys()].slice(0, 6)).toEqual([
      'call_1_1',
      'call_1_2',
      'call_1_3',
      'call_1_4',
      'call_2_1',
      'call_2_2',
    ])
    // The tool search of step 1 found the MCP tool the model calls in step 2.
    expect(contentText(calls.get('call_1_4'))).toContain('handbook_lookup')
    // The MCP tool: its pending card is titled by the server, and the server's progress arrives
    // as in_progress updates (numbers and message in _meta.toolpipe_progress).
    const lookup = calls.get('call_2_1') ?? []
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
  })

  it('fails a call refused before it runs (invalid arguments, a policy, a hook) without in_progress', () => {
    const calls = toolCalls(sessions.get(ids.happy))
    // Invalid arguments: the call never ran, so no in_progress; it fails with the ToolArgsError.
    expect(statuses(calls.get('call_2_2'))).toEqual(['pending', 'failed'])
    expect(contentText(calls.get('call_2_2'))).toContain('missing required property \\"path\\"')
    // The no-network policy denies: no in_progress either.
    expect(statuses(calls.get('call_4_1'))).toEqual(['pending', 'failed'])
    expect(contentText(calls.get('call_4_1'))).toContain('network access is disabled')
    // The sandbox's own PreToolUse hook script refuses the package.json edit (exit 2).
    expect(statuses(calls.get('call_7_1'))).toEqual(['pending', 'failed'])
    expect(contentText(calls.get('call_7_1'))).toContain("package.json is the team's to change")
  })

  it('streams a waiting tool’s progress reports as in_progress updates until its timeout', () => {
    const calls = toolCalls(sessions.get(ids.happy))
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
  })

  it('sends an edit as ACP diffs', () => {
    const calls = toolCalls(sessions.get(ids.happy))
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
      { type: 'session/end', steps: 13, reason: 'answered' },
      { type: 'session/end', steps: 1, reason: 'answered' },
    ])
  })
})
