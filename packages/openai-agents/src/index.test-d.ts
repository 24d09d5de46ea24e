import type { Agent as ToolpipeAgent } from '@toolpipe/core'
import type { ScopedTools, ToolRegistry } from '@toolpipe/tools'
import { Agent } from '@openai/agents'
import type { FunctionTool, Tool, ToolOutputImage, ToolOutputText } from '@openai/agents'
import { describe, expectTypeOf, it } from 'vitest'
import { toAgentsTools } from './index.js'
import type {
  AgentsBridgeError,
  AgentsBridgeErrorCode,
  AgentsTool,
  AgentsToolOutput,
  ToAgentsToolsOptions,
} from './index.js'

declare const registry: ToolRegistry
declare const scoped: ScopedTools
declare const coder: ToolpipeAgent

describe('toAgentsTools', () => {
  it('takes a registry or a scope, with the agent optional', () => {
    expectTypeOf(toAgentsTools(registry)).toEqualTypeOf<AgentsTool[]>()
    expectTypeOf(toAgentsTools(scoped, {})).toEqualTypeOf<AgentsTool[]>()
    toAgentsTools(registry, { agent: coder })
    toAgentsTools(registry, { agent: undefined })
    expectTypeOf<ToAgentsToolsOptions['agent']>().toEqualTypeOf<ToolpipeAgent | undefined>()
    // @ts-expect-error: a name is not an agent
    toAgentsTools(registry, { agent: 'coder' })
    // @ts-expect-error: no dialect option: strict where possible is the rule
    toAgentsTools(registry, { dialect: 'openai' })
  })

  it('gives function tools an Agent takes, whose output is text or text and images', () => {
    expectTypeOf<AgentsTool>().toExtend<FunctionTool<unknown, never, AgentsToolOutput>>()
    expectTypeOf<AgentsTool>().toExtend<Tool>()
    expectTypeOf<AgentsToolOutput>().toEqualTypeOf<string | (ToolOutputText | ToolOutputImage)[]>()
    const agent = new Agent({ name: 'coder', tools: toAgentsTools(registry) })
    expectTypeOf(agent.tools).toExtend<Tool[]>()
  })

  it('throws a coded error', () => {
    expectTypeOf<AgentsBridgeError['code']>().toEqualTypeOf<AgentsBridgeErrorCode>()
    expectTypeOf<AgentsBridgeErrorCode>().toEqualTypeOf<'INVALID_OPTIONS' | 'UNSUPPORTED_TOOL'>()
  })
})
