import { readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ToolExecutionResult } from '@toolpipe/tools'
import { afterAll, beforeAll, expect } from 'vitest'
import type { TurnOutput } from '../../examples/agent-turn/agent-service.js'
import type { PendingApproval } from '../../examples/agent-turn/file-announcer.js'
import { startProcessGroup } from './child-process-group.js'
import type { ProcessGroup } from './child-process-group.js'
import { freePorts } from './free-port.js'
import { invocationRow, stepJournaled } from './restate-admin.js'
import { startRestateServer } from './restate-server.js'
import type { RestateServer } from './restate-server.js'

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const fixture = join(packageDir, 'src', '__fixtures__', 'agent-fixture.ts')

/** How long a test against the real server may take. */
export const timeout = 180_000

/**
 * A real restate-server (the npm package's binary), started on free ports with a temporary data
 * folder, and the example's agent service in a child process that the tests kill and start
 * again. Every execution of a tool body is counted in a file the service writes, never in
 * memory: a restarted process starts with nothing. Its members are arrow functions, so that a
 * test file can take them apart: `const { startTurn, turnOutput } = useDurableHarness()`.
 */
export class DurableHarness {
  #server: RestateServer | undefined
  #service: ProcessGroup | undefined
  #records = ''
  #servicePort = 0

  /** Starts the server and the service, and registers the service's deployment. */
  readonly start = async (): Promise<void> => {
    ;[this.#servicePort = 0] = await freePorts(1)
    this.#server = await startRestateServer()
    this.#records = await this.#server.scratchFolder('records')
    await this.startService()
    const registered = await fetch(`${this.restate().admin}/deployments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ uri: `http://127.0.0.1:${this.#servicePort}` }),
    })
    if (!registered.ok) {
      throw new Error(
        `registering the agent service failed: HTTP ${registered.status} ${await registered.text()}\n${this.restate().logTail()}`,
      )
    }
  }

  /** Stops the service, then the server, which removes the records with its data. */
  readonly stop = async (): Promise<void> => {
    await this.#service?.stop(5_000)
    await this.#server?.stop()
  }

