import { lstatSync, mkdirSync } from 'node:fs'
import type { SandboxLogger } from '../sandbox-options.js'

/** The runtime's own temporary folder, the one of `/tmp` it keeps writable. */
export const runtimeTemporaryFolder = '/tmp/claude'

/**
 * The folder the environment names for the runtime's `TMPDIR` instead of
 * {@link runtimeTemporaryFolder}: `CLAUDE_CODE_TMPDIR`, else the older `CLAUDE_TMPDIR` (an empty
 * value names none), as the runtime reads them.
 */
function namedTemporaryFolder(env: NodeJS.ProcessEnv): string | undefined {
  return [env.CLAUDE_CODE_TMPDIR, env.CLAUDE_TMPDIR].find((value) => Boolean(value))
}

/**
 * Makes the runtime's own `TMPDIR` ({@link runtimeTemporaryFolder}) where it is missing, private
 * to this user (0700): the runtime never makes it, and a command cannot (the rest of `/tmp` is
 * read-only inside), so `mktemp`, compilers and test runners that need one failed or hung
 * (anthropics/claude-code#36759). One that is there but not a folder of this user's — a link, a
 * file, another user's folder on a shared machine (anthropics/claude-code#20139) — is left as it
 * is, with a warning saying why commands may find no temporary folder. A folder the environment
 * names instead (`CLAUDE_CODE_TMPDIR`) is the harness's to make and to make writable: it is
 * never made here (a command could have put a link on its way). `folder` is for tests.
 */
export function ensureTemporaryFolder(
  logger: SandboxLogger,
  env: NodeJS.ProcessEnv = process.env,
  folder = runtimeTemporaryFolder,
): void {
  if (namedTemporaryFolder(env) !== undefined) return
  const warn = (why: string): void => {
    logger.warn(`toolpipe: sandbox: commands may have no temporary folder: ${folder} ${why}`)
  }
  try {
    mkdirSync(folder, { mode: 0o700 })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
      warn(`could not be made: ${error instanceof Error ? error.message : String(error)}`)
      return
    }
  }
  try {
    const found = lstatSync(folder)
    if (!found.isDirectory()) warn('is not a folder (a link or a file)')
    else if (process.getuid !== undefined && found.uid !== process.getuid()) {
      warn('belongs to another user')
    }
  } catch (error) {
    warn(`could not be read: ${error instanceof Error ? error.message : String(error)}`)
  }
}
