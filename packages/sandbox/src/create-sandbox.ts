import type { ToolRegistry } from '@toolpipe/tools'
import { SandboxError } from './sandbox-error.js'
import type { Sandbox, SandboxOptions, SandboxRunOptions } from './sandbox-options.js'
import { readRunOptions } from './internal/read-run-options.js'
import { readOptions } from './internal/read-options.js'
import { SandboxCore } from './internal/sandbox-core.js'

/** The live sandbox of this process, across copies of this package (the runtime is one per process). */
const liveKey = Symbol.for('@toolpipe/sandbox.live')
const slots = globalThis as typeof globalThis & { [liveKey]?: SandboxCore | undefined }

/**
 * Starts the sandbox (SPEC §23): Anthropic's sandbox runtime (bubblewrap, seccomp and a
 * filtering proxy on Linux; Seatbelt on macOS), configured as Claude Code configures it from the
 * `sandbox` key of the settings sources and from the rules of a `permissions()` plugin. It
 * starts one sandboxed `true` to prove the sandbox works here; when it cannot, the sandbox is
 * `available: false` with the `reason`, and every run is refused with `SANDBOX_UNAVAILABLE`
 * (or, with `unavailable: 'run-unsandboxed'`, runs unsandboxed and says so).
 *
 * Install it in the registry (`registry.use(sandbox)`) so that a run without the sandbox is
 * recorded on its call as a `tools/decision` (source kind `sandbox`).
 *
 * @throws SandboxError `INVALID_OPTIONS` naming an option it cannot use; `SANDBOX_BUSY` while
 * another sandbox of this process is live (dispose it first)
 * @example
 * const sandbox = await createSandbox({ projectRoot: process.cwd(), sources })
 * const run = await sandbox.run('npm test', { callId: exec.callId, signal: exec.signal })
 */
export async function createSandbox(options: SandboxOptions): Promise<Sandbox> {
  const config = readOptions(options)
  if (slots[liveKey] !== undefined) {
    throw new SandboxError(
      'createSandbox: another sandbox is live in this process (the sandbox runtime is one per process); dispose it first',
      'SANDBOX_BUSY',
    )
  }
  const core = new SandboxCore(config)
  slots[liveKey] = core
  try {
    await core.start()
  } catch (error) {
    await release(core)
    throw error
  }
  return sandboxOf(core)
}

function sandboxOf(core: SandboxCore): Sandbox {
  const sandbox = ((registry: ToolRegistry) => core.link.install(registry)) as Sandbox
  Object.defineProperties(sandbox, {
    available: { get: () => core.reason === undefined, enumerable: true },
    reason: { get: () => core.reason, enumerable: true },
    autoAllowBashIfSandboxed: {
      get: () => core.settings.current.autoAllowBashIfSandboxed,
      enumerable: true,
    },
    willSandbox: {
      value: (command: string) => typeof command === 'string' && core.willSandbox(command),
    },
    run: {
      value: async (command: string, options: SandboxRunOptions) =>
        core.run(...readRunOptions(command, options)),
    },
    dispose: { value: () => release(core) },
  })
  return sandbox
}

async function release(core: SandboxCore): Promise<void> {
  try {
    await core.dispose()
  } finally {
    if (slots[liveKey] === core) slots[liveKey] = undefined
  }
}