  readonly restate = (): RestateServer => {
    if (this.#server === undefined) throw new Error('restate-server did not start')
    return this.#server
  }

  /** Starts the agent service (again) on its port, which Restate knows it by. */
  readonly startService = async (env: Record<string, string> = {}): Promise<void> => {
    this.#service = startProcessGroup({
      command: process.execPath,
      args: ['--import', 'tsx', fixture],
      cwd: packageDir,
      env: {
        ...process.env,
        FIXTURE_PORT: String(this.#servicePort),
        FIXTURE_DIR: this.#records,
        FIXTURE_INGRESS: this.restate().ingress,
        ...env,
      },
    })
    await this.#service.waitForOutput(
      `FIXTURE LISTENING ${this.#servicePort}`,
      'the agent service to listen',
      90_000,
    )
  }

  /** A crash: SIGKILL, no chance to clean up. */
  readonly crashService = async (): Promise<void> => {
    await this.#service?.stop(0)
    this.#service = undefined
  }

  readonly currentService = (): ProcessGroup => {
    if (this.#service === undefined) throw new Error('the agent service is not running')
    return this.#service
  }

  /** Restate's view of an invocation (its admin API's `sys_invocation` table). */
  readonly invocationRow = (invocationId: string) =>
    invocationRow(this.restate().admin, invocationId)

  /** What the server, the service and Restate's view of an invocation say, for a failure message. */
  readonly diagnostics = async (invocationId?: string): Promise<string> => {
    let status = ''
    if (invocationId !== undefined) {
      status = await this.invocationRow(invocationId).then(
        (row) => JSON.stringify(row),
        (error: unknown) => `(query failed: ${String(error)})`,
      )
    }
    return [
      `invocation ${invocationId ?? '-'}: ${status}`,
      `agent service output:\n${this.#service?.tail(30) ?? '(not running)'}`,
      `restate-server log:\n${this.restate().logTail(30)}`,
    ].join('\n')
  }

  /** Starts a turn without waiting for it; resolves with its invocation id. */
  readonly startTurn = async (prompt: string): Promise<string> => {
    const response = await fetch(`${this.restate().ingress}/agent/turn/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': prompt },
      body: JSON.stringify({ prompt }),
    })
    const text = await response.text()
    if (!response.ok) {
      throw new Error(
        `starting "${prompt}" failed: HTTP ${response.status} ${text}\n${await this.diagnostics()}`,
      )
    }
    return (JSON.parse(text) as { invocationId: string }).invocationId
  }

  /** Waits for the turn's output (attaching to the invocation) and parses it. */
  readonly turnOutput = async (invocationId: string): Promise<TurnOutput> => {
    const attach = `${this.restate().ingress}/restate/invocation/${invocationId}/attach`
    let response: Response
    try {
      response = await fetch(attach, { signal: AbortSignal.timeout(90_000) })
    } catch (error) {
      throw new Error(
        `no output from ${invocationId}: ${String(error)}\n${await this.diagnostics(invocationId)}`,
        { cause: error },
      )
    }
    const text = await response.text()
    if (!response.ok) {
      throw new Error(
        `the turn ${invocationId} failed: HTTP ${response.status} ${text}\n${await this.diagnostics(invocationId)}`,
      )
    }
    return JSON.parse(text) as TurnOutput
  }

  /** The non-empty lines of one of the files the service writes. */
  readonly lines = async (file: string): Promise<string[]> => {
    const text = await readFile(join(this.#records, file), 'utf8').catch(() => '')
    return text.split('\n').filter((line) => line !== '')
  }

  /** Every line of executions.log about `callId`, in order. */
  readonly executionsOf = async (callId: string): Promise<string[]> =>
    (await this.lines('executions.log')).filter((line) => line.split(' ')[1] === callId)

  /** Polls `probe` until it gives a value; after `timeoutMs`, fails with the diagnostics. */
  readonly until = async <TValue>(
    probe: () => Promise<TValue | undefined>,
    what: string,
    invocationId: string,
    timeoutMs = 60_000,
  ): Promise<TValue> => {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const value = await probe()
      if (value !== undefined) return value
      if (Date.now() > deadline) {
        throw new Error(`timed out waiting for ${what}\n${await this.diagnostics(invocationId)}`)
      }
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }

  /** The announcement of `callId`'s approval, once it has been made. */
  readonly announcement = (callId: string, invocationId: string): Promise<PendingApproval> =>
    this.until(
      async () => (await this.announcementsOf(callId))[0],
      `the approval of ${callId} to be announced`,
      invocationId,
    )

  /**
   * Waits until the journal holds the completion of the step named `name`: from then on, a replay
   * returns its result instead of running it again.
   */
  readonly journaled = async (invocationId: string, name: string): Promise<void> => {
    await this.until(
      () => stepJournaled(this.restate().admin, invocationId, name),
      `the step "${name}" to be journaled`,
      invocationId,
    )
  }

  /** Every announcement of `callId`'s approval, in order. */
  readonly announcementsOf = async (callId: string): Promise<PendingApproval[]> =>
    (await this.lines('approvals.jsonl'))
      .map((line) => JSON.parse(line) as PendingApproval)
      .filter((pending) => pending.callId === callId)

  /** Answers over Restate's HTTP API exactly as curl would: a POST of the raw body. */
  readonly answerOverHttp = async (
    awakeableId: string,
    body: string | Uint8Array,
    action = 'resolve',
  ): Promise<void> => {
    const response = await fetch(`${this.restate().ingress}/restate/a/${awakeableId}/${action}`, {
      method: 'POST',
      headers: { 'content-type': action === 'resolve' ? 'application/json' : 'text/plain' },
      body,
    })
    expect(response.status, await response.text()).toBe(202)
  }

  readonly cancelInvocation = async (
    invocationId: string,
    how: 'cancel' | 'kill',
  ): Promise<void> => {
    const response = await fetch(`${this.restate().admin}/invocations/${invocationId}/${how}`, {
      method: 'PATCH',
    })
    expect(response.ok, `${how}: HTTP ${response.status} ${await response.text()}`).toBe(true)
  }
}

/** A {@link DurableHarness} started before the tests of the file that calls this, stopped after. */
export function useDurableHarness(): DurableHarness {
  const harness = new DurableHarness()
  beforeAll(harness.start, 240_000)
  afterAll(harness.stop)
  return harness
}

/** The result the turn recorded for a call. */
export function resultOf(output: TurnOutput, callId: string): ToolExecutionResult {
  for (const entry of output.transcript) {
    if (entry.role === 'tool' && entry.callId === callId) return entry.result
  }
  throw new Error(`no result for ${callId} in ${JSON.stringify(output, null, 2)}`)
}

/** `text` with every character a regular expression reads as syntax escaped. */
export function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
