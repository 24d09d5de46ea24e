/**
 * The variables a leading `NAME=value` (or `env NAME=value`) may set without keeping a command
 * from matching an allow rule (SPEC §18.2): each changes how a program formats, logs or targets,
 * never which code runs. `PATH`, `LD_PRELOAD`, `NODE_OPTIONS`, `BASH_ENV`, `GIT_SSH_COMMAND`,
 * `PYTHONPATH`, `GOFLAGS`, `npm_config_*` and their kind are not here and never will be: each of
 * them can make an allowed command run other code.
 */
export const safeEnvVars: ReadonlySet<string> = new Set([
  'CI',
  'COLUMNS',
  'DEBUG',
  'FORCE_COLOR',
  'GOARCH',
  'GOOS',
  'LANG',
  'LANGUAGE',
  'LC_ALL',
  'LC_COLLATE',
  'LC_CTYPE',
  'LC_MESSAGES',
  'LC_NUMERIC',
  'LC_TIME',
  'LINES',
  'NODE_ENV',
  'NO_COLOR',
  'PYTHONDONTWRITEBYTECODE',
  'PYTHONUNBUFFERED',
  'RUST_BACKTRACE',
  'RUST_LOG',
  'TERM',
  'TZ',
  'VERBOSE',
])
