import { JsonSnapshotError } from '@toolpipe/core'
import { OutputSchemaError } from '@toolpipe/structured-output'
import { describe, expect, it } from 'vitest'
import { tool } from '../__fixtures__/tools.js'
import { ToolRegistryError } from '../tool-registry-error.js'
import {
  assertAnnotations,
  assertTimeout,
  assertToolDefinition,
  assertToolName,
  maxTimeoutMs,
} from './check-definition.js'

/**
 * What `register` and `defineTool` check in a definition (SPEC §5): each mistake is
 * `INVALID_TOOL` with a message that names the tool and the member.
 */

function refusal(fn: () => unknown): ToolRegistryError {
  try {
    fn()
  } catch (error) {
    expect(error).toBeInstanceOf(ToolRegistryError)
    expect((error as ToolRegistryError).code).toBe('INVALID_TOOL')
    return error as ToolRegistryError
  }
  throw new Error('expected a refusal')
}

const namePattern = '/^[a-zA-Z0-9_-]{1,64}$/ (letters, digits, _ and -, 1 to 64 characters)'

describe('check-definition', () => {
  it('a tool name must be a string of the provider pattern: a number that would match as text is refused', () => {
    expect(
      refusal(() => {
        assertToolName(5)
      }).message,
    ).toBe(`tool name 5 must match ${namePattern}`)
    expect(
      refusal(() => {
        assertToolName('a b')
      }).message,
    ).toBe(`tool name "a b" must match ${namePattern}`)
    expect(() => {
      assertToolName('read_file-2')
    }).not.toThrow()
  })

  it('timeoutMs may be the longest delay a timer honours, and no more', () => {
    expect(() => {
      assertTimeout('x', maxTimeoutMs)
    }).not.toThrow()
    expect(
      refusal(() => {
        assertTimeout('x', maxTimeoutMs + 1)
      }).message,
    ).toBe(
      `tool "x": timeoutMs must be a positive, finite number of milliseconds no larger than ${maxTimeoutMs}, got ${maxTimeoutMs + 1}`,
    )
  })

  it('a definition must be an object', () => {
    for (const [definition, described] of [
      [null, 'null'],
      ['read', '"read"'],
    ] as const) {
      expect(refusal(() => assertToolDefinition(definition)).message).toBe(
        `a tool definition must be an object, got ${described}`,
      )
    }
  })

  it('names the member that is wrong: description, execute', () => {
    expect(refusal(() => assertToolDefinition({ ...tool('x'), description: 1 })).message).toBe(
      'tool "x": description must be a string',
    )
    expect(refusal(() => assertToolDefinition({ ...tool('x'), execute: 'run' })).message).toBe(
      'tool "x": execute must be a function',
    )
  })

  it('parameters that are not JSON: INVALID_TOOL with the snapshot error as cause', () => {
    const error = refusal(() =>
      assertToolDefinition({ ...tool('x'), parameters: { type: 'object', n: 1n } }),
    )
    expect(error.cause).toBeInstanceOf(JsonSnapshotError)
    expect(error.message).toBe(
      `tool "x": parameters must be JSON: ${(error.cause as Error).message}`,
    )
  })

  it('a throwing getter in parameters is INVALID_TOOL naming them, not a JSON mistake, with the thrown error as cause (SPEC §11)', () => {
    const boom = new TypeError('getter')
    const parameters = {
      get type(): string {
        throw boom
      },
    }
    const error = refusal(() => assertToolDefinition({ ...tool('x'), parameters }))
    expect(error.message).toBe('tool "x": parameters could not be read: getter')
    expect(error.cause).toBe(boom)
  })

  it('returns the name and the JSON copy of the parameters it checked, read once', () => {
    let reads = 0
    const parameters = { type: 'object', properties: { a: { type: 'string' } } }
    const definition = tool('x')
    Object.defineProperty(definition, 'parameters', { get: () => (reads++, parameters) })
    const checked = assertToolDefinition(definition)
    expect(checked).toEqual({ name: 'x', parameters })
    expect(checked.parameters).not.toBe(parameters)
    expect(reads).toBe(1)
  })

  it.each([[null], [[]], ['object'], [{ type: 'array' }]])(
    'parameters must be a JSON Schema object with type "object": %j is refused',
    (parameters) => {
      expect(refusal(() => assertToolDefinition({ ...tool('x'), parameters })).message).toBe(
        'tool "x": parameters must be a JSON Schema object with type "object"',
      )
    },
  )

  it('an outputSchema outside the subset: INVALID_TOOL with the OutputSchemaError as cause', () => {
    const error = refusal(() =>
      assertToolDefinition({
        ...tool('x'),
        outputSchema: { type: 'object', patternProperties: {} },
      }),
    )
    expect(error.cause).toBeInstanceOf(OutputSchemaError)
    expect(error.message).toBe(`tool "x": outputSchema: ${(error.cause as Error).message}`)
  })

  it('annotations must be an object, not an array', () => {
    expect(
      refusal(() => {
        assertAnnotations('x', [])
      }).message,
    ).toBe('tool "x": annotations must be an object, got an array')
  })
})
