import { describe, expect, it } from 'vitest'
import { resultOf, timeout, useDurableHarness } from './__fixtures__/durable-harness.js'

/*
 * SPEC §16 against a real restate-server and the example's agent service in a child process
 * (`__fixtures__/durable-harness.ts`): a turn survives its agent process: killed and restarted at
 * every point of a turn, the tool bodies run once.
 */

const {
  startService,
  crashService,
  currentService,
  invocationRow,
  startTurn,
  turnOutput,
  lines,
  executionsOf,
  until,
  announcement,
  journaled,
  announcementsOf,
  answerOverHttp,
  cancelInvocation,
} = useDurableHarness()

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
