import { asCallId } from '@toolpipe/core'
import { createToolRegistry, defineTool } from '@toolpipe/tools'
import { z } from 'zod'
const schema = z.object({ path: z.string(), offset: z.number().optional(), limit: z.number().optional(), encoding: z.enum(['utf8', 'base64']).optional() })
const args = JSON.parse('{"path":"src/index.ts","offset":120,"limit":80,"encoding":"utf8"}')
const tool = defineTool({ name: 't', description: '', parameters: schema, execute: async () => [] })
const r1 = createToolRegistry(); r1.register(tool)
const input = { callId: asCallId('c'), name: 't', arguments: args }
for (let i = 0; i < 300000; i++) await r1.execute(input)
