import { describe, expect, it } from 'vitest'
import { isSecretEnvName, scrubSecretEnv } from './secret-env.js'

// SPEC §25: children get the environment minus variables whose names mark secrets.
describe('secret environment variable names', () => {
  it.each([
    'GITHUB_TOKEN',
    'GH_TOKEN',
    'NPM_TOKEN',
    'NODE_AUTH_TOKEN',
    'OPENAI_API_KEY',
    'ANTHROPIC_API_KEY',
    'STRIPE_SECRET_KEY',
    'AWS_ACCESS_KEY_ID',
    'AWS_SECRET_ACCESS_KEY',
    'AWS_SESSION_TOKEN',
    'AZURE_CLIENT_SECRET',
    'GOOGLE_APPLICATION_CREDENTIALS',
    'DATABASE_URL',
    'SENTRY_DSN',
    'PGPASSWORD',
    'MYSQL_ROOT_PASSWORD',
    'DOCKER_PASSWORD',
    'SLACK_BOT_TOKEN',
    'JWT_SECRET',
    'SECRET_KEY_BASE',
    'GPG_PASSPHRASE',
    'NPM_CONFIG__AUTH',
    'GITLAB_PAT',
    'SSH_AUTH_SOCK',
    'api_key',
    'token',
  ])('%s marks a secret', (name) => {
    expect(isSecretEnvName(name)).toBe(true)
  })

  it.each([
    'PATH',
    'HOME',
    'USER',
    'SHELL',
    'LANG',
    'TERM',
    'PWD',
    'TMPDIR',
    'NODE_ENV',
    'CI',
    'GIT_AUTHOR_NAME',
    'GIT_AUTHOR_EMAIL',
    'XAUTHORITY',
    'DBUS_SESSION_BUS_ADDRESS',
    'KEYBOARD_LAYOUT',
    'OPENAI_BASE_URL',
    'TOKENIZERS_PARALLELISM',
    'MONKEY',
  ])('%s does not', (name) => {
    expect(isSecretEnvName(name)).toBe(false)
  })

  it('scrubs a copy, dropping undefined values too', () => {
    const env = { PATH: '/usr/bin', OPENAI_API_KEY: 'sk-1', HOME: undefined }
    expect(scrubSecretEnv(env)).toEqual({ PATH: '/usr/bin' })
    expect(env.OPENAI_API_KEY).toBe('sk-1')
  })
})
