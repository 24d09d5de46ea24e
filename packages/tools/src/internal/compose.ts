import type { Agent } from '@toolpipe/core'

/** One registered listener, with the scope it is limited to (undefined: every call). */
export interface ListenerEntry<TListener> {
  readonly listener: TListener
  readonly scope: Agent | undefined
}

/** A waterfall started: what its outermost step returned, and how to read its value. */
export interface WaterfallStart<TValue> {
  /**
   * What the outermost listener returned as it came (a plain value, or a promise that settles
   * to it, rejecting with what the listener threw), or the innermost default when no listener
   * applies.
   */
  readonly returned: unknown
  /**
   * Checks the settled value of `returned` (no check for what `next()` last resolved to, or for
   * the default). Throws what `check` throws.
   */
  readonly read: Read<TValue>
}

/** Calls one listener with its `next()` and the waterfall's context. */
type Invoke<TListener, TValue, TContext> = (
  listener: TListener,
  next: () => Promise<TValue>,
  context: TContext,
) => TValue | Promise<TValue>

/** Told of each promise `next()` gives for a value it has at once, and of that value. */
type Settled<TValue> = (promise: Promise<TValue>, value: TValue) => void

/** How a started step's value is read. */
type Read<TValue> = (value: unknown) => TValue

/**
 * Runs a waterfall: each listener receives a `next()` that runs the rest of the chain and resolves
 * to its value. Not calling `next()` short-circuits; calling it again runs the rest again (a retry
 * wrapper does exactly that). Listeners limited to another scope are passed over. Whatever a
 * listener returns goes through `check` before the listener outside it sees it, unless it is the
 * very value its `next()` last resolved to: `check` and `innermost` give frozen values the
 * listener cannot have changed.
 *
 * @param entries - the listeners, outermost first; the array is not read again after it changes
 * @param agent - the call's scope
 * @param invoke - calls one listener with the call's own arguments and `next`
 * @param check - returns a fresh, frozen copy of the value if it is well-formed, else throws
 * @param innermost - the default behaviour at the bottom of the chain; returns frozen values
 */
export function runWaterfall<TListener, TValue>(
  entries: readonly ListenerEntry<TListener>[],
  agent: Agent | undefined,
  invoke: (listener: TListener, next: () => Promise<TValue>) => TValue | Promise<TValue>,
  check: (value: unknown) => TValue,
  innermost: () => TValue | Promise<TValue>,
): Promise<TValue> {
  const value = settle(startWaterfall(entries, agent, invoke, check, innermost, undefined))
  return value instanceof Promise ? value : Promise.resolve(value)
}

/**
 * {@link runWaterfall} up to its outermost step, for a caller that awaits the outermost value
 * itself and reads it with `read`: one promise fewer than `runWaterfall` makes. Each step below
 * gives its value synchronously when it has one (a listener that returns a plain value, the
 * default): a promise is made only where a listener or `next()` needs one. `context` is handed to
 * `invoke` as it is, so that a caller needs no closure of its own per call; `settled` is told of
 * each promise `next()` gives for a value it has at once. Never throws.
 */
export function startWaterfall<TListener, TValue, TContext>(
  entries: readonly ListenerEntry<TListener>[],
  agent: Agent | undefined,
  invoke: Invoke<TListener, TValue, TContext>,
  check: (value: unknown) => TValue,
  innermost: () => TValue | Promise<TValue>,
  context: TContext,
  settled?: Settled<TValue>,
): WaterfallStart<TValue> {
  const step = (from: number): WaterfallStart<TValue> => {
    // Stryker disable next-line EqualityOperator: one step past the end reads undefined, which the entry test below skips
    for (let index = from; index < entries.length; index++) {
      const entry = entries[index]
      if (entry === undefined || (entry.scope !== undefined && entry.scope !== agent)) continue
      return startStep(entry.listener, invoke, check, step, index + 1, context, settled)
    }
    let returned: unknown
    try {
      returned = adopt(innermost())
    } catch (error) {
      returned = rejected(error)
    }
    return { returned, read: trusted as Read<TValue> }
  }
  return step(0)
}

/**
 * One listener's step: calls it with a `next()` that runs the steps from `inner` on, and says
 * how to read what it returned. What `next()` last resolved to was checked already (or is the
 * trusted default): a listener that passes it on unchanged is not checked again, and one that
 * returns `next()`'s own promise costs no promise of its own.
 */
