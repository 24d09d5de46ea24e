export { otelTracing } from './otel-tracing.js'
export type { OtelTracingOptions } from './otel-tracing.js'
export { OtelTracingError } from './otel-tracing-error.js'
export type { OtelTracingErrorCode } from './otel-tracing-error.js'
