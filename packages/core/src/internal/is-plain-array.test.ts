import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { isPlainArray } from './is-plain-array.js'
import { throwing } from '../__fixtures__/plain-data.js'
import { revokedProxy } from '@toolpipe/hostile-values'

const revoked = revokedProxy()

class List extends Array<number> {}

describe('isPlainArray', () => {
  it('accepts arrays of this realm and another', () => {
    expect(isPlainArray([1])).toBe(true)
    expect(isPlainArray(runInNewContext('[1, 2]'))).toBe(true)
  })

  it('refuses Array subclasses, array-likes and hostile Proxies without throwing', () => {
    for (const value of [List.from([1]), { length: 0 }, new Uint8Array(1), 'ab', revoked]) {
      expect(isPlainArray(value)).toBe(false)
    }
  })

  it('refuses arrays whose prototype is not an Array.prototype', () => {
    const underObject = Object.setPrototypeOf([1], {}) as unknown[]
    const bareArray = Object.setPrototypeOf([], null) as unknown[]
    const underBareArray = Object.setPrototypeOf([1], bareArray) as unknown[]
    const underTrap = Object.setPrototypeOf(
      [1],
      new Proxy([], { getPrototypeOf: throwing }),
    ) as unknown[]
    for (const value of [underObject, underBareArray, underTrap]) {
      expect(isPlainArray(value)).toBe(false)
    }
  })
})
