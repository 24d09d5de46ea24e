import { createToolRegistry, timeoutPolicy } from 'toolpipe'
import type { ApprovalService, Dialect, ToolRegistry, ToolRegistryLogger } from 'toolpipe'
import { approvalPolicy } from './policies/approval-policy.js'
import { noNetworkPolicy } from './policies/no-network-policy.js'
import { sandboxGuard } from './policies/sandbox-guard.js'
import { secretScanner } from './policies/secret-scanner.js'
import { syntaxCheck } from './policies/syntax-check.js'
import { createDemoTools } from './tools/demo-tools.js'

/** Options of {@link createDemoRegistry}. */
export interface DemoRegistryOptions {
  readonly sandbox: string
  readonly approval: ApprovalService
  readonly logger?: ToolRegistryLogger | undefined
  /** The schema dialects the tools must be expressible in (checked at registration). */
  readonly dialects?: readonly Dialect[] | undefined
}

/**
 * The registry the demo's agent uses: its four tools, the timeout policy, and its policies, in
 * the order that gives them their meaning (first registered is outermost):
 *
 * - `tools/execute`: `timeoutPolicy()` (deadlines from each tool's `timeoutMs`);
 * - `tools/pre-execute`: `noNetworkPolicy` (deny), then `approvalPolicy` (ask);
 * - guards: `sandboxGuard` (paths, protected files, `rm`);
 * - `tools/post-execute`: `secretScanner` (block), then `syntaxCheck` (additionalContext).
 */
export function createDemoRegistry(options: DemoRegistryOptions): ToolRegistry {
  const registry = createToolRegistry({
    approval: options.approval,
    ...(options.logger === undefined ? {} : { logger: options.logger }),
    ...(options.dialects === undefined ? {} : { dialects: options.dialects }),
  })
  registry.use(timeoutPolicy())
  for (const tool of createDemoTools(options.sandbox)) registry.register(tool)
  registry.use(noNetworkPolicy())
  registry.use(approvalPolicy())
  registry.use(sandboxGuard(options.sandbox))
  registry.use(secretScanner())
  registry.use(syntaxCheck(options.sandbox))
  return registry
}
