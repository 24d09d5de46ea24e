import { generateKeyPairSync } from 'node:crypto'
import { alnum, base64url, digits, lower, seededRandom, upper } from './random.js'
import type { Random } from './random.js'

/** One fake credential, as it shows in a tool's output, and the value a scanner must find. */
export interface FakeCredential {
  readonly kind: CredentialKind
  /** The line or lines a tool printed (a `.env` line, a config, a command, a log line). */
  readonly text: string
  /** The secret itself, within `text`. */
  readonly secret: string
}

/** The kinds of credential issue #41 names. */
export type CredentialKind =
  | 'aws'
  | 'github'
  | 'gitlab'
  | 'slack'
  | 'stripe'
  | 'openai'
  | 'anthropic'
  | 'google'
  | 'npm'
  | 'private-key'
  | 'jwt'
  | 'database-url'

type Maker = (random: Random) => { text: string; secret: string }

const word = (random: Random, length = 8) => random.chars(lower, length)

/**
 * How each kind looks where tools print it: each in the format the service issues today (length,
 * prefix, alphabet, checksum-free), and in the places it turns up (environment files, configs,
 * shell history, logs, JSON).
 */
const makers: Record<CredentialKind, readonly Maker[]> = {
  aws: [
    (r) => {
      const secret = r.chars(`${alnum}/+`, 40)
      return { secret, text: `AWS_SECRET_ACCESS_KEY=${secret}` }
    },
    (r) => {
      const secret = r.chars(`${alnum}/+`, 40)
      return { secret, text: `aws_secret_access_key = ${secret}` }
    },
    (r) => {
      const secret = r.chars(`${alnum}/+`, 40)
      return { secret, text: `  "SecretAccessKey": "${secret}",` }
    },
  ],
  github: [
    (r) => {
      const secret = `ghp_${r.chars(alnum, 36)}`
      return { secret, text: `GITHUB_TOKEN=${secret}` }
    },
    (r) => {
      const secret = `github_pat_${r.chars(alnum, 22)}_${r.chars(alnum, 59)}`
      return { secret, text: `git clone https://${secret}@github.com/acme/${word(r)}.git` }
    },
    (r) => {
      const secret = `gho_${r.chars(alnum, 36)}`
      return { secret, text: `  oauth_token: ${secret}` }
    },
  ],
  gitlab: [
    (r) => {
      const secret = `glpat-${r.chars(`${alnum}_-`, 20)}`
      return { secret, text: `GITLAB_TOKEN=${secret}` }
    },
    (r) => {
      const secret = `glpat-${r.chars(`${alnum}_-`, 20)}`
      return {
        secret,
        text: `curl --header "PRIVATE-TOKEN: ${secret}" https://gitlab.example.com/api/v4/projects`,
      }
    },
  ],
  slack: [
    (r) => {
      const secret = `xoxb-${r.chars(digits, 12)}-${r.chars(digits, 13)}-${r.chars(alnum, 24)}`
      return { secret, text: `SLACK_BOT_TOKEN=${secret}` }
    },
    (r) => {
      const secret = `https://hooks.slack.com/services/T${r.chars(upper + digits, 8)}/B${r.chars(upper + digits, 10)}/${r.chars(alnum, 24)}`
      return { secret, text: `webhook_url: "${secret}"` }
    },
  ],
  stripe: [
    (r) => {
      const secret = `sk_live_${r.chars(alnum, 99)}`
      return { secret, text: `STRIPE_SECRET_KEY=${secret}` }
    },
    (r) => {
      const secret = `rk_live_${r.chars(alnum, 24)}`
      return { secret, text: `stripe.api_key = "${secret}"` }
    },
  ],
  openai: [
    (r) => {
      const secret = `sk-proj-${r.chars(`${alnum}_-`, 74)}T3BlbkFJ${r.chars(`${alnum}_-`, 74)}`
      return { secret, text: `OPENAI_API_KEY=${secret}` }
    },
    (r) => {
      const secret = `sk-svcacct-${r.chars(`${alnum}_-`, 74)}T3BlbkFJ${r.chars(`${alnum}_-`, 74)}`
      return { secret, text: `export OPENAI_API_KEY="${secret}"` }
    },
  ],
  anthropic: [
    (r) => {
      const secret = `sk-ant-api03-${r.chars(`${alnum}_-`, 93)}AA`
      return { secret, text: `ANTHROPIC_API_KEY=${secret}` }
    },
    (r) => {
      const secret = `sk-ant-admin01-${r.chars(`${alnum}_-`, 93)}AA`
      return { secret, text: `  -H "x-api-key: ${secret}" \\` }
    },
  ],
  google: [
    (r) => {
      const secret = `AIza${r.chars(`${alnum}_-`, 35)}`
      return { secret, text: `GOOGLE_API_KEY=${secret}` }
    },
    (r) => {
      const secret = `AIza${r.chars(`${alnum}_-`, 35)}`
      return {
        secret,
        text: `https://maps.googleapis.com/maps/api/geocode/json?address=Paris&key=${secret}`,
      }
    },
  ],
  npm: [
    (r) => {
      const secret = `npm_${r.chars(alnum, 36)}`
      return { secret, text: `//registry.npmjs.org/:_authToken=${secret}` }
    },
    (r) => {
      const secret = `npm_${r.chars(alnum, 36)}`
      return { secret, text: `NPM_TOKEN=${secret}` }
    },
  ],
  'private-key': [() => privateKey('rsa'), () => privateKey('ec'), () => privateKey('ed25519')],
  jwt: [
    (r) => {
      const secret = jwt(r)
      return { secret, text: `Authorization: Bearer ${secret}` }
    },
    (r) => {
      const secret = jwt(r)
      return {
        secret,
        text: `{"access_token":"${secret}","token_type":"Bearer","expires_in":3600}`,
      }
    },
  ],
  'database-url': [
    (r) => {
      const secret = `postgres://${word(r, 6)}:${r.chars(alnum, 16)}@db-${word(r, 5)}.internal:5432/${word(r, 6)}`
      return { secret, text: `DATABASE_URL=${secret}` }
    },
    (r) => {
      const secret = `mongodb+srv://${word(r, 6)}:${r.chars(alnum, 20)}@cluster0.${r.chars(lower + digits, 5)}.mongodb.net/${word(r, 6)}?retryWrites=true`
      return { secret, text: `MONGO_URI="${secret}"` }
    },
    (r) => {
      const secret = `mysql://${word(r, 6)}:${r.chars(alnum, 14)}@127.0.0.1:3306/${word(r, 6)}`
      return { secret, text: `Connecting to ${secret} ...` }
    },
  ],
}

