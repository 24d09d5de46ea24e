import { describe, expect, it, vi } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { agent, recordingLogger, text } from './__fixtures__/tools.js'
import { defineTool } from './define-tool.js'
import type { DialectIssueReport } from './schemas-options.js'
import { createToolRegistry } from './tool-registry.js'
import type { ToolRegistryLogger } from './tool-registry-options.js'

/**
 * SPEC §22, third rule: one tool a dialect cannot express never takes the others down.
 * `schemas(scope, { dialect })` sends an `openai-strict` tool that strict mode cannot take in the
 * `openai` dialect (no `strict`), leaves out one no allowed form expresses, reports each to
 * `onDialectIssue`, and by default warns once per (tool, dialect) for the registry's lifetime.
 */

const read = defineTool({
  name: 'read',
  description: 'Read a file.',
  parameters: { path: { type: 'string', required: true } },
  execute: () => [text('read')],
})
/** A free-form object: strict mode cannot list its members, plain OpenAI takes it. */
const configure = defineTool({
  name: 'configure',
  description: 'Set options.',
  parameters: { options: { type: 'object' } },
  execute: () => [text('configured')],
})
/** An array without items: no OpenAI mode, and not Gemini, takes it. */
const tag = defineTool({
  name: 'tag',
  description: 'Tag things.',
  parameters: { tags: { type: 'array' } },
  execute: () => [text('tagged')],
})
/** A number enum: fine for OpenAI, not for Gemini. */
const scale = defineTool({
  name: 'scale',
  description: 'Scale.',
  parameters: { by: { type: 'number', enum: [0.5, 2], required: true } },
  execute: () => [text('scaled')],
})

function registryOf(logger: ToolRegistryLogger = recordingLogger()) {
  const registry = createToolRegistry({ logger })
  for (const tool of [read, configure, tag, scale]) registry.register(tool)
  return registry
}

