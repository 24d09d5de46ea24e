import { HarnessError } from '@toolpipe/core'
import { describeThrown } from '@toolpipe/core/internal'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { propertyParameters } from '../../../property-runs.shared.js'
import { callInput } from '@toolpipe/call-inputs'
import { agent, isDeepFrozen, text } from './__fixtures__/tools.js'
import type { ApprovalService } from './approval.js'
import type { ToolDefinition } from './tool-definition.js'
import type { ToolExecution, ToolExecutionResult } from './tool-execution.js'
import { createToolRegistry } from './tool-registry.js'
import type { ToolRegistry } from './tool-registry.js'

/*
 * SPEC §6.2 "execute() never rejects", §6.3 and §11 under fire: every plugin hook of a registry
 * (pre-execute listeners, guards, the approval service, wrappers, post-execute listeners,
 * observers, the logger, the tool's checkArgs and body) and the arguments themselves are drawn
 * from hostile values. Whatever they do, execute() resolves to a deep-frozen, JSON-safe result
 * whose `error` says what happened, the tool only ever sees frozen JSON, and a guard that denies
 * keeps the tool from running.
 */

/** A value to hand the pipeline, made fresh inside each run (getters and Proxies keep state). */
type Make = () => unknown

/** Nesting far beyond any depth limit, built once, without recursion. */
function nested(depth: number, array: boolean): unknown {
  let value: unknown = 'bottom'
  for (let level = 0; level < depth; level++) value = array ? [value] : { next: value }
  return value
}
const deepObject = nested(100_000, false)
const deepArray = nested(100_000, true)

function revokedProxy(): object {
  const { proxy, revoke } = Proxy.revocable({}, {})
  revoke()
  return proxy
}

/** A Proxy whose every trap throws (`get`, `ownKeys`, `getPrototypeOf`, `has`, …). */
function throwingProxy(target: object = {}): object {
  const fail = (): never => {
    throw new Error('trap')
  }
  return new Proxy(target, {
    get: fail,
    has: fail,
    ownKeys: fail,
    getPrototypeOf: fail,
    getOwnPropertyDescriptor: fail,
  })
}

/** An object whose members answer differently on every read: first `first`, then `later`. */
function shifty(first: Record<string, unknown>, later: Record<string, unknown>): object {
  const value = {}
  for (const key of new Set([...Object.keys(first), ...Object.keys(later)])) {
    let reads = 0
    Object.defineProperty(value, key, {
      enumerable: true,
      get: () => (reads++ === 0 ? first[key] : later[key]),
    })
  }
  return value
}

function throwingGetter(value: unknown): object {
  return {
    value,
    get kind(): never {
      throw new Error('getter')
    },
  }
}

function cyclic(value: unknown): object {
  const self: Record<string, unknown> = { value }
  self.self = self
  return self
}

/** A promise rejected with anything at all, not only an Error. */
async function rejectWith(reason: unknown): Promise<never> {
  await Promise.resolve()
  throw reason
}

class LookAlikeError extends HarnessError {
  constructor() {
    super('a harness error', 'LOOK_ALIKE')
  }
}

/** Values no plugin should return, each made fresh. */
const hostile: fc.Arbitrary<Make> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }).map((value) => () => value),
  fc
    .anything({
      maxDepth: 2,
      withMap: true,
      withSet: true,
      withNullPrototype: true,
      withBigInt: true,
      withDate: true,
      withTypedArray: true,
      withSparseArray: true,
      withBoxedValues: true,
    })
    .map((value) => () => value),
  fc.jsonValue({ maxDepth: 2 }).map((value) => () => cyclic(value)),
  fc.jsonValue({ maxDepth: 2 }).map((value) => () => throwingGetter(value)),
  fc.constantFrom<Make>(
    () => revokedProxy(),
    () => throwingProxy(),
    () => throwingProxy([]),
    () => deepObject,
    () => deepArray,
    () => JSON.parse('{"__proto__":{"kind":"allow"},"kind":"deny","reason":"x"}') as unknown,
    () => new LookAlikeError(),
    () => new Error('plain'),
    () => Object.create(null) as unknown,
    () => ({
      get then(): never {
        throw new Error('then getter')
      },
    }),
    () => ({
      then: (_resolve: unknown, reject: (reason: unknown) => void) => {
        reject(revokedProxy())
      },
    }),
    () => {
      // Rejected, but already handled here: awaiting it still rejects.
      const rejected = rejectWith(revokedProxy())
      rejected.catch(() => undefined)
      return rejected
    },
    () => () => 'a function',
    () => Symbol('symbol'),
    () => -0,
    () => Number.NaN,
  ),
)

const content = [text('ok')]
const reasons = fc.string({ maxLength: 8 })

