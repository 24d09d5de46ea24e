import { asCallId } from '@toolpipe/core'
import { createToolRegistry } from '@toolpipe/tools'
import type { ApprovalRequest } from '@toolpipe/tools'
import { generateText, stepCountIs, tool } from 'ai'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { lastToolResults, scriptedModel } from './__fixtures__/scripted-model.js'
import { registerAiSdkTools, toAiSdkTools } from './index.js'
import { call, citySchema } from './__fixtures__/ai-sdk-parts.js'
import { coder } from './__fixtures__/invoke-ai-sdk-tool.js'

/** `registerAiSdkTools`: `needsApproval` through the approval service, and a tool set round trip with `toAiSdkTools`. */

describe('registerAiSdkTools: approvals', () => {
  function approvingRegistry(answers: ApprovalRequest[]) {
    return createToolRegistry({
      approval: {
        request: async (request) => {
          answers.push(request)
          return { kind: 'allowed-once' }
        },
      },
    })
  }

  it('asks the approval service about every call of a tool whose needsApproval is true', async () => {
    const requests: ApprovalRequest[] = []
    const registry = approvingRegistry(requests)
    let ran = 0
    registerAiSdkTools(registry, {
      pay: tool({
        inputSchema: citySchema,
        // eslint-disable-next-line @typescript-eslint/no-deprecated -- what these tests are about
        needsApproval: true,
        execute: async () => {
          ran++
          return 'paid'
        },
      }),
      free: tool({ inputSchema: citySchema, execute: async () => 'free' }),
    })
    await registry.execute(call('pay', { city: 'Oslo' }, { agent: coder }))
    await registry.execute(call('free', { city: 'Oslo' }, { agent: coder }))
    expect(requests.map((request) => [request.toolName, request.reason])).toEqual([
      ['pay', 'tool "pay" needs approval'],
    ])
    expect(ran).toBe(1)
    // Without an agent to route the question through, the call is denied, never run.
    const unrouted = await registry.execute(call('pay', { city: 'Oslo' }))
    expect(unrouted.error?.code).toBe('APPROVAL_UNAVAILABLE')
    expect(ran).toBe(1)
  })

  it('asks when a needsApproval function says so, given the validated input and the call id', async () => {
    const requests: ApprovalRequest[] = []
    const registry = approvingRegistry(requests)
    const asked: unknown[] = []
    registerAiSdkTools(registry, {
      move: tool({
        inputSchema: citySchema,
        // eslint-disable-next-line @typescript-eslint/no-deprecated -- what these tests are about
        needsApproval: async (input, { toolCallId }) => {
          asked.push([input, toolCallId])
          return input.city === 'Paris'
        },
        execute: async () => 'moved',
      }),
    })
    await registry.execute(call('move', { city: 'Oslo' }, { agent: coder }))
    await registry.execute(
      call('move', { city: 'Paris' }, { agent: coder, callId: asCallId('c2') }),
    )
    expect(asked).toEqual([
      [{ city: 'Oslo' }, 'c1'],
      [{ city: 'Paris' }, 'c2'],
    ])
    expect(requests.map((request) => request.callId)).toEqual(['c2'])
  })

  it('leaves a harness’s deny in force and is gone with the disposer', async () => {
    const requests: ApprovalRequest[] = []
    const registry = approvingRegistry(requests)
    registry.on('tools/pre-execute', async (exec, next) =>
      exec.name === 'pay' && (exec.arguments as { city: string }).city === 'Oslo'
        ? { kind: 'deny', reason: 'no payments in Oslo' }
        : next(),
    )
    const dispose = registerAiSdkTools(registry, {
      pay: tool({
        inputSchema: citySchema,
        // eslint-disable-next-line @typescript-eslint/no-deprecated -- what these tests are about
        needsApproval: true,
        execute: async () => 'paid',
      }),
    })
    const denied = await registry.execute(call('pay', { city: 'Oslo' }, { agent: coder }))
    expect(denied.error?.code).toBe('POLICY_DENIED')
    expect(requests).toEqual([])
    dispose()
    registerAiSdkTools(registry, {
      pay: tool({ inputSchema: citySchema, execute: async () => 'paid' }),
    })
    const free = await registry.execute(call('pay', { city: 'Rome' }, { agent: coder }))
    expect(free.isError).toBe(false)
    expect(requests).toEqual([])
  })
})

