import { readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ToolExecutionResult } from '@toolpipe/tools'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TurnOutput } from '../examples/agent-turn/agent-service.js'
import type { PendingApproval } from '../examples/agent-turn/file-announcer.js'
import { answerApproval } from './answer-approval.js'
import { startProcessGroup } from './__fixtures__/child-process-group.js'
import type { ProcessGroup } from './__fixtures__/child-process-group.js'
import { freePorts } from './__fixtures__/free-port.js'
import { startRestateServer } from './__fixtures__/restate-server.js'
import type { RestateServer } from './__fixtures__/restate-server.js'

/*
 * SPEC §16 against a real restate-server (the npm package's binary), started on free ports with
 * a temporary data folder, and the example's agent service in a child process that the tests
 * kill and start again. Every execution of a tool body is counted in a file the service writes,
 * never in memory: a restarted process starts with nothing.
 */

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..')
const fixture = join(packageDir, 'src', '__fixtures__', 'agent-fixture.ts')

let server: RestateServer | undefined
let service: ProcessGroup | undefined
let records = ''
let servicePort = 0

function restate(): RestateServer {
  if (server === undefined) throw new Error('restate-server did not start')
  return server
}

/** Starts the agent service (again) on its port, which Restate knows it by. */
async function startService(env: Record<string, string> = {}): Promise<void> {
  service = startProcessGroup({
    command: process.execPath,
    args: ['--import', 'tsx', fixture],
    cwd: packageDir,
    env: {
      ...process.env,
      FIXTURE_PORT: String(servicePort),
      FIXTURE_DIR: records,
      FIXTURE_INGRESS: restate().ingress,
      ...env,
    },
  })
  await service.waitForOutput(
    `FIXTURE LISTENING ${servicePort}`,
    'the agent service to listen',
    90_000,
  )
}

/** A crash: SIGKILL, no chance to clean up. */
async function crashService(): Promise<void> {
  await service?.stop(0)
  service = undefined
}

function currentService(): ProcessGroup {
  if (service === undefined) throw new Error('the agent service is not running')
  return service
}

beforeAll(async () => {
  ;[servicePort = 0] = await freePorts(1)
  server = await startRestateServer()
  records = await server.scratchFolder('records')
  await startService()
  const registered = await fetch(`${restate().admin}/deployments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ uri: `http://127.0.0.1:${servicePort}` }),
  })
  if (!registered.ok) {
    throw new Error(
      `registering the agent service failed: HTTP ${registered.status} ${await registered.text()}\n${restate().logTail()}`,
    )
  }
}, 240_000)

afterAll(async () => {
  await service?.stop(5_000)
  // Removes the records with the server's data.
  await server?.stop()
})

/** The rows of a SQL query over Restate's admin API (its `sys_*` tables). */
async function query<TRow>(sql: string): Promise<TRow[]> {
  const response = await fetch(`${restate().admin}/query`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ query: sql }),
  })
  if (!response.ok)
    throw new Error(`query failed: HTTP ${response.status} ${await response.text()}`)
  return ((await response.json()) as { rows: TRow[] }).rows
}

/** Restate's view of an invocation (its admin API's `sys_invocation` table). */
async function invocationRow(
  invocationId: string,
): Promise<{ status?: string; last_failure?: string | null } | undefined> {
  const rows = await query<{ status?: string; last_failure?: string | null }>(
    `SELECT status, last_failure FROM sys_invocation WHERE id = '${invocationId}'`,
  )
  return rows[0]
}

/** What the server, the service and Restate's view of an invocation say, for a failure message. */
async function diagnostics(invocationId?: string): Promise<string> {
  let status = ''
  if (invocationId !== undefined) {
    status = await invocationRow(invocationId).then(
      (row) => JSON.stringify(row),
      (error: unknown) => `(query failed: ${String(error)})`,
    )
  }
  return [
    `invocation ${invocationId ?? '-'}: ${status}`,
    `agent service output:\n${service?.tail(30) ?? '(not running)'}`,
    `restate-server log:\n${restate().logTail(30)}`,
  ].join('\n')
}

/** Starts a turn without waiting for it; resolves with its invocation id. */
async function startTurn(prompt: string): Promise<string> {
  const response = await fetch(`${restate().ingress}/agent/turn/send`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': prompt },
    body: JSON.stringify({ prompt }),
  })
  const text = await response.text()
  if (!response.ok) {
    throw new Error(
      `starting "${prompt}" failed: HTTP ${response.status} ${text}\n${await diagnostics()}`,
    )
  }
  return (JSON.parse(text) as { invocationId: string }).invocationId
}

