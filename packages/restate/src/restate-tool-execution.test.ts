import { describe, expect, it } from 'vitest'
import { restateToolExecution } from './restate-tool-execution.js'

// What the wrapper does inside a real Restate invocation is tested in durable-turn.test.ts.

describe('restateToolExecution', () => {
  it.each([
    [undefined, 'undefined'],
    [null, 'null'],
    [{}, 'an empty object'],
    [{ run() {}, awakeable() {} }, 'an object with keys ["run","awakeable"]'],
    ['ctx', '"ctx"'],
  ])('refuses %o, which is not a Restate context, with INVALID_OPTIONS', (ctx, described) => {
    expect(() => restateToolExecution(ctx as never)).toThrow(
      expect.objectContaining({
        name: 'RestateBridgeError',
        code: 'INVALID_OPTIONS',
        message: `restateToolExecution: ctx must be the Restate context of the running handler (with run(), awakeable() and request()), got ${described}`,
      }),
    )
  })
})
