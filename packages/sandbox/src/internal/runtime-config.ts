import { join } from 'node:path'
import type { SandboxRuntimeConfig } from '@anthropic-ai/sandbox-runtime'
import type { SandboxRuleView } from '../sandbox-options.js'
import type { ResolvedSandboxSettings } from './settings-in-force.js'

/** What no sandboxed command may rewrite, under the project root (SPEC §23). */
const governingFiles = [
  '.git/hooks',
  '.git/config',
  '.claude/settings.json',
  '.claude/settings.local.json',
  '.toolpipe/settings.json',
  '.toolpipe/settings.local.json',
]

/**
 * The sandbox runtime's configuration, Claude Code's merge (SPEC §23): the project root
 * writable and everything else read-only; `sandbox.filesystem` and the rules' `Edit(…)` allows
 * add writable paths, their denies and every file that governs the sandbox (each settings
 * source, the persisted-rules file, Claude Code's and toolpipe's settings files under the
 * project root, `.git/hooks`, `.git/config`) are write-denied; `Read(…)` denies are unreadable;
 * domains come from the settings and the `WebFetch(domain:…)` rules.
 */
export function runtimeConfig(
  projectRoot: string,
  settings: ResolvedSandboxSettings,
  rules: SandboxRuleView | undefined,
  settingsFiles: readonly string[],
): SandboxRuntimeConfig {
  const unique = (...lists: (readonly string[] | undefined)[]): string[] => [
    ...new Set(lists.flatMap((list) => list ?? [])),
  ]
  const network: SandboxRuntimeConfig['network'] = {
    allowedDomains: unique(settings.allowedDomains, rules?.allowedDomains),
    deniedDomains: unique(settings.deniedDomains, rules?.deniedDomains),
    allowLocalBinding: settings.allowLocalBinding,
    allowAllUnixSockets: settings.allowAllUnixSockets,
  }
  if (settings.allowUnixSockets.length > 0)
    network.allowUnixSockets = [...settings.allowUnixSockets]
  const filesystem: SandboxRuntimeConfig['filesystem'] = {
    allowWrite: unique([projectRoot], settings.allowWrite, rules?.allowWrite),
    denyWrite: unique(
      settings.denyWrite,
      rules?.denyWrite,
      settingsFiles,
      governingFiles.map((file) => join(projectRoot, file)),
    ),
    denyRead: unique(settings.denyRead, rules?.denyRead),
  }
  if (settings.allowRead.length > 0) filesystem.allowRead = [...settings.allowRead]
  return { network, filesystem }
}
