import { callInput } from '@toolpipe/call-inputs'
import { revokedProxy, shifty, throwingProxy } from '@toolpipe/hostile-values'
import { describe, expect, it, vi } from 'vitest'
import { agent, recordingLogger, tool } from './__fixtures__/tools.js'
import { registryError } from './__fixtures__/registry-error.js'
import type { ApprovalOutcome } from './approval.js'
import { createToolRegistry } from './tool-registry.js'
import type { ToolRegistryOptions } from './tool-registry-options.js'

// SPEC §6.2: createToolRegistry({ approval?, logger? }), logger `{ warn(message, ...details) }`,
// approval an ApprovalService `{ request(request) }`; SPEC §11: hostile input gives the package's
// typed error, never a raw one. STYLE habit 18: read once, refused with INVALID_OPTIONS naming it.

/** What `createToolRegistry(options)` throws: a ToolRegistryError. */
const refusal = (options: unknown) =>
  registryError(() => createToolRegistry(options as ToolRegistryOptions))

const boom = new Error('getter')
const throwingMember = (name: string) =>
  Object.defineProperty({}, name, {
    enumerable: true,
    get: () => {
      throw boom
    },
  })

describe('createToolRegistry refuses options it cannot use, when it is made (SPEC §6.2, §11)', () => {
  it.each([
    ['null', null, 'options must be an object, got null'],
    ['a string', 'console', 'options must be an object, got string'],
    ['logger: 5', { logger: 5 }, 'logger must have a warn function, got 5'],
    ['logger: null', { logger: null }, 'logger must have a warn function, got null'],
    ['logger: {}', { logger: {} }, 'logger.warn must be a function, got undefined'],
    ['approval: 5', { approval: 5 }, 'approval must have a request function, got 5'],
    [
      'approval: { request: "yes" }',
      { approval: { request: 'yes' } },
      'approval.request must be a function, got "yes"',
    ],
    ['logger: getter', throwingMember('logger'), 'logger could not be read: getter'],
    ['approval: getter', throwingMember('approval'), 'approval could not be read: getter'],
    ['dialects: getter', throwingMember('dialects'), 'dialects could not be read: getter'],
    [
      'contentTypes: getter',
      throwingMember('contentTypes'),
      'contentTypes could not be read: getter',
    ],
  ])('%s → INVALID_OPTIONS naming the option', (_label, options, message) => {
    expect(refusal(options)).toMatchObject({
      name: 'ToolRegistryError',
      code: 'INVALID_OPTIONS',
      message: `createToolRegistry: ${message}`,
    })
  })

  it('refuses a revoked Proxy, or one whose traps throw, as options or as a member', () => {
    for (const options of [
      revokedProxy(),
      throwingProxy(),
      { logger: revokedProxy() },
      { approval: throwingProxy() },
      { dialects: revokedProxy([]) },
      { contentTypes: throwingProxy([]) },
    ]) {
      expect(refusal(options).code).toBe('INVALID_OPTIONS')
    }
    expect(refusal({ approval: throwingProxy({}, boom) })).toMatchObject({
      message: 'createToolRegistry: approval.request could not be read: getter',
      cause: boom,
    })
  })

  it('reads each list entry once, and refuses a list too long to walk', () => {
    const reads: string[] = []
    const contentTypes = new Proxy(['resource-link'], {
      get(target, key, receiver) {
        reads.push(String(key))
        return Reflect.get(target, key, receiver) as unknown
      },
    })
    createToolRegistry({ contentTypes: contentTypes as never })
    expect(reads.filter((key) => key === '0')).toEqual(['0'])
    expect(refusal({ contentTypes: new Array(2 ** 32 - 1) })).toMatchObject({
      code: 'INVALID_OPTIONS',
      message: 'createToolRegistry: contentTypes must have at most 1000 entries, got 4294967295',
    })
  })

  it('keeps the codes of dialects and contentTypes that can be read but are wrong', () => {
    expect(refusal({ dialects: 'gemini' }).code).toBe('INVALID_DIALECT')
    expect(refusal({ contentTypes: ['text'] }).code).toBe('INVALID_CONTENT_TYPES')
  })
})

describe('createToolRegistry accepts any logger and service with the method (SPEC §6.2)', () => {
  it('takes class instances, keeps the logger itself as registry.logger, and calls it', () => {
    class Logger {
      readonly lines: string[] = []
      warn(message: string): void {
        this.lines.push(message)
      }
    }
    const logger = new Logger()
    expect(createToolRegistry({ logger }).logger).toBe(logger)
    expect(createToolRegistry({ logger: console }).logger).toBe(console)
    expect(createToolRegistry(undefined).logger).toBe(console)
    expect(createToolRegistry({ logger: undefined, approval: undefined }).logger).toBe(console)
  })

  it('asks the approval service it read, called as a method of itself', async () => {
    class Service {
      readonly asked: string[] = []
      request(request: { toolName: string }): Promise<ApprovalOutcome> {
        this.asked.push(request.toolName)
        return Promise.resolve({ kind: 'allowed-once' })
      }
    }
    const service = new Service()
    const logger = recordingLogger()
    const options = shifty({ approval: service, logger }, { approval: 5, logger: 5 })
    const registry = createToolRegistry(options)
    expect(registry.logger).toBe(logger)
    registry.register(tool('shell'))
    registry.on('tools/pre-execute', () => ({ kind: 'ask' }))
    const result = await registry.execute(callInput('shell', {}, { agent: agent('a') }))
    expect(result.isError).toBe(false)
    expect(service.asked).toEqual(['shell'])
  })

  it('reads a logger’s warn only to check it: a later warn is the logger’s own', async () => {
    const logger = { warn: vi.fn() }
    const registry = createToolRegistry({ logger })
    const replaced = vi.fn()
    logger.warn = replaced
    registry.register(tool('shell'))
    registry.on('tools/result', () => {
      throw new Error('observer')
    })
    await registry.execute(callInput('shell'))
    expect(replaced).toHaveBeenCalledTimes(1)
  })
})
