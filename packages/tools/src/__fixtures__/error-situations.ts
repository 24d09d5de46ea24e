import { HarnessError } from '@toolpipe/core'
import type { ToolErrorInfo } from '@toolpipe/core'
import { callInput } from '@toolpipe/call-inputs'
import { alice, text, tool } from './tools.js'
import type { ToolExecuteReturn } from '../tool-definition.js'
import type { ToolExecutionInput } from '../tool-execution.js'
import type { ToolRegistry } from '../tool-registry.js'
import type { ToolRegistryOptions } from '../tool-registry-options.js'

// The tools README's table of error results as data, one row per situation, for
// error-results.test.ts: what the registry and the call look like, and the text, name and code
// the call's result must carry. Longer than 300 lines: the table is read top to bottom beside the
// README's, one row per code; split, it would no longer be the one list of every outcome.

/** An integrator's own error class, thrown by a tool. */
export class QuotaError extends HarnessError {
  constructor() {
    super('quota exhausted', 'QUOTA')
  }
}

/** One row of the table. */
export interface Situation {
  /** What happens, as the tools README's table says it. */
  readonly situation: string
  readonly options?: ToolRegistryOptions
  readonly body?: () => ToolExecuteReturn
  readonly setup?: (registry: ToolRegistry) => void
  readonly input?: ToolExecutionInput
  readonly text: string
  readonly error: ToolErrorInfo
}

/** Options with an approval service that answers `outcome`. */
export const approve = (outcome: unknown): ToolRegistryOptions => ({
  approval: { request: async () => outcome as never },
})

/** Makes every call of `registry` ask. */
export const ask = (registry: ToolRegistry) =>
  void registry.on('tools/pre-execute', () => ({ kind: 'ask', reason: 'needs a human' }))

