import type {
  Context,
  ObjectContext,
  ObjectSharedContext,
  WorkflowContext,
} from '@restatedev/restate-sdk'
import type {
  ApprovalOutcome,
  ApprovalRequest,
  ApprovalService,
  ToolRegistryPlugin,
} from '@toolpipe/tools'
import { describe, expectTypeOf, it } from 'vitest'
import {
  answerApproval,
  InvocationCancelledError,
  parseApprovalAnswer,
  restateApproval,
  restateToolExecution,
} from './index.js'
import type {
  RestateBridgeError,
  AnnounceRetryPolicy,
  AnswerApprovalOptions,
  RestateApprovalOptions,
  RestateBridgeErrorCode,
} from './index.js'

declare const ctx: Context
declare const objectCtx: ObjectContext
declare const sharedCtx: ObjectSharedContext
declare const workflowCtx: WorkflowContext
declare const announce: (request: ApprovalRequest, awakeableId: string) => undefined
declare const announceWithNumericId: (request: ApprovalRequest, awakeableId: number) => undefined

describe('restateToolExecution', () => {
  it('is a registry plugin made from any handler’s context', () => {
    expectTypeOf(restateToolExecution(ctx)).toEqualTypeOf<ToolRegistryPlugin>()
    expectTypeOf(restateToolExecution(objectCtx)).toEqualTypeOf<ToolRegistryPlugin>()
    expectTypeOf(restateToolExecution(sharedCtx)).toEqualTypeOf<ToolRegistryPlugin>()
    expectTypeOf(restateToolExecution(workflowCtx)).toEqualTypeOf<ToolRegistryPlugin>()
    // @ts-expect-error: a Restate context is required
    restateToolExecution({})
    // @ts-expect-error: a Restate context is required
    restateToolExecution()
  })
})

describe('restateApproval', () => {
  it('is an approval service', () => {
    expectTypeOf(restateApproval(ctx, { announce })).toEqualTypeOf<ApprovalService>()
    expectTypeOf(restateApproval(objectCtx, { announce })).toEqualTypeOf<ApprovalService>()
  })

  it('types announce with the request and the awakeable id; it may be async', () => {
    expectTypeOf<Parameters<RestateApprovalOptions['announce']>>().toEqualTypeOf<
      [request: ApprovalRequest, awakeableId: string]
    >()
    restateApproval(ctx, { announce: async () => {} })
    // @ts-expect-error: announce is required
    restateApproval(ctx, {})
    // @ts-expect-error: the awakeable id is a string
    restateApproval(ctx, { announce: announceWithNumericId })
    // @ts-expect-error: options are required
    restateApproval(ctx)
  })

  it('bounds announce retries with ctx.run’s retry options only', () => {
    const retry: AnnounceRetryPolicy = {
      maxRetryAttempts: 3,
      maxRetryDuration: { seconds: 30 },
      initialRetryInterval: 100,
      maxRetryInterval: { seconds: 2 },
      retryIntervalFactor: 2,
    }
    restateApproval(ctx, { announce, announceRetry: retry })
    // @ts-expect-error: the serde of the journaled announcement is not the caller's to choose
    restateApproval(ctx, { announce, announceRetry: { serde: undefined, maxRetryAttempts: 1 } })
    // @ts-expect-error: attempts are a number
    restateApproval(ctx, { announce, announceRetry: { maxRetryAttempts: '3' } })
  })

  it('takes any logger with warn()', () => {
    restateApproval(ctx, { announce, logger: console })
    restateApproval(ctx, { announce, logger: { warn: () => {} } })
    // @ts-expect-error: a logger needs warn
    restateApproval(ctx, { announce, logger: { info: () => {} } })
  })
})

describe('answers', () => {
  it('parseApprovalAnswer reads text into an ApprovalOutcome', () => {
    expectTypeOf(parseApprovalAnswer).parameters.toEqualTypeOf<[text: string]>()
    expectTypeOf(parseApprovalAnswer('{}')).toEqualTypeOf<ApprovalOutcome>()
    // @ts-expect-error: the answer is text, not bytes
    parseApprovalAnswer(new Uint8Array())
  })

  it('answerApproval sends an ApprovalOutcome and resolves with nothing', () => {
    expectTypeOf(
      answerApproval({
        ingress: 'http://localhost:8080',
        awakeableId: 'a',
        outcome: { kind: 'cancelled' },
      }),
    ).toEqualTypeOf<Promise<void>>()
    expectTypeOf<AnswerApprovalOptions['outcome']>().toEqualTypeOf<ApprovalOutcome>()
    // @ts-expect-error: not an outcome
    const unknownKind: AnswerApprovalOptions['outcome'] = { kind: 'maybe' }
    // @ts-expect-error: the reason of a rejection is a string
    const numericReason: AnswerApprovalOptions['outcome'] = { kind: 'rejected', reason: 1 }
    expectTypeOf(unknownKind).toEqualTypeOf(numericReason)
  })
})

describe('errors', () => {
  it('carry their codes in their types', () => {
    expectTypeOf<RestateBridgeError['code']>().toEqualTypeOf<RestateBridgeErrorCode>()
    expectTypeOf<RestateBridgeErrorCode>().toEqualTypeOf<'INVALID_OPTIONS' | 'ANSWER_FAILED'>()
    expectTypeOf<RestateBridgeError['status']>().toEqualTypeOf<number | undefined>()
    expectTypeOf<InvocationCancelledError['code']>().toEqualTypeOf<'INVOCATION_CANCELLED'>()
    expectTypeOf<InvocationCancelledError['callId']>().toEqualTypeOf<string>()
    expectTypeOf(new InvocationCancelledError('t', 'c')).toExtend<Error>()
  })
})
