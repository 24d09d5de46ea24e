import { join } from 'node:path'
import { commandHooks } from '@toolpipe/hooks'
import { mountMcpTools } from '@toolpipe/mcp'
import { outputBudget } from '@toolpipe/output-budget'
import { permissions } from '@toolpipe/permissions'
import type { PermissionsPlugin } from '@toolpipe/permissions'
import { redactSecrets } from '@toolpipe/redact'
import type { Sandbox } from '@toolpipe/sandbox'
import { toolSearch } from '@toolpipe/tool-search'
import type { ToolSearch } from '@toolpipe/tool-search'
import { createToolRegistry, timeoutPolicy } from 'toolpipe'
import type { ApprovalService, Dialect, ToolRegistry, ToolRegistryLogger } from 'toolpipe'
import type { AgentLoopTools } from './agent-loop.js'
import { connectHandbook } from './mcp/connect-handbook.js'
import { minifiedCode } from './policies/minified-code.js'
import { noNetworkPolicy } from './policies/no-network-policy.js'
import { sandboxGuard } from './policies/sandbox-guard.js'
import { syntaxCheck } from './policies/syntax-check.js'
import { startOsSandbox } from './sandbox/os-sandbox.js'
import { createDemoTools } from './tools/demo-tools.js'

/** Where, inside the sandbox, the output budget keeps the full text of a cut output. */
export const spillFolder = '.tool-output'

/** Options of {@link createDemoRegistry}. */
export interface DemoRegistryOptions {
  readonly sandbox: string
  readonly approval: ApprovalService
  readonly logger?: ToolRegistryLogger | undefined
  /** The schema dialects the tools must be expressible in (checked at registration). */
  readonly dialects?: readonly Dialect[] | undefined
}

/** The demo's registry, and the MCP server it started. */
export interface DemoRegistry {
  readonly registry: ToolRegistry
  /** The permission rules read from the sandbox's `.toolpipe/` settings files. */
  readonly rules: PermissionsPlugin
  /** One line on the OS sandbox: where `run_shell` runs, or why under the rules only. */
  readonly osSandboxNotice: string
  /** The search over the deferred tools (the handbook server's): `tool_search`. */
  readonly search: ToolSearch
  /**
   * A new conversation's tools: a session of the tool search, which shows the model the demo's
   * own tools, `tool_search` and what its searches found so far, and runs every call through the
   * registry.
   */
  conversation(): AgentLoopTools
  /** Removes the mounted MCP tools, stops the handbook server and the OS sandbox. */
  close(): Promise<void>
}

/**
 * The registry the demo's agent uses: its four tools, the tools of its own MCP server, the
 * timeout policy, and its policies, in the order that gives them their meaning (first registered
 * is outermost):
 *
 * - tools: `read_file`, `edit_file`, `run_shell`, `wait_for_file`, and the team-handbook MCP
 *   server's `lookup` and `topics`, mounted deferred as `handbook_lookup` and `handbook_topics`
 *   (`mountMcpTools`: each call goes through this same pipeline, then to the server; the model
 *   finds them with `tool_search`, `@toolpipe/tool-search`);
 *   `run_shell` runs in the OS sandbox (`@toolpipe/sandbox`, configured from the same rule files)
 *   where this machine has one, under the rules only where not;
 * - `tools/execute`: `timeoutPolicy()` (deadlines from each tool's `timeoutMs`), then, inside it,
 *   `outputBudget()` (every result within its tool's `maxOutputTokens`, 25,000 tokens by default;
 *   the full output of a cut one in the sandbox's `.tool-output` folder, made afresh every run);
 * - `tools/pre-execute`: `noNetworkPolicy` (deny), then `permissions()`: the rules of the sandbox's
 *   `.toolpipe/settings.json` (deny `rm`, allow the test command and read-only programs, ask for
 *   the rest), always-answers written to `.toolpipe/settings.local.json` as rules; then the
 *   project's own Claude Code hooks (`commandHooks`, from the sandbox's `.claude/settings.json`:
 *   a PreToolUse script that refuses edits to `package.json` with exit 2);
 * - guards: `sandboxGuard` (paths, protected files, `rm`);
 * - `tools/execute`, inside the budget: `redactSecrets({ action: 'block' })` (`@toolpipe/redact`:
 *   a result holding a secret is withheld, `SECRET_BLOCKED`; the approval service sees none);
 * - `tools/post-execute`: `minifiedCode` (a read of minified code is blocked, `POST_BLOCKED`, with
 *   feedback naming the source to read instead), then `syntaxCheck` (additionalContext).
 */
