import { loadO200kTokenCounter } from '@toolpipe/output-budget'
const count = await loadO200kTokenCounter()
function testRunOutput(bytes: number): string {
  const lines: string[] = []
  let size = 0
  for (let test = 0; size < bytes; test++) {
    const suite = `packages/${['core', 'tools', 'schema', 'mcp'][test % 4] ?? ''}/src/case-${test % 97}.test.ts`
    const line = `  ✓ ${suite} > handles input ${test} (${(test * 7) % 400}ms)`
    lines.push(line)
    size += line.length + 1
  }
  return lines.join('\n').slice(0, bytes)
}
const t1 = testRunOutput(1_000_000)
for (let i = 0; i < 3; i++) { const t = performance.now(); count(t1); console.log('log', (performance.now() - t).toFixed(0)) }
const t2 = testRunOutput(1_000_000).replaceAll('✓', 'v')
for (let i = 0; i < 3; i++) { const t = performance.now(); count(t2); console.log('ascii log', (performance.now() - t).toFixed(0)) }
const lines = t1.split('\n')
for (let i = 0; i < 2; i++) { const t = performance.now(); let n = 0; for (const l of lines) n += count(l); console.log('per line', (performance.now() - t).toFixed(0)) }
