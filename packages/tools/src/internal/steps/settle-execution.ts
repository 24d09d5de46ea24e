import { ExecutionRecord } from '../execution-record.js'

/**
 * Step 11: the call is over; lock `exec.signal`, the one field that could still change, so that
 * observers see an immutable execution. (The result needs no work here: every part of it became a
 * deep-frozen JSON copy the moment plugin code handed it over, a part that is not JSON giving the
 * `NOT_JSON` error result right there.)
 */
export function settleExecution(exec: ExecutionRecord): void {
  ExecutionRecord.settle(exec)
}