/** Pre-execute decisions, well-formed, shifting or hostile. */
const preDecision: fc.Arbitrary<Make> = fc.oneof(
  fc.constantFrom<Make>(
    () => ({ kind: 'allow' }),
    () => ({ kind: 'ask' }),
    () => shifty({ kind: 'allow' }, { kind: 'deny', reason: 'later' }),
    () => shifty({ kind: 'deny', reason: 'first' }, { kind: 'allow' }),
    () => shifty({ kind: 'ask' }, { kind: 'allow' }),
  ),
  reasons.map((reason) => () => ({ kind: 'deny', reason })),
  reasons.map((reason) => () => ({ kind: 'ask', reason })),
  hostile,
)

/** Results a wrapper may return, well-formed, shifting or hostile. */
const wrapperResult: fc.Arbitrary<Make> = fc.oneof(
  fc.constantFrom<Make>(
    () => ({ content, isError: false }),
    () => ({ content, isError: true, error: { name: 'CacheError', code: 'CACHED' } }),
    () => ({ content, isError: true }),
    () => ({ content, isError: false, meta: { when: new Date() } }),
    () =>
      shifty(
        { content, isError: true, error: { name: 'E', code: 'C' } },
        { content: 'x', isError: false, error: undefined },
      ),
  ),
  hostile,
)

/** Post-execute decisions, well-formed, shifting or hostile. */
const postDecision: fc.Arbitrary<Make> = fc.oneof(
  fc.constantFrom<Make>(
    () => ({ kind: 'accept' }),
    () => ({ kind: 'accept', content }),
    () => ({ kind: 'block', feedback: content }),
    () => ({ kind: 'accept', additionalContext: { content, source: { kind: 'user' } } }),
    () => ({ kind: 'block' }),
    () => shifty({ kind: 'block', feedback: content }, { kind: 'accept', feedback: 'x' }),
  ),
  hostile,
)

/** Approval outcomes, well-formed, shifting or hostile. */
const outcome: fc.Arbitrary<Make> = fc.oneof(
  fc.constantFrom<Make>(
    () => ({ kind: 'allowed-once' }),
    () => ({ kind: 'rejected', reason: 'no' }),
    () => ({ kind: 'cancelled' }),
    () => ({ kind: 'unavailable' }),
    () => shifty({ kind: 'rejected' }, { kind: 'allowed-once' }),
    () => shifty({ kind: 'allowed-once' }, { kind: 'rejected' }),
  ),
  hostile,
)

/** What a tool body returns: content, `{ content, meta }`, or something hostile. */
const toolReturn: fc.Arbitrary<Make> = fc.oneof(
  fc.constantFrom<Make>(
    () => content,
    () => ({ content, meta: { lines: 3 } }),
    () => shifty({ content }, { content: 'x' }),
  ),
  hostile,
)

/** What a checkArgs returns: no issue, an issue, or something hostile. */
const checkResult: fc.Arbitrary<Make> = fc.oneof(
  fc.constantFrom<Make>(
    () => [],
    () => [{ code: 'missing', path: ['x'], message: 'missing "x"', expected: 'string' }],
  ),
  hostile,
)

type Next = () => Promise<unknown>

/**
 * How one plugin hook behaves: passes `next()` on, returns or throws a value, rejects, retries,
 * or tries to tamper with the execution first. Every promise it drops is handled, so an
 * unhandled rejection can only come from the pipeline.
 */
function behaviour(value: fc.Arbitrary<Make>, wellBehaved: Make = () => undefined) {
  // The hook's `next`, when it has one, is its last argument (post-execute has three).
  const nextOf = (args: unknown[]): Next | undefined => {
    const last = args.at(-1)
    return typeof last === 'function' ? (last as Next) : undefined
  }
  const passOn = (...args: unknown[]) => nextOf(args)?.() ?? wellBehaved()
  return fc.oneof(
    // Mostly well-behaved, so that calls get far enough for the later hooks to be exercised.
    { arbitrary: fc.constant(passOn), weight: 14 },
    value.map((make) => () => make()),
    value.map((make) => async () => {
      await Promise.resolve()
      return make()
    }),
    hostile.map((make) => () => {
      throw make()
    }),
    hostile.map((make) => () => rejectWith(make())),
    value.map((make) => async (...args: unknown[]) => {
      const next = nextOf(args)
      if (next !== undefined) {
        await next().catch(() => undefined)
        next().catch(() => undefined)
      }
      return make()
    }),
    value.map((make) => (...args: unknown[]) => {
      const exec = args[0] as ToolExecution
      try {
        ;(exec as { signal?: unknown }).signal = make()
      } catch {
        // The execution refuses anything but an AbortSignal.
      }
      try {
        ;(exec as { arguments?: unknown }).arguments = { tampered: true }
      } catch {
        // Frozen.
      }
      return nextOf(args)?.() ?? make()
    }),
  )
}

