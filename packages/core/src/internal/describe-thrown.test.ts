import { describe, expect, it } from 'vitest'
import { describeThrown } from './describe-thrown.js'
import { revokedProxy } from '@toolpipe/hostile-values'

const revoked = revokedProxy()

describe('describeThrown', () => {
  it('uses a message string, else String(x), else a placeholder', () => {
    expect(describeThrown(new Error('disk full'))).toBe('disk full')
    expect(describeThrown({ message: 'from an object' })).toBe('from an object')
    expect(describeThrown({ message: 42 })).toBe('[object Object]')
    expect(describeThrown('text')).toBe('text')
    expect(describeThrown(undefined)).toBe('undefined')
    expect(describeThrown(null)).toBe('null')
    expect(describeThrown(Object.assign(() => 1, { message: 'a thrown function' }))).toBe(
      'a thrown function',
    )
    expect(describeThrown(Symbol('s'))).toBe('Symbol(s)')
    expect(describeThrown(Object.create(null))).toBe('<unprintable thrown value>')
    expect(describeThrown(revoked)).toBe('<unprintable thrown value>')
    const hostile = {
      get message(): never {
        throw new Error('getter')
      },
    }
    expect(describeThrown(hostile)).toBe('<unprintable thrown value>')
  })
})
