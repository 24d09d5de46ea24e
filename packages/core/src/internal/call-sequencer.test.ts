import { describe, expect, it, vi } from 'vitest'
import { CallSequencer } from './call-sequencer.js'

/** A call that starts when invoked and ends when the test says so, recording both. */
function controlled(log: string[], name: string) {
  let finish!: (value: string) => void
  let fail!: (reason: unknown) => void
  const call = () => {
    log.push(`start ${name}`)
    return new Promise<string>((resolve, reject) => {
      finish = (value) => {
        log.push(`end ${name}`)
        resolve(value)
      }
      fail = (reason) => {
        log.push(`fail ${name}`)
        reject(reason instanceof Error ? reason : new Error(String(reason)))
      }
    })
  }
  return {
    call,
    finish: (value = name) => {
      finish(value)
    },
    fail: (reason: unknown) => {
      fail(reason)
    },
  }
}

/** Lets every pending promise reaction run. */
async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve()
}

describe('CallSequencer', () => {
  it('runs exclusive calls one at a time, in the order they were admitted', async () => {
    const log: string[] = []
    const sequencer = new CallSequencer()
    const [a, b, c] = [controlled(log, 'a'), controlled(log, 'b'), controlled(log, 'c')]
    const outcomes = [a, b, c].map((each) => sequencer.run(false, each.call))
    await settle()
    expect(log).toEqual(['start a'])
    a.finish()
    await settle()
    expect(log).toEqual(['start a', 'end a', 'start b'])
    b.finish()
    await settle()
    c.finish()
    expect(await Promise.all(outcomes)).toEqual(['a', 'b', 'c'])
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c'])
  })

  it('overlaps consecutive safe calls', async () => {
    const log: string[] = []
    const sequencer = new CallSequencer()
    const [a, b] = [controlled(log, 'a'), controlled(log, 'b')]
    const outcomes = [sequencer.run(true, a.call), sequencer.run(true, b.call)]
    await settle()
    expect(log).toEqual(['start a', 'start b'])
    b.finish()
    a.finish()
    expect(await Promise.all(outcomes)).toEqual(['a', 'b'])
  })

  it('holds an exclusive call until every safe call before it settled, and safe calls after it until it settled', async () => {
    const log: string[] = []
    const sequencer = new CallSequencer()
    const read1 = controlled(log, 'read1')
    const read2 = controlled(log, 'read2')
    const write = controlled(log, 'write')
    const read3 = controlled(log, 'read3')
    const read4 = controlled(log, 'read4')
    const outcomes = [
      sequencer.run(true, read1.call),
      sequencer.run(true, read2.call),
      sequencer.run(false, write.call),
      sequencer.run(true, read3.call),
      sequencer.run(true, read4.call),
    ]
    await settle()
    expect(log).toEqual(['start read1', 'start read2'])
    read2.finish()
    await settle()
    expect(log).toEqual(['start read1', 'start read2', 'end read2'])
    read1.finish()
    await settle()
    expect(log.slice(3)).toEqual(['end read1', 'start write'])
    write.finish()
    await settle()
    expect(log.slice(5)).toEqual(['end write', 'start read3', 'start read4'])
    read3.finish()
    read4.finish()
    await Promise.all(outcomes)
  })

  it('passes a failure to its own caller and goes on with the next call', async () => {
    const log: string[] = []
    const sequencer = new CallSequencer()
    const [a, b] = [controlled(log, 'a'), controlled(log, 'b')]
    const first = sequencer.run(false, a.call)
    const second = sequencer.run(false, b.call)
    await settle()
    a.fail(new Error('disk full'))
    await expect(first).rejects.toThrow('disk full')
    await settle()
    expect(log).toEqual(['start a', 'fail a', 'start b'])
    b.finish()
    await expect(second).resolves.toBe('b')
  })

  it('goes on after a call that throws synchronously', async () => {
    const sequencer = new CallSequencer()
    const first = sequencer.run(false, () => {
      throw new Error('boom')
    })
    const second = sequencer.run(true, () => Promise.resolve('after'))
    await expect(first).rejects.toThrow('boom')
    await expect(second).resolves.toBe('after')
  })

  it('keeps one queue per instance', async () => {
    const log: string[] = []
    const [one, two] = [new CallSequencer(), new CallSequencer()]
    const [a, b] = [controlled(log, 'a'), controlled(log, 'b')]
    const outcomes = [one.run(false, a.call), two.run(false, b.call)]
    await settle()
    expect(log).toEqual(['start a', 'start b'])
    a.finish()
    b.finish()
    await Promise.all(outcomes)
  })
})

