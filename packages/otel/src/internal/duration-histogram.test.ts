import type { Attributes, Meter } from '@opentelemetry/api'
import { describe, expect, it } from 'vitest'
import { DurationHistogram } from './duration-histogram.js'

/** A meter that keeps what its one histogram was made with and every value recorded. */
function recordingMeter() {
  const made: { name: string; options: unknown }[] = []
  const recorded: [number, Attributes | undefined][] = []
  const meter = {
    createHistogram: (name: string, options: unknown) => {
      made.push({ name, options })
      return {
        record: (value: number, attributes?: Attributes) => recorded.push([value, attributes]),
      }
    },
  } as unknown as Meter
  return { meter, made, recorded }
}

describe('DurationHistogram', () => {
  it('is gen_ai.execute_tool.duration, in seconds, with buckets up to 2,621.44 s', () => {
    const { meter, made } = recordingMeter()
    new DurationHistogram(meter)
    expect(made).toHaveLength(1)
    expect(made[0]?.name).toBe('gen_ai.execute_tool.duration')
    const options = made[0]?.options as {
      unit: string
      advice: { explicitBucketBoundaries: number[] }
    }
    expect(options.unit).toBe('s')
    expect(options.advice.explicitBucketBoundaries.at(0)).toBe(0.01)
    expect(options.advice.explicitBucketBoundaries.at(-1)).toBe(2621.44)
  })

  it('records the tool name only for a known tool, and error.type only for an error', () => {
    const { meter, recorded } = recordingMeter()
    const histogram = new DurationHistogram(meter)
    histogram.record(0.5, 'read_file', { isError: false, content: [] })
    histogram.record(0.1, undefined, {
      isError: true,
      content: [],
      error: { name: 'ToolNotFoundError', code: 'UNKNOWN_TOOL' },
    })
    const base = { 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.type': 'function' }
    expect(recorded).toEqual([
      [0.5, { ...base, 'gen_ai.tool.name': 'read_file' }],
      [0.1, { ...base, 'error.type': 'UNKNOWN_TOOL' }],
    ])
  })
})
