import { isAbsolute, relative } from 'node:path'
import { getDefaultWritePaths } from '@anthropic-ai/sandbox-runtime'
import type { SandboxRuntimeConfig } from '@anthropic-ai/sandbox-runtime'

/**
 * The paths the sandbox runtime makes writable of its own accord, write-denied (SPEC §23: the
 * project root and what the settings and rules add are writable, everything else read-only): its
 * temporary folder `/tmp/claude` (the `TMPDIR` it gives commands; shared by every sandbox on the
 * machine) and the home folders `~/.npm/_logs` and `~/.claude/debug`. One an `allowWrite` path
 * names, or lies under, stays writable: that is a folder the settings or rules asked for. The
 * terminal devices (`/dev/null`, `/dev/stdout`, …) are the sandbox's own and stay writable.
 */
export function runtimeDefaultDenials(
  allowWrite: SandboxRuntimeConfig['filesystem']['allowWrite'],
): string[] {
  const allowed = allowWrite.map((entry) => (typeof entry === 'string' ? entry : entry.path))
  return getDefaultWritePaths().filter(
    (path) => !path.startsWith('/dev/') && !allowed.some((root) => isAtOrInside(path, root)),
  )
}

function isAtOrInside(path: string, folder: string): boolean {
  const inside = relative(folder, path)
  return inside === '' || (!inside.startsWith('..') && !isAbsolute(inside))
}
