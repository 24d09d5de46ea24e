import type { SandboxRuntimeConfig } from '@anthropic-ai/sandbox-runtime'
import { describeThrown, warnSafely } from '@toolpipe/core/internal'
import type { WarnLogger } from '@toolpipe/core/internal'
import type { SandboxViolation } from '../sandbox-options.js'
import { CommondirSweep } from './git-denials.js'
import { SequencerWatch } from './sequencer-watch.js'

/**
 * What is looked at in git's folders around each sandboxed run, for what a write-denial cannot
 * block without breaking git (SPEC §23): a `commondir` a run made is removed
 * ({@link CommondirSweep}), and a rebase, `git am`, cherry-pick or revert state a run left is
 * reported on the run and to the logger ({@link SequencerWatch}).
 */
export class GitAfterRun {
  readonly #projectRoot: string
  readonly #logger: WarnLogger
  readonly #commondir: CommondirSweep

  constructor(projectRoot: string, logger: WarnLogger) {
    this.#projectRoot = projectRoot
    this.#logger = logger
    this.#commondir = new CommondirSweep(projectRoot)
  }

  /**
   * `derive`'s config, and the watch of what a run under it may make of git's sequencer state,
   * looked at just before it is derived.
   */
  async derived(
    derive: () => Promise<SandboxRuntimeConfig>,
  ): Promise<{ config: SandboxRuntimeConfig; watch: SequencerWatch }> {
    const before = SequencerWatch.before(this.#projectRoot)
    const config = await derive()
    return { config, watch: before.under(config) }
  }

  /**
   * What came into being under `watch` during the run, once its processes are gone: each a
   * violation of kind `other` for the run's result, and warned about.
   */
  appeared(watch: SequencerWatch | undefined): SandboxViolation[] {
    let found: SandboxViolation[]
    try {
      found = watch?.appeared() ?? []
    } catch (error) {
      const detail = `the git state of ${this.#projectRoot} could not be looked at after the run: ${describeThrown(error)}`
      found = [{ kind: 'other', detail }]
    }
    for (const { detail } of found) warnSafely(this.#logger, `toolpipe: sandbox: ${detail}`)
    return found
  }

  /** A `.git/commondir` a run made is removed (see `gitDenials`), and warned about. */
  sweepCommondir(): void {
    let removed: string | undefined
    try {
      removed = this.#commondir.sweep()
    } catch (error) {
      removed = `${this.#projectRoot}/.git/commondir (not removed: ${describeThrown(error)})`
    }
    if (removed === undefined) return
    warnSafely(
      this.#logger,
      `toolpipe: sandbox: a sandboxed command wrote ${removed}, which would make git read its config and hooks from a folder of the command's choosing; it was removed`,
    )
  }
}