/** Waits for the turn's output (attaching to the invocation) and parses it. */
async function turnOutput(invocationId: string): Promise<TurnOutput> {
  let response: Response
  try {
    response = await fetch(`${restate().ingress}/restate/invocation/${invocationId}/attach`, {
      signal: AbortSignal.timeout(90_000),
    })
  } catch (error) {
    throw new Error(
      `no output from ${invocationId}: ${String(error)}\n${await diagnostics(invocationId)}`,
      { cause: error },
    )
  }
  const text = await response.text()
  if (!response.ok) {
    throw new Error(
      `the turn ${invocationId} failed: HTTP ${response.status} ${text}\n${await diagnostics(invocationId)}`,
    )
  }
  return JSON.parse(text) as TurnOutput
}

/** The result the turn recorded for a call. */
function resultOf(output: TurnOutput, callId: string): ToolExecutionResult {
  for (const entry of output.transcript) {
    if (entry.role === 'tool' && entry.callId === callId) return entry.result
  }
  throw new Error(`no result for ${callId} in ${JSON.stringify(output, null, 2)}`)
}

async function lines(file: string): Promise<string[]> {
  const text = await readFile(join(records, file), 'utf8').catch(() => '')
  return text.split('\n').filter((line) => line !== '')
}

/** Every line of executions.log about `callId`, in order. */
async function executionsOf(callId: string): Promise<string[]> {
  return (await lines('executions.log')).filter((line) => line.split(' ')[1] === callId)
}

async function until<TValue>(
  probe: () => Promise<TValue | undefined>,
  what: string,
  invocationId: string,
  timeoutMs = 60_000,
): Promise<TValue> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}\n${await diagnostics(invocationId)}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** The announcement of `callId`'s approval, once it has been made. */
async function announcement(callId: string, invocationId: string): Promise<PendingApproval> {
  return until(
    async () =>
      (await lines('approvals.jsonl'))
        .map((line) => JSON.parse(line) as PendingApproval)
        .find((pending) => pending.callId === callId),
    `the approval of ${callId} to be announced`,
    invocationId,
  )
}

/**
 * Waits until the journal holds the completion of the step named `name`: from then on, a replay
 * returns its result instead of running it again.
 */
async function journaled(invocationId: string, name: string): Promise<void> {
  await until(
    async () => {
      const rows = await query<{
        entry_type: string
        name?: string | null
        entry_lite_json: string
      }>(`SELECT entry_type, name, entry_lite_json FROM sys_journal WHERE id = '${invocationId}'`)
      const entries = rows.map((row) => ({
        type: row.entry_type,
        name: row.name,
        lite: JSON.parse(row.entry_lite_json) as {
          Command?: { Run?: { completion_id: number } }
          Notification?: { id?: { CompletionId?: number } }
        },
      }))
      const step = entries.find((entry) => entry.type === 'Command: Run' && entry.name === name)
      const completionId = step?.lite.Command?.Run?.completion_id
      if (completionId === undefined) return undefined
      const completed = entries.some(
        (entry) =>
          entry.type === 'Notification: Run' &&
          entry.lite.Notification?.id?.CompletionId === completionId,
      )
      return completed ? true : undefined
    },
    `the step "${name}" to be journaled`,
    invocationId,
  )
}

async function announcementsOf(callId: string): Promise<PendingApproval[]> {
  return (await lines('approvals.jsonl'))
    .map((line) => JSON.parse(line) as PendingApproval)
    .filter((pending) => pending.callId === callId)
}

/** Answers over Restate's HTTP API exactly as curl would: a POST of the raw body. */
async function answerOverHttp(
  awakeableId: string,
  body: string | Uint8Array,
  action = 'resolve',
): Promise<void> {
  const response = await fetch(`${restate().ingress}/restate/a/${awakeableId}/${action}`, {
    method: 'POST',
    headers: { 'content-type': action === 'resolve' ? 'application/json' : 'text/plain' },
    body,
  })
  expect(response.status, await response.text()).toBe(202)
}

async function cancelInvocation(invocationId: string, how: 'cancel' | 'kill'): Promise<void> {
  const response = await fetch(`${restate().admin}/invocations/${invocationId}/${how}`, {
    method: 'PATCH',
  })
  expect(response.ok, `${how}: HTTP ${response.status} ${await response.text()}`).toBe(true)
}

const timeout = 180_000

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

