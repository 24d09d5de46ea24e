import { asCallId } from '@toolpipe/core'
import { outputBudget } from '@toolpipe/output-budget'
import { createToolRegistry } from '@toolpipe/tools'
import { readFileSync } from 'node:fs'
const text = readFileSync('/tmp/demo-budget/sandbox/server.log', 'utf8')
const registry = createToolRegistry()
registry.use(outputBudget({ maxTokens: 500, spill: false }))
registry.register({ name: 'cat', description: 'x', parameters: { type: 'object' }, execute: () => Promise.resolve([{ type: 'text', text }]) })
for (let i = 0; i < 4; i++) {
  const t = performance.now()
  await registry.execute({ callId: asCallId('c'), name: 'cat', arguments: {} })
  console.log(i, (performance.now() - t).toFixed(0), 'ms')
}
const t = performance.now(); await import('gpt-tokenizer/encoding/cl100k_base'); console.log('load cl100k', (performance.now() - t).toFixed(0))
