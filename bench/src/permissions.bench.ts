import { callInput } from '@toolpipe/call-inputs'
import { permissions } from '@toolpipe/permissions'
import { buildRuleSet, loadBashParser } from '@toolpipe/permissions/internal'
import type { LoadedSource } from '@toolpipe/permissions/internal'
import { shellTool } from '@toolpipe/shell-tool'
import { createToolRegistry } from '@toolpipe/tools'
import type { ToolRegistry } from '@toolpipe/tools'
import { readFileTool, smallArgs } from './fixtures.js'
import type { Comparison, Suite } from './harness.js'
import { hundredRules, programs } from './hundred-rules.js'

/** A 200-character compound line of the kind an agent sends: lists, a pipe, a subshell, wrappers. */
export const compoundLine =
  'cd packages/app && NODE_ENV=test timeout 30 npm task0 run -- --reporter=dot 2>&1 | grep -v warn; git status || (echo "failed at $(pwd)" >&2; exit 1); ls -la src/ | grep -v node_modules'

async function plugged(rules: {
  allow: string[]
  deny: string[]
}): Promise<{ registry: ToolRegistry; plugin: ReturnType<typeof permissions> }> {
  const registry = createToolRegistry({ logger: { warn: () => undefined } })
  registry.register(readFileTool())
  registry.register(shellTool())
  const plugin = permissions({
    projectRoot: '/nonexistent/project',
    sources: [{ kind: 'cli', settings: { permissions: rules } }],
  })
  registry.use(plugin)
  await plugin.ready
  return { registry, plugin }
}

/**
 * 1,000 rules in one project file, as its text (indented as a settings file is written): 800
 * allows (a quarter of them path rules) and 200 denies.
 */
function thousandRulesText(): string {
  const permissions = {
    allow: Array.from({ length: 800 }, (_, index) =>
      index % 4 === 0
        ? `Read(src/module${index}/**)`
        : `Bash(${programs[index % 10] ?? 'npm'} task${index} *)`,
    ),
    deny: Array.from(
      { length: 200 },
      (_, index) => `Bash(${programs[index % 10] ?? 'npm'} danger${index} *)`,
    ),
  }
  return JSON.stringify({ permissions }, undefined, 2)
}

/** The file of {@link thousandRulesText} as the plugin holds it once read and parsed. */
function thousandRules(text: string): LoadedSource[] {
  return [
    {
      kind: 'project',
      path: '/nonexistent/project/.toolpipe/settings.json',
      label: '.toolpipe/settings.json',
      format: 'settings',
      value: JSON.parse(text) as unknown,
    },
  ]
}

/**
 * Issue #30's goals: a decision for a 200-character compound command against 100 rules (the
 * parser warm) ≤ 100 µs; a call matched by name only ≤ 10 µs; loading 1,000 rules ≤ 10 ms; the
 * plugin with no matching subjects ≤ 1.2× `execute()`. Issue #44's, against anchors measured in
 * the same run: the decision ≤ 1.5× tree-sitter's parse of the same line alone (the floor: the
 * same grammar, a parser of its own, the tree deleted after), and loading 1,000 rules ≤ 5×
 * `JSON.parse` of the settings text they come from. Decisions are timed through `explain` (what
 * the `tools/pre-execute` listener runs: the tool's subjects, the parse, the rules).
 */
async function comparisons(): Promise<Comparison[]> {
  const rules = hundredRules()
  const { plugin, registry } = await plugged({ ...rules, allow: [...rules.allow, 'read_file'] })
  const parser = await loadBashParser()
  const bare = createToolRegistry()
  bare.register(readFileTool())
  const agent = { id: 'a' }
  const compound = callInput('shell', { command: compoundLine }, { agent })
  const byName = callInput('read_file', smallArgs, { agent })
  const input = callInput('read_file', JSON.parse(JSON.stringify(smallArgs)) as unknown)
  const text = thousandRulesText()
  const thousand = thousandRules(text)
  const context = {
    projectRoot: '/nonexistent/project',
    cwd: '/nonexistent/project',
    home: '/nonexistent/home',
  }
  return [
    {
      title: 'permissions: one decision (explain), 100 rules, against the parse alone',
      baseline: 'tree-sitter parse alone, same line',
      cases: [
        {
          name: 'tree-sitter parse alone, same line',
          run: () => parser.parse(compoundLine)?.delete(),
        },
        { name: 'compound command, 200 chars', run: () => plugin.explain(compound) },
        { name: 'matched by name only', run: () => plugin.explain(byName) },
      ],
    },
    {
      title: 'permissions: loading rules, against JSON.parse of their file',
      baseline: 'JSON.parse of the settings text',
      cases: [
        { name: 'JSON.parse of the settings text', run: () => JSON.parse(text) as unknown },
        { name: '1,000 rules', run: () => buildRuleSet(thousand, context, () => undefined) },
      ],
    },
    {
      title: 'permissions: execute() of a tool without subjects, allowed by name',
      baseline: 'no plugin',
      cases: [
        { name: 'no plugin', run: () => bare.execute(input) },
        { name: 'permissions()', run: () => registry.execute(input) },
      ],
    },
  ]
}

export const permissionsSuite: Suite = { name: 'permissions', comparisons }
