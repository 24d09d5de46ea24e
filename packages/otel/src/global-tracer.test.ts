import { createRequire } from 'node:module'
import { trace } from '@opentelemetry/api'
import type * as ApiModule from '@opentelemetry/api'
import type * as SdkTraceModule from '@opentelemetry/sdk-trace'
import { createToolRegistry } from '@toolpipe/tools'
import type { ToolRegistry } from '@toolpipe/tools'
import { afterEach, describe, expect, it } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { recordingTracing, tool } from './__fixtures__/otel.js'
import { otelTracing } from './otel-tracing.js'

// `@opentelemetry/api` ships an ES module build (what this package and this file import) and a
// CommonJS one, which `@opentelemetry/sdk-node` and `--require` setups register through. Both
// share the global registration slot, but each has its own proxy tracer provider.
const require = createRequire(import.meta.url)
const commonJsApi = require('@opentelemetry/api') as typeof ApiModule
const commonJsSdk = require('@opentelemetry/sdk-trace') as typeof SdkTraceModule

/** A provider of the SDK's CommonJS build, exporting to memory. */
function commonJsTracing() {
  const exporter = new commonJsSdk.InMemorySpanExporter()
  const provider = new commonJsSdk.TracerProvider({
    spanProcessors: [new commonJsSdk.SimpleSpanProcessor({ exporter })],
  })
  return { provider, names: () => exporter.getFinishedSpans().map((span) => span.name) }
}

function tracedRegistry(options: Parameters<typeof otelTracing>[0] = {}): ToolRegistry {
  const registry = createToolRegistry()
  registry.use(otelTracing(options))
  registry.register(tool('read_file'))
  return registry
}

describe('SPEC §15: with no tracer option, the global tracer provider’s toolpipe tracer is used', () => {
  afterEach(() => {
    trace.disable()
    commonJsApi.trace.disable()
  })

  it('follows a provider registered through the CommonJS build of the API after installation', async () => {
    const registry = tracedRegistry()
    // A call before any provider: the API's no-op tracer.
    await registry.execute(callInput('read_file'))
    const tracing = commonJsTracing()
    expect(commonJsApi.trace.setGlobalTracerProvider(tracing.provider)).toBe(true)
    await registry.execute(callInput('read_file'))
    expect(tracing.names()).toEqual(['execute_tool read_file'])
  })

  it('follows a provider registered through the CommonJS build before the first call', async () => {
    const registry = tracedRegistry()
    const tracing = commonJsTracing()
    commonJsApi.trace.setGlobalTracerProvider(tracing.provider)
    await registry.execute(callInput('read_file'))
    await registry.execute(callInput('read_file'))
    expect(tracing.names()).toEqual(['execute_tool read_file', 'execute_tool read_file'])
  })

  it('follows a provider registered through the ES module build after installation', async () => {
    const registry = tracedRegistry()
    await registry.execute(callInput('read_file'))
    const tracing = recordingTracing()
    trace.setGlobalTracerProvider(tracing.provider)
    await registry.execute(callInput('read_file'))
    expect(tracing.spans().map((span) => span.name)).toEqual(['execute_tool read_file'])
  })

  it('follows the global provider when it is replaced: disabled, then another registered', async () => {
    const registry = tracedRegistry()
    const first = recordingTracing()
    trace.setGlobalTracerProvider(first.provider)
    await registry.execute(callInput('read_file'))
    trace.disable()
    const second = commonJsTracing()
    commonJsApi.trace.setGlobalTracerProvider(second.provider)
    await registry.execute(callInput('read_file'))
    trace.disable()
    const third = recordingTracing()
    trace.setGlobalTracerProvider(third.provider)
    await registry.execute(callInput('read_file'))
    expect(first.spans()).toHaveLength(1)
    expect(second.names()).toEqual(['execute_tool read_file'])
    expect(third.spans()).toHaveLength(1)
  })

  it('never replaces a tracer given as the option by the global provider’s', async () => {
    const given = recordingTracing()
    const registry = tracedRegistry({ tracer: given.tracer })
    const global = commonJsTracing()
    commonJsApi.trace.setGlobalTracerProvider(global.provider)
    await registry.execute(callInput('read_file'))
    expect(given.spans()).toHaveLength(1)
    expect(global.names()).toEqual([])
  })

  it('a global provider whose getTracer throws cannot fail a call, and is asked again on the next', async () => {
    const warnings: unknown[] = []
    const registry = createToolRegistry({
      logger: { warn: (message) => void warnings.push(message) },
    })
    registry.use(otelTracing())
    registry.register(tool('read_file'))
    let asked = 0
    trace.setGlobalTracerProvider({
      getTracer() {
        asked++
        throw new Error('provider misconfigured')
      },
    })
    for (let call = 0; call < 2; call++) {
      await expect(registry.execute(callInput('read_file'))).resolves.toMatchObject({
        isError: false,
      })
    }
    expect(asked).toBe(2)
    expect(warnings).toHaveLength(2)
  })
})
