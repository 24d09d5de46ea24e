import { describe, expect, it } from 'vitest'
import { HarnessError } from '../harness-error.js'
import { harnessErrorInfo } from './harness-error-info.js'

class QuotaError extends HarnessError<'QUOTA'> {}

describe('harnessErrorInfo', () => {
  it('reads the name and code of a harness error', () => {
    expect(harnessErrorInfo(new QuotaError('spent', 'QUOTA'))).toEqual({
      name: 'QuotaError',
      code: 'QUOTA',
    })
  })

  it('answers undefined for anything else, and for a look-alike it cannot read', () => {
    expect(harnessErrorInfo(new Error('plain'))).toBeUndefined()
    expect(harnessErrorInfo({ name: 'E', code: 'C' })).toBeUndefined()
    const lookAlike = new QuotaError('spent', 'QUOTA')
    Object.defineProperty(lookAlike, 'code', {
      get: () => {
        throw new Error('boom')
      },
    })
    expect(harnessErrorInfo(lookAlike)).toBeUndefined()
    const numbered = new QuotaError('spent', 'QUOTA')
    Object.defineProperty(numbered, 'code', { value: 7 })
    expect(harnessErrorInfo(numbered)).toBeUndefined()
  })
})
