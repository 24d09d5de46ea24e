import { homedir } from 'node:os'
import { isAbsolute, relative } from 'node:path'
import { getDefaultWritePaths } from '@anthropic-ai/sandbox-runtime'
import type { SandboxRuntimeConfig } from '@anthropic-ai/sandbox-runtime'

/**
 * The home folders the sandbox runtime makes writable for convenience (`~/.npm/_logs`,
 * `~/.claude/debug`), write-denied (SPEC §23: the project root and what the settings and rules
 * add are writable, everything else read-only). One an `allowWrite` path names, or lies under,
 * stays writable: that is a folder the settings or rules asked for. What the runtime calls its own
 * stays as it makes it, as in Claude Code: the terminal devices (`/dev/null`, `/dev/stdout`, …)
 * and its temporary folder `/tmp/claude`, the `TMPDIR` it gives commands (scratch space that
 * compilers, `mktemp` and package managers need; it governs nothing).
 */
export function runtimeDefaultDenials(
  allowWrite: SandboxRuntimeConfig['filesystem']['allowWrite'],
): string[] {
  const allowed = allowWrite.map((entry) => (typeof entry === 'string' ? entry : entry.path))
  const home = homedir()
  return getDefaultWritePaths().filter(
    (path) => isAtOrInside(path, home) && !allowed.some((root) => isAtOrInside(path, root)),
  )
}

function isAtOrInside(path: string, folder: string): boolean {
  const inside = relative(folder, path)
  return inside === '' || (!inside.startsWith('..') && !isAbsolute(inside))
}
