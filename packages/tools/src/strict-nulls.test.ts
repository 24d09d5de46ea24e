import type { JsonValue } from '@toolpipe/core'
import type { ArgIssue } from '@toolpipe/schema'
import { describe, expect, it, vi } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { readTextFileInputSchema } from '@toolpipe/tool-schemas'
import { agent, text, tool } from './__fixtures__/tools.js'
import type { ToolDefinition, ToolParameters } from './tool-definition.js'
import { createToolRegistry } from './tool-registry.js'

/**
 * SPEC §22, first rule: step 4's null → absent step (SPEC §9.3) applies to every tool whose
 * parameters are a JSON Schema the registry knows, not only to `defineTool` tools: a hand-written
 * definition without `normalizeArgs` (what `@toolpipe/mcp` mounts: its parameters are the
 * server's `inputSchema`) has it read from its `parameters`, once per definition.
 */

/**
 * `read_text_file` of @modelcontextprotocol/server-filesystem, as the server lists it, with a
 * member that accepts null (`note`) beside the ones that do not.
 */
const readTextFileSchema = {
  ...readTextFileInputSchema,
  properties: { ...readTextFileInputSchema.properties, note: { type: ['string', 'null'] } },
} satisfies ToolParameters

/** A hand-written tool with those parameters, a check that refuses what the schema does, and a body that echoes. */
function readTextFile(extra: Partial<ToolDefinition> = {}, withCheck = true) {
  const seen: unknown[] = []
  const checkArgs = vi.fn((args: JsonValue): ArgIssue[] => {
    const record = args as Record<string, unknown>
    return ['head', 'tail'].flatMap((key): ArgIssue[] =>
      key in record && typeof record[key] !== 'number'
        ? [
            {
              code: 'invalid',
              path: [key],
              message: `"${key}" must be a number`,
              reason: 'x',
              vendor: 'test',
            },
          ]
        : [],
    )
  })
  const definition = tool(
    'read_text_file',
    (args, exec) => {
      seen.push(args, exec.arguments)
      return [text(JSON.stringify(args))]
    },
    { parameters: readTextFileSchema, ...(withCheck ? { checkArgs } : {}), ...extra },
  )
  return { definition, seen, checkArgs }
}

describe('step 4 normalizes the arguments of a hand-written definition by its parameters', () => {
  it("removes a strict model's nulls for optional members: the check and the body see them left out", async () => {
    const { definition, seen, checkArgs } = readTextFile()
    const registry = createToolRegistry()
    registry.register(definition)
    const result = await registry.execute(
      callInput('read_text_file', { path: 'a.txt', head: null, tail: null }),
    )
    expect(result).toMatchObject({ isError: false, content: [text('{"path":"a.txt"}')] })
    expect(checkArgs).toHaveBeenCalledTimes(1)
    expect(checkArgs).toHaveBeenCalledWith({ path: 'a.txt' })
    expect(seen[0]).toEqual({ path: 'a.txt' })
    expect(seen[1]).toBe(seen[0])
    expect(Object.isFrozen(seen[0])).toBe(true)
  })

  it('keeps a null for a required member, or for one that accepts null, for the check to judge', async () => {
    const { definition, seen } = readTextFile()
    const registry = createToolRegistry()
    registry.register(definition)
    await registry.execute(callInput('read_text_file', { path: null, note: null, head: 3 }))
    expect(seen[0]).toEqual({ path: null, note: null, head: 3 })
  })

  it('also without a checkArgs, and for the arguments a person edits at approval', async () => {
    const registry = createToolRegistry({
      approval: {
        request: async () => ({ kind: 'allowed-once', arguments: { path: 'b.txt', tail: null } }),
      },
    })
    const { definition, seen } = readTextFile({}, false)
    registry.register(definition)
    registry.on('tools/pre-execute', () => ({ kind: 'ask' }))
    const result = await registry.execute(
      callInput('read_text_file', { path: 'a.txt', head: null }, { agent: agent('coder') }),
    )
    expect(result.content).toEqual([text('{"path":"b.txt"}')])
    expect(seen[0]).toEqual({ path: 'b.txt' })
  })

  it('reads the parameters once per definition, a copy that later changes do not reach', async () => {
    const parameters = structuredClone(readTextFileSchema) as typeof readTextFileSchema & {
      required: string[]
    }
    let reads = 0
    const { definition, seen } = readTextFile()
    const counted: ToolDefinition = {
      ...definition,
      get parameters() {
        reads++
        return parameters
      },
    }
    const registry = createToolRegistry()
    registry.register(counted)
    const before = reads
    await registry.execute(callInput('read_text_file', { path: 'a.txt', head: null }))
    parameters.required.push('head')
    await registry.execute(callInput('read_text_file', { path: 'a.txt', head: null }))
    expect(reads - before).toBe(1)
    expect(seen[0]).toEqual({ path: 'a.txt' })
    expect(seen[2]).toEqual({ path: 'a.txt' })
    // A second registry has its own memo: it reads the parameters as they are now, where "head"
    // is required, so its null stays, and the check refuses it.
    const other = createToolRegistry()
    other.register(counted)
    expect(
      await other.execute(callInput('read_text_file', { path: 'a.txt', head: null })),
    ).toMatchObject({ isError: true, error: { code: 'INVALID_ARGS' } })
  })

  it("leaves a definition's own normalizeArgs in charge", async () => {
    const normalizeArgs = vi.fn((args: JsonValue) => args)
    const { definition, seen } = readTextFile({ normalizeArgs }, false)
    const registry = createToolRegistry()
    registry.register(definition)
    await registry.execute(callInput('read_text_file', { path: 'a.txt', head: null }))
    expect(normalizeArgs).toHaveBeenCalledTimes(1)
    expect(seen[0]).toEqual({ path: 'a.txt', head: null })
  })

  it('parameters that became unreadable after registration leave the arguments to the check', async () => {
    const { definition } = readTextFile()
    let readable = true
    const changing: ToolDefinition = {
      ...definition,
      get parameters(): ToolParameters {
        if (readable) return readTextFileSchema
        throw new Error('gone')
      },
    }
    const registry = createToolRegistry()
    registry.register(changing)
    readable = false
    const result = await registry.execute(
      callInput('read_text_file', { path: 'a.txt', head: null }),
    )
    expect(result).toMatchObject({
      isError: true,
      error: { code: 'INVALID_ARGS' },
      content: [text('Error: invalid arguments: "head" must be a number')],
    })
  })
})
