import { warnSafely } from '@toolpipe/core/internal'
import type {
  ApprovalService,
  ToolExecution,
  ToolExecutionResult,
  ToolRegistry,
  ToolRegistryPlugin,
} from '@toolpipe/tools'
import { applyAction } from './internal/apply-action.js'
import { readOptions } from './internal/read-options.js'
import type { RedactConfig } from './internal/read-options.js'
import { redactContent, redactValue } from './internal/redact-value.js'
import type { LocatedFinding, StringRedactor } from './internal/redact-value.js'
import { scanText } from './internal/scan-text.js'
import { SecretBlockedError } from './secret-blocked-error.js'
import type { SecretAction, SecretFinding, SecretRule } from './secret-rule.js'

/** Options of {@link redactSecrets}. */
export interface RedactSecretsOptions {
  /** Default `['recommended']`: secretlint's recommended preset. Your own rules beside or instead. */
  readonly rules?: readonly ('recommended' | SecretRule)[] | undefined
  /** Default `redact`. */
  readonly action?: SecretAction | undefined
  /** Exact values never redacted (test fixtures, documented example keys). */
  readonly allow?: readonly string[] | undefined
  /** Where a failing rule and a value that is not text are reported (default: the registry's). */
  readonly logger?: { warn(message: string, ...details: unknown[]): void } | undefined
}

/** The plugin, and the scanner it runs. */
export interface RedactSecretsPlugin extends ToolRegistryPlugin {
  /** The secrets in `text`, in order (never their values: offsets and lines). */
  scan(text: string): SecretFinding[]
  /** A copy of `value` with every string's secrets replaced by the action (`block` redacts). */
  redact<TValue>(value: TValue): TValue
  /** `service` asked with the call's arguments and card redacted: what a person sees holds none. */
  approvalService(service: ApprovalService): ApprovalService
}

/** Decision records reported for one call at most; the last one says how many more there were. */
const maxRecords = 50

/**
 * Keeps secrets out of everything after a tool (SPEC §25): every result's text blocks, every
 * string of its structured value and of its `meta` are scanned — with secretlint's recommended
 * preset by default, and your rules — and each secret is redacted (`[REDACTED:github]`), masked
 * (`ghp_************************************3456`) or, with `block`, the result is withheld as
 * `SecretBlockedError` (`SECRET_BLOCKED`, naming the rule and the line, never the value). Each
 * finding is a `tools/decision` record (stage `post`, source kind `redact`, the rule id).
 *
 * Its `tools/execute` wrapper is innermost (SPEC §25: before `outputBudget()`): whatever order
 * the plugins are installed in, the budget cuts and spills only redacted text, and no spill file
 * holds a secret. It provides `tools/shown` too, so that an approval request's arguments, card
 * and reason, a progress update's message and content, the arguments a span or an audit line
 * records, a denial's reason wherever it goes (the denied result, a decision record: a hook or
 * guard may echo a secret) and the cards a bridge draws through `shownValue` hold none.
 *
 * @throws SecretBlockedError (`INVALID_OPTIONS`) naming an option it cannot use
 * @example
 * registry.use(redactSecrets()) // innermost whatever the order: the budget spills redacted text
 * registry.use(outputBudget())
 */
