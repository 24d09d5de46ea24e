import { posix, win32 } from 'node:path'

/** Paths as one session sees them: resolved against its cwd, or made relative to it. */
export interface SessionPaths {
  /** The session's cwd, normalised. */
  readonly cwd: string
  /** `path` made absolute against the cwd and normalised (`..` and `.` segments resolved). */
  resolve(path: string): string
  /**
   * `title` relative to the cwd when it is an absolute path inside it (`.` for the cwd itself, a
   * trailing separator kept); any other title unchanged.
   */
  relativeTitle(title: string): string
}

type PathFlavour = typeof posix

// Fully qualified Windows paths only: `C:\x` or `C:/x`, and UNC `\\server\share`. A root-relative
// `\x` or a drive-relative `C:x` depends on the process's current drive, which a replay on
// another machine would not share.
const windowsDrivePath = /^[a-zA-Z]:[\\/]/
const windowsUncPath = /^[\\/]{2}[^\\/]+[\\/]+[^\\/]/

/**
 * The path flavour a session cwd is written in, decided from the string alone (`/` first: POSIX;
 * a drive letter or UNC prefix: Windows), never from the platform the agent runs on, so that
 * the same cards come out of a replay anywhere. `undefined` when the cwd is not absolute.
 */
function flavourOf(cwd: string): PathFlavour | undefined {
  if (cwd.startsWith('/')) return posix
  if (windowsDrivePath.test(cwd) || windowsUncPath.test(cwd)) return win32
  return undefined
}

function isFullyQualified(flavour: PathFlavour, path: string): boolean {
  return flavour === posix
    ? path.startsWith('/')
    : windowsDrivePath.test(path) || windowsUncPath.test(path)
}

const windowsDriveRelativePath = /^([a-zA-Z]:)(?![\\/])/

function resolveAgainst(flavour: PathFlavour, root: string, path: string): string {
  if (isFullyQualified(flavour, path)) return flavour.resolve(path)
  if (flavour === win32) {
    // `D:x` is relative to drive D's current directory, which only the process knows: read it as
    // relative to the cwd on the same drive, and to the drive's root on another one.
    const drive = windowsDriveRelativePath.exec(path)?.[1]
    if (drive !== undefined) {
      const rest = path.slice(drive.length)
      const sameDrive = root.slice(0, 2).toLowerCase() === drive.toLowerCase()
      return sameDrive ? win32.resolve(root, rest) : win32.resolve(`${drive}\\`, rest)
    }
  }
  return flavour.resolve(root, path)
}

/** The session's paths, or `undefined` when `cwd` is not an absolute path. */
export function sessionPaths(cwd: string): SessionPaths | undefined {
  const flavour = flavourOf(cwd)
  if (flavour === undefined) return undefined
  const root = flavour.resolve(cwd)
  const separators = flavour === posix ? /\/$/ : /[\\/]$/
  return {
    cwd: root,
    resolve: (path) => resolveAgainst(flavour, root, path),
    relativeTitle(title) {
      if (!isFullyQualified(flavour, title)) return title
      const relative = flavour.relative(root, flavour.resolve(title))
      if (relative === '') return '.'
      // Outside the cwd: `..` itself, a `../` prefix, or (Windows) another drive, which `relative`
      // answers with an absolute path. `..x` is a file inside.
      if (
        relative === '..' ||
        relative.startsWith(`..${flavour.sep}`) ||
        flavour.isAbsolute(relative)
      ) {
        return title
      }
      return separators.test(title) ? relative + flavour.sep : relative
    },
  }
}
