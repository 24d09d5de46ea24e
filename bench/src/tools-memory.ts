import { asCallId } from '@toolpipe/core'
import { createToolRegistry } from '@toolpipe/tools'
import { smallArgs } from './fixtures.js'

/**
 * 1,000,000 calls, with a scope created and disposed every 1,000 calls: the heap must not grow.
 * Run with `--expose-gc` (the bench script does); prints a markdown table.
 */
export async function runMemoryCheck(totalCalls = 1_000_000): Promise<string> {
  const collect = (globalThis as { gc?: () => void }).gc
  if (collect === undefined) throw new Error('run with node --expose-gc')
  const registry = createToolRegistry()
  registry.register({
    name: 'trivial',
    description: 'trivial',
    parameters: { type: 'object' },
    execute: () => Promise.resolve([{ type: 'text', text: 'ok' }]),
  })
  registry.on('tools/result', () => undefined)

  const heapAfterGc = () => {
    collect()
    collect()
    return process.memoryUsage().heapUsed
  }
  const runBatch = async (calls: number) => {
    for (let start = 0; start < calls; start += 1_000) {
      const agent = { id: `agent_${start}` }
      const scope = registry.scope(agent)
      scope.register({
        name: 'local',
        description: 'scope-local',
        parameters: { type: 'object' },
        execute: () => Promise.resolve([]),
      })
      scope.restrict({ deny: ['trivial'] })
      scope.guard(() => undefined)
      scope.on('tools/result', () => undefined)
      for (let index = 0; index < 1_000; index++) {
        await registry.execute({
          callId: asCallId(`c${index}`),
          name: index % 2 === 0 ? 'trivial' : 'local',
          arguments: smallArgs,
          agent,
        })
      }
      scope.dispose()
    }
  }

  await runBatch(10_000) // warm up: JIT, inline caches
  const before = heapAfterGc()
  const started = performance.now()
  await runBatch(totalCalls)
  const seconds = (performance.now() - started) / 1000
  const after = heapAfterGc()
  const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(2)
  return [
    `#### memory: ${totalCalls.toLocaleString('en')} calls, a scope created and disposed every 1,000 calls`,
    '',
    '| heap before | heap after | growth | time |',
    '| ---: | ---: | ---: | ---: |',
    `| ${megabytes(before)} MB | ${megabytes(after)} MB | ${megabytes(after - before)} MB | ${seconds.toFixed(1)} s |`,
    '',
  ].join('\n')
}
