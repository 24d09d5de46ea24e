import type { Meter, Tracer } from '@opentelemetry/api'
import type { ToolRegistryPlugin } from '@toolpipe/tools'
import { describe, expectTypeOf, it } from 'vitest'
import { otelTracing } from './index.js'
import type { OtelTracingError, OtelTracingErrorCode, OtelTracingOptions } from './index.js'

declare const tracer: Tracer
declare const meter: Meter

describe('otelTracing', () => {
  it('is a registry plugin, with every option optional', () => {
    expectTypeOf(otelTracing()).toEqualTypeOf<ToolRegistryPlugin>()
    expectTypeOf(otelTracing({})).toEqualTypeOf<ToolRegistryPlugin>()
    otelTracing({ tracer, meter, recordArguments: true, recordResults: false })
    otelTracing({ tracer: undefined, recordArguments: undefined })
    expectTypeOf<OtelTracingOptions['tracer']>().toEqualTypeOf<Tracer | undefined>()
    expectTypeOf<OtelTracingOptions['meter']>().toEqualTypeOf<Meter | undefined>()
  })

  it('refuses what is not a tracer, a meter or a flag', () => {
    // @ts-expect-error: a tracer provider is not a tracer
    otelTracing({ tracer: { getTracer: () => tracer } })
    // @ts-expect-error: flags are booleans
    otelTracing({ recordArguments: 'yes' })
    // @ts-expect-error: no such option
    otelTracing({ recordEverything: true })
  })

  it('throws a coded error', () => {
    expectTypeOf<OtelTracingError['code']>().toEqualTypeOf<OtelTracingErrorCode>()
    expectTypeOf<OtelTracingErrorCode>().toEqualTypeOf<'INVALID_OPTIONS'>()
  })
})
