import { HarnessError } from '@toolpipe/core'

/** The codes of {@link SandboxError}. */
export type SandboxErrorCode =
  /** `createSandbox(options)` was given options it cannot use: the message names the option. */
  | 'INVALID_OPTIONS'
  /**
   * The sandbox cannot start here (bwrap, socat or rg missing, an unsupported platform, user
   * namespaces refused, `enabled: false` in settings, disposed, or the runtime could not restart
   * under changed filesystem settings): the message names why. No command ran, whatever the run
   * asked (`dangerouslyDisableSandbox` included).
   */
  | 'SANDBOX_UNAVAILABLE'
  /**
   * A run asked for `dangerouslyDisableSandbox` where the settings say `allowUnsandboxedCommands:
   * false`. No command ran.
   */
  | 'SANDBOX_REQUIRED'
  /** A second `createSandbox` while one is live: the sandbox runtime is one per process. */
  | 'SANDBOX_BUSY'
  /** The sandbox was installed in a second registry while still installed in one. */
  | 'ALREADY_INSTALLED'

/**
 * What `createSandbox` rejects with for options it cannot use or a sandbox already live in the
 * process, and what `run` rejects with where a command would otherwise run without the sandbox
 * it was promised (SPEC §23: fail closed, never a silent unsandboxed run).
 */
export class SandboxError extends HarnessError<SandboxErrorCode> {
  override readonly name = 'SandboxError'
}
