import { describe, expect, it } from 'vitest'
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
