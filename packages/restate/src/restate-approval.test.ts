import { describe, expect, it } from 'vitest'
import { restateApproval } from './restate-approval.js'

// What the service does inside a real Restate invocation, and the checks of its options against
// a real context, are tested in durable-turn.test.ts.

describe('restateApproval', () => {
  it('refuses what is not a Restate context with INVALID_OPTIONS', () => {
    expect(() => restateApproval(undefined as never, { announce: () => undefined })).toThrow(
      expect.objectContaining({
        name: 'RestateBridgeError',
        code: 'INVALID_OPTIONS',
        message:
          'restateApproval: ctx must be the Restate context of the running handler (with run(), awakeable() and request()), got undefined',
      }),
    )
  })
})
