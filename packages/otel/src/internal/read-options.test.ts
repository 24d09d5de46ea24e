import { describe, expect, it } from 'vitest'
import { OtelTracingError } from '../otel-tracing-error.js'
import { readOptions } from './read-options.js'

class Tracer {
  startSpan(): undefined {
    return undefined
  }
}

describe('readOptions (otelTracing)', () => {
  it('reads absent options and absent members as the defaults', () => {
    const defaults = {
      tracer: undefined,
      meter: undefined,
      recordArguments: false,
      recordResults: false,
    }
    expect(readOptions(undefined)).toEqual(defaults)
    expect(readOptions({})).toEqual(defaults)
  })

  it('takes a tracer or meter of any class, by the method it has, and the flags as given', () => {
    const tracer = new Tracer()
    const meter = { createHistogram: () => undefined }
    expect(readOptions({ tracer, meter, recordArguments: true, recordResults: false })).toEqual({
      tracer,
      meter,
      recordArguments: true,
      recordResults: false,
    })
  })

  it('keeps what a getter threw as the cause of the refusal', () => {
    const thrown = new Error('no tracer for you')
    const options = {
      get tracer(): never {
        throw thrown
      },
    }
    expect(() => readOptions(options)).toThrow(
      new OtelTracingError(
        'otelTracing: tracer could not be read: no tracer for you',
        'INVALID_OPTIONS',
      ),
    )
    expect(() => readOptions(options)).toThrow(expect.objectContaining({ cause: thrown }) as Error)
  })

  it.each([
    [
      'a tracer whose startSpan cannot be read',
      {
        tracer: {
          get startSpan(): never {
            throw new Error('no span')
          },
        },
      },
      'otelTracing: tracer.startSpan could not be read: no span',
    ],
    [
      'options whose member cannot be read',
      new Proxy(
        {},
        {
          get: () => {
            throw new Error('trap')
          },
        },
      ),
      'otelTracing: tracer could not be read: trap',
    ],
    [
      'a tracer that is a string',
      { tracer: 'otel' },
      'otelTracing: tracer must have a startSpan method, got "otel"',
    ],
    ['options that are an array', [], 'otelTracing: options must be an object, got array'],
  ])('refuses %s as INVALID_OPTIONS, naming the option', (_label, options, message) => {
    expect(() => readOptions(options)).toThrow(new OtelTracingError(message, 'INVALID_OPTIONS'))
    expect(() => readOptions(options)).toThrow(
      expect.objectContaining({ code: 'INVALID_OPTIONS' }) as Error,
    )
  })
})
