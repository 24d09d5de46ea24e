import { join } from 'node:path'
import type { CompiledRule } from './rules/compiled-rule.js'
import type { RuleSet } from './rules/rule-set.js'

/**
 * What the rules say about files and hosts, for the sandbox (SPEC §23), as absolute paths and
 * patterns. Only rules that name a path or a domain count: a bare `Edit` or `Read(*)` is about
 * the tool, not about what a sandboxed command may touch.
 */
export interface SandboxRuleView {
  readonly allowWrite: readonly string[]
  readonly denyWrite: readonly string[]
  readonly denyRead: readonly string[]
  readonly allowedDomains: readonly string[]
  readonly deniedDomains: readonly string[]
}

/**
 * The sandbox's view of `rules` (Claude Code's merge): `Edit(…)` allow rules and the additional
 * directories are writable, `Edit(…)` deny rules and `governing` (every file rules are read from
 * or written to) are not, `Read(…)` deny rules are unreadable, `WebFetch(domain:…)` allow and
 * deny rules are allowed and denied domains.
 */
export function sandboxRuleView(rules: RuleSet, governing: readonly string[]): SandboxRuleView {
  return {
    allowWrite: unique([
      ...rules.additionalDirectories,
      ...rules.allow.edit.flatMap(absolutePattern),
    ]),
    denyWrite: unique([...rules.deny.edit.flatMap(absolutePattern), ...governing]),
    denyRead: unique(rules.deny.read.flatMap(absolutePattern)),
    allowedDomains: unique(rules.allow.fetch.flatMap(domainOf)),
    deniedDomains: unique(rules.deny.fetch.flatMap(domainOf)),
  }
}

/**
 * A path rule's gitignore pattern as an absolute path or pattern: anchored (`/src/**`,
 * `src/gen/*.ts`) under its folder; a bare name (`.env`, `*.pem`) at any depth under it.
 */
export function absolutePattern(rule: CompiledRule): string[] {
  const base = rule.path?.base
  const pattern = rule.path?.pattern
  if (base === undefined || pattern === undefined) return []
  let body = pattern.endsWith('/') ? pattern.slice(0, -1) : pattern
  if (body === '**' || body === '') return [base]
  const anchored = body.startsWith('/') || body.includes('/')
  if (body.startsWith('/')) body = body.slice(1)
  // Every path under a folder (`x/**`, `/**` written more than once) is the folder itself; `/**`
  // under the base (`Read(/**)`, `Read(./**)`) is the base folder, as `**` is.
  while (body.endsWith('/**')) body = body.slice(0, -3)
  if (body === '**' || body === '') return [base]
  return [anchored ? join(base, body) : join(base, '**', body)]
}

function domainOf(rule: CompiledRule): string[] {
  const domain = rule.domain
  if (domain?.host === undefined) return []
  return [domain.subdomains ? `*.${domain.host}` : domain.host]
}

function unique(list: readonly string[]): string[] {
  return [...new Set(list)]
}