function startStep<TListener, TValue, TContext>(
  listener: TListener,
  invoke: Invoke<TListener, TValue, TContext>,
  check: (value: unknown) => TValue,
  step: (from: number) => WaterfallStart<TValue>,
  inner: number,
  context: TContext,
  settled: Settled<TValue> | undefined,
): WaterfallStart<TValue> {
  let fromNext: TValue | undefined
  // Each promise `next()` gives is watched: its value recorded, and its rejection handled (a
  // listener that drops it must not turn that into an unhandled one, which ends a Node process;
  // one that awaits it still sees the rejection). The last one given before the listener
  // returned is watched only then, and not at all when the listener returned it.
  let unwatched: Promise<TValue> | undefined
  // The last promise `next()` gave for a value it had at once, and that value.
  let given: Promise<TValue> | undefined
  let givenValue: TValue | undefined
  let listenerReturned = false
  const record = (value: TValue): void => {
    fromNext = value
  }
  const next = (): Promise<TValue> => {
    const value = settle(step(inner))
    if (!(value instanceof Promise)) {
      fromNext = value
      // A promise of its own for each call: one shared between calls would be one a listener
      // could change for every other call (and a frozen one breaks Node's async hooks).
      const promise = Promise.resolve(value)
      given = promise
      givenValue = value
      settled?.(promise, value)
      return promise
    }
    if (listenerReturned) value.then(record, ignore)
    else {
      unwatched?.then(record, ignore)
      unwatched = value
    }
    return value
  }
  let returned: unknown
  try {
    returned = adopt(invoke(listener, next, context))
  } catch (error) {
    returned = rejected(error)
  }
  listenerReturned = true
  // `next()`'s own promise passed on. Of a value it had at once: the step has that value now, and
  // no one outside waits for it. Of the rest of the chain's promise: its value was read already.
  const passedOn = returned === given ? givenValue : returned === unwatched ? returned : undefined
  if (passedOn !== undefined) return { returned: passedOn, read: trusted as Read<TValue> }
  // Recorded before the listener's own value is read: the listener sees the value only in a
  // reaction to the same promise, registered before this one, so its value settles after.
  unwatched?.then(record, ignore)
  return {
    returned,
    read: (value) => (value === fromNext && value !== undefined ? (value as TValue) : check(value)),
  }
}

/**
 * A started step's checked value: as it is when it has one, else a promise of it (the step's own
 * promise when its value needs no reading).
 */
function settle<TValue>(start: WaterfallStart<TValue>): TValue | Promise<TValue> {
  const { returned, read } = start
  if (read === trusted) return returned as TValue | Promise<TValue>
  if (returned instanceof Promise) return returned.then(read)
  try {
    return read(returned)
  } catch (error) {
    return rejected(error)
  }
}

/** The default's value needs no check: `innermost` gives frozen values. */
function trusted(value: unknown): unknown {
  return value
}

/**
 * Calls a listener of `(exec, next)` with the call handed to the waterfall as its context: the
 * `invoke` of the pre-execute and execute chains, one function and not a closure per call.
 */
export function callWithExecution<TExec, TValue>(
  listener: (exec: TExec, next: () => Promise<TValue>) => TValue | Promise<TValue>,
  next: () => Promise<TValue>,
  exec: TExec,
): TValue | Promise<TValue> {
  return listener(exec, next)
}

/** Whether any entry applies to a call of `agent`: the pipeline skips the machinery otherwise. */
export function hasListenerFor(
  entries: readonly ListenerEntry<unknown>[],
  agent: Agent | undefined,
): boolean {
  // Stryker disable next-line ConditionalExpression: a fast path; running the chain with no listener for the call gives its default ("→ false" for the agent test skips the call's own listeners and fails the tests)
  for (const entry of entries) if (entry.scope === undefined || entry.scope === agent) return true
  // Stryker disable next-line BooleanLiteral: a fast path; running the chain with no listener for the call gives its default
  return false
}

function ignore(): void {
  // See `next` above.
}

/**
 * A value as it comes: a plain value as it is, a promise as it is, and a thenable as a promise
 * that adopts it (its `then` read once, as `await` would). Throws what reading `then` throws.
 */
function adopt<TValue>(value: TValue | Promise<TValue>): TValue | Promise<TValue> {
  if (value instanceof Promise) return value
  if ((typeof value !== 'object' || value === null) && typeof value !== 'function') return value
  const then: unknown = (value as { then?: unknown }).then
  if (typeof then !== 'function') return value
  return new Promise<TValue>((resolve, reject) => {
    Reflect.apply(then, value, [resolve, reject])
  })
}

/** A promise rejected with what was thrown, as it was thrown. */
function rejected(error: unknown): Promise<never> {
  // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the pipeline reads a non-Error throw itself
  return Promise.reject(error)
}
