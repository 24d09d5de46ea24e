import { answerApproval } from './answer-approval.js'
import type { ToolExecutionResult } from '@toolpipe/tools'
import { describe, expect, it } from 'vitest'
import { escape, resultOf, timeout, useDurableHarness } from './__fixtures__/durable-harness.js'

/*
 * SPEC §16 against a real restate-server and the example's agent service in a child process
 * (`__fixtures__/durable-harness.ts`): answers over HTTP: an approval answered by curl, by
 * `answerApproval`, twice, or refused by the ingress.
 */

const {
  restate,
  startService,
  crashService,
  startTurn,
  turnOutput,
  executionsOf,
  announcement,
  answerOverHttp,
} = useDurableHarness()

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