export async function createDemoRegistry(options: DemoRegistryOptions): Promise<DemoRegistry> {
  // Secrets never reach the model, the page, a spill file or the log: a result holding one is
  // withheld (SECRET_BLOCKED), and what the person is asked about shows none.
  const secrets = redactSecrets({ action: 'block' })
  const registry = createToolRegistry({
    approval: secrets.approvalService(options.approval),
    ...(options.logger === undefined ? {} : { logger: options.logger }),
    ...(options.dialects === undefined ? {} : { dialects: options.dialects }),
  })
  registry.use(timeoutPolicy())
  // Installed after the timeout policy, so inside it: the cut happens within each call's deadline.
  registry.use(outputBudget({ spill: { dir: join(options.sandbox, spillFolder) } }))
  // Inside the budget: what it cuts and spills has been scanned already.
  registry.use(secrets)
  let rules: PermissionsPlugin | undefined
  // The OS sandbox first: run_shell runs in it, and the rules take it (autoAllowBashIfSandboxed).
  const os = await startOsSandbox({
    projectRoot: options.sandbox,
    sources: ruleSources,
    rules: () => {
      if (rules === undefined) throw new Error('the permission rules are not made yet')
      return rules
    },
    logger: options.logger,
  })
  for (const tool of createDemoTools(options.sandbox, { os: os.sandbox, home: os.home })) {
    registry.register(tool)
  }
  if (os.sandbox !== undefined) registry.use(os.sandbox)
  // An MCP server of our own, started as a child process: its tools join the built-in ones.
  const handbook = await connectHandbook().catch(async (error: unknown) => {
    await os.close()
    throw error
  })
  try {
    return await withHandbook(registry, handbook, options.sandbox, os, (made) => {
      rules = made
    })
  } catch (error) {
    await handbook.close()
    await os.close()
    throw error
  }
}

/**
 * The handbook server's tools mounted deferred, the tool search over them, and the policies: the
 * rest of the demo's registry. `onRules` is told of the permission rules once they are made.
 */
async function withHandbook(
  registry: ToolRegistry,
  handbook: Awaited<ReturnType<typeof connectHandbook>>,
  sandbox: string,
  os: Awaited<ReturnType<typeof startOsSandbox>>,
  onRules: (rules: PermissionsPlugin) => void,
): Promise<DemoRegistry> {
  // Deferred: the model does not see the handbook's tools until it searches for them.
  const mount = await mountMcpTools(registry, handbook, { prefix: 'handbook', deferLoading: true })
  const search = toolSearch(registry)
  const policies = await installPolicies(registry, sandbox, os.sandbox)
  onRules(policies.rules)
  return {
    registry,
    rules: policies.rules,
    osSandboxNotice: os.notice,
    search,
    conversation: () => conversationTools(registry, search),
    async close() {
      // The plugins first: the rules would otherwise hear the mount's tools leave, and warn
      // that mcp__handbook names no tool any more.
      policies.dispose()
      search.dispose()
      mount.dispose()
      await handbook.close()
      await os.close()
    },
  }
}

/** One conversation's tools: a session of `search`, its calls and observers the registry's. */
function conversationTools(registry: ToolRegistry, search: ToolSearch): AgentLoopTools {
  const session = search.session()
  return {
    schemas: (_agent, { dialect }) => session.schemas({ dialect }),
    executeBatch: (inputs, batchOptions) => session.executeBatch(inputs, batchOptions),
    on: (event, listener, listenerOptions) => registry.on(event, listener, listenerOptions),
  }
}

/** The rule files, read by the permissions plugin and, for their `sandbox` key, by the OS sandbox. */
const ruleSources = [
  { kind: 'project' as const, path: '.toolpipe/settings.json' },
  { kind: 'local' as const, path: '.toolpipe/settings.local.json' },
]

/**
 * The demo's policies, in order: no network, the permission rules (given the OS sandbox when
 * there is one), the project's hooks, the guard, the minified-code review and the syntax check.
 */
async function installPolicies(
  registry: ToolRegistry,
  folder: string,
  os: Sandbox | undefined,
): Promise<{ rules: PermissionsPlugin; dispose: () => void }> {
  registry.use(noNetworkPolicy())
  // The mounted handbook tools carry their rule names, as rules name MCP tools:
  // mcp__handbook__lookup, mcp__handbook__topics.
  const rules = permissions({
    projectRoot: folder,
    sources: ruleSources,
    ...(os === undefined ? {} : { sandbox: os }),
  })
  const stopRules = registry.use(rules)
  await rules.ready
  const hooks = registry.use(
    commandHooks({
      sources: [{ kind: 'project', path: '.claude/settings.json' }],
      projectRoot: folder,
    }),
  )
  registry.use(sandboxGuard(folder))
  // Outermost of the post-execute listeners: it reviews what the syntax check decided too.
  registry.use(minifiedCode(folder))
  registry.use(syntaxCheck(folder))
  return {
    rules,
    dispose: () => {
      hooks()
      stopRules()
    },
  }
}