export function redactSecrets(options?: RedactSecretsOptions): RedactSecretsPlugin {
  const config = readOptions(options)
  const warned = new Set<string>()
  let logger: { warn(message: string, ...details: unknown[]): void } = config.logger ?? console
  const warnOnce = (key: string, message: string, error?: unknown): void => {
    if (warned.has(key)) return
    warned.add(key)
    if (error === undefined) warnSafely(logger, message)
    else warnSafely(logger, message, error)
  }
  const scan = (text: string): SecretFinding[] =>
    scanText(text, config.scanners, config.allow, (ruleId, error) => {
      warnOnce(
        `rule:${ruleId}`,
        `toolpipe: redactSecrets: rule "${ruleId}" failed and is skipped`,
        error,
      )
    })
  const redactString: StringRedactor = (text) => {
    const findings = scan(text)
    if (findings.length === 0) return { text: undefined, findings }
    const action = config.action === 'block' ? 'redact' : config.action
    return { text: applyAction(text, findings, action), findings }
  }
  const redactShown = <TValue>(value: TValue) => redactValue(value, '$', redactString, []) as TValue
  const plugin = ((registry: ToolRegistry) => {
    if (config.logger === undefined) logger = registry.logger
    // Innermost, wherever it is installed: the first to see what the tool returned, so that no
    // other wrapper (an output budget and its spill file, a span) ever holds a secret.
    const unwrap = registry.on(
      'tools/execute',
      async (exec, next) => {
        const result = await next()
        return redactResult(registry, exec, result, redactString, config)
      },
      { innermost: true },
    )
    // What a person is asked to approve (arguments and card) holds no secret either.
    const unshow = registry.provide('tools/shown', redactShown)
    return () => {
      unshow()
      unwrap()
    }
  }) as RedactSecretsPlugin
  Object.defineProperties(plugin, {
    scan: { value: (text: string) => (typeof text === 'string' ? scan(text) : []) },
    redact: { value: redactShown },
    approvalService: {
      value: (service: ApprovalService) => redactedApprovals(service, redactString),
    },
  })
  return plugin
}

/** `service`, asked with the call's arguments and pending card redacted. */
function redactedApprovals(service: ApprovalService, redact: StringRedactor): ApprovalService {
  return {
    request: (request) =>
      service.request({
        ...request,
        arguments: redactValue(
          request.arguments,
          'arguments',
          redact,
          [],
        ) as typeof request.arguments,
        view: redactValue(request.view, 'view', redact, []) as typeof request.view,
      }),
  }
}

/** The result with its secrets handled; each finding on the call's record. */
function redactResult(
  registry: ToolRegistry,
  exec: ToolExecution,
  result: ToolExecutionResult,
  redact: StringRedactor,
  config: RedactConfig,
): ToolExecutionResult {
  const found: LocatedFinding[] = []
  const content = redactContent(result.content, 'content', redact, found)
  const structured =
    result.structured === undefined
      ? undefined
      : redactValue(result.structured, 'structured', redact, found)
  const meta =
    result.meta === undefined ? undefined : redactValue(result.meta, 'meta', redact, found)
  if (found.length === 0) return result
  report(registry, exec, found, config.action)
  if (config.action === 'block') {
    const [first] = found
    throw new SecretBlockedError(
      `the result was withheld: it holds a secret (rule "${first?.finding.ruleId ?? ''}", line ${String(first?.finding.line)} of ${first?.where ?? 'the result'})${found.length > 1 ? ` and ${String(found.length - 1)} more` : ''}`,
      'SECRET_BLOCKED',
    )
  }
  return {
    ...result,
    content: content as ToolExecutionResult['content'],
    ...(structured === undefined
      ? {}
      : { structured: structured as ToolExecutionResult['structured'] }),
    ...(meta === undefined ? {} : { meta }),
  } as ToolExecutionResult
}

function report(
  registry: ToolRegistry,
  exec: ToolExecution,
  found: readonly LocatedFinding[],
  action: SecretAction,
): void {
  const outcome = action === 'block' ? 'block' : 'edit'
  const done =
    action === 'block' ? 'withheld the result' : action === 'mask' ? 'masked' : 'redacted'
  found.slice(0, maxRecords).forEach(({ finding, where }, index) => {
    const more =
      index === maxRecords - 1 && found.length > maxRecords
        ? ` (and ${String(found.length - maxRecords)} more findings)`
        : ''
    registry.reportDecision(exec, {
      stage: 'post',
      outcome,
      source: { kind: 'redact', id: finding.ruleId },
      reason: `a secret (rule "${finding.ruleId}") on line ${String(finding.line)} of ${where}: ${done}${more}`,
    })
  })
}
