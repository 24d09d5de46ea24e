import { Buffer } from 'node:buffer'
import type {
  ToolExecution,
  ToolExecutionResult,
  ToolRegistry,
  ToolRegistryPlugin,
} from '@toolpipe/tools'
import { warnSafely } from '@toolpipe/core/internal'
import { cutContent } from './internal/cut-content.js'
import { fitsBySize } from './internal/encoded-size.js'
import { readOptions } from './internal/read-options.js'
import type { BudgetSettings } from './internal/read-options.js'
import { safeCounter } from './internal/safe-counter.js'
import { SpillStore } from './internal/spill-store.js'
import { loadO200kTokenCounter } from './token-counter.js'
import type { TokenCounter } from './token-counter.js'

/** Options of {@link outputBudget}. */
export interface OutputBudgetOptions {
  /**
   * The most tokens a result may put in front of the model: its text blocks counted by
   * `countTokens`, every other block one token per encoded byte. A whole number ≥ 1; default
   * 25,000 (Claude Code's cap on MCP output). A tool's own `maxOutputTokens` replaces it for that
   * tool, higher or lower.
   */
  readonly maxTokens?: number | undefined
  /**
   * Your own counter (your model's tokenizer). Default: OpenAI's `o200k_base` BPE from
   * `gpt-tokenizer`, loaded at the first result whose UTF-8 size exceeds its budget.
   */
  readonly countTokens?: TokenCounter | undefined
  /**
   * How many tokens of the start and of the end a cut result keeps (whole numbers ≥ 0). Default:
   * what the budget leaves beside the notice line, half each. Scaled down when they and the
   * notice would not fit the budget.
   */
  readonly preview?:
    | { readonly headTokens?: number | undefined; readonly tailTokens?: number | undefined }
    | undefined
  /**
   * Where the full text of a cut result goes: `{ dir }` (made 0700 if missing; an existing folder
   * is used as it is), or `false` to drop it (the notice then says so). Default: a private 0700
   * folder of its own under the OS temporary folder, made at the first cut and never deleted by
   * the plugin (the model may read a file back much later).
   */
  readonly spill?: { readonly dir: string } | false | undefined
}

/**
 * A registry plugin that keeps every tool's result within a token budget (SPEC §20).
 *
 * It adds one `tools/execute` wrapper. A result whose UTF-8 size is within the budget goes back
 * untouched without a token counted. Otherwise its text is counted; when it is over, the text
 * becomes a head, one line `[… N tokens omitted (M bytes); the full output is in <path> …]`, and a
 * tail, together within the budget, and the full text goes to a new 0600 file named after the
 * call id. A block other than text that alone exceeds the budget becomes a line naming its type
 * and size. `structured`, `meta`, `isError` and `error` are kept; a success stays a success. Each
 * cut is recorded as a `tools/decision` (stage `post`, outcome `edit`, source `output-budget`).
 *
 * Install it after `timeoutPolicy()` (and after any retry wrapper): the registry runs the
 * wrappers registered first outermost, so the budget then sits inside the timeout, and cuts the
 * result of each attempt before the deadline's owner sees it.
 *
 * @throws OutputBudgetError (`INVALID_OPTIONS`) for options it cannot use
 * @example
 * registry.use(timeoutPolicy())
 * registry.use(outputBudget({ maxTokens: 10_000 }))
 */
export function outputBudget(options?: OutputBudgetOptions): ToolRegistryPlugin {
  const settings = readOptions(options)
  const store = settings.spill === false ? undefined : new SpillStore(settings.spill.dir)
  let defaultCounter: Promise<TokenCounter> | undefined
  return (registry) => {
    const counter = (): Promise<TokenCounter> | TokenCounter =>
      settings.countTokens ??
      (defaultCounter ??= loadO200kTokenCounter().catch((error: unknown) => {
        warnSafely(
          registry.logger,
          'toolpipe: output-budget could not load its tokenizer; counting UTF-8 bytes instead',
          error,
        )
        return utf8Bytes
      }))
    return registry.on('tools/execute', async (exec, next) => {
      const result = await next()
      const maxTokens = budgetOf(registry, exec, settings)
      if (fitsBySize(result.content, maxTokens)) return result
      const about = `toolpipe: output-budget, tool "${exec.name}" (call "${exec.callId}")`
      try {
        return await cutResult(registry, exec, result, maxTokens, settings, store, await counter())
      } catch (error) {
        // A bug of ours must not cost the call its result: cut again by bytes, without a file.
        warnSafely(
          registry.logger,
          `${about}: the cut failed; cutting by UTF-8 bytes without a spill file`,
          error,
        )
        return cutResult(registry, exec, result, maxTokens, settings, undefined, utf8Bytes).catch(
          () => result,
        )
      }
    })
  }
}

/**
 * The fallback count: a token is at least one byte, so bytes never undercount; marked
 * `approximate`, so that a notice writes what it counted as `~N`.
 */
const utf8Bytes: TokenCounter = Object.defineProperty(
  (text: string): number => Buffer.byteLength(text),
  'approximate',
  { value: true },
)

/** The tool's own `maxOutputTokens` when it has a usable one, else the plugin's budget. */
function budgetOf(registry: ToolRegistry, exec: ToolExecution, settings: BudgetSettings): number {
  const own: unknown = registry.get(exec.name, exec.agent)?.maxOutputTokens
  return typeof own === 'number' && Number.isSafeInteger(own) && own >= 1 ? own : settings.maxTokens
}

async function cutResult(
  registry: ToolRegistry,
  exec: ToolExecution,
  result: ToolExecutionResult,
  maxTokens: number,
  settings: BudgetSettings,
  store: SpillStore | undefined,
  counter: TokenCounter,
): Promise<ToolExecutionResult> {
  const about = `toolpipe: output-budget, tool "${exec.name}" (call "${exec.callId}")`
  const count = safeCounter(counter, (error) => {
    warnSafely(registry.logger, `${about}: countTokens failed; counting UTF-8 bytes instead`, error)
  })
  const cut = await cutContent(result.content, {
    maxTokens,
    headTokens: settings.headTokens,
    tailTokens: settings.tailTokens,
    count,
    store,
    callId: String(exec.callId),
    onSpillFailure: (error) => {
      warnSafely(registry.logger, `${about}: the full output could not be saved`, error)
    },
  })
  if (cut === undefined) return result
  try {
    registry.reportDecision(exec, {
      stage: 'post',
      outcome: 'edit',
      source: { kind: 'output-budget' },
      reason: cut.reason,
    })
  } catch (error) {
    // The record is for observers; the cut is what keeps the model's context whole.
    warnSafely(registry.logger, `${about}: the cut could not be recorded`, error)
  }
  return { ...result, content: cut.content }
}
