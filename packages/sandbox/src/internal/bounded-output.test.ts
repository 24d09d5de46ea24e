import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { BoundedOutput, wholeCharacters } from './bounded-output.js'

describe('BoundedOutput', () => {
  it('keeps up to the limit, drains the rest, and says it was cut', async () => {
    const stream = Readable.from([Buffer.from('abc'), Buffer.from('def'), Buffer.from('ghi')])
    const output = new BoundedOutput(stream, 5)
    await output.closed
    expect(output.text()).toBe('abcde')
    expect(output.truncated).toBe(true)
    expect(stream.readableEnded).toBe(true)
  })

  it('keeps everything within the limit, uncut', async () => {
    const output = new BoundedOutput(Readable.from([Buffer.from('héllo')]), 6)
    await output.closed
    expect(output.text()).toBe('héllo')
    expect(output.truncated).toBe(false)
  })

  it('keeps nothing with a limit of 0', async () => {
    const output = new BoundedOutput(Readable.from([Buffer.from('x')]), 0)
    await output.closed
    expect(output).toMatchObject({ truncated: true })
    expect(output.text()).toBe('')
  })
})

describe('wholeCharacters', () => {
  const bytes = (text: string) => new Uint8Array(Buffer.from(text))
  it.each([
    ['ascii', bytes('abc'), 3],
    ['a whole two-byte character', bytes('aé'), 3],
    ['half of é', bytes('aé').subarray(0, 2), 1],
    ['two thirds of €', bytes('a€').subarray(0, 3), 1],
    ['a whole €', bytes('a€'), 4],
    ['three quarters of 😀', bytes('a😀').subarray(0, 4), 1],
    ['a whole 😀', bytes('a😀'), 5],
    ['nothing', new Uint8Array(0), 0],
    ['only continuation bytes', new Uint8Array([0x80, 0x80]), 2],
  ])('%s', (_name, given, length) => {
    expect(wholeCharacters(given)).toBe(length)
  })
})
