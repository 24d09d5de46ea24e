import { shifty } from '@toolpipe/hostile-values'
import fc from 'fast-check'
import { hostile, rejectWith } from './hostile-values.js'
import type { Make } from './hostile-values.js'
import { text } from './tools.js'
import type { ApprovalService } from '../approval.js'
import type { ToolDefinition } from '../tool-definition.js'
import type { ToolExecution } from '../tool-execution.js'
import { createToolRegistry } from '../tool-registry.js'
import type { ToolRegistry } from '../tool-registry.js'

// The plugins of a registry under fire (execute-hostile.property.test.ts): what each hook
// returns, well-formed, shifting or hostile, and how it behaves with its `next`.

/** Content a well-formed plugin hands back. */
export const content = [text('ok')]

/** The reasons of denials. */
export const reasons = fc.string({ maxLength: 8 })

/** Pre-execute decisions, well-formed, shifting or hostile. */
export const preDecision: fc.Arbitrary<Make> = fc.oneof(
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
export const wrapperResult: fc.Arbitrary<Make> = fc.oneof(
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
export const postDecision: fc.Arbitrary<Make> = fc.oneof(
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
export const outcome: fc.Arbitrary<Make> = fc.oneof(
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
export const toolReturn: fc.Arbitrary<Make> = fc.oneof(
  fc.constantFrom<Make>(
    () => content,
    () => ({ content, meta: { lines: 3 } }),
    () => shifty({ content }, { content: 'x' }),
  ),
  hostile,
)

/** What a checkArgs returns: no issue, an issue, or something hostile. */
export const checkResult: fc.Arbitrary<Make> = fc.oneof(
  fc.constantFrom<Make>(
    () => [],
    () => [{ code: 'missing', path: ['x'], message: 'missing "x"', expected: 'string' }],
  ),
  hostile,
)

export type Next = () => Promise<unknown>

/**
 * How one plugin hook behaves: passes `next()` on, returns or throws a value, rejects, retries,
 * or tries to tamper with the execution first. Every promise it drops is handled, so an
 * unhandled rejection can only come from the pipeline.
 */
export function behaviour(value: fc.Arbitrary<Make>, wellBehaved: Make = () => undefined) {
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
export const guardBehaviour = fc.oneof(
  { arbitrary: fc.constant(() => undefined), weight: 12 },
  reasons.map((reason) => () => reason),
  hostile.map((make) => () => make()),
  hostile.map((make) => () => {
    throw make()
  }),
)

/** One registry's hostile plugins, tool and arguments, as fast-check draws them. */
export const setup = fc.record({
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

/** Whether `value` survives a JSON round trip unchanged. */
export function isJsonSafe(value: unknown): boolean {
  try {
    return JSON.stringify(JSON.parse(JSON.stringify(value))) === JSON.stringify(value)
  } catch {
    return false
  }
}

/** What {@link setup} draws. */
export type Drawn = typeof setup extends fc.Arbitrary<infer TDrawn> ? TDrawn : never

/**
 * The registry `drawn` describes: its approval service and logger, a `probe` tool with its
 * checkArgs and body, and every listener, guard, wrapper and observer in order. `seen` gets what
 * the body received, each time it runs.
 */
export function registryFor(
  drawn: Drawn,
  seen: { args: unknown; execArgs: unknown }[],
): ToolRegistry {
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
  return registry
}
