import { getEventListeners } from 'node:events'
import { describe, expect, it, vi } from 'vitest'
import { AbortFanOut } from './abort-fan-out.js'

/** A signal and the number of `abort` listeners it holds, as Node counts them. */
function countedSignal() {
  const controller = new AbortController()
  const signal = controller.signal
  return { controller, signal, listeners: () => getEventListeners(signal, 'abort').length }
}

describe('AbortFanOut', () => {
  it('adds one listener per signal, however many subscribe, and tells each subscriber once', () => {
    const fanOut = new AbortFanOut()
    const { controller, signal, listeners } = countedSignal()
    const callbacks = Array.from({ length: 100 }, () => vi.fn())
    for (const callback of callbacks) fanOut.subscribe(signal, callback)
    expect(listeners()).toBe(1)
    controller.abort()
    controller.abort()
    for (const callback of callbacks) expect(callback).toHaveBeenCalledTimes(1)
    // The listener went with the abort: a long-lived signal keeps nothing of the calls.
    expect(listeners()).toBe(0)
  })

  it('an unsubscribe removes only its own subscription; the last one removes the listener', () => {
    const fanOut = new AbortFanOut()
    const { controller, signal, listeners } = countedSignal()
    const kept = vi.fn()
    const dropped = vi.fn()
    const same = vi.fn()
    const unsubscribeKept = fanOut.subscribe(signal, kept)
    const unsubscribeDropped = fanOut.subscribe(signal, dropped)
    fanOut.subscribe(signal, same)
    const unsubscribeSameAgain = fanOut.subscribe(signal, same)
    unsubscribeDropped()
    unsubscribeDropped()
    unsubscribeSameAgain()
    expect(listeners()).toBe(1)
    controller.abort()
    expect(kept).toHaveBeenCalledTimes(1)
    expect(dropped).not.toHaveBeenCalled()
    expect(same).toHaveBeenCalledTimes(1)
    // After the abort there is nothing left to remove.
    expect(() => {
      unsubscribeKept()
    }).not.toThrow()
  })

  it('the last unsubscribe before an abort removes the listener', () => {
    const fanOut = new AbortFanOut()
    const { signal, listeners } = countedSignal()
    const unsubscribers = Array.from({ length: 3 }, () => fanOut.subscribe(signal, vi.fn()))
    for (const unsubscribe of unsubscribers) {
      expect(listeners()).toBe(1)
      unsubscribe()
    }
    expect(listeners()).toBe(0)
  })

  it('removes the listener when the last subscriber leaves, and adds a fresh one for the next', () => {
    const fanOut = new AbortFanOut()
    const { controller, signal, listeners } = countedSignal()
    fanOut.subscribe(signal, vi.fn())()
    expect(listeners()).toBe(0)
    const later = vi.fn()
    fanOut.subscribe(signal, later)
    expect(listeners()).toBe(1)
    controller.abort()
    expect(later).toHaveBeenCalledTimes(1)
  })

  it('keeps signals apart', () => {
    const fanOut = new AbortFanOut()
    const first = countedSignal()
    const second = countedSignal()
    const onFirst = vi.fn()
    const onSecond = vi.fn()
    fanOut.subscribe(first.signal, onFirst)
    fanOut.subscribe(second.signal, onSecond)
    first.controller.abort()
    expect(onFirst).toHaveBeenCalledTimes(1)
    expect(onSecond).not.toHaveBeenCalled()
  })
})
