// The example's agent service, with a scripted model and tools that record every execution in
// files, run by the integration tests in a child process they can kill. Environment:
// FIXTURE_PORT, FIXTURE_DIR (the folder for the records), FIXTURE_BLOCK_AT ("<tag> step <n>":
// that model step hangs after recording that it started, so that the test can kill the process
// there), FIXTURE_DENY (a tool name a guard denies: a process whose policy differs from the one
// that wrote the journal), FIXTURE_HANG_IN_ANNOUNCE (a call id: its `announce` hangs after the
// card is written, before the step can be journaled), FIXTURE_INGRESS.
import { appendFile } from 'node:fs/promises'
import { join } from 'node:path'
import * as restate from '@restatedev/restate-sdk'
import { defineTool } from '@toolpipe/tools'
import type { ApprovalRequest, ToolExecution } from '@toolpipe/tools'
import { createAgentService } from '../../examples/agent-turn/agent-service.js'
import { fileAnnouncer } from '../../examples/agent-turn/file-announcer.js'
import type { Model, ModelToolCall } from '../../examples/agent-turn/model.js'
import { restateApproval, restateToolExecution } from '../index.js'

const port = Number(process.env.FIXTURE_PORT)
const dir = process.env.FIXTURE_DIR ?? ''
const blockAt = process.env.FIXTURE_BLOCK_AT
const ingress = process.env.FIXTURE_INGRESS ?? ''
const deny = process.env.FIXTURE_DENY
const hangInAnnounce = process.env.FIXTURE_HANG_IN_ANNOUNCE
if (!(port > 0) || dir === '') throw new Error('FIXTURE_PORT and FIXTURE_DIR are required')

/** One line per execution of a body (or of a wrapper's code), in the order they ran. */
const record = (line: string) => appendFile(join(dir, 'executions.log'), `${line}\n`)

/** The calls the model makes at step 0 of each script; step 1 ends the turn. */
const scripts: Record<string, (tag: string) => ModelToolCall[]> = {
  publish: (tag) => [{ id: `${tag}/publish`, name: 'publish', arguments: { note: tag } }],
  batch: (tag) =>
    ['record', 'explode', 'slow', 'guarded'].map((name) => ({
      id: `${tag}/${name}`,
      name,
      arguments: {},
    })),
  wait: (tag) => [{ id: `${tag}/wait`, name: 'wait_for_signal', arguments: {} }],
  'announce-fails': (tag) =>
    ['publish_nowhere', 'publish_flaky'].map((name) => ({
      id: `${tag}/${name}`,
      name,
      arguments: { note: tag },
    })),
}

/** Prompts are `<script>:<tag>`; the tag makes the call ids of every turn unique. */
const model: Model = {
  async reply({ transcript }) {
    const prompt = transcript.find((entry) => entry.role === 'user')?.text ?? ''
    const [script = '', tag = ''] = prompt.split(':')
    const step = transcript.filter((entry) => entry.role === 'assistant').length
    const at = `${tag} step ${step}`
    await appendFile(join(dir, 'model.log'), `${at}\n`)
    if (at === blockAt) {
      console.log(`FIXTURE BLOCKED AT ${at}`)
      // Until the test kills this process.
      await new Promise(() => undefined)
    }
    const calls = scripts[script]
    if (calls === undefined) throw new restate.TerminalError(`no script "${script}"`)
    return step === 0
      ? { text: `running ${script}`, toolCalls: calls(tag) }
      : { text: `${tag} done`, toolCalls: [] }
  },
}

const note = { note: { type: 'string', required: true } } as const
const publishing = (name: string) =>
  defineTool({
    name,
    description: `Publish a note (${name}).`,
    parameters: note,
    async execute(_args, exec) {
      await record(`${name} ${exec.callId}`)
      return [{ type: 'text', text: `published by ${exec.callId}` }]
    },
    presentCall: ({ note: text }) => ({ card: 'generic', title: `publish "${text}"` }),
  })

/** Waits for the call's signal (at most a minute), and records why it aborted. */
async function untilAborted(exec: ToolExecution, what: string): Promise<never> {
  const signal = exec.signal
  if (signal === undefined) throw new Error('no signal')
  const reason = await new Promise<unknown>((resolve) => {
    const timer = setTimeout(() => {
      resolve(new Error('not aborted within a minute'))
    }, 60_000)
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer)
        resolve(signal.reason)
      },
      { once: true },
    )
  })
  const name = (reason as { name?: unknown } | undefined)?.name
  await record(`${what}-aborted ${exec.callId} ${String(name)}`)
  throw reason
}

