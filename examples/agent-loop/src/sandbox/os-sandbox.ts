import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createSandbox } from '@toolpipe/sandbox'
import type { Sandbox, SandboxRuleView, SandboxSource } from '@toolpipe/sandbox'
import type { ToolRegistryLogger } from 'toolpipe'

/** The OS sandbox `run_shell` runs in, when this machine has one, and the home folder it sees. */
export interface OsSandbox {
  /** Undefined where the sandbox cannot start: commands then run under the rules only. */
  readonly sandbox: Sandbox | undefined
  /** The one line the demo prints about it. */
  readonly notice: string
  /**
   * The `HOME` of the demo's commands: a fresh folder outside the project (its `.bashrc` a stub,
   * `.ssh` a fake key), so that a command reaching for the user's files reaches these instead.
   */
  readonly home: string
  close(): Promise<void>
}

/**
 * Starts `@toolpipe/sandbox` on the demo folder: its settings from the same files as the rules
 * (`sources`), its rules from the permissions plugin `rules()` gives (read from the first command
 * on, so the plugin can be made after it, with the sandbox). Where it cannot start — no bwrap,
 * macOS without Seatbelt, Docker without user namespaces, another sandbox live in this process (a
 * second ACP session) — the demo says why in one line and runs commands under the rules only.
 */
export async function startOsSandbox(options: {
  readonly projectRoot: string
  readonly sources: readonly SandboxSource[]
  readonly rules: () => { sandboxRules(): SandboxRuleView }
  readonly logger?: ToolRegistryLogger | undefined
}): Promise<OsSandbox> {
  const home = await mkdtemp(join(tmpdir(), 'toolpipe-demo-home-'))
  await writeFile(join(home, '.bashrc'), '# the demo’s stand-in for your shell profile\n')
  await mkdir(join(home, '.ssh'), { mode: 0o700 })
  await writeFile(join(home, '.ssh', 'id_ed25519'), 'not a real key\n', { mode: 0o600 })
  const closeHome = () => rm(home, { recursive: true, force: true })
  let sandbox: Sandbox | undefined
  let reason: string | undefined
  try {
    sandbox = await createSandbox({
      projectRoot: options.projectRoot,
      home,
      sources: options.sources,
      rules: { sandboxRules: () => options.rules().sandboxRules() },
      ...(options.logger === undefined ? {} : { logger: options.logger }),
    })
  } catch (error) {
    reason = error instanceof Error ? error.message : String(error)
  }
  if (sandbox !== undefined && !sandbox.available) {
    reason = sandbox.reason
    await sandbox.dispose()
    sandbox = undefined
  }
  return {
    sandbox,
    home,
    notice:
      sandbox === undefined
        ? `not available (${reason ?? 'unknown'}): commands run under the rules only`
        : 'run_shell commands run in the OS sandbox (@toolpipe/sandbox: writes only in the project)',
    async close() {
      await sandbox?.dispose()
      await closeHome()
    },
  }
}
