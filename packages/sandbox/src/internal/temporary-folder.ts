import { lstatSync, mkdirSync } from 'node:fs'
import type { SandboxLogger } from '../sandbox-options.js'

/**
 * The folder the sandbox runtime gives sandboxed commands as `TMPDIR`: `CLAUDE_CODE_TMPDIR`, the
 * older `CLAUDE_TMPDIR`, else `/tmp/claude` — the one temporary folder it keeps writable.
 */
export function sandboxTemporaryFolder(env: NodeJS.ProcessEnv = process.env): string {
  // An empty value counts as none, as the runtime's `||` reads it.
  const named = [env.CLAUDE_CODE_TMPDIR, env.CLAUDE_TMPDIR].find((value) => Boolean(value))
  return named ?? '/tmp/claude'
}

/**
 * Makes the runtime's `TMPDIR` (see {@link sandboxTemporaryFolder}) where it is missing, private
 * to this user (0700): the runtime never makes it, and a command cannot (the rest of `/tmp` is
 * read-only inside), so `mktemp`, compilers and test runners that need one failed or hung
 * (anthropics/claude-code#36759). One that is there but not a folder of this user's — a link, a
 * file, another user's folder on a shared machine (anthropics/claude-code#20139) — is left as it
 * is, with a warning saying why commands may find no temporary folder.
 */
export function ensureTemporaryFolder(
  logger: SandboxLogger,
  env: NodeJS.ProcessEnv = process.env,
): void {
  const folder = sandboxTemporaryFolder(env)
  const warn = (why: string): void => {
    logger.warn(`toolpipe: sandbox: commands may have no temporary folder: ${folder} ${why}`)
  }
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 })
    const found = lstatSync(folder)
    if (!found.isDirectory()) warn('is not a folder (a link or a file)')
    else if (process.getuid !== undefined && found.uid !== process.getuid()) {
      warn('belongs to another user')
    }
  } catch (error) {
    warn(`could not be made: ${error instanceof Error ? error.message : String(error)}`)
  }
}