describe('a turn survives its agent process', () => {
  it(
    'killed while an approval waits, restarted, answered over HTTP: the body runs exactly once',
    async () => {
      const invocationId = await startTurn('publish:restart')
      const pending = await announcement('restart/publish', invocationId)
      expect(pending.view).toEqual({ card: 'generic', title: 'publish "restart"' })
      // The card is out once its step is journaled; a crash before that is the next test.
      await journaled(invocationId, 'approval publish restart/publish')

      await crashService()
      await startService()
      // The new process replays the journal up to the approval, and waits there again.
      await currentService().waitForOutput(
        `[${invocationId}] INFO: Replaying invocation`,
        'the restarted service to replay the turn',
        90_000,
      )
      await answerOverHttp(pending.awakeableId, '{"kind":"allowed-once"}')

      const output = await turnOutput(invocationId)
      expect(output.stopReason).toBe('end_turn')
      expect(resultOf(output, 'restart/publish')).toEqual({
        content: [{ type: 'text', text: 'published by restart/publish' }],
        isError: false,
      })
      // Announced once (the announcement is journaled), run once.
      expect(await executionsOf('restart/publish')).toEqual([
        'announce restart/publish',
        'publish restart/publish',
      ])
      expect(await announcementsOf('restart/publish')).toHaveLength(1)
    },
    timeout,
  )

  it(
    'killed inside announce, before its step is journaled: the replay announces again with the same awakeable id, and the body runs once',
    async () => {
      await crashService()
      await startService({ FIXTURE_HANG_IN_ANNOUNCE: 'twice/publish' })
      const invocationId = await startTurn('publish:twice')
      await currentService().waitForOutput(
        'FIXTURE HANGING IN ANNOUNCE twice/publish',
        'the announcement to hang',
        90_000,
      )
      await crashService()
      await startService()
      await journaled(invocationId, 'approval publish twice/publish')

      // At least once for the world outside: the same card, with the same awakeable id.
      const [first, second, ...more] = await announcementsOf('twice/publish')
      expect(more).toEqual([])
      expect(second).toEqual(first)
      await answerOverHttp(first?.awakeableId ?? '', '{"kind":"allowed-once"}')

      const output = await turnOutput(invocationId)
      expect(resultOf(output, 'twice/publish')).toEqual({
        content: [{ type: 'text', text: 'published by twice/publish' }],
        isError: false,
      })
      expect(await executionsOf('twice/publish')).toEqual([
        'announce twice/publish',
        'announce twice/publish',
        'publish twice/publish',
      ])
    },
    timeout,
  )

  it(
    'killed right after the bodies completed: the replay returns their journaled results, errors included',
    async () => {
      await crashService()
      await startService({ FIXTURE_BLOCK_AT: 'crashed step 1' })
      const invocationId = await startTurn('batch:crashed')
      // Model step 1 starts only once every step before it is durable in the journal.
      await currentService().waitForOutput(
        'FIXTURE BLOCKED AT crashed step 1',
        'the second model step',
        90_000,
      )
      await crashService()
      await startService()

      const output = await turnOutput(invocationId)
      expect(output.stopReason).toBe('end_turn')
      expect(output.text).toBe('crashed done')
      expect(resultOf(output, 'crashed/record')).toEqual({
        content: [{ type: 'text', text: 'recorded' }],
        isError: false,
        meta: { at: 'record' },
      })
      expect(resultOf(output, 'crashed/explode')).toEqual({
        content: [{ type: 'text', text: 'Error: boom' }],
        isError: true,
        error: { name: 'ToolFailedError', code: 'TOOL_FAILED' },
      })
      // The timeout policy runs inside the journaled step: its outcome is journaled too, and the
      // replay does not turn it into a success.
      expect(resultOf(output, 'crashed/slow')).toEqual({
        content: [{ type: 'text', text: 'Error: tool call timed out after 300ms' }],
        isError: true,
        error: { name: 'ToolTimeoutError', code: 'TOOL_TIMEOUT' },
      })
      expect(resultOf(output, 'crashed/guarded')).toEqual({
        content: [{ type: 'text', text: 'Error: the wrapper failed' }],
        isError: true,
        error: { name: 'ListenerError', code: 'LISTENER_FAILED' },
      })

      expect(await executionsOf('crashed/record')).toEqual(['record crashed/record'])
      expect(await executionsOf('crashed/explode')).toEqual(['explode crashed/explode'])
      expect(await executionsOf('crashed/slow')).toEqual([
        'slow crashed/slow',
        'slow-aborted crashed/slow TimeoutReason',
      ])
      expect(await executionsOf('crashed/guarded')).toEqual(['guarded-wrapper crashed/guarded'])
      // The model step that had finished is not asked again; the one the crash interrupted is.
      const modelSteps = (await lines('model.log')).filter((line) => line.startsWith('crashed '))
      expect(modelSteps).toEqual(['crashed step 0', 'crashed step 1', 'crashed step 1'])
    },
    timeout,
  )

  it(
    'a replay that reaches another call than the journal has fails with a journal mismatch, and runs nothing',
    async () => {
      await crashService()
      await startService({ FIXTURE_BLOCK_AT: 'diverge step 1' })
      const invocationId = await startTurn('batch:diverge')
      await currentService().waitForOutput(
        'FIXTURE BLOCKED AT diverge step 1',
        'the second model step',
        90_000,
      )
      await crashService()
      // The new process denies "record": its replay meets "explode" where the journal has "record".
      await startService({ FIXTURE_DENY: 'record' })
      const failure = await until(
        async () => {
          const last = (await invocationRow(invocationId))?.last_failure
          return typeof last === 'string' && last.includes('mismatch') ? last : undefined
        },
        'Restate to record the journal mismatch',
        invocationId,
      )
      expect(failure).toContain('tool record diverge/record')
      expect(failure).toContain('tool explode diverge/explode')
      await cancelInvocation(invocationId, 'kill')
      await crashService()
      await startService()
      for (const tool of ['record', 'explode', 'slow']) {
        expect((await executionsOf(`diverge/${tool}`))[0], tool).toBe(`${tool} diverge/${tool}`)
      }
      expect(await executionsOf('diverge/explode')).toHaveLength(1)
    },
    timeout,
  )
})

