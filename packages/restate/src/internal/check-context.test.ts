import { describe, expect, it } from 'vitest'
import { RestateBridgeError } from '../restate-bridge-error.js'
import { checkContext } from './check-context.js'

const operation = () => undefined

describe('checkContext', () => {
  it('gives back an object with run(), awakeable() and request()', () => {
    const ctx = { run: operation, awakeable: operation, request: operation, extra: 1 }
    expect(checkContext(ctx, 'restateApproval')).toBe(ctx)
  })

  it.each([
    [null, 'null'],
    [{ run: operation, awakeable: operation }, 'an object with keys ["run","awakeable"]'],
    [
      { run: 1, awakeable: operation, request: operation },
      'an object with keys ["run","awakeable","request"]',
    ],
  ])('refuses %j as INVALID_OPTIONS, naming where and what it got', (ctx, got) => {
    expect(() => checkContext(ctx, 'restateToolExecution')).toThrow(
      new RestateBridgeError(
        `restateToolExecution: ctx must be the Restate context of the running handler (with run(), awakeable() and request()), got ${got}`,
        'INVALID_OPTIONS',
      ),
    )
  })
})
