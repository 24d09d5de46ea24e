import { asCallId } from '@toolpipe/core'
import { readFileSpec } from '@toolpipe/tool-schemas'
import { createToolRegistry, defineTool } from '@toolpipe/tools'
import type { ToolDefinition } from '@toolpipe/tools'
import { okContent, smallArgs } from './fixtures.js'
import type { Comparison } from './harness.js'

// The tools suite's tables of the §12 features (tools.bench.ts): what a checked structured
// result, a progress report and a batch of calls cost.

/** A read-only tool whose body waits about 1 ms (a file read, a small HTTP GET). */
function waitingTool(concurrencySafe: boolean): ToolDefinition {
  return {
    name: 'fetch_page',
    description: 'Fetch a page.',
    parameters: { type: 'object', properties: { url: { type: 'string' } } },
    concurrencySafe,
    execute: () =>
      new Promise((resolve) => {
        setTimeout(() => {
          resolve(okContent)
        }, 1)
      }),
  }
}

/**
 * SPEC §12.4, the issue #19 goal: a batch of 8 calls of a `concurrencySafe` tool that awaits 1 ms
 * costs about one call, not eight. The arguments come from `JSON.parse`, one text per call.
 */
export function batchComparison(): Comparison {
  const safe = createToolRegistry()
  safe.register(waitingTool(true))
  const unsafe = createToolRegistry()
  unsafe.register(waitingTool(false))
  const inputs = Array.from({ length: 8 }, (_, index) => ({
    callId: asCallId(`call_${index}`),
    name: 'fetch_page',
    arguments: JSON.parse(`{"url":"https://example.com/${index}"}`) as unknown,
  }))
  const [first] = inputs
  if (first === undefined) throw new Error('no input')
  return {
    title: 'executeBatch(): 8 calls of a tool that awaits 1 ms',
    baseline: 'one call: execute()',
    cases: [
      { name: 'one call: execute()', run: () => safe.execute(first) },
      { name: 'executeBatch(8 safe calls)', run: () => safe.executeBatch(inputs) },
      {
        name: '8 sequential execute()',
        run: async () => {
          for (const input of inputs) await safe.execute(input)
        },
      },
      { name: 'executeBatch(8 unsafe calls)', run: () => unsafe.executeBatch(inputs) },
    ],
  }
}

/**
 * What the §12 features cost when they are used: a `defineTool` tool whose result is checked
 * against its `outputSchema`, and one that reports progress to an observer, beside the same
 * tool returning plain content.
 */
export function richerComparison(): Comparison {
  const outputSchema = {
    type: 'object',
    properties: {
      path: { type: 'string' },
      lines: { type: 'integer', minimum: 0 },
      truncated: { type: 'boolean' },
    },
    required: ['path', 'lines'],
    additionalProperties: false,
  } as const
  const parameters = readFileSpec
  const plain = createToolRegistry()
  plain.register(
    defineTool({
      name: 'read_file',
      description: 'Read.',
      parameters,
      execute: () => Promise.resolve(okContent),
    }),
  )
  const structured = createToolRegistry()
  structured.register(
    defineTool({
      name: 'read_file',
      description: 'Read.',
      parameters,
      outputSchema,
      execute: ({ path }) =>
        Promise.resolve({ content: okContent, structured: { path, lines: 12 } }),
    }),
  )
  const progress = createToolRegistry()
  progress.on('tools/progress', () => undefined)
  progress.register(
    defineTool({
      name: 'read_file',
      description: 'Read.',
      parameters,
      execute: (_args, exec) => {
        exec.reportProgress({ progress: 1, total: 2, message: 'reading' })
        return Promise.resolve(okContent)
      },
    }),
  )
  const input = {
    callId: asCallId('call_1'),
    name: 'read_file',
    arguments: JSON.parse(JSON.stringify(smallArgs)) as unknown,
  }
  return {
    title: 'execute(): SMALL args through a defineTool tool, with the §12 features used',
    baseline: 'content only',
    cases: [
      { name: 'content only', run: () => plain.execute(input) },
      { name: 'structured, checked by its outputSchema', run: () => structured.execute(input) },
      { name: 'one progress report, one observer', run: () => progress.execute(input) },
    ],
  }
}