/** One row per code of the README's table: the situation, the text, the name and the code. */
export const situations: Situation[] = [
  {
    situation: 'a pre-execute listener denies',
    setup: (registry) => registry.on('tools/pre-execute', () => ({ kind: 'deny', reason: 'no' })),
    text: 'Error: no',
    error: { name: 'ToolDeniedError', code: 'POLICY_DENIED' },
  },
  {
    situation: 'a guard denies',
    setup: (registry) => registry.guard(() => 'the guard says no'),
    text: 'Error: the guard says no',
    error: { name: 'ToolDeniedError', code: 'GUARD_DENIED' },
  },
  {
    situation: 'the person rejects',
    options: approve({ kind: 'rejected', reason: 'not today' }),
    setup: ask,
    text: 'Error: the user rejected tool "t": not today',
    error: { name: 'ToolDeniedError', code: 'APPROVAL_REJECTED' },
  },
  {
    situation: 'the approval is cancelled',
    options: approve({ kind: 'cancelled' }),
    setup: ask,
    text: 'Error: approval for tool "t" was cancelled',
    error: { name: 'ToolDeniedError', code: 'APPROVAL_CANCELLED' },
  },
  {
    situation: 'no approval channel is available',
    options: approve({ kind: 'unavailable' }),
    setup: ask,
    text: 'Error: tool "t" requires approval, but no approval channel is available',
    error: { name: 'ToolDeniedError', code: 'APPROVAL_UNAVAILABLE' },
  },
  {
    situation: 'there is no approval service (with the ask’s reason)',
    setup: ask,
    // SPEC §26: the model is told both why approval was needed and that nobody can give it.
    text: 'Error: needs approval (needs a human); no approval service is configured',
    error: { name: 'ToolDeniedError', code: 'APPROVAL_UNAVAILABLE' },
  },
  {
    situation: 'there is no approval service (no reason)',
    setup: (registry) => registry.on('tools/pre-execute', () => ({ kind: 'ask' })),
    text: 'Error: tool "t" requires approval, but no approval service is configured',
    error: { name: 'ToolDeniedError', code: 'APPROVAL_UNAVAILABLE' },
  },
  {
    situation: 'the call has no agent to ask about',
    options: approve({ kind: 'allowed-once' }),
    setup: ask,
    input: callInput('t'),
    text: 'Error: tool "t" requires approval, but the call has no agent to route it through',
    error: { name: 'ToolDeniedError', code: 'APPROVAL_UNAVAILABLE' },
  },
  {
    situation: 'the approval service answers something unknown',
    options: approve({ kind: 'maybe' }),
    setup: ask,
    text: 'Error: the approval service answered an object with keys ["kind"], which is not an approval outcome',
    error: { name: 'InvalidApprovalError', code: 'INVALID_APPROVAL' },
  },
  {
    situation: 'the approval service throws',
    options: {
      approval: {
        request: () => {
          throw new Error('approval UI crashed')
        },
      },
    },
    setup: ask,
    text: 'Error: approval UI crashed',
    error: { name: 'ListenerError', code: 'LISTENER_FAILED' },
  },
  {
    situation: 'a post-execute listener blocks',
    setup: (registry) =>
      registry.on('tools/post-execute', () => ({ kind: 'block', feedback: [text('use git mv')] })),
    text: 'use git mv',
    error: { name: 'ToolBlockedError', code: 'POST_BLOCKED' },
  },
  {
    situation: 'the tool throws an Error',
    body: () => {
      throw new Error('disk full')
    },
    text: 'Error: disk full',
    error: { name: 'ToolFailedError', code: 'TOOL_FAILED' },
  },
  {
    situation: 'the tool throws a HarnessError',
    body: () => {
      throw new QuotaError()
    },
    text: 'Error: quota exhausted',
    error: { name: 'QuotaError', code: 'QUOTA' },
  },
  {
    situation: 'the tool throws a HarnessError look-alike whose code cannot be read',
    body: () => {
      const lookAlike = new Error('half an error')
      Object.defineProperty(lookAlike, Symbol.for('@toolpipe/core/harness-error'), { value: true })
      Object.defineProperty(lookAlike, 'code', {
        get(): never {
          throw new Error('no code')
        },
      })
      throw lookAlike
    },
    text: 'Error: half an error',
    error: { name: 'ToolFailedError', code: 'TOOL_FAILED' },
  },
  {
    situation: 'a pre-execute listener throws',
    setup: (registry) =>
      registry.on('tools/pre-execute', () => {
        throw new Error('policy crashed')
      }),
    text: 'Error: policy crashed',
    error: { name: 'ListenerError', code: 'LISTENER_FAILED' },
  },
  {
    situation: 'a guard throws',
    setup: (registry) =>
      registry.guard(() => {
        throw new TypeError('guard crashed')
      }),
    text: 'Error: guard crashed',
    error: { name: 'ListenerError', code: 'LISTENER_FAILED' },
  },
  {
    situation: 'a wrapper throws a non-Error',
    setup: (registry) =>
      registry.on('tools/execute', async () => {
        const thrown: unknown = 'wrapper crashed'
        await Promise.resolve()
        throw thrown
      }),
    text: 'Error: wrapper crashed',
    error: { name: 'ListenerError', code: 'LISTENER_FAILED' },
  },
  {
    situation: 'a post-execute listener throws',
    setup: (registry) =>
      registry.on('tools/post-execute', () => {
        throw new Error('review crashed')
      }),
    text: 'Error: review crashed',
    error: { name: 'ListenerError', code: 'LISTENER_FAILED' },
  },
  {
    situation: 'a listener throws a HarnessError',
    setup: (registry) =>
      registry.on('tools/pre-execute', () => {
        throw new QuotaError()
      }),
    text: 'Error: quota exhausted',
    error: { name: 'QuotaError', code: 'QUOTA' },
  },
  {
    situation: 'the tool is unknown',
    input: callInput('missing', {}, { agent: alice }),
    text: 'Error: unknown tool "missing"',
    error: { name: 'ToolNotFoundError', code: 'UNKNOWN_TOOL' },
  },
  {
    situation: 'the arguments are not JSON',
    input: callInput('t', { n: Number.NaN }, { agent: alice }),
    text: 'Error: tool execution arguments must be losslessly JSON-serializable',
    error: { name: 'JsonSnapshotError', code: 'NOT_JSON' },
  },
  {
    situation: 'the result is not JSON',
    body: () => ({ content: [text('ok')], meta: { at: new Date(0) } }),
    text: 'Error: tool result must be losslessly JSON-serializable',
    error: { name: 'JsonSnapshotError', code: 'NOT_JSON' },
  },
  {
    situation: 'the input is malformed',
    input: { callId: 7, name: 't', arguments: {} } as never,
    text: 'Error: invalid tool execution input: callId must be a string, got 7',
    error: { name: 'ToolPipelineError', code: 'INVALID_INPUT' },
  },
  {
    situation: 'a wrapper returns an error result without an error',
    setup: (registry) =>
      registry.on(
        'tools/execute',
        () => ({ content: [text('cached failure')], isError: true }) as never,
      ),
    text: 'Error: a tools/execute listener returned an object with keys ["content","isError"]; expected { content: ContentBlock[], isError: false, additionalContext?, meta?, structured? } or { content: ContentBlock[], isError: true, error: { name: string, code: string }, additionalContext?, meta?, structured? }',
    error: { name: 'ToolPipelineError', code: 'INVALID_DECISION' },
  },
  {
    situation: 'a guard answers with something other than a string',
    setup: (registry) => registry.guard(() => false as never),
    text: 'Error: a guard returned false; a guard returns a denial reason or undefined, synchronously',
    error: { name: 'ToolPipelineError', code: 'INVALID_GUARD_RESULT' },
  },
  {
    situation: 'the tool returns something that is not content',
    body: () => 42 as never,
    text: 'Error: tool "t" returned 42; a tool returns content blocks or { content?, structured?, meta? } with content or structured',
    error: { name: 'ToolPipelineError', code: 'INVALID_TOOL_RESULT' },
  },
  {
    situation: 'a tool with an outputSchema returns a value it refuses',
    setup: (registry) => {
      registry.register(
        tool('grade', () => ({ structured: { verdict: 1 } }), {
          outputSchema: {
            type: 'object',
            properties: { verdict: { type: 'string' } },
            required: ['verdict'],
          },
        }),
      )
    },
    input: callInput('grade', {}, { agent: alice }),
    text: 'Error: tool "grade" returned structured output that does not match its outputSchema: "verdict" must be a string, got number',
    error: { name: 'OutputInvalidError', code: 'OUTPUT_INVALID' },
  },
  {
    situation: 'the person edits the arguments into ones the tool refuses',
    options: approve({ kind: 'allowed-once', arguments: { n: 1 } }),
    setup: (registry) => {
      ask(registry)
      registry.register(
        tool('strict', undefined, {
          checkArgs: (args) =>
            typeof (args as { m?: unknown }).m === 'string'
              ? []
              : [
                  {
                    code: 'missing',
                    path: ['m'],
                    expected: 'string',
                    message: 'missing required property "m"',
                  },
                ],
        }),
      )
    },
    input: callInput('strict', { m: 'x' }, { agent: alice }),
    text: 'Error: invalid arguments edited at approval: missing required property "m"',
    error: { name: 'ToolArgsError', code: 'INVALID_ARGS' },
  },
  {
    situation: 'the tool reports a progress update that is not one',
    body: () => [],
    setup: (registry) => {
      registry.register(
        tool('progress', (_args, exec) => {
          exec.reportProgress({ progress: Number.NaN })
          return []
        }),
      )
    },
    input: callInput('progress', {}, { agent: alice }),
    text: 'Error: the progress update of tool "progress" has progress NaN; expected a finite number',
    error: { name: 'ToolPipelineError', code: 'INVALID_PROGRESS' },
  },
]
