import type { ToolExecutionResult } from '@toolpipe/tools'
import { describe, expect, it } from 'vitest'
import { bytesSerde, nothingSerde, resultSerde } from './serdes.js'

describe('the journaled serdes', () => {
  it('round-trips a result as JSON text', () => {
    const result: ToolExecutionResult = {
      content: [{ type: 'text', text: 'é' }],
      isError: true,
      error: { name: 'ListenerError', code: 'LISTENER_FAILED' },
    }
    const bytes = resultSerde.serialize(result)
    expect(new TextDecoder().decode(bytes)).toBe(JSON.stringify(result))
    expect(resultSerde.deserialize(bytes)).toEqual(result)
    expect(resultSerde.contentType).toBe('application/json')
  })

  it('keeps an answer’s bytes as they are, and a step that returns nothing as no bytes', () => {
    const bytes = new Uint8Array([123, 0, 255])
    expect(bytesSerde.serialize(bytes)).toBe(bytes)
    expect(bytesSerde.deserialize(bytes)).toBe(bytes)
    expect(nothingSerde.serialize()).toEqual(new Uint8Array(0))
    const deserialize: (bytes: Uint8Array) => unknown = nothingSerde.deserialize
    expect(deserialize(new Uint8Array([1]))).toBeUndefined()
  })

  it('cannot be changed', () => {
    expect(Object.isFrozen(resultSerde)).toBe(true)
    expect(Object.isFrozen(bytesSerde)).toBe(true)
    expect(Object.isFrozen(nothingSerde)).toBe(true)
  })
})