const tools = [
  publishing('publish'),
  publishing('publish_nowhere'),
  publishing('publish_flaky'),
  defineTool({
    name: 'record',
    description: 'Succeeds.',
    parameters: {},
    async execute(_args, exec) {
      await record(`record ${exec.callId}`)
      return { content: [{ type: 'text', text: 'recorded' }], meta: { at: 'record' } }
    },
  }),
  defineTool({
    name: 'explode',
    description: 'Throws.',
    parameters: {},
    async execute(_args, exec) {
      await record(`explode ${exec.callId}`)
      throw new Error('boom')
    },
  }),
  defineTool({
    name: 'slow',
    description: 'Outlives its deadline.',
    parameters: {},
    timeoutMs: 300,
    async execute(_args, exec) {
      await record(`slow ${exec.callId}`)
      return untilAborted(exec, 'slow')
    },
  }),
  defineTool({
    name: 'guarded',
    description: 'A wrapper inside the journaled step fails before it runs.',
    parameters: {},
    async execute(_args, exec) {
      await record(`guarded ${exec.callId}`)
      return [{ type: 'text', text: 'guarded ran' }]
    },
  }),
  defineTool({
    name: 'wait_for_signal',
    description: 'Runs until its signal aborts.',
    parameters: {},
    async execute(_args, exec) {
      await record(`wait ${exec.callId}`)
      console.log(`FIXTURE WAITING ${exec.callId}`)
      return untilAborted(exec, 'wait')
    },
  }),
]

const announceToFile = fileAnnouncer(dir, ingress)
async function announce(request: ApprovalRequest, awakeableId: string): Promise<void> {
  await record(`announce ${request.callId}`)
  if (request.toolName === 'publish_nowhere') {
    throw new restate.TerminalError('no channel for this one')
  }
  if (request.toolName === 'publish_flaky') throw new Error('the channel is down')
  await announceToFile(request, awakeableId)
  if (request.callId === hangInAnnounce) {
    console.log(`FIXTURE HANGING IN ANNOUNCE ${request.callId}`)
    // Until the test kills this process: the card is out, its step is not journaled.
    await new Promise(() => undefined)
  }
}

const agent = createAgentService({
  model,
  tools,
  needApproval: ['publish', 'publish_nowhere', 'publish_flaky'],
  announce,
  announceRetry: { maxRetryAttempts: 2, initialRetryInterval: 10 },
  configure(registry) {
    if (deny !== undefined) {
      registry.guard((exec) => (exec.name === deny ? `${deny} is denied here` : undefined))
    }
    registry.on('tools/execute', async (exec, next) => {
      if (exec.name !== 'guarded') return next()
      await record(`guarded-wrapper ${exec.callId}`)
      throw new Error('the wrapper failed')
    })
  },
})
/** Runs the bridge's option checks against a real Restate context and reports what they threw. */
const checks = restate.service({
  name: 'checks',
  handlers: {
    options: (ctx: restate.Context) => {
      const attempts: (() => unknown)[] = [
        () => restateApproval(ctx, undefined as never),
        () => restateApproval(ctx, { announce: 'to the team' } as never),
        () => restateApproval(ctx, { announce, announceRetry: { maxRetryAttempts: 0 } }),
        () => restateApproval(ctx, { announce, announceRetry: { retryIntervalFactor: 0.5 } }),
        () => restateApproval(ctx, { announce, announceRetry: { initialRetryInterval: -1 } }),
        () => restateApproval(ctx, { announce, announceRetry: 'often' as never }),
        () => restateApproval(ctx, { announce, logger: {} as never }),
        () => restateApproval(ctx, { announce, announceRetry: { maxRetryAttempts: 3 } }),
        () => restateToolExecution(ctx),
      ]
      return Promise.resolve(
        attempts.map((attempt) => {
          try {
            attempt()
            return 'ok'
          } catch (error) {
            const { name, code, message } = error as { name: string; code: string; message: string }
            return { name, code, message }
          }
        }),
      )
    },
  },
})

const bound = await restate.serve({ services: [agent, checks], port })
console.log(`FIXTURE LISTENING ${bound}`)
