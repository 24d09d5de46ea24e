// The core packages and the umbrella as a consumer uses them, compiled and run unchanged under
// every configuration of scripts/check-consumers.mjs. It declares no globals of its own (it reads
// `console` from `globalThis`), so that the strict configuration (`lib: ["es2022"], types: []`)
// proves the packages' public types need nothing from DOM or Node typings.
import { asCallId, isHarnessError, snapshotJson } from '@toolpipe/core'
import type { JsonValue } from '@toolpipe/core'
import { presentCallSafely, renderCardHtml } from '@toolpipe/presentation'
import { checkArgs, schemaSpecToJsonSchema } from '@toolpipe/schema'
import { validateStructuredValue } from '@toolpipe/structured-output'
import { timeoutPolicy } from '@toolpipe/timeout-policy'
import { createToolRegistry, defineTool } from '@toolpipe/tools'
import type { ToolExecutionResult } from '@toolpipe/tools'
import * as toolpipe from 'toolpipe'

const log = (globalThis as unknown as { console: { log(message: string): void } }).console.log

function assert(condition: boolean, what: string): void {
  if (!condition) throw new Error(`consumer check failed: ${what}`)
}

async function main(): Promise<void> {
  const copy: JsonValue = snapshotJson({ a: [1, 'two', null] })
  assert(JSON.stringify(copy) === '{"a":[1,"two",null]}', 'snapshotJson copies')

  const spec = { path: { type: 'string', required: true } } as const
  assert(checkArgs(spec, { path: 42 }).length === 1, 'checkArgs finds the issue')
  assert(schemaSpecToJsonSchema(spec).required?.[0] === 'path', 'schemaSpecToJsonSchema')
  assert(
    validateStructuredValue({ type: 'object', properties: { n: { type: 'integer' } } }, { n: 1.5 })
      .length === 1,
    'validateStructuredValue finds the issue',
  )

  const registry = createToolRegistry()
  registry.use(timeoutPolicy())
  const echo = defineTool({
    name: 'echo',
    description: 'Echo a path.',
    parameters: spec,
    timeoutMs: 1_000,
    async execute({ path }) {
      return [{ type: 'text', text: path.toUpperCase() }]
    },
  })
  registry.register(echo)
  const result: ToolExecutionResult = await registry.execute({
    callId: asCallId('c1'),
    name: 'echo',
    arguments: { path: 'a.txt' },
  })
  assert(!result.isError && result.content[0]?.type === 'text', 'execute() runs the tool')
  const failed = await registry.execute({ callId: asCallId('c2'), name: 'nope', arguments: {} })
  assert(failed.isError && failed.error?.code === 'UNKNOWN_TOOL', 'execute() codes an unknown tool')

  const view = presentCallSafely(echo, { path: 'a.txt' })
  assert(view.card === 'generic', 'presentCallSafely falls back to a generic card')
  // Issue #40: an option from a possibly absent value, under exactOptionalPropertyTypes.
  const card = renderCardHtml(view, { errorCode: failed.error?.code, isError: failed.isError })
  assert(card.includes('UNKNOWN_TOOL'), 'renderCardHtml shows the error code')

  // Issue #40: a body returning `new Promise(…)` compiles under strict.
  const later = defineTool({
    name: 'later',
    description: 'Answer later.',
    parameters: {},
    execute: () => new Promise((resolve) => resolve([{ type: 'text', text: 'later' }])),
  })
  registry.register(later)
  const answered = await registry.execute({ callId: asCallId('c3'), name: 'later', arguments: {} })
  assert(!answered.isError, 'a new Promise(…) body runs')

  assert(toolpipe.isHarnessError(new toolpipe.JsonSnapshotError('$', 'x')), 'umbrella exports')
  assert(isHarnessError(new toolpipe.JsonSnapshotError('$', 'x')), 'one HarnessError brand')
}

main().then(
  () => log('consumer check passed'),
  (error: unknown) => {
    throw error
  },
)
