import { snapshotJson, asCallId } from '@toolpipe/core'
import { checkStandardArgs, normalizeArgs } from '@toolpipe/schema'
import { createToolRegistry, defineTool } from '@toolpipe/tools'
import { z } from 'zod'
const schema = z.object({ path: z.string(), offset: z.number().optional(), limit: z.number().optional(), encoding: z.enum(['utf8', 'base64']).optional() })
const args = JSON.parse('{"path":"src/index.ts","offset":120,"limit":80,"encoding":"utf8"}')
function time(name: string, fn: () => unknown, n = 20000) {
  let best = Infinity
  for (let r = 0; r < 30; r++) {
    const t = process.cpuUsage()
    for (let i = 0; i < n; i++) fn()
    const u = process.cpuUsage(t)
    best = Math.min(best, ((u.user + u.system) * 1000) / n)
  }
  console.log(name, best.toFixed(0), 'ns')
}
async function timeAsync(name: string, fn: () => Promise<unknown>, n = 5000) {
  let best = Infinity
  for (let r = 0; r < 20; r++) {
    const t = process.cpuUsage()
    for (let i = 0; i < n; i++) await fn()
    const u = process.cpuUsage(t)
    best = Math.min(best, ((u.user + u.system) * 1000) / n)
  }
  console.log(name, best.toFixed(0), 'ns')
}
time('validate', () => schema['~standard'].validate(args))
time('snapshot', () => snapshotJson(args))
time('structuredClone', () => structuredClone(args))
time('normalize', () => normalizeArgs(schema, args))
time('checkStandardArgs', () => checkStandardArgs(schema, args))
const wm = new WeakMap()
time('weakmap set new key', () => wm.set({}, 1))
const tool = defineTool({ name: 't', description: '', parameters: schema, execute: async () => [] })
const frozen = Object.freeze({ ...args })
time('checkArgs (definition)', () => tool.checkArgs!(frozen))
const spec = defineTool({ name: 't', description: '', parameters: { path: { type: 'string', required: true }, offset: { type: 'number' }, limit: { type: 'number' }, encoding: { type: 'string', enum: ['utf8', 'base64'] } }, execute: async () => [] })
const r1 = createToolRegistry(); r1.register(tool)
const r2 = createToolRegistry(); r2.register(spec)
const r3 = createToolRegistry(); r3.register({ name: 't', description: '', parameters: { type: 'object', properties: {} }, execute: async () => [] })
const input = { callId: asCallId('c'), name: 't', arguments: args }
for (let k = 0; k < 2; k++) {
await timeAsync('execute zod', () => r1.execute(input))
await timeAsync('execute spec', () => r2.execute(input))
await timeAsync('execute nocheck', () => r3.execute(input))
}
