import { docs, fetches, paths, rows } from './corpus-rows.js'
import type { CorpusRow } from './corpus-rows.js'

/** Paths as gitignore patterns, symlinks, and URLs. */
export const pathRows: readonly CorpusRow[] = [
  // Paths: gitignore patterns, normalised before matching.
  ...rows(
    paths,
    docs,
    [
      ['.env', 'deny'],
      ['src/../.env', 'deny'],
      ['./src/../../project/.env', 'deny'],
      ['secrets/key', 'deny'],
      ['src/../secrets/key', 'deny'],
      ['secrets//key', 'deny'],
      ['/project/secrets/./key', 'deny'],
      ['config/.env', 'deny'],
      ['.ENV', 'deny'],
      ['~/.ssh/id_rsa', 'deny'],
      ['src/app.ts', 'allow'],
      ['src/nested/deep/file.ts', 'allow'],
      ['src/../README.md', 'ask'],
      ['SRC/app.ts', 'ask'],
    ],
    { kind: 'read' },
  ),
  ...rows(
    paths,
    'https://github.com/mksglu/context-mode/pull/288',
    [
      ['src/app.ts', 'allow'],
      ['.env', 'deny'],
      ['/etc/hosts', 'deny'],
      ['//etc/hosts', 'deny'],
      ['/etc/../etc/passwd', 'deny'],
      ['src/../../etc/hosts', 'deny'],
    ],
    { kind: 'edit' },
  ),

  // Symlinks: an allow needs the link and its target; a deny either.
  ...rows(
    paths,
    'https://github.com/carderne/pi-sandbox/issues/34',
    [
      ['src/link-to-key', 'deny'],
      ['src/secrets-dir/key', 'deny'],
      ['src/app.ts', 'allow'],
      ['src/escape/../x', 'ask'],
    ],
    { kind: 'read', onDisk: true },
  ),
  ...rows(paths, 'https://github.com/nolabs-ai/nono/pull/279', [['src/link-to-key', 'deny']], {
    kind: 'edit',
    onDisk: true,
  }),
  ...rows(
    { allow: ['Read(src/**)'] },
    docs,
    [
      ['src/link-to-key', 'ask'],
      ['src/app.ts', 'allow'],
    ],
    { kind: 'read', onDisk: true },
  ),
  ...rows(
    { deny: ['Edit(secrets/**)'], allow: ['Bash(echo *)'] },
    'https://github.com/navikt/cplt/issues/60',
    [['echo x > src/link-to-key', 'deny']],
    { onDisk: true },
  ),

  // URLs: WebFetch(domain:…), case-insensitive; *.x matches subdomains only.
  ...rows(
    fetches,
    docs,
    [
      ['https://example.com/x', 'allow'],
      ['https://EXAMPLE.com./x', 'allow'],
      ['https://sub.example.com', 'ask'],
      ['https://docs.rs', 'ask'],
      ['https://serde.docs.rs/serde', 'allow'],
      ['https://example.com@evil.com/', 'deny'],
      ['https://evil.com.example.org', 'ask'],
      ['https://exаmple.com', 'ask'],
      ['not a url', 'ask'],
    ],
    { kind: 'fetch' },
  ),
]
