import { describe, expect, it } from 'vitest'
import { resultOf, timeout, useDurableHarness } from './__fixtures__/durable-harness.js'

/*
 * SPEC §16 against a real restate-server and the example's agent service in a child process
 * (`__fixtures__/durable-harness.ts`): cancellation, the end of an attempt, announcements, and
 * options checked against a real context.
 */

const {
  restate,
  currentService,
  diagnostics,
  startTurn,
  turnOutput,
  executionsOf,
  until,
  announcement,
  cancelInvocation,
} = useDurableHarness()

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
