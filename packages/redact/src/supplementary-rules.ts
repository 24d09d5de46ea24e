import type { SecretRule } from './secret-rule.js'

/**
 * toolpipe's rules beside secretlint's recommended preset, as data: kinds issue #41 names that
 * the preset does not find in tool output (measured in `bench/`, see the README). Each is part of
 * `'recommended'`. A named group `secret` marks the value within a match that needs its context.
 */
export const supplementaryRules: readonly SecretRule[] = Object.freeze([
  {
    // The preset finds `AWS_SECRET_ACCESS_KEY=…` only: this finds the key after the names the
    // AWS CLI's files and APIs give it (`aws_secret_access_key = …`, `"SecretAccessKey": "…"`),
    // also where that JSON is itself a string's text (`\"SecretAccessKey\": \"…\"`: a structured
    // result's `content` is its JSON), and after Ruby's, Perl's and PHP's `=>`
    // (`:secret_access_key => "…"`).
    id: 'aws-secret-access-key',
    pattern:
      /secret_?access_?key(?:\\{0,3}["'])?\s*(?:=>|[:=])\s*(?:\\{0,3}["'])?(?<secret>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])/gi,
    keywords: ['secret'],
  },
  {
    id: 'anthropic-admin-key',
    pattern: /sk-ant-admin01-[A-Za-z0-9_-]{93}AA(?![A-Za-z0-9_-])/g,
    keywords: ['sk-ant-admin'],
  },
  {
    id: 'google-api-key',
    pattern: /AIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])/g,
    keywords: ['aiza'],
  },
  {
    // A JSON Web Token: a JSON header and payload (both `eyJ`, base64url of `{"`) and a signature.
    id: 'jwt',
    pattern: /eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{16,}/g,
    keywords: ['eyj'],
  },
  {
    // Every PEM private key, whatever its type (the preset's rule wants ≥ 100 characters of body,
    // which an Ed25519 key does not have): a BEGIN line, a body holding at least one line of 40
    // base64 characters or more (a code line that quotes both markers is no key), and an END line
    // at most 16,000 characters on (the lookahead), the body read as runs of base64 until one is
    // 40 long. The body never holds `-----`, so an attempt from a BEGIN line reads no further
    // than the next `-----`: the work is linear in the text, however many BEGIN lines it repeats.
    // Lines may end in `\n` (JSON), be indented, or start with `+` (a diff).
    id: 'pem-private-key',
    pattern:
      /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----(?=(?:[^-]|-(?!----)){1,16000}-----END )(?:[^A-Za-z0-9+/=-]|-(?!----)|[A-Za-z0-9+/=]{1,39}(?![A-Za-z0-9+/=]))*[A-Za-z0-9+/=]{40}(?:[^-]|-(?!----))*-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/g,
    keywords: ['private key'],
  },
])
