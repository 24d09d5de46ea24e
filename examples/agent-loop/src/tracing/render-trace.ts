import { SpanStatusCode } from '@opentelemetry/api'
import type { HrTime } from '@opentelemetry/api'
import type { ReadableSpan } from '@opentelemetry/sdk-trace'
import type { Colors } from '../cli/colors.js'

interface SpanNode {
  readonly span: ReadableSpan
  readonly children: SpanNode[]
}

/**
 * Draws finished spans as a tree a terminal reader can follow, under a header line, one line per
 * span: its name (and call id, for tool spans), when it started (after the start of its tree's
 * root: calls that ran side by side start together), how long it took, and its outcome — `✓`, or
 * `✗` with its `error.type` — plus what the span recorded that matters to a reader: the approval
 * wait, a model turn's tool calls, how the loop ended. Children are nested under their parent in
 * start order; a span whose parent is not among `spans` is a root.
 *
 * @example
 * renderTrace(tracing.takeSpans(), colors)
 * // ['span                 start    took  outcome', 'invoke_agent main   +0.00 ms  1.21 s  ✓ answered after 10 steps', …]
 */
export function renderTrace(spans: readonly ReadableSpan[], colors: Colors): string[] {
  const roots = spanTree(spans)
  const rows: {
    tree: string
    name: string
    id: string
    start: string
    duration: string
    outcome: string
  }[] = []
  const visit = (node: SpanNode, origin: number, prefix: string, branch: string): void => {
    const callId = node.span.attributes['gen_ai.tool.call.id']
    rows.push({
      tree: prefix + branch,
      name: node.span.name,
      id: typeof callId === 'string' ? callId : '',
      start: formatOffset(hrTimeToMilliseconds(node.span.startTime) - origin),
      duration: formatDuration(hrTimeToMilliseconds(node.span.duration)),
      outcome: outcome(node.span, colors),
    })
    const childPrefix = prefix + (branch === '├─ ' ? '│  ' : branch === '└─ ' ? '   ' : '')
    node.children.forEach((child, index) => {
      visit(child, origin, childPrefix, index === node.children.length - 1 ? '└─ ' : '├─ ')
    })
  }
  for (const root of roots) visit(root, hrTimeToMilliseconds(root.span.startTime), '', '')
  if (rows.length === 0) return []
  rows.unshift({ tree: '', name: 'span', id: '', start: 'start', duration: 'took', outcome: '' })
  const width = (pick: (row: (typeof rows)[number]) => string): number =>
    Math.max(0, ...rows.map((row) => pick(row).length))
  const nameWidth = width((row) => row.tree + row.name)
  const idWidth = width((row) => row.id)
  const startWidth = width((row) => row.start)
  const durationWidth = width((row) => row.duration)
  return rows.map((row, index) => {
    const name = `${colors.dim(row.tree)}${row.name}${' '.repeat(nameWidth - row.tree.length - row.name.length)}`
    const id = idWidth === 0 ? '' : `  ${colors.dim(row.id.padEnd(idWidth))}`
    const line = `${name}${id}  ${colors.dim(row.start.padStart(startWidth))}  ${row.duration.padStart(durationWidth)}  ${index === 0 ? 'outcome' : row.outcome}`
    return index === 0 ? colors.dim(line.trimEnd()) : line.trimEnd()
  })
}

function spanTree(spans: readonly ReadableSpan[]): SpanNode[] {
  const nodes = new Map<string, SpanNode>()
  for (const span of spans) nodes.set(span.spanContext().spanId, { span, children: [] })
  const roots: SpanNode[] = []
  for (const node of nodes.values()) {
    const parentId = node.span.parentSpanContext?.spanId
    const parent = parentId === undefined ? undefined : nodes.get(parentId)
    if (parent === undefined) roots.push(node)
    else parent.children.push(node)
  }
  const byStart = (a: SpanNode, b: SpanNode): number =>
    hrTimeToMilliseconds(a.span.startTime) - hrTimeToMilliseconds(b.span.startTime)
  for (const node of nodes.values()) node.children.sort(byStart)
  return roots.sort(byStart)
}

function outcome(span: ReadableSpan, colors: Colors): string {
  const { attributes } = span
  const notes: string[] = []
  const steps = attributes['toolpipe.loop.steps']
  const end = attributes['toolpipe.loop.end']
  if (typeof end === 'string' && typeof steps === 'number') {
    // An end that is not an answer is the span's error.type already.
    const how = attributes['error.type'] === end ? '' : `${end} `
    notes.push(`${how}after ${steps} ${steps === 1 ? 'step' : 'steps'}`)
  }
  const exitCode = attributes['process.exit.code']
  if (typeof exitCode === 'number') notes.push(`exit ${exitCode}`)
  const toolCalls = attributes['toolpipe.model.tool_calls']
  if (typeof toolCalls === 'number') {
    notes.push(
      toolCalls === 0 ? 'an answer' : `${toolCalls} tool ${toolCalls === 1 ? 'call' : 'calls'}`,
    )
  }
  for (const event of span.events) {
    if (event.name !== 'toolpipe.approval') continue
    const answer = event.attributes?.['toolpipe.approval.outcome']
    const waited = event.attributes?.['toolpipe.approval.duration_ms']
    notes.push(
      `approval ${typeof answer === 'string' ? answer : 'failed'}` +
        (typeof waited === 'number' ? ` after ${formatDuration(waited)}` : ''),
    )
  }
  const note = colors.dim(notes.join(', '))
  if (span.status.code === SpanStatusCode.ERROR) {
    const type = attributes['error.type']
    return `${colors.red(`✗ ${typeof type === 'string' ? type : 'error'}`)}  ${note}`
  }
  return `${colors.green('✓')} ${note}`
}

/** An OpenTelemetry `[seconds, nanoseconds]` time in milliseconds. */
function hrTimeToMilliseconds([seconds, nanoseconds]: HrTime): number {
  return seconds * 1000 + nanoseconds / 1e6
}

/**
 * When a span started, after its root: `+0 ms`, `+37 ms`, `+1.21 s`. Whole milliseconds: the SDK
 * stamps a span's start from the wall clock, to the millisecond.
 */
export function formatOffset(milliseconds: number): string {
  return milliseconds >= 1000
    ? `+${(milliseconds / 1000).toFixed(2)} s`
    : `+${Math.round(milliseconds)} ms`
}

/** `0.42 ms`, `12.3 ms`, `1.25 s`: three significant figures or so, unit by size. */
export function formatDuration(milliseconds: number): string {
  if (milliseconds >= 1000) return `${(milliseconds / 1000).toFixed(2)} s`
  if (milliseconds >= 10) return `${milliseconds.toFixed(1)} ms`
  return `${milliseconds.toFixed(2)} ms`
}