describe('schemas(scope, { dialect }) degrades per tool', () => {
  it('openai-strict: strict where it can, non-strict openai where only that can, left out where neither can, in order', () => {
    const reports: DialectIssueReport[] = []
    const schemas = registryOf().schemas(undefined, {
      dialect: 'openai-strict',
      onDialectIssue: (report) => reports.push(report),
    })
    expect(schemas.map((schema) => [schema.name, schema.strict])).toEqual([
      ['read', true],
      ['configure', undefined],
      ['scale', true],
    ])
    expect(schemas[1]).toEqual({
      name: 'configure',
      description: 'Set options.',
      parameters: { type: 'object', properties: { options: { type: 'object' } } },
    })
    expect(reports).toEqual([
      {
        tool: 'configure',
        dialect: 'openai-strict',
        action: 'non-strict',
        issues: [
          {
            path: 'parameters.properties.options',
            keyword: 'properties',
            message: expect.stringMatching(/^a free-form object/) as unknown,
            fatal: true,
          },
        ],
      },
      {
        tool: 'tag',
        dialect: 'openai-strict',
        action: 'omitted',
        // The strict dialect's, then the openai fallback's.
        issues: [
          expect.objectContaining({ path: 'parameters.properties.tags', keyword: 'items' }),
          expect.objectContaining({ path: 'parameters.properties.tags', keyword: 'items' }),
        ],
      },
    ])
    for (const report of reports) {
      expect(Object.isFrozen(report)).toBe(true)
      expect(Object.isFrozen(report.issues)).toBe(true)
      expect(Object.isFrozen(report.issues[0])).toBe(true)
    }
  })

  it('gemini and openai: left out, never sent non-strict', () => {
    const reports: DialectIssueReport[] = []
    const onDialectIssue = (report: DialectIssueReport) => reports.push(report)
    const registry = registryOf()
    expect(
      registry.schemas(undefined, { dialect: 'gemini', onDialectIssue }).map(({ name }) => name),
    ).toEqual(['read', 'configure'])
    expect(
      registry.schemas(undefined, { dialect: 'openai', onDialectIssue }).map(({ name }) => name),
    ).toEqual(['read', 'configure', 'scale'])
    expect(reports.map(({ tool, dialect, action }) => [tool, dialect, action])).toEqual([
      ['tag', 'gemini', 'omitted'],
      ['scale', 'gemini', 'omitted'],
      ['tag', 'openai', 'omitted'],
    ])
    expect(reports[1]?.issues).toEqual([expect.objectContaining({ keyword: 'enum', fatal: true })])
  })

  it('by default: one logger.warn line per (tool, dialect) for the registry lifetime, never per call', () => {
    const logger = recordingLogger()
    const registry = registryOf(logger)
    for (let turn = 0; turn < 5; turn++) {
      registry.schemas(undefined, { dialect: 'openai-strict' })
      registry.scope(agent('a')).schemas({ dialect: 'openai-strict' })
    }
    expect(logger.warnings).toEqual([
      [
        expect.stringMatching(
          /^toolpipe: tool "configure" cannot be expressed in the openai-strict dialect, sent without strict mode \(the openai dialect\): parameters\.properties\.options: a free-form object/,
        ),
      ],
      [
        expect.stringMatching(
          /^toolpipe: tool "tag" cannot be expressed in the openai-strict dialect, left out of the tools the model is shown: parameters\.properties\.tags: an array without "items"/,
        ),
      ],
    ])
    registry.schemas(undefined, { dialect: 'gemini' })
    registry.schemas(undefined, { dialect: 'gemini' })
    expect(logger.warnings.slice(2).map(([message]) => message)).toEqual([
      expect.stringContaining('tool "tag" cannot be expressed in the gemini dialect'),
      expect.stringContaining('tool "scale" cannot be expressed in the gemini dialect'),
    ])
  })

  it('counts a tool by its name: a remount or the same tool in several scopes warns once', () => {
    const logger = recordingLogger()
    const registry = createToolRegistry({ logger })
    // A new definition object each time, as a remount or a refresh makes.
    const fresh = () => ({ ...configure })
    const dispose = registry.register(fresh())
    registry.schemas(undefined, { dialect: 'openai-strict' })
    dispose()
    registry.register(fresh())
    registry.schemas(undefined, { dialect: 'openai-strict' })
    for (const id of ['a', 'b']) {
      registry.scope(agent(id)).register(fresh())
      registry.scope(agent(id)).schemas({ dialect: 'openai-strict' })
    }
    expect(logger.warnings).toHaveLength(1)
  })

  it('with onDialectIssue: reported on every call, as data, and not logged', () => {
    const logger = recordingLogger()
    const registry = registryOf(logger)
    const onDialectIssue = vi.fn()
    registry.schemas(undefined, { dialect: 'openai-strict', onDialectIssue })
    registry.scope(agent('a')).schemas({ dialect: 'openai-strict', onDialectIssue })
    expect(onDialectIssue).toHaveBeenCalledTimes(4)
    expect(logger.warnings).toEqual([])
  })

  it('a throwing onDialectIssue is logged, and the schemas are still returned', () => {
    const logger = recordingLogger()
    const registry = registryOf(logger)
    const boom = new Error('boom')
    const schemas = registry.schemas(undefined, {
      dialect: 'openai-strict',
      onDialectIssue: () => {
        throw boom
      },
    })
    expect(schemas).toHaveLength(3)
    expect(logger.warnings).toEqual([
      ['toolpipe: an onDialectIssue callback failed', boom],
      ['toolpipe: an onDialectIssue callback failed', boom],
    ])
  })

  it('an onDialectIssue that is not a function is refused with INVALID_LISTENER', () => {
    const registry = registryOf()
    expect(() =>
      registry.schemas(undefined, { dialect: 'gemini', onDialectIssue: 'log' as never }),
    ).toThrow(
      expect.objectContaining({
        name: 'ToolRegistryError',
        code: 'INVALID_LISTENER',
        message: 'onDialectIssue must be a function, got "log"',
      }) as Error,
    )
  })

  it('a tool left out of the schemas is still a registered tool: a call of it runs', async () => {
    const registry = registryOf()
    registry.schemas(undefined, { dialect: 'gemini', onDialectIssue: () => undefined })
    expect(await registry.execute(callInput('tag', { tags: ['a'] }))).toMatchObject({
      isError: false,
      content: [text('tagged')],
    })
  })

  it('a registry configured with dialects still refuses such a tool at register', () => {
    const registry = createToolRegistry({ dialects: ['openai-strict'] })
    expect(() => registry.register(configure)).toThrow(
      expect.objectContaining({ code: 'UNSUPPORTED_SCHEMA' }) as Error,
    )
  })
})