describe('answers over HTTP', () => {
  const malformed: [tag: string, body: string | Uint8Array, message: string][] = [
    ['not-utf8', new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]), 'not UTF-8 text'],
    ['not-json', 'yes please', 'not JSON ('],
    [
      'unknown-kind',
      '{"kind":"maybe"}',
      '$.kind: expected one of "allowed-once", "allowed-always", "rejected", "rejected-always", "cancelled", "unavailable", got "maybe"',
    ],
    ['wrong-type', '{"kind":"rejected","reason":5}', '$.reason: expected a string, got 5'],
    [
      'edit-on-always',
      '{"kind":"allowed-always","arguments":{"note":"changed"}}',
      '$.arguments: not a member of an answer of kind "allowed-always", whose members are "kind"',
    ],
    ['array', '[{"kind":"allowed-once"}]', '$: expected an object with a "kind", got an array'],
    ['empty', '', 'empty; expected an approval outcome as JSON'],
  ]

  it(
    'a malformed answer is INVALID_APPROVAL, and the body never runs',
    async () => {
      await Promise.all(
        malformed.map(async ([tag, body, message]) => {
          const callId = `bad-${tag}/publish`
          const invocationId = await startTurn(`publish:bad-${tag}`)
          const pending = await announcement(callId, invocationId)
          await answerOverHttp(pending.awakeableId, body)
          const output = await turnOutput(invocationId)
          const result = resultOf(output, callId)
          expect(result.error, tag).toEqual({
            name: 'InvalidApprovalError',
            code: 'INVALID_APPROVAL',
          })
          expect(result.content, tag).toHaveLength(1)
          // The not-JSON case ends with the JSON parser's own words, which vary by Node version.
          expect(result.content[0], tag).toEqual({
            type: 'text',
            text: expect.stringMatching(
              `^${escape(`Error: the answer to the approval of tool "publish" (call "${callId}") is not an approval outcome: ${message}`)}`,
            ) as unknown,
          })
          expect(await executionsOf(callId), tag).toEqual([`announce ${callId}`])
        }),
      )
    },
    timeout,
  )

  it(
    'an awakeable rejected over HTTP carries no outcome: INVALID_APPROVAL, the body never runs',
    async () => {
      const callId = 'rejected-awakeable/publish'
      const invocationId = await startTurn('publish:rejected-awakeable')
      const pending = await announcement(callId, invocationId)
      await answerOverHttp(pending.awakeableId, 'no', 'reject')
      const output = await turnOutput(invocationId)
      expect(resultOf(output, callId)).toEqual({
        content: [
          {
            type: 'text',
            text: `Error: the approval of tool "publish" (call "${callId}") was rejected through Restate ("no") instead of answered with an approval outcome`,
          },
        ],
        isError: true,
        error: { name: 'InvalidApprovalError', code: 'INVALID_APPROVAL' },
      })
      expect(await executionsOf(callId)).toEqual([`announce ${callId}`])
    },
    timeout,
  )

  it(
    'answerApproval delivers every outcome',
    async () => {
      const cases: [
        tag: string,
        outcome: Parameters<typeof answerApproval>[0]['outcome'],
        expected: ToolExecutionResult,
      ][] = [
        [
          'says-no',
          { kind: 'rejected', reason: 'not today' },
          {
            content: [{ type: 'text', text: 'Error: the user rejected tool "publish": not today' }],
            isError: true,
            error: { name: 'ToolDeniedError', code: 'APPROVAL_REJECTED' },
          },
        ],
        [
          'no-channel',
          { kind: 'unavailable' },
          {
            content: [
              {
                type: 'text',
                text: 'Error: tool "publish" requires approval, but no approval channel is available',
              },
            ],
            isError: true,
            error: { name: 'ToolDeniedError', code: 'APPROVAL_UNAVAILABLE' },
          },
        ],
        [
          'says-yes',
          { kind: 'allowed-once' },
          {
            content: [{ type: 'text', text: 'published by says-yes/publish' }],
            isError: false,
          },
        ],
      ]
      await Promise.all(
        cases.map(async ([tag, outcome, expected]) => {
          const callId = `${tag}/publish`
          const invocationId = await startTurn(`publish:${tag}`)
          const { awakeableId } = await announcement(callId, invocationId)
          await answerApproval({ ingress: restate().ingress, awakeableId, outcome })
          const output = await turnOutput(invocationId)
          expect(resultOf(output, callId), tag).toEqual(expected)
          expect(await executionsOf(callId), tag).toEqual(
            outcome.kind === 'allowed-once'
              ? [`announce ${callId}`, `publish ${callId}`]
              : [`announce ${callId}`],
          )
        }),
      )
    },
    timeout,
  )

  it(
    'the first answer wins: a later one is accepted by the ingress and ignored',
    async () => {
      const callId = 'two-answers/publish'
      const invocationId = await startTurn('publish:two-answers')
      const { awakeableId } = await announcement(callId, invocationId)
      // Both answers arrive while no agent process runs; Restate keeps them for the turn.
      await crashService()
      const ingress = restate().ingress
      await answerApproval({ ingress, awakeableId, outcome: { kind: 'rejected', reason: 'first' } })
      await answerApproval({ ingress, awakeableId, outcome: { kind: 'allowed-once' } })
      await startService()
      const output = await turnOutput(invocationId)
      expect(resultOf(output, callId)).toEqual({
        content: [{ type: 'text', text: 'Error: the user rejected tool "publish": first' }],
        isError: true,
        error: { name: 'ToolDeniedError', code: 'APPROVAL_REJECTED' },
      })
      expect(await executionsOf(callId)).toEqual([`announce ${callId}`])
    },
    timeout,
  )

  it('answerApproval reports what the ingress refused: ANSWER_FAILED with its status', async () => {
    const refused = answerApproval({
      ingress: restate().ingress,
      awakeableId: 'not-an-awakeable-id',
      outcome: { kind: 'allowed-once' },
    })
    await expect(refused).rejects.toMatchObject({
      name: 'RestateBridgeError',
      code: 'ANSWER_FAILED',
      status: 400,
      message: expect.stringMatching(
        /^Restate refused the answer to awakeable "not-an-awakeable-id": HTTP 400: .*bad awakeable id/,
      ) as unknown,
    })
  })
})

