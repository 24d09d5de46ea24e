import type { InferArgs } from '../infer-args.js'
import type { SchemaSpec } from '../schema-spec.js'

/**
 * What `@toolpipe/tools` declares: the spec is written inline, with no `as const` and no type
 * assertion, and `execute` receives the inferred arguments.
 */
export declare function defineTool<const TSpec extends SchemaSpec>(definition: {
  name: string
  parameters: TSpec
  execute(args: InferArgs<TSpec>): Promise<string>
}): { parameters: TSpec }