describe('CallSequencer: a signal that aborts while a call waits', () => {
  it('ends the waiting call at once with cancelled()’s outcome, never starting it, and the queue goes on', async () => {
    const log: string[] = []
    const sequencer = new CallSequencer()
    const first = controlled(log, 'first')
    const second = controlled(log, 'second')
    const third = controlled(log, 'third')
    const controller = new AbortController()
    const outcomes = [
      sequencer.run(false, first.call),
      sequencer.run(false, second.call, {
        signal: controller.signal,
        cancelled: () => Promise.resolve('second cancelled'),
      }),
      sequencer.run(false, third.call),
    ]
    await settle()
    controller.abort()
    await expect(outcomes[1]).resolves.toBe('second cancelled')
    expect(log).toEqual(['start first'])
    first.finish()
    await settle()
    // The cancelled call's turn passes without it: the third starts after the first.
    expect(log).toEqual(['start first', 'end first', 'start third'])
    third.finish()
    await Promise.all(outcomes)
    expect(log).not.toContain('start second')
  })

  it('cancels a call whose signal aborted before it was admitted, and runs one whose signal aborts after it started', async () => {
    const sequencer = new CallSequencer()
    const aborted = AbortSignal.abort()
    let started = 0
    const start = () => {
      started++
      return Promise.resolve('ran')
    }
    await expect(
      sequencer.run(false, start, { signal: aborted, cancelled: () => Promise.resolve('no') }),
    ).resolves.toBe('no')
    expect(started).toBe(0)
    const controller = new AbortController()
    const log: string[] = []
    const running = controlled(log, 'running')
    const outcome = sequencer.run(false, running.call, {
      signal: controller.signal,
      cancelled: () => Promise.resolve('cancelled'),
    })
    await settle()
    controller.abort()
    running.finish('finished')
    await expect(outcome).resolves.toBe('finished')
  })

  it('passes a failing cancelled() to the call’s caller', async () => {
    const sequencer = new CallSequencer()
    await expect(
      sequencer.run(false, () => Promise.resolve('ran'), {
        signal: AbortSignal.abort(),
        cancelled: () => Promise.reject(new Error('could not cancel')),
      }),
    ).rejects.toThrow('could not cancel')
  })

  it('listens once to a signal however many calls wait on it, and lets go when none does', async () => {
    const sequencer = new CallSequencer()
    const controller = new AbortController()
    const added = vi.spyOn(controller.signal, 'addEventListener')
    const removed = vi.spyOn(controller.signal, 'removeEventListener')
    const log: string[] = []
    const head = controlled(log, 'head')
    const outcomes = [sequencer.run(false, head.call)]
    for (let index = 0; index < 50; index++) {
      outcomes.push(
        sequencer.run(true, () => Promise.resolve(`safe ${index}`), {
          signal: controller.signal,
          cancelled: () => Promise.resolve('cancelled'),
        }),
      )
    }
    expect(added).toHaveBeenCalledTimes(1)
    await settle()
    head.finish()
    await Promise.all(outcomes)
    expect(removed).toHaveBeenCalledTimes(1)
  })
})

describe('CallSequencer: what a call costs', () => {
  it('starts a call nothing holds back inside run(), without listening to its signal', () => {
    const sequencer = new CallSequencer()
    const controller = new AbortController()
    const added = vi.spyOn(controller.signal, 'addEventListener')
    let started = 0
    const start = () => {
      started++
      return new Promise<string>(() => undefined)
    }
    for (let index = 0; index < 100; index++) {
      void sequencer.run(true, start, {
        signal: controller.signal,
        cancelled: () => Promise.resolve('cancelled'),
      })
    }
    expect(started).toBe(100)
    expect(added).not.toHaveBeenCalled()
  })

  it('lets the calls behind a cancelled exclusive call start beside the safe ones before it', async () => {
    const log: string[] = []
    const sequencer = new CallSequencer()
    const first = controlled(log, 'first')
    const third = controlled(log, 'third')
    const controller = new AbortController()
    const outcomes = [
      sequencer.run(true, first.call),
      sequencer.run(false, () => Promise.resolve('exclusive'), {
        signal: controller.signal,
        cancelled: () => Promise.resolve('exclusive cancelled'),
      }),
      sequencer.run(true, third.call),
    ]
    await settle()
    expect(log).toEqual(['start first'])
    controller.abort()
    await settle()
    expect(log).toEqual(['start first', 'start third'])
    first.finish()
    third.finish()
    expect(await Promise.all(outcomes)).toEqual(['first', 'exclusive cancelled', 'third'])
  })

  it('keeps the order of thousands of waiting calls while its queue is compacted', async () => {
    const sequencer = new CallSequencer()
    const order: number[] = []
    const head = controlled([], 'head')
    const outcomes: Promise<unknown>[] = [sequencer.run(false, head.call)]
    for (let index = 0; index < 3_000; index++) {
      outcomes.push(
        sequencer.run(false, async () => {
          order.push(index)
          await Promise.resolve()
          return index
        }),
      )
    }
    await settle()
    head.finish()
    await Promise.all(outcomes)
    expect(order).toEqual(Array.from({ length: 3_000 }, (_, index) => index))
  })
})
