import { HarnessError } from './harness-error.js'

/**
 * Thrown by {@link snapshotJson} for a value that would not survive a JSON round trip unchanged.
 * `path` names the first offending place in key order, such as `$.a[2].b`.
 */
export class JsonSnapshotError extends HarnessError<'NOT_JSON'> {
  override readonly name = 'JsonSnapshotError'
  /** Where the first offending value sits, written `$`, `.key`, `["odd key"]`, `[i]`. */
  readonly path: string
  /** What is wrong there, without the path, such as `NaN is not a finite number`. */
  readonly reason: string

  constructor(path: string, reason: string, options?: ErrorOptions) {
    super(`not JSON at ${path}: ${reason}`, 'NOT_JSON', options)
    this.path = path
    this.reason = reason
  }
}
