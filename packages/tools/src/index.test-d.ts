import type { Agent, ContentBlock, JsonValue, ToolErrorInfo } from '@toolpipe/core'
import type { ArgIssue } from '@toolpipe/schema'
import { describe, expectTypeOf, it } from 'vitest'
import type {
  ApprovalAnswer,
  ApprovalOutcome,
  Disposer,
  PostToolDecision,
  PreToolDecision,
  ToolDefinition,
  ToolDeniedErrorCode,
  ToolErrorResult,
  ToolEventMap,
  ToolExecution,
  ToolExecuteReturn,
  ToolExecutionResult,
  ToolRegistry,
  ToolSuccessResult,
  InvalidApprovalError,
  InvalidContentError,
  ListenerError,
  ToolBlockedError,
  ToolFailedError,
} from './index.js'
import { createToolRegistry, defineTool, isCallOf, ToolDeniedError } from './index.js'

declare const registry: ToolRegistry
declare const agent: Agent

describe('ToolRegistry', () => {
  it('types each event’s listener', () => {
    registry.on('tools/pre-execute', async (exec, next) => {
      expectTypeOf(exec).toEqualTypeOf<ToolExecution>()
      expectTypeOf(next).toEqualTypeOf<() => Promise<PreToolDecision>>()
      return next()
    })
    registry.on('tools/execute', (_exec, next) => {
      expectTypeOf(next).returns.resolves.toEqualTypeOf<ToolExecutionResult>()
      return next()
    })
    registry.on('tools/post-execute', (_exec, result, next) => {
      expectTypeOf(result.isError).toEqualTypeOf<boolean>()
      expectTypeOf(next).returns.resolves.toEqualTypeOf<PostToolDecision>()
      return { kind: 'block', feedback: [{ type: 'text', text: 'no' }] }
    })
    registry.on('tools/result', (exec, result) => {
      expectTypeOf(exec.token).toBeSymbol()
      expectTypeOf(result.content).toEqualTypeOf<ContentBlock[]>()
    })
    expectTypeOf(
      registry.on('tools/change', () => undefined, { scope: agent, prepend: true }),
    ).toEqualTypeOf<Disposer>()
    expectTypeOf<ToolEventMap['tools/change']>().toEqualTypeOf<() => void>()
  })

  it('types the start and approval observers', () => {
    registry.on('tools/start', (exec) => {
      // A start observer also sees calls whose arguments never became JSON.
      expectTypeOf(exec.arguments).toEqualTypeOf<JsonValue | undefined>()
      expectTypeOf(exec.callId).toBeString()
    })
    registry.on('tools/approval', (exec, answer) => {
      expectTypeOf(exec.arguments).toEqualTypeOf<JsonValue>()
      expectTypeOf(answer).toEqualTypeOf<ApprovalAnswer>()
      expectTypeOf(answer.durationMs).toBeNumber()
      if (answer.outcome === undefined) {
        // No outcome: then there is an error, always.
        expectTypeOf(answer.error).toEqualTypeOf<ToolErrorInfo>()
      } else {
        expectTypeOf(answer.outcome).toEqualTypeOf<ApprovalOutcome>()
        expectTypeOf(answer.error).toBeUndefined()
      }
    })
    // @ts-expect-error: observers return nothing the pipeline reads
    registry.on('tools/start', () => 'ignored')
    // @ts-expect-error: an approval observer cannot answer the approval
    registry.on('tools/approval', () => ({ kind: 'allowed-once' }))
  })

  it('refuses wrong decisions and unknown events', () => {
    // @ts-expect-error: deny needs a reason
    registry.on('tools/pre-execute', () => ({ kind: 'deny' }))
    // @ts-expect-error: no such decision
    registry.on('tools/pre-execute', () => ({ kind: 'maybe' }))
    // @ts-expect-error: block needs feedback
    registry.on('tools/post-execute', () => ({ kind: 'block' }))
    // @ts-expect-error: no such event
    registry.on('tools/whatever', () => undefined)
  })

  it('guards return a reason or undefined, synchronously', () => {
    registry.guard(() => undefined)
    registry.guard((exec) => (exec.name === 'shell' ? 'no shell' : undefined))
    // @ts-expect-error: guards cannot allow
    registry.guard(() => true)
    // @ts-expect-error: guards are synchronous
    registry.guard(async () => 'no')
  })

  it('execute resolves to a result; get and list give definitions', () => {
    expectTypeOf(registry.execute).returns.resolves.toEqualTypeOf<ToolExecutionResult>()
    expectTypeOf(registry.get('x')).toEqualTypeOf<ToolDefinition | undefined>()
    expectTypeOf(registry.schemas()[0]!).toHaveProperty('parameters')
    expectTypeOf(registry.schemas()[0]!).not.toHaveProperty('execute')
    // SPEC §9.3: a dialect per call, and the strict flag of OpenAI's strict mode.
    expectTypeOf(
      registry.schemas(undefined, { dialect: 'openai-strict' })[0]!.strict,
    ).toEqualTypeOf<boolean | undefined>()
    // @ts-expect-error: not a dialect
    registry.schemas(undefined, { dialect: 'openai-json' })
    expectTypeOf<Parameters<ToolDefinition['normalizeArgs'] & object>>().toEqualTypeOf<
      [args: JsonValue]
    >()
    expectTypeOf(createToolRegistry).returns.toEqualTypeOf<ToolRegistry>()
  })

  it('batch returns what fn returns, on the registry and on a scope handle', () => {
    expectTypeOf(registry.batch(() => 3)).toEqualTypeOf<number>()
    expectTypeOf(registry.scope(agent).batch(() => 'done' as const)).toEqualTypeOf<'done'>()
    // @ts-expect-error fn takes no arguments
    registry.batch((count: number) => count)
  })

  it('contentTypes names only kinds added to ContentBlockMap, never a core kind', () => {
    createToolRegistry({ contentTypes: [] })
    // @ts-expect-error a core kind's shape is fixed
    createToolRegistry({ contentTypes: ['text'] })
    // @ts-expect-error no kind of that type was added to ContentBlockMap here
    createToolRegistry({ contentTypes: ['resource-link'] })
    expectTypeOf<InvalidContentError['code']>().toEqualTypeOf<'INVALID_CONTENT'>()
    expectTypeOf<InvalidContentError['path']>().toEqualTypeOf<readonly (string | number)[]>()
  })

  it('a scope handle executes without an agent field', () => {
    const scope = registry.scope(agent)
    expectTypeOf(scope.execute).parameter(0).not.toHaveProperty('agent')
  })

  it('listeners, guards and wrappers see validated JSON arguments; observers may see none', () => {
    registry.on('tools/pre-execute', (exec, next) => {
      expectTypeOf(exec.arguments).toEqualTypeOf<JsonValue>()
      return next()
    })
    registry.guard((exec) => {
      expectTypeOf(exec.arguments).toEqualTypeOf<JsonValue>()
      return undefined
    })
    registry.on('tools/execute', (exec, next) => {
      expectTypeOf(exec.arguments).toEqualTypeOf<JsonValue>()
      return next()
    })
    registry.on('tools/post-execute', (exec, _result, next) => {
      expectTypeOf(exec.arguments).toEqualTypeOf<JsonValue>()
      return next()
    })
    registry.on('tools/result', (exec) => {
      expectTypeOf(exec.arguments).toEqualTypeOf<JsonValue | undefined>()
    })
    expectTypeOf<ToolExecution['arguments']>().toEqualTypeOf<JsonValue>()
    expectTypeOf<ToolExecution<{ path: string }>['arguments']>().toEqualTypeOf<{ path: string }>()
  })

  it('isCallOf narrows a call’s arguments to what the tool’s spec admits', () => {
    const shell = defineTool({
      name: 'shell',
      description: 'Run a command.',
      parameters: {
        command: { type: 'string', required: true },
        timeout: { type: 'number' },
        shell: { type: 'string', enum: ['bash', 'zsh'] },
      },
      execute: async () => [],
    })
    interface ShellArgs {
      command: string
      timeout?: number
      shell?: 'bash' | 'zsh'
    }
    expectTypeOf(shell).toEqualTypeOf<ToolDefinition<ShellArgs>>()
    registry.register(shell)
    registry.guard((exec) => {
      expectTypeOf(exec.arguments).toEqualTypeOf<JsonValue>()
      if (isCallOf(exec, shell)) {
        expectTypeOf(exec.arguments).toEqualTypeOf<ShellArgs>()
        return exec.arguments.command.startsWith('rm') ? 'no rm' : undefined
      }
      // @ts-expect-error: without the check, the arguments are just JSON
      return exec.arguments.command === 'rm' ? 'no rm' : undefined
    })
    registry.on('tools/result', (exec) => {
      if (isCallOf(exec, shell)) expectTypeOf(exec.arguments).toEqualTypeOf<ShellArgs>()
    })
    // A member without a nested spec (`unknown` in InferArgs) narrows to what JSON allows.
    const run = defineTool({
      name: 'run',
      description: 'Run a program.',
      parameters: { program: { type: 'string', required: true }, env: { type: 'object' } },
      execute: async () => [],
    })
    registry.on('tools/pre-execute', (exec, next) => {
      if (isCallOf(exec, run)) {
        expectTypeOf(exec.arguments.program).toBeString()
        expectTypeOf(exec.arguments.env).toExtend<Record<string, unknown> | undefined>()
      }
      return next()
    })
    // An untyped definition narrows nothing.
    registry.guard((exec) => {
      if (isCallOf(exec, {} as ToolDefinition))
        expectTypeOf(exec.arguments).toEqualTypeOf<JsonValue>()
      return undefined
    })
    // @ts-expect-error: an untyped definition cannot claim typed arguments
    const claimed: ToolDefinition<{ path: string }> = {} as ToolDefinition
    expectTypeOf(claimed).toExtend<ToolDefinition>()
  })

  it('a hand-written definition may add checkArgs, sync or async', () => {
    const issues: ArgIssue[] = []
    const sync: ToolDefinition = {
      name: 'a',
      description: '',
      parameters: { type: 'object' },
      execute: async () => [],
      checkArgs: (args) => {
        expectTypeOf(args).toEqualTypeOf<JsonValue>()
        return issues
      },
    }
    const async: ToolDefinition = { ...sync, checkArgs: async () => issues }
    // Its execute may return synchronously too (SPEC §22).
    const syncBody: ToolDefinition = { ...sync, execute: () => [{ type: 'text', text: 'done' }] }
    expectTypeOf(syncBody.execute).returns.toEqualTypeOf<
      ToolExecuteReturn | Promise<ToolExecuteReturn>
    >()
    const wrong: ToolDefinition = {
      ...sync,
      // @ts-expect-error: checkArgs returns issues, not a boolean
      checkArgs: () => true,
    }
    expectTypeOf([sync, async, wrong]).items.toExtend<ToolDefinition>()
  })

  it('an error result always names its outcome; a success never has an error', () => {
    const result = {} as ToolExecutionResult
    if (result.isError) expectTypeOf(result.error).toEqualTypeOf<ToolErrorInfo>()
    else expectTypeOf(result.error).toEqualTypeOf<undefined>()
    expectTypeOf<ToolSuccessResult | ToolErrorResult>().toEqualTypeOf<ToolExecutionResult>()
    registry.on('tools/execute', () => ({
      content: [],
      isError: true,
      error: { name: 'CacheError', code: 'CACHED' },
    }))
    // @ts-expect-error: an error result needs its error
    registry.on('tools/execute', () => ({ content: [], isError: true }))
    // @ts-expect-error: a success has no error
    registry.on('tools/execute', () => ({
      content: [],
      isError: false,
      error: { name: 'X', code: 'Y' },
    }))
  })

  it('types the codes of the pipeline’s error classes', () => {
    expectTypeOf<ToolDeniedErrorCode>().toEqualTypeOf<
      | 'POLICY_DENIED'
      | 'GUARD_DENIED'
      | 'APPROVAL_REJECTED'
      | 'APPROVAL_CANCELLED'
      | 'APPROVAL_UNAVAILABLE'
    >()
    expectTypeOf<ToolDeniedError['code']>().toEqualTypeOf<ToolDeniedErrorCode>()
    expectTypeOf<ToolBlockedError['code']>().toEqualTypeOf<'POST_BLOCKED'>()
    expectTypeOf<ToolFailedError['code']>().toEqualTypeOf<'TOOL_FAILED'>()
    expectTypeOf<ListenerError['code']>().toEqualTypeOf<'LISTENER_FAILED'>()
    expectTypeOf<InvalidApprovalError['code']>().toEqualTypeOf<'INVALID_APPROVAL'>()
    // @ts-expect-error: not a denial code
    new ToolDeniedError('no', 'TOOL_FAILED')
  })

  it('approval outcomes are a closed union', () => {
    expectTypeOf<ApprovalOutcome['kind']>().toEqualTypeOf<
      | 'allowed-once'
      | 'allowed-always'
      | 'rejected'
      | 'rejected-always'
      | 'cancelled'
      | 'unavailable'
    >()
  })
})
