import { ROOT_CONTEXT, SpanStatusCode, trace } from '@opentelemetry/api'
import type { HrTime } from '@opentelemetry/api'
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace'
import { describe, expect, it } from 'vitest'
import { colorsFor } from '../cli/colors.js'
import { formatDuration, formatOffset, renderTrace } from './render-trace.js'

/**
 * Real SDK spans with fixed times, parents given explicitly. Times are `[seconds, nanoseconds]`
 * since the epoch: the SDK would take a small number for a `performance.now()` reading.
 */
function at(milliseconds: number): HrTime {
  const epochSeconds = Date.UTC(2026, 0, 1) / 1000
  return [epochSeconds + Math.floor(milliseconds / 1000), Math.round((milliseconds % 1000) * 1e6)]
}

function recordedSpans() {
  const exporter = new InMemorySpanExporter()
  const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] })
  const tracer = provider.getTracer('test')
  const root = tracer.startSpan('invoke_agent main', {
    startTime: at(1_000),
    attributes: { 'toolpipe.loop.end': 'max-steps', 'toolpipe.loop.steps': 1 },
  })
  root.setStatus({ code: SpanStatusCode.ERROR })
  root.setAttribute('error.type', 'max-steps')
  const inRoot = trace.setSpan(ROOT_CONTEXT, root)
  const chat = tracer.startSpan(
    'chat scripted',
    { startTime: at(1_000.5), attributes: { 'toolpipe.model.tool_calls': 2 } },
    inRoot,
  )
  chat.end(at(1_001))
  // Started second but listed by start time: the shell call began before the read.
  const read = tracer.startSpan(
    'execute_tool read_file',
    { startTime: at(1_020), attributes: { 'gen_ai.tool.call.id': 'call_1_2' } },
    inRoot,
  )
  read.setStatus({ code: SpanStatusCode.ERROR })
  read.setAttribute('error.type', 'GUARD_DENIED')
  read.end(at(1_020.25))
  const shell = tracer.startSpan(
    'execute_tool run_shell',
    { startTime: at(1_002), attributes: { 'gen_ai.tool.call.id': 'call_1_1' } },
    inRoot,
  )
  shell.addEvent(
    'toolpipe.approval',
    { 'toolpipe.approval.outcome': 'allowed-once', 'toolpipe.approval.duration_ms': 1500 },
    at(2_502),
  )
  const child = tracer.startSpan(
    'process sh',
    { startTime: at(2_503), attributes: { 'process.exit.code': 1 } },
    trace.setSpan(ROOT_CONTEXT, shell),
  )
  child.end(at(2_515))
  shell.end(at(2_516))
  root.end(at(3_516))
  return exporter.getFinishedSpans()
}

describe('renderTrace', () => {
  it('draws the spans as a tree in start order, with call ids, durations and outcomes', () => {
    expect(renderTrace(recordedSpans(), colorsFor(false))).toEqual([
      'span                                   start     took  outcome',
      'invoke_agent main                      +0 ms   2.52 s  ✗ max-steps  after 1 step',
      '├─ chat scripted                       +1 ms  0.50 ms  ✓ 2 tool calls',
      '├─ execute_tool run_shell  call_1_1    +2 ms   1.51 s  ✓ approval allowed-once after 1.50 s',
      '│  └─ process sh                     +1.50 s  12.0 ms  ✓ exit 1',
      '└─ execute_tool read_file  call_1_2   +20 ms  0.25 ms  ✗ GUARD_DENIED',
    ])
  })

  it('draws nothing for no spans', () => {
    expect(renderTrace([], colorsFor(false))).toEqual([])
  })

  it('writes durations with a unit by size, and start offsets in whole milliseconds', () => {
    expect([0, 0.4, 37.5, 999.4, 1000, 61_234].map(formatOffset)).toEqual([
      '+0 ms',
      '+0 ms',
      '+38 ms',
      '+999 ms',
      '+1.00 s',
      '+61.23 s',
    ])
    expect([0.123, 9.994, 10, 999.94, 1000, 61_234].map(formatDuration)).toEqual([
      '0.12 ms',
      '9.99 ms',
      '10.0 ms',
      '999.9 ms',
      '1.00 s',
      '61.23 s',
    ])
  })
})
