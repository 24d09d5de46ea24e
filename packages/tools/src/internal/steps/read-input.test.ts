import { describe, expect, it } from 'vitest'
import { agent } from '../../__fixtures__/tools.js'
import { readInput } from './read-input.js'

/** Step 1 (SPEC §6.3): each input field read once; an unusable identity is INVALID_INPUT. */

describe('readInput', () => {
  it('keeps the call id and the name that were readable strings when the input is refused, for observers', () => {
    const alice = agent('alice')
    const badName = readInput({ callId: 'call_1', name: 5, arguments: {} }, alice)
    expect(badName).toMatchObject({ callId: 'call_1', name: '', agent: alice })
    expect(badName.problem?.code).toBe('INVALID_INPUT')
    const badId = readInput({ callId: 5, name: 'read', arguments: {} }, undefined)
    expect(badId).toMatchObject({ callId: '', name: 'read', agent: undefined })
    expect(badId.problem?.code).toBe('INVALID_INPUT')
  })

  it('refuses an input whose fields cannot be read, naming the throw and keeping it as cause', () => {
    const boom = new Error('boom')
    const hostile = new Proxy(
      {},
      {
        get() {
          throw boom
        },
      },
    )
    const reading = readInput(hostile, undefined)
    expect(reading).toMatchObject({ callId: '', name: '' })
    expect(reading.problem?.message).toBe('the execution input could not be read: boom')
    expect(reading.problem?.cause).toBe(boom)
  })
})
