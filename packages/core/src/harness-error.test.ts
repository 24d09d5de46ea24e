import { describe, expect, it, vi } from 'vitest'
import type * as HarnessErrorModule from './harness-error.js'
import { HarnessError, isHarnessError } from './harness-error.js'
import { revokedProxy } from '@toolpipe/hostile-values'

class QuotaError extends HarnessError {
  constructor(options?: ErrorOptions) {
    super('quota exhausted', 'QUOTA', options)
  }
}

describe('HarnessError', () => {
  it('keeps message, code and cause, and is an Error', () => {
    const cause = new Error('root')
    const error = new HarnessError('went wrong', 'SOME_CODE', { cause })
    expect(error).toBeInstanceOf(Error)
    expect(error.message).toBe('went wrong')
    expect(error.code).toBe('SOME_CODE')
    expect(error.cause).toBe(cause)
    expect(error.name).toBe('HarnessError')
    expect(error.stack).toContain('went wrong')
  })

  it('takes the name of the subclass', () => {
    const error = new QuotaError()
    expect(error.name).toBe('QuotaError')
    expect(error.code).toBe('QUOTA')
    expect(String(error)).toBe('QuotaError: quota exhausted')
  })

  it('has no cause unless one is given', () => {
    expect('cause' in new QuotaError()).toBe(false)
  })
})

describe('isHarnessError', () => {
  it('recognises HarnessError and its subclasses', () => {
    expect(isHarnessError(new HarnessError('m', 'C'))).toBe(true)
    expect(isHarnessError(new QuotaError())).toBe(true)
  })

  it('refuses other errors, look-alikes and non-objects', () => {
    expect(isHarnessError(new Error('m'))).toBe(false)
    expect(isHarnessError({ name: 'HarnessError', code: 'C', message: 'm' })).toBe(false)
    for (const value of [null, undefined, 'HarnessError', 1, Symbol('x')]) {
      expect(isHarnessError(value)).toBe(false)
    }
  })

  it('brands with the registered symbol that every copy and version of the package shares', () => {
    const brand = Symbol.for('@toolpipe/core/harness-error')
    expect(Object.getOwnPropertySymbols(new QuotaError())).toEqual([brand])
    // What an error thrown by another version of @toolpipe/core carries: the brand, no class.
    expect(isHarnessError(Object.assign(new Error('m'), { code: 'C', [brand]: true }))).toBe(true)
  })

  it('refuses a function, even one carrying the brand', () => {
    const branded = Object.assign(() => undefined, {
      [Symbol.for('@toolpipe/core/harness-error')]: true,
    })
    expect(isHarnessError(branded)).toBe(false)
  })

  it('never throws, even on a revoked Proxy or a throwing trap', () => {
    const proxy = revokedProxy()
    expect(isHarnessError(proxy)).toBe(false)
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error('trap')
        },
      },
    )
    expect(isHarnessError(hostile)).toBe(false)
  })

  it('recognises errors from a second copy of the package, where instanceof fails', async () => {
    // A fresh module instance is what a second installed copy of the package amounts to.
    vi.resetModules()
    const specifier = './harness-error.js?second-copy'
    const secondCopy = (await import(specifier)) as typeof HarnessErrorModule
    const foreign: unknown = new secondCopy.HarnessError('from elsewhere', 'ELSEWHERE')
    expect(secondCopy.HarnessError).not.toBe(HarnessError)
    expect(foreign instanceof HarnessError).toBe(false)
    expect(isHarnessError(foreign)).toBe(true)
    expect(secondCopy.isHarnessError(new QuotaError())).toBe(true)
  })
})
