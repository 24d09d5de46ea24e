import { describe, expect, it } from 'vitest'
import { readOptionMember } from './read-option-member.js'

const fail = (message: string, cause: unknown): never => {
  throw new RangeError(message, { cause })
}

describe('readOptionMember', () => {
  it('reads the member once, whatever its type', () => {
    let reads = 0
    const tracer = { startSpan: () => undefined }
    const options = {
      get tracer() {
        reads++
        return tracer
      },
    }
    expect(readOptionMember(options, 'tracer', fail)).toBe(tracer)
    expect(reads).toBe(1)
    expect(readOptionMember(options, 'absent', fail)).toBeUndefined()
  })

  it('refuses a member whose getter or Proxy trap throws through fail, what it threw as the cause', () => {
    const thrown = new Error('no tracer for you')
    const getter = {
      get tracer(): never {
        throw thrown
      },
    }
    expect(() => readOptionMember(getter, 'tracer', fail)).toThrow(
      new RangeError('could not be read: no tracer for you'),
    )
    expect(() => readOptionMember(getter, 'tracer', fail)).toThrow(
      expect.objectContaining({ cause: thrown }) as Error,
    )
    const trap = new Proxy(
      {},
      {
        get: () => {
          // eslint-disable-next-line @typescript-eslint/only-throw-error -- a thrown value that is not an Error
          throw 42
        },
      },
    )
    expect(() => readOptionMember(trap, 'dir', fail)).toThrow(
      new RangeError('could not be read: 42'),
    )
  })
})
