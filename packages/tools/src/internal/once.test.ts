import { describe, expect, it, vi } from 'vitest'
import { once } from './once.js'

describe('once', () => {
  it('runs the disposal the first time only', () => {
    const dispose = vi.fn()
    const disposer = once(dispose)
    disposer()
    disposer()
    expect(dispose).toHaveBeenCalledTimes(1)
  })
})