describe('registerAiSdkTools and toAiSdkTools together', () => {
  it('puts an AI SDK tool set under the pipeline and back into generateText: guards and approvals apply', async () => {
    const requests: ApprovalRequest[] = []
    const registry = createToolRegistry({
      approval: {
        request: async (request) => {
          requests.push(request)
          return { kind: 'rejected', reason: 'too far' }
        },
      },
    })
    registerAiSdkTools(registry, {
      weather: tool({
        description: 'The weather in a city.',
        inputSchema: citySchema,
        execute: async ({ city }) => ({ city, celsius: 21 }),
      }),
      travel: tool({
        description: 'Book a trip.',
        inputSchema: citySchema,
        // eslint-disable-next-line @typescript-eslint/no-deprecated -- what these tests are about
        needsApproval: true,
        execute: async ({ city }) => `booked ${city}`,
      }),
    })
    registry.guard((exec) =>
      exec.name === 'weather' && (exec.arguments as { city: string }).city === 'Atlantis'
        ? 'no such city'
        : undefined,
    )
    const seen: Record<string, unknown>[] = []
    const result = await generateText({
      model: scriptedModel([
        () => ({
          toolCalls: [
            { id: 'w1', name: 'weather', input: { city: 'Oslo' } },
            { id: 'w2', name: 'weather', input: { city: 'Atlantis' } },
            { id: 't1', name: 'travel', input: { city: 'Oslo' } },
          ],
        }),
        (prompt) => {
          seen.push(lastToolResults(prompt))
          return { text: 'stay home' }
        },
      ]),
      tools: toAiSdkTools(registry, { agent: coder }),
      stopWhen: stepCountIs(3),
      prompt: 'Plan a trip.',
    })
    expect(result.text).toBe('stay home')
    expect(seen).toEqual([
      {
        w1: { type: 'text', value: '{"city":"Oslo","celsius":21}' },
        w2: { type: 'error-text', value: 'Error: no such city' },
        t1: { type: 'error-text', value: 'Error: the user rejected tool "travel": too far' },
      },
    ])
    expect(requests.map((request) => request.callId)).toEqual(['t1'])
  })

  it('lets the model correct a call its zod schema refused, in the next step', async () => {
    const registry = createToolRegistry()
    registerAiSdkTools(registry, {
      convert: tool({
        description: 'Convert an amount.',
        inputSchema: z.object({ amount: z.number().positive(), currency: z.enum(['EUR', 'USD']) }),
        execute: async ({ amount, currency }) => `${amount} ${currency} is ${amount * 10} NOK`,
      }),
    })
    const seen: Record<string, unknown>[] = []
    const result = await generateText({
      model: scriptedModel([
        () => ({
          toolCalls: [{ id: 'c1', name: 'convert', input: { amount: -5, currency: 'GBP' } }],
        }),
        (prompt) => {
          seen.push(lastToolResults(prompt))
          return {
            toolCalls: [{ id: 'c2', name: 'convert', input: { amount: 5, currency: 'EUR' } }],
          }
        },
        (prompt) => {
          seen.push(lastToolResults(prompt))
          return { text: '50 NOK' }
        },
      ]),
      tools: toAiSdkTools(registry),
      stopWhen: stepCountIs(4),
      prompt: 'How much is 5 euros in kroner?',
    })
    expect(result.text).toBe('50 NOK')
    expect(seen).toEqual([
      {
        c1: {
          type: 'error-text',
          value:
            'Error: invalid arguments: "amount": Too small: expected number to be >0; "currency": Invalid option: expected one of "EUR"|"USD"',
        },
      },
      { c2: { type: 'text', value: '5 EUR is 50 NOK' } },
    ])
  })
})
