import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path'
import { pathForms, readGitConfigs } from './git-config-files.js'
import type { GitConfigReading, GitConfigSource } from './git-config-files.js'
import { kindOf } from './git-folders.js'
import type { GitEnvironment } from './git-folders.js'

/**
 * The hooks githooks(5) names: where a `core.hooksPath` folder holds the project root (`.`),
 * denying it whole would leave no file of the project writable, so these are denied in it.
 */
const hookNames = [
  'applypatch-msg',
  'pre-applypatch',
  'post-applypatch',
  'pre-commit',
  'pre-merge-commit',
  'prepare-commit-msg',
  'commit-msg',
  'post-commit',
  'pre-rebase',
  'post-checkout',
  'post-merge',
  'pre-push',
  'pre-receive',
  'update',
  'proc-receive',
  'post-receive',
  'post-update',
  'reference-transaction',
  'push-to-checkout',
  'pre-auto-gc',
  'post-rewrite',
  'sendemail-validate',
  'fsmonitor-watchman',
  'p4-changelist',
  'p4-prepare-changelist',
  'p4-post-changelist',
  'p4-pre-submit',
  'post-index-change',
]

/** What `gitDenials` found: the git folders git reads in the project, each `.git` on the way. */
export interface FoundGit {
  readonly gitFolders: readonly string[]
  readonly dotGits: readonly string[]
}

/**
 * What the configs git reads working in the project point it at, write-denied (SPEC §23: a
 * sandboxed command can never rewrite what governs it): each git folder's `config` and
 * `config.worktree`, the global and system configs, and every file they include
 * (`readGitConfigs`). Each file an include names — a command would write `core.fsmonitor` there —
 * and each `core.hooksPath` folder (git-config(1): "A relative path is taken as relative to the
 * directory where the hooks are run", githooks(5): the root of the work tree, or the git folder
 * of a bare repository). A relative one is taken relative to every folder hooks could run in
 * here: each work tree root (the folder of each `.git`, `GIT_WORK_TREE`, each `core.worktree`,
 * the project root under `GIT_DIR`) and each git folder. What cannot be read or followed is
 * warned about through `warn`; what was found is denied all the same.
 */
export function configuredDenials(
  projectRoot: string,
  found: FoundGit,
  environment: GitEnvironment,
  warn: (message: string) => void,
): string[] {
  const sources = configSources(projectRoot, found.gitFolders, environment)
  const reading = readGitConfigs(sources, environment)
  for (const message of reading.warnings) warn(message)
  const roots = hookRoots(projectRoot, found, reading, environment)
  const hooks = reading.hooksPaths.flatMap((path) =>
    (isAbsolute(path) ? [path] : roots.map((root) => `${root}/${path}`)).flatMap(pathForms),
  )
  const denied = [...reading.included]
  for (const folder of new Set(hooks)) {
    if (!isAtOrInside(projectRoot, folder)) {
      denied.push(folder)
      continue
    }
    warn(
      `toolpipe: sandbox: core.hooksPath names ${folder}, which holds the project root; the hooks githooks(5) names are write-denied in it one by one, not the folder (a hook of another name would not be)`,
    )
    denied.push(...hookNames.map((name) => join(folder, name)))
  }
  return [...new Set(denied)]
}

/**
 * The config files git reads (git-config(1), "FILES"): each git folder's `config` and
 * `config.worktree`; the global ones (`GIT_CONFIG_GLOBAL`, `$XDG_CONFIG_HOME/git/config` or
 * `~/.config/git/config`, `~/.gitconfig`) and the system ones (`GIT_CONFIG_SYSTEM`,
 * `/etc/gitconfig`), each read whether or not another takes its place.
 */
function configSources(
  projectRoot: string,
  gitFolders: readonly string[],
  environment: GitEnvironment,
): GitConfigSource[] {
  const named = (value: string | undefined): string | undefined =>
    value === undefined || value === '' ? undefined : resolve(projectRoot, value)
  const home = named(environment.HOME)
  const xdg = named(environment.XDG_CONFIG_HOME) ?? (home && join(home, '.config'))
  const files = [
    named(environment.GIT_CONFIG_GLOBAL),
    xdg && join(xdg, 'git', 'config'),
    home && join(home, '.gitconfig'),
    named(environment.GIT_CONFIG_SYSTEM),
    '/etc/gitconfig',
  ]
  return [
    ...gitFolders.flatMap((gitFolder) =>
      ['config', 'config.worktree'].map((name) => ({ file: join(gitFolder, name), gitFolder })),
    ),
    ...files.filter((file) => file !== undefined).map((file) => ({ file })),
  ]
}

/** The folders hooks could run in (githooks(5)): a relative `core.hooksPath` is taken there. */
function hookRoots(
  projectRoot: string,
  found: FoundGit,
  reading: GitConfigReading,
  environment: GitEnvironment,
): string[] {
  const roots = new Set<string>()
  for (const folder of found.gitFolders) {
    roots.add(folder)
    if (basename(folder) === '.git') roots.add(dirname(folder))
  }
  for (const dotGit of found.dotGits) if (kindOf(dotGit) === 'file') roots.add(dirname(dotGit))
  if ((environment.GIT_DIR ?? '') !== '') roots.add(projectRoot)
  const workTree = environment.GIT_WORK_TREE ?? ''
  if (workTree !== '') roots.add(resolve(projectRoot, workTree))
  for (const { path, gitFolder } of reading.worktrees) {
    for (const folder of gitFolder === undefined ? found.gitFolders : [gitFolder]) {
      roots.add(resolve(folder, path))
    }
  }
  return [...roots]
}

function isAtOrInside(path: string, folder: string): boolean {
  const inside = relative(folder, path)
  return inside === '' || (!inside.startsWith('..') && !isAbsolute(inside))
}
