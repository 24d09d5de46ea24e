import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { propertyParameters } from '../../../property-runs.shared.js'
import { callInput } from '@toolpipe/call-inputs'
import { cyclic, revokedProxy } from '@toolpipe/hostile-values'
import { anyValue } from './__fixtures__/hostile-values.js'
import { isDeepFrozen, text, tool } from './__fixtures__/tools.js'
import { createToolRegistry } from './tool-registry.js'

/** Values a hostile or buggy caller could pass as arguments, JSON-safe or not. */
const hostileArguments = fc.oneof(
  fc.jsonValue(),
  anyValue(),
  fc.jsonValue().map((value) => cyclic(value)),
  fc.jsonValue().map((value) => ({ value, negativeZero: -0 })),
  fc.jsonValue().map((value) => ({
    get value() {
      return value
    },
  })),
  fc.jsonValue().map((value) => ({
    get broken(): never {
      throw new Error('getter throws')
    },
    value,
  })),
  fc.jsonValue().map((value) => new Proxy({ value }, {})),
  fc.constant(
    new Proxy(
      {},
      {
        ownKeys() {
          throw new Error('ownKeys trap throws')
        },
      },
    ),
  ),
)

function isJsonSafe(value: unknown): boolean {
  try {
    return JSON.stringify(JSON.parse(JSON.stringify(value))) === JSON.stringify(value)
  } catch {
    return false
  }
}

describe('execute() on arbitrary arguments', () => {
  it('resolves with a deep-frozen, JSON-safe result; the tool runs only on JSON-safe arguments, with a frozen copy', async () => {
    const registry = createToolRegistry()
    let received: unknown[] = []
    registry.register(
      tool('probe', (args) => {
        received.push(args)
        return [text('ok')]
      }),
    )
    await fc.assert(
      fc.asyncProperty(hostileArguments, async (args) => {
        received = []
        const result = await registry.execute(callInput('probe', args))
        expect(isDeepFrozen(result)).toBe(true)
        expect(JSON.parse(JSON.stringify(result))).toEqual(result)
        if (received.length === 0) {
          expect(result.error).toEqual({ name: 'JsonSnapshotError', code: 'NOT_JSON' })
        } else {
          expect(received).toHaveLength(1)
          expect(isJsonSafe(received[0])).toBe(true)
          expect(isDeepFrozen(received[0])).toBe(true)
          if (typeof args === 'object' && args !== null) expect(received[0]).not.toBe(args)
          expect(result).toEqual({ content: [text('ok')], isError: false })
        }
      }),
      propertyParameters(1000),
    )
  })

  it('resolves whatever the other input fields are, hostile ones included', async () => {
    const registry = createToolRegistry()
    registry.register(tool('probe'))
    // Values are made inside the run: fast-check inspects its own constants, and a revoked
    // Proxy would throw there rather than in the code under test.
    const hostile = fc.oneof(
      fc.constantFrom(
        revokedProxy,
        () => Symbol('token'),
        () => ({ id: 'agent' }),
        () => 'probe',
      ),
      fc.anything().map((value) => () => value),
    )
    // Mostly a valid field, so that the checks of the other fields are reached too.
    const field = (valid: () => unknown) =>
      fc.oneof({ arbitrary: fc.constant(valid), weight: 2 }, { arbitrary: hostile, weight: 1 })
    await fc.assert(
      fc.asyncProperty(
        field(() => 'call_1'),
        field(() => 'probe'),
        field(() => ({ id: 'agent' })),
        field(() => undefined),
        field(() => new AbortController().signal),
        async (callId, name, agent, parent, signal) => {
          const input = {
            callId: callId(),
            name: name(),
            arguments: {},
            agent: agent(),
            parent: parent(),
            signal: signal(),
          }
          const result = await registry.execute(input as never)
          expect(isDeepFrozen(result)).toBe(true)
          expect(JSON.parse(JSON.stringify(result))).toEqual(result)
        },
      ),
      propertyParameters(500),
    )
  })
})