/** A guard: no opinion, a reason, a hostile answer, or a throw. */
const guardBehaviour = fc.oneof(
  { arbitrary: fc.constant(() => undefined), weight: 12 },
  reasons.map((reason) => () => reason),
  hostile.map((make) => () => make()),
  hostile.map((make) => () => {
    throw make()
  }),
)

const setup = fc.record({
  args: fc.oneof(
    { arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => () => v), weight: 2 },
    hostile,
  ),
  checkArgs: fc.option(fc.oneof(behaviour(checkResult), fc.constant('async' as const))),
  body: behaviour(toolReturn),
  pre: fc.array(behaviour(preDecision), { maxLength: 2 }),
  guards: fc.array(guardBehaviour, { maxLength: 2 }),
  wrappers: fc.array(behaviour(wrapperResult), { maxLength: 2 }),
  post: fc.array(behaviour(postDecision), { maxLength: 2 }),
  observers: fc.array(behaviour(hostile), { maxLength: 2 }),
  approval: fc.option(behaviour(outcome, () => ({ kind: 'allowed-once' }))),
  throwingLogger: fc.boolean(),
  withAgent: fc.boolean(),
  // One run in five has a guard that denies everything: whatever else happens, nothing runs.
  denyAll: fc.nat(4).map((draw) => draw === 0),
})

function isJsonSafe(value: unknown): boolean {
  try {
    return JSON.stringify(JSON.parse(JSON.stringify(value))) === JSON.stringify(value)
  } catch {
    return false
  }
}

describe('execute() under hostile plugins and arguments', () => {
  const unhandled: unknown[] = []
  const onUnhandled = (reason: unknown) => void unhandled.push(describeThrown(reason))
  beforeAll(() => {
    process.on('unhandledRejection', onUnhandled)
  })
  afterAll(() => {
    process.off('unhandledRejection', onUnhandled)
  })

  it('never rejects; the result is frozen JSON with an error iff it is one; the tool sees only frozen JSON; a denying guard always wins', async () => {
    await fc.assert(
      fc.asyncProperty(setup, async (drawn) => {
        const seen: { args: unknown; execArgs: unknown }[] = []
        const approval: ApprovalService | undefined =
          drawn.approval === null
            ? undefined
            : { request: (request) => drawn.approval!(request as never) as never }
        const registry: ToolRegistry = createToolRegistry({
          ...(approval === undefined ? {} : { approval }),
          logger: {
            warn() {
              if (drawn.throwingLogger) throw new Error('the logger is down')
            },
          },
        })
        const definition: ToolDefinition = {
          name: 'probe',
          description: 'probe',
          parameters: { type: 'object' },
          execute: async (args, exec) => {
            seen.push({ args, execArgs: exec.arguments })
            return (await drawn.body(exec)) as never
          },
        }
        const check = drawn.checkArgs
        if (check === 'async') definition.checkArgs = async () => Promise.resolve([])
        else if (check !== null) definition.checkArgs = (args) => check(args as never) as never
        registry.register(definition)
        for (const listener of drawn.pre) registry.on('tools/pre-execute', listener as never)
        for (const guard of drawn.guards) registry.guard(guard as never)
        if (drawn.denyAll) registry.guard(() => 'denied, always')
        for (const wrapper of drawn.wrappers) registry.on('tools/execute', wrapper as never)
        for (const listener of drawn.post) registry.on('tools/post-execute', listener as never)
        for (const observer of drawn.observers) registry.on('tools/result', observer as never)

        const input = callInput('probe', drawn.args(), drawn.withAgent ? { agent: agent('a') } : {})
        let result: ToolExecutionResult | undefined
        let rejection: unknown
        await registry.execute(input).then(
          (value) => (result = value),
          (error: unknown) => (rejection = error ?? 'undefined'),
        )
        expect(rejection).toBeUndefined()
        expect(result).toBeDefined()
        const final = result!
        expect(isDeepFrozen(final)).toBe(true)
        expect(isJsonSafe(final)).toBe(true)
        expect(Array.isArray(final.content)).toBe(true)
        if (final.isError) {
          expect(typeof final.error.name).toBe('string')
          expect(typeof final.error.code).toBe('string')
        } else {
          expect(final.isError).toBe(false)
          expect('error' in final).toBe(false)
        }
        for (const { args, execArgs } of seen) {
          expect(isJsonSafe(args)).toBe(true)
          expect(isDeepFrozen(args)).toBe(true)
          expect(args).toBe(execArgs)
        }
        if (drawn.denyAll) {
          expect(seen).toEqual([])
          expect(final.isError).toBe(true)
        }
      }),
      // A mutation run makes 300: every pipeline mutant meets this test.
      propertyParameters(10_000, 300),
    )
    // Let late rejections surface before looking.
    for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve))
    expect(unhandled).toEqual([])
    // 10,000 runs take 10–25 s alone and over 70 s beside a full build on 2 cores: the timeout
    // catches a hang, not slowness.
  }, 240_000)
})
