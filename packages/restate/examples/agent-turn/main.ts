// The agent service of the example: `pnpm --filter @toolpipe/restate example:serve`.
// Environment: PORT (default 9080), AGENT_WORKSPACE (default <tmp>/toolpipe-agent-workspace),
// RESTATE_INGRESS (default http://localhost:8080, only printed in the approval instructions).
import { mkdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as restate from '@restatedev/restate-sdk'
import { createAgentService } from './agent-service.js'
import { fileAnnouncer } from './file-announcer.js'
import { scriptedModel } from './scripted-model.js'
import { workspaceTools } from './workspace-tools.js'

const port = Number(process.env.PORT ?? 9080)
const workspace = process.env.AGENT_WORKSPACE ?? join(tmpdir(), 'toolpipe-agent-workspace')
const ingress = process.env.RESTATE_INGRESS ?? 'http://localhost:8080'
await mkdir(workspace, { recursive: true })

const agent = createAgentService({
  model: scriptedModel,
  tools: workspaceTools(workspace),
  needApproval: ['append_note'],
  announce: fileAnnouncer(workspace, ingress),
})
await restate.serve({ services: [agent], port })
console.log(`agent service on http://localhost:${port}, workspace ${workspace}`)
