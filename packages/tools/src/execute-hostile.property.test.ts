import { describeThrown } from '@toolpipe/core/internal'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { propertyParameters } from '../../../property-runs.shared.js'
import { callInput } from '@toolpipe/call-inputs'
import { isJsonSafe, registryFor, setup } from './__fixtures__/hostile-plugins.js'
import { agent, isDeepFrozen } from './__fixtures__/tools.js'
import type { ToolExecutionResult } from './tool-execution.js'

/*
 * SPEC §6.2 "execute() never rejects", §6.3 and §11 under fire: every plugin hook of a registry
 * (pre-execute listeners, guards, the approval service, wrappers, post-execute listeners,
 * observers, the logger, the tool's checkArgs and body) and the arguments themselves are drawn
 * from hostile values. Whatever they do, execute() resolves to a deep-frozen, JSON-safe result
 * whose `error` says what happened, the tool only ever sees frozen JSON, and a guard that denies
 * keeps the tool from running.
 */

describe('execute() under hostile plugins and arguments', () => {
  const unhandled: unknown[] = []
  const onUnhandled = (reason: unknown) => void unhandled.push(describeThrown(reason))
  beforeAll(() => {
    process.on('unhandledRejection', onUnhandled)
  })
  afterAll(() => {
    process.off('unhandledRejection', onUnhandled)
  })

  it('never rejects; the result is frozen JSON with an error iff it is one; the tool sees only frozen JSON; a denying guard always wins', async () => {
    await fc.assert(
      fc.asyncProperty(setup, async (drawn) => {
        const seen: { args: unknown; execArgs: unknown }[] = []
        const registry = registryFor(drawn, seen)
        const input = callInput('probe', drawn.args(), drawn.withAgent ? { agent: agent('a') } : {})
        let result: ToolExecutionResult | undefined
        let rejection: unknown
        await registry.execute(input).then(
          (value) => (result = value),
          (error: unknown) => (rejection = error ?? 'undefined'),
        )
        expect(rejection).toBeUndefined()
        expect(result).toBeDefined()
        const final = result!
        expect(isDeepFrozen(final)).toBe(true)
        expect(isJsonSafe(final)).toBe(true)
        expect(Array.isArray(final.content)).toBe(true)
        if (final.isError) {
          expect(typeof final.error.name).toBe('string')
          expect(typeof final.error.code).toBe('string')
        } else {
          expect(final.isError).toBe(false)
          expect('error' in final).toBe(false)
        }
        for (const { args, execArgs } of seen) {
          expect(isJsonSafe(args)).toBe(true)
          expect(isDeepFrozen(args)).toBe(true)
          expect(args).toBe(execArgs)
        }
        if (drawn.denyAll) {
          expect(seen).toEqual([])
          expect(final.isError).toBe(true)
        }
      }),
      // A mutation run makes 300: every pipeline mutant meets this test.
      propertyParameters(10_000, 300),
    )
    // Let late rejections surface before looking.
    for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve))
    expect(unhandled).toEqual([])
    // 10,000 runs take 10–25 s alone and over 70 s beside a full build on 2 cores: the timeout
    // catches a hang, not slowness.
  }, 240_000)
})
