import type { Agent, CallId, JsonValue } from '@toolpipe/core'
import type { ToolDefinition } from '../tool-definition.js'
import type { ToolExecution, ToolExecutionToken } from '../tool-execution.js'
import type { ToolProgress } from '../tool-progress.js'
import type { Pipeline } from './pipeline.js'
import { reportProgress } from './steps/report-progress.js'

/** The fields of one call as step 1 read them and step 2 snapshotted its arguments. */
export interface ExecutionFields {
  readonly callId: CallId
  readonly name: string
  readonly arguments: JsonValue | undefined
  readonly agent: Agent | undefined
  readonly parent: ToolExecutionToken | undefined
  readonly signal: AbortSignal | undefined
}

/**
 * The pipeline-owned execution. Its identity fields are own, frozen data properties from the
 * start; `signal` is an accessor (on the prototype, so creating a record stays cheap) that wrappers
 * may set during dispatch and that is locked once the call settles, when observers see the record.
 * Because `signal` is an accessor, `{ ...exec }` does not copy it: pass `exec.signal` explicitly.
 *
 * `arguments` is a read-only accessor too (on the prototype: an own accessor per record would
 * triple what creating one costs): step 2 sets the frozen snapshot, and step 4 may replace it,
 * once, with the tool's normalized arguments (SPEC §9.3), before any policy, guard, approval or
 * body reads it; and step 6 may replace it with arguments a person edited and the same check
 * accepted (SPEC §12.3), after the policies and the approval, before the guards. Like `signal`, `{ ...exec }` does not copy it: pass `exec.arguments` explicitly.
 *
 * A record also remembers, privately, which definition's argument check its arguments passed
 * (step 4). Only a genuine record carries that private field, so it doubles as a brand that no
 * plugin can forge: `defineTool` uses it to skip a second validation, `isCallOf` to narrow types.
 */
export class ExecutionRecord implements ToolExecution<JsonValue | undefined> {
  readonly callId: CallId
  readonly name: string
  readonly agent: Agent | undefined
  readonly parent: ToolExecutionToken | undefined
  readonly token: ToolExecutionToken
  #arguments: JsonValue | undefined
  #signal: AbortSignal | undefined
  #settled = false
  #checkedBy: ToolDefinition | undefined = undefined
  /** What a Standard Schema tool's body receives for the arguments step 4 accepted. */
  #accepted: { readonly value: unknown } | undefined = undefined
  readonly #pipeline: Pipeline

  /** @param pipeline - whose `tools/progress` observers this call's progress reports go to */
  constructor(fields: ExecutionFields, pipeline: Pipeline) {
    this.#pipeline = pipeline
    this.callId = fields.callId
    this.name = fields.name
    this.#arguments = fields.arguments
    this.agent = fields.agent
    this.parent = fields.parent
    this.token = Symbol('toolpipe execution') as ToolExecutionToken
    this.#signal = fields.signal
    Object.freeze(this)
  }

  get arguments(): JsonValue | undefined {
    return this.#arguments
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

  /**
   * SPEC §12.2: hands `update` to the `tools/progress` observers (steps/report-progress.ts), or
   * drops it once the call has settled. A method on the prototype, like the accessors: creating a
   * record stays as cheap as before for calls that never report progress.
   */
  reportProgress(update: ToolProgress): void {
    // `this` is whatever the caller made it: a detached call must fail clearly, not oddly.
    if (!ExecutionRecord.#isRecord(this)) {
      throw new TypeError(
        'call reportProgress as a method of the execution: exec.reportProgress(update)',
      )
    }
    if (this.#settled) return
    reportProgress(this.#pipeline, this, update)
  }

  static #isRecord(value: unknown): value is ExecutionRecord {
    return typeof value === 'object' && value !== null && #settled in value
  }

  /**
   * Step 4: the tool's normalized arguments (deep-frozen JSON) replace the snapshot, before
   * anyone is asked about the call; step 6: arguments a person edited when approving it, once
   * they passed the same check, before the guards see them.
   */
  static replaceArguments(record: ExecutionRecord, checked: JsonValue): void {
    record.#arguments = checked
  }

  /** Step 4: the record's arguments passed `tool`'s argument check (or it has none). */
  static recordCheck(record: ExecutionRecord, tool: ToolDefinition): void {
    record.#checkedBy = tool
  }

  /**
   * Step 4: what a Standard Schema tool's `validate` produced for the record's arguments (its
   * output, transforms applied), kept for the body so that it is not validated twice.
   */
  static accept(record: ExecutionRecord, value: unknown): void {
    // A check that settles after the call was cancelled changes nothing.
    if (record.#settled) return
    record.#accepted = { value }
  }

  /**
   * What {@link accept} kept for `value`, when `value` is a genuine record; otherwise (or when
   * nothing was kept) `undefined`. Never throws.
   */
  static accepted(value: unknown): { readonly value: unknown } | undefined {
    if (typeof value !== 'object' || value === null || !(#accepted in value)) return undefined
    return value.#accepted
  }

  /**
   * The definition whose argument check `value`'s arguments passed, when `value` is a genuine
   * record that got that far; otherwise `undefined`. Never throws, whatever `value` is.
   */
  static checkedTool(value: unknown): ToolDefinition | undefined {
    if (typeof value !== 'object' || value === null || !(#checkedBy in value)) return undefined
    return value.#checkedBy
  }

  /**
   * Whether `value` is a genuine record whose call has settled (`true`), one still running
   * (`false`), or not a record at all (`undefined`). Never throws.
   */
  static settled(value: unknown): boolean | undefined {
    if (!ExecutionRecord.#isRecord(value)) return undefined
    return value.#settled
  }

  /** Step 11: locks `signal`; from now on the execution is immutable. */
  static settle(record: ExecutionRecord): void {
    record.#settled = true
  }
}
