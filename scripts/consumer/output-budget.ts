// @toolpipe/output-budget as a consumer uses it, from its packed tarball (with gpt-tokenizer
// installed from the registry as its dependency), under every configuration of
// scripts/check-consumers.mjs: a long result is cut within its tool's budget by the real o200k
// counter, a short one is untouched, the cut is on the record, and bad options are refused.
import { asCallId } from '@toolpipe/core'
import { loadO200kTokenCounter, outputBudget, OutputBudgetError } from '@toolpipe/output-budget'
import type { ContentBlock } from '@toolpipe/core'
import type { ToolDecision } from '@toolpipe/tools'
import { createToolRegistry, defineTool } from '@toolpipe/tools'

const log = (globalThis as unknown as { console: { log(message: string): void } }).console.log

function assert(condition: boolean, what: string): void {
  if (!condition) throw new Error(`consumer check failed: ${what}`)
}

/** A long log cut to 300 tokens: head and tail kept, one notice line between. */
async function checkCut(content: readonly ContentBlock[]): Promise<void> {
  const [cut] = content
  const text = cut?.type === 'text' ? cut.text : ''
  const countTokens = await loadO200kTokenCounter()
  assert(countTokens(text) <= 300, 'the cut result fits the tool’s own budget')
  assert(text.startsWith('GET /api/items/0 200\n'), 'the head is kept')
  assert(text.endsWith('GET /api/items/4999 200'), 'the tail is kept')
  assert(
    /\n\[… \d+ tokens omitted \(\d+ bytes\); the full output was dropped …\]\n/.test(text),
    'one notice line says what was left out',
  )
}

async function main(): Promise<void> {
  const registry = createToolRegistry()
  const decisions: ToolDecision[] = []
  registry.on('tools/decision', (_exec, decision) => {
    decisions.push(decision)
  })
  registry.use(outputBudget({ maxTokens: 1_000, spill: false }))
  registry.register(
    defineTool({
      name: 'log',
      description: 'Print a log of `lines` lines.',
      parameters: { lines: { type: 'number', required: true } },
      maxOutputTokens: 300,
      async execute({ lines }) {
        const text = Array.from({ length: lines }, (_, n) => `GET /api/items/${n} 200`).join('\n')
        return [{ type: 'text', text }]
      },
    }),
  )

  const short = await registry.execute({
    callId: asCallId('c1'),
    name: 'log',
    arguments: { lines: 3 },
  })
  const [first] = short.content
  assert(
    first?.type === 'text' && first.text.split('\n').length === 3,
    'a short result is untouched',
  )
  assert(decisions.length === 0, 'nothing to record for a result within its budget')

  const long = await registry.execute({
    callId: asCallId('c2'),
    name: 'log',
    arguments: { lines: 5000 },
  })
  assert(!long.isError, 'a cut result is still a success')
  await checkCut(long.content)
  assert(
    decisions.length === 1 &&
      decisions[0]?.stage === 'post' &&
      decisions[0].outcome === 'edit' &&
      decisions[0].source.kind === 'output-budget',
    'the cut is on the record',
  )

  let refused = false
  try {
    outputBudget({ maxTokens: 0 })
  } catch (error) {
    refused = error instanceof OutputBudgetError && error.code === 'INVALID_OPTIONS'
  }
  assert(refused, 'bad options throw OutputBudgetError')
  log('consumer check passed')
}

void main()
