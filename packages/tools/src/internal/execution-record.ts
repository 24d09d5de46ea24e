import type { Agent, CallId } from '@toolpipe/core'
import type { ToolExecution, ToolExecutionToken } from '../tool-execution.js'

/**
 * The pipeline-owned execution. Its identity fields are own, frozen data properties from the
 * start; `signal` is an accessor (on the prototype, so creating a record stays cheap) that wrappers
 * may set during dispatch and that is locked once the call settles, when observers see the record.
 * Because `signal` is an accessor, `{ ...exec }` does not copy it: pass `exec.signal` explicitly.
 */
export class ExecutionRecord implements ToolExecution {
  readonly callId: CallId
  readonly name: string
  readonly arguments: unknown
  readonly agent: Agent | undefined
  readonly parent: ToolExecutionToken | undefined
  readonly token: ToolExecutionToken
  #signal: AbortSignal | undefined
  #settled = false

  constructor(
    callId: CallId,
    name: string,
    args: unknown,
    agent: Agent | undefined,
    parent: ToolExecutionToken | undefined,
    signal: AbortSignal | undefined,
  ) {
    this.callId = callId
    this.name = name
    this.arguments = args
    this.agent = agent
    this.parent = parent
    this.token = Symbol('toolpipe execution') as ToolExecutionToken
    this.#signal = signal
    Object.freeze(this)
  }

  get signal(): AbortSignal | undefined {
    return this.#signal
  }

  set signal(signal: AbortSignal | undefined) {
    if (this.#settled) throw new TypeError('exec.signal cannot change after the call has settled')
    if (signal !== undefined && !(signal instanceof AbortSignal)) {
      throw new TypeError('exec.signal must be an AbortSignal or undefined')
    }
    this.#signal = signal
  }

  /** Locks `signal`: from now on the execution is immutable. */
  static settle(record: ExecutionRecord): void {
    record.#settled = true
  }
}
