// @ts-check
/**
 * `pnpm lint:deps`: no import cycles inside any package, type-only imports included (a cycle of
 * types is still two files a reader cannot understand one without the other). The layering
 * between packages is enforced by eslint's `no-restricted-imports` (eslint.config.js), which an
 * editor shows while typing.
 *
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules must form a tree: split the shared part into a module of its own.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: ['node_modules', 'dist'] },
    exclude: { path: ['dist', 'node_modules', '\\.turbo'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
  },
}