describe('cancellation and the end of an attempt', () => {
  it(
    'cancelling the invocation while the approval waits gives APPROVAL_CANCELLED',
    async () => {
      const callId = 'cancel-wait/publish'
      const invocationId = await startTurn('publish:cancel-wait')
      await announcement(callId, invocationId)
      await cancelInvocation(invocationId, 'cancel')
      const output = await turnOutput(invocationId)
      expect(output.stopReason).toBe('cancelled')
      expect(resultOf(output, callId)).toEqual({
        content: [{ type: 'text', text: 'Error: approval for tool "publish" was cancelled' }],
        isError: true,
        error: { name: 'ToolDeniedError', code: 'APPROVAL_CANCELLED' },
      })
      expect(await executionsOf(callId)).toEqual([`announce ${callId}`])
    },
    timeout,
  )

  it(
    'cancelling the invocation while a body runs aborts its signal and gives INVOCATION_CANCELLED',
    async () => {
      const callId = 'cancel-body/wait'
      const invocationId = await startTurn('wait:cancel-body')
      await currentService().waitForOutput(`FIXTURE WAITING ${callId}`, 'the body to start', 60_000)
      await cancelInvocation(invocationId, 'cancel')
      const output = await turnOutput(invocationId)
      expect(output.stopReason).toBe('cancelled')
      expect(resultOf(output, callId)).toEqual({
        content: [
          {
            type: 'text',
            text: `Error: the Restate invocation was cancelled while tool "wait_for_signal" (call "${callId}") was running`,
          },
        ],
        isError: true,
        error: { name: 'InvocationCancelledError', code: 'INVOCATION_CANCELLED' },
      })
      const aborted = await until(
        async () => {
          const seen = await executionsOf(callId)
          return seen.length === 2 ? seen : undefined
        },
        'the body to see its signal abort',
        invocationId,
      )
      expect(aborted).toEqual([`wait ${callId}`, `wait-aborted ${callId} InvocationCancelledError`])
    },
    timeout,
  )

  it(
    'killing the invocation ends the attempt: the running body sees its signal abort',
    async () => {
      const callId = 'kill-body/wait'
      const invocationId = await startTurn('wait:kill-body')
      await currentService().waitForOutput(`FIXTURE WAITING ${callId}`, 'the body to start', 60_000)
      await cancelInvocation(invocationId, 'kill')
      const aborted = await until(
        async () => {
          const seen = await executionsOf(callId)
          return seen.length === 2 ? seen : undefined
        },
        'the body to see its signal abort',
        invocationId,
      )
      expect(aborted[0]).toBe(`wait ${callId}`)
      expect(aborted[1]).toMatch(new RegExp(`^wait-aborted ${callId} `))
      // A killed invocation ends without output, and the body is not run again.
      const response = await fetch(
        `${restate().ingress}/restate/invocation/${invocationId}/attach`,
        { signal: AbortSignal.timeout(60_000) },
      )
      expect(response.ok).toBe(false)
      expect(await executionsOf(callId)).toHaveLength(2)
    },
    timeout,
  )
})

