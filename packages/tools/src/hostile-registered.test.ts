import { JsonSnapshotError } from '@toolpipe/core'
import { dialects } from '@toolpipe/schema'
import { describe, expect, it } from 'vitest'
import { alice, tool } from './__fixtures__/tools.js'
import { registryError } from './__fixtures__/registry-error.js'
import type { SchemasDialect } from './schemas-options.js'
import type { ToolDefinition } from './tool-definition.js'
import { createToolRegistry } from './tool-registry.js'
import type { ToolRegistry } from './tool-registry.js'

/**
 * SPEC §11 "A hostile schema object (Proxy traps, throwing getters) gives the package's typed
 * error, never a raw one", after registration too: definitions are borrowed, so `schemas()` and
 * `descriptors()` read their members again, and what cannot be read then is what registration
 * gives, `ToolRegistryError` `INVALID_TOOL` naming the tool and the member, what was thrown as
 * `cause`, in every dialect.
 */

const everyDialect: readonly SchemasDialect[] = [...dialects, 'openai-responses']
const objectSchema = () => ({ type: 'object', properties: { q: { type: 'string' } } }) as const

/**
 * A registry holding `definition`, whose member `key` reads as `value` until the returned
 * `arm()`, then throws `error`: registration reads it fine, a later read does not.
 */
function turning(key: keyof ToolDefinition, value: unknown, error: unknown) {
  let armed = false
  const definition = tool('t')
  Object.defineProperty(definition, key, {
    enumerable: true,
    get() {
      if (armed) throw error
      return value
    },
  })
  const registry = createToolRegistry()
  registry.register(definition)
  return {
    registry,
    arm: () => {
      armed = true
    },
  }
}

/** A Proxy of `target` whose `get` and `ownKeys` traps throw `error` once armed. */
function turningProxy<TTarget extends object>(
  target: TTarget,
  error: unknown,
): { proxy: TTarget; arm: () => void } {
  let armed = false
  const proxy = new Proxy<TTarget>(target, {
    get(object, key, receiver) {
      if (armed) throw error
      return Reflect.get(object, key, receiver) as unknown
    },
    ownKeys(object) {
      if (armed) throw error
      return Reflect.ownKeys(object)
    },
  })
  return {
    proxy,
    arm: () => {
      armed = true
    },
  }
}

/** What `read` throws: `INVALID_TOOL`, `<what> could not be read: boom`, `error` its cause. */
function expectUnreadable(read: () => unknown, what: string, error: Error): void {
  const thrown = registryError(read)
  expect(thrown).toMatchObject({ code: 'INVALID_TOOL', message: `${what} could not be read: boom` })
  expect(thrown.cause).toBe(error)
}

const schemasIn = (dialect: SchemasDialect) => (registry: ToolRegistry) =>
  registry.schemas(undefined, { dialect })
const everySurface = [
  ...everyDialect.map((dialect) => [`schemas() in ${dialect}`, schemasIn(dialect)] as const),
  ['descriptors()', (registry: ToolRegistry) => registry.descriptors()] as const,
]

describe('SPEC §11: a member that cannot be read after registration is INVALID_TOOL', () => {
  describe.each(everySurface)('%s', (_, read) => {
    it.each([
      ['parameters', objectSchema()],
      ['description', 'the t tool'],
    ] as const)('a %s getter that throws', (key, value) => {
      const error = new Error('boom')
      const { registry, arm } = turning(key, value, error)
      arm()
      expectUnreadable(() => read(registry), `tool "t": ${key}`, error)
    })

    it('parameters whose Proxy traps throw', () => {
      const error = new Error('boom')
      const { proxy, arm } = turningProxy(objectSchema(), error)
      const registry = createToolRegistry()
      registry.register(tool('t', undefined, { parameters: proxy }))
      arm()
      expectUnreadable(() => read(registry), 'tool "t": parameters', error)
    })

    it('parameters revoked after registration, and a name getter that throws', () => {
      const { proxy, revoke } = Proxy.revocable(objectSchema(), {})
      const registry = createToolRegistry()
      registry.register(tool('t', undefined, { parameters: proxy }))
      revoke()
      const thrown = registryError(() => read(registry))
      expect(thrown.code).toBe('INVALID_TOOL')
      expect(thrown.cause).toBeInstanceOf(TypeError)
      expect(thrown.message).toMatch(/^tool "t": parameters could not be read: /)

      const error = new Error('boom')
      const named = turning('name', 't', error)
      named.arm()
      expectUnreadable(() => read(named.registry), 'the name of a registered tool', error)
    })

    it('parameters no longer JSON: INVALID_TOOL, as at registration, the snapshot error its cause', () => {
      const parameters: Record<string, unknown> = objectSchema()
      const registry = createToolRegistry()
      registry.register(tool('t', undefined, { parameters: parameters as never }))
      parameters.properties = { q: () => 'not JSON' }
      const thrown = registryError(() => read(registry))
      expect(thrown).toMatchObject({
        code: 'INVALID_TOOL',
        message:
          'tool "t": parameters must be JSON: not JSON at $.properties.q: a function is not a JSON value',
      })
      expect(thrown.cause).toBeInstanceOf(JsonSnapshotError)
    })
  })
})

describe('SPEC §11: descriptors() of a member that cannot be read after registration', () => {
  const outputSchema = { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] }

  it.each([
    ['outputSchema', outputSchema],
    ['annotations', { readOnly: true }],
    ['concurrencySafe', true],
  ] as const)('a %s getter that throws', (key, value) => {
    const error = new Error('boom')
    const { registry, arm } = turning(key, value, error)
    expect(registry.descriptors()).toHaveLength(1)
    arm()
    expectUnreadable(() => registry.descriptors(), `tool "t": ${key}`, error)
    expectUnreadable(() => registry.scope(alice).descriptors(), `tool "t": ${key}`, error)
    // schemas() shows none of them: it reads none of them.
    expect(registry.schemas()).toHaveLength(1)
  })

  it('an outputSchema whose Proxy traps throw', () => {
    const error = new Error('boom')
    const { proxy, arm } = turningProxy(structuredClone(outputSchema), error)
    const registry = createToolRegistry()
    registry.register(tool('t', undefined, { outputSchema: proxy as never }))
    arm()
    expectUnreadable(() => registry.descriptors(), 'tool "t": outputSchema', error)
  })

  it('an annotation a Proxy trap keeps from being read, named as at registration', () => {
    const error = new Error('boom')
    const { proxy, arm } = turningProxy({ title: 'T', readOnly: true }, error)
    const registry = createToolRegistry()
    registry.register(tool('t', undefined, { annotations: proxy }))
    arm()
    expectUnreadable(() => registry.descriptors(), 'tool "t": annotations.title', error)
  })
})

describe('SPEC §11, §24: schemas() with deferLoading of a deferLoading getter that throws', () => {
  it.each(['anthropic', 'openai-responses'] as const)('%s', (dialect) => {
    const error = new Error('boom')
    const { registry, arm } = turning('deferLoading', true, error)
    arm()
    expectUnreadable(
      () => registry.schemas(undefined, { dialect, deferLoading: true }),
      'tool "t": deferLoading',
      error,
    )
  })
})