function privateKey(type: 'rsa' | 'ec' | 'ed25519'): { text: string; secret: string } {
  // Real keys, each made fresh.
  const pem =
    type === 'rsa'
      ? generateKeyPairSync('rsa', {
          modulusLength: 2048,
          privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
          publicKeyEncoding: { type: 'spki', format: 'pem' },
        }).privateKey
      : type === 'ec'
        ? generateKeyPairSync('ec', {
            namedCurve: 'prime256v1',
            privateKeyEncoding: { type: 'sec1', format: 'pem' },
            publicKeyEncoding: { type: 'spki', format: 'pem' },
          }).privateKey
        : generateKeyPairSync('ed25519', {
            privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
            publicKeyEncoding: { type: 'spki', format: 'pem' },
          }).privateKey
  const secret = pem.trim()
  return { secret, text: `$ cat ~/.ssh/deploy_key\n${secret}` }
}

function jwt(random: Random): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const header = encode({ alg: random.pick(['HS256', 'RS256']), typ: 'JWT' })
  const payload = encode({
    sub: random.chars(digits, 10),
    name: word(random, 6),
    iat: 1_700_000_000 + random.int(0, 10_000_000),
  })
  return `${header}.${payload}.${random.chars(base64url, 43)}`
}

/** Every kind. */
export const credentialKinds = Object.keys(makers) as CredentialKind[]

/**
 * `perShape` fake credentials of every shape of every kind, the same on every run for one
 * `seed` (private keys aside: each is a real key made anew).
 */
export function fakeCredentials(perShape: number, seed = 41): FakeCredential[] {
  const random = seededRandom(seed)
  return credentialKinds.flatMap((kind) =>
    makers[kind].flatMap((make) =>
      Array.from({ length: perShape }, () => ({ kind, ...make(random) })),
    ),
  )
}