describe('announcements', () => {
  it(
    'an announcement that fails for good answers unavailable: a TerminalError at once, other errors once retries run out',
    async () => {
      const invocationId = await startTurn('announce-fails:nowhere')
      const output = await turnOutput(invocationId)
      for (const tool of ['publish_nowhere', 'publish_flaky']) {
        expect(resultOf(output, `nowhere/${tool}`), tool).toEqual({
          content: [
            {
              type: 'text',
              text: `Error: tool "${tool}" requires approval, but no approval channel is available`,
            },
          ],
          isError: true,
          error: { name: 'ToolDeniedError', code: 'APPROVAL_UNAVAILABLE' },
        })
      }
      expect(await executionsOf('nowhere/publish_nowhere')).toEqual([
        'announce nowhere/publish_nowhere',
      ])
      // announceRetry: { maxRetryAttempts: 2 }
      expect(await executionsOf('nowhere/publish_flaky')).toEqual([
        'announce nowhere/publish_flaky',
        'announce nowhere/publish_flaky',
      ])
    },
    timeout,
  )
})

describe('options, checked against a real Restate context', () => {
  it('are refused with INVALID_OPTIONS, saying what is wrong', async () => {
    const response = await fetch(`${restate().ingress}/checks/options`, {
      method: 'POST',
      signal: AbortSignal.timeout(60_000),
    })
    expect(response.ok, await diagnostics()).toBe(true)
    const invalid = (message: string) => ({
      name: 'RestateBridgeError',
      code: 'INVALID_OPTIONS',
      message,
    })
    expect(await response.json()).toEqual([
      invalid('restateApproval: options must be an object, got undefined'),
      invalid('restateApproval: options.announce must be a function, got "to the team"'),
      invalid(
        'restateApproval: options.announceRetry.maxRetryAttempts must be an integer ≥ 1, got 0',
      ),
      invalid(
        'restateApproval: options.announceRetry.retryIntervalFactor must be a finite number ≥ 1, got 0.5',
      ),
      invalid(
        'restateApproval: options.announceRetry.initialRetryInterval must be a number of milliseconds ≥ 0 or a Restate Duration, got -1',
      ),
      invalid('restateApproval: options.announceRetry must be an object, got "often"'),
      invalid('restateApproval: options.logger must have a warn() method, got an empty object'),
      'ok',
      'ok',
    ])
  })
})
