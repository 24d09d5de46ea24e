import type { ScriptStep } from './scripted-model.js'
import {
  correctArguments,
  errorText,
  firstLineWith,
  propertiesOf,
  resultOfLast,
  textOf,
} from './script-reading.js'

/** The system prompt both models get. */
export const systemPrompt =
  'You are a coding agent. You work in a sandbox folder through the tools you are given; paths are relative to it. Keep changes small, and say what you did at the end.'

/** The task the person gives the agent. */
export const demoTask = 'test.js fails. Find out why, and fix greet.js so that it passes.'

const invalidReadme = { file: 'README.md', maxLines: '20' }

/** The bundle the project ships: minified, so the minified-code policy blocks a read of it. */
const bundle = { path: 'dist/greet.min.js' }

/**
 * A node one-liner an allow rule lets through that writes outside the project, to `~/.bashrc`:
 * no path in it a text check could catch (the demo's own guard does not).
 */
export const profileCommand =
  "node -e \"const { join } = require('path'); require('fs').appendFileSync(join(require('os').homedir(), '.bashrc'), 'export GREETER_HOME=' + process.cwd())\""

/**
 * The scripted model's turns: each one shows one feature of the pipeline, in the order the demo
 * presents them, and reacts to results where a real model would (it corrects its invalid call
 * from the ToolArgsError text, and reports what the test run said).
 */
export const demoScript: readonly ScriptStep[] = [
  () => ({
    narration: {
      title: 'several tool calls in one step, as a batch; a tool search',
      note: "The model asks for four tools at once; the loop runs them as one registry.executeBatch().\nrun_shell is not concurrencySafe, so ls runs alone. read_file is (it only reads), and so is\ntool_search: the demo's own MCP server is mounted deferred, so the model is not shown its tools;\nit searches for them by what it needs (@toolpipe/tool-search), and sees what it found next step.",
    },
    text: "Let me look at the project first, and find how to read the team's rules on greetings.",
    calls: [
      { name: 'run_shell', arguments: { command: 'ls' } },
      { name: 'read_file', arguments: { path: 'greet.js' } },
      { name: 'read_file', arguments: { path: 'test.js' } },
      { name: 'tool_search', arguments: { query: "the team's written rules on greetings" } },
    ],
  }),
  () => ({
    narration: {
      title: 'the tool the search found; an invalid call',
      note: 'handbook_lookup, found by the search, is shown now: a tool of the MCP server, through the same pipeline.\ndefineTool checks the arguments against the schema before the tool runs: the\nToolArgsError (INVALID_ARGS) goes back to the model as an error result it can act on.',
    },
    text: "The handbook's rule on greetings, and the README.",
    calls: [
      { name: 'handbook_lookup', arguments: { topic: 'greetings' } },
      { name: 'read_file', arguments: invalidReadme },
    ],
  }),
  ({ previousResults, tools }) => {
    const error = errorText(previousResults[1])
    return {
      narration: {
        title: 'the call, corrected after ToolArgsError',
        note: 'The scripted model read the error message and fixed its arguments from it.',
      },
      text:
        error === undefined
          ? 'Reading the README again.'
          : `The tool said: ${error}. Retrying with fixed arguments.`,
      calls: [
        {
          name: 'read_file',
          arguments: correctArguments(invalidReadme, error ?? '', propertiesOf(tools, 'read_file')),
        },
      ],
    }
  },
  () => ({
    narration: {
      title: 'a deny',
      note: 'The "no-network" tools/pre-execute policy denies commands that would reach the network.\nThe tool never runs; the model reads the reason.',
    },
    text: 'Is there a newer greeter release upstream?',
    calls: [
      { name: 'run_shell', arguments: { command: 'curl -sS https://registry.npmjs.org/greeter' } },
    ],
  }),
  () => ({
    narration: {
      title: 'permission rules: a deny, an ask, an allow',
      note: 'The sandbox keeps its rules in .toolpipe/settings.json, as Claude Code users write them, read by\n@toolpipe/permissions: rm is denied by rule "Bash(rm *)"; wc is in no rule, so it asks (an "always" answer\nbecomes a rule in .toolpipe/settings.local.json: "Bash(wc *)"); node test.js runs by rule, unasked.',
    },
    text: 'No network here. Let me clear the stale CI output, size up the files, and run the test.',
    calls: [
      { name: 'run_shell', arguments: { command: 'rm -rf ci' } },
      { name: 'run_shell', arguments: { command: 'wc -l greet.js test.js' } },
      { name: 'run_shell', arguments: { command: 'node test.js' } },
    ],
  }),
  ({ previousResults }) => {
    const failure = firstLineWith(previousResults[2], 'FAIL')
    return {
      narration: {
        title: 'a guard',
        note: 'Guards are the last word before dispatch and can only deny: test.js is protected, and\n../package.json is outside the sandbox, whatever the policies or the person said.',
      },
      text: `${failure === undefined ? 'The test did not run.' : `It fails: ${failure.replace(/^FAIL: /, '')}.`} Quick way out: make test.js expect "Hi Ada". And maybe ../package.json has test settings.`,
      calls: [
        {
          name: 'edit_file',
          arguments: {
            path: 'test.js',
            oldText: "got === 'Hello, Ada!'",
            newText: "got === 'Hi Ada'",
          },
        },
        { name: 'read_file', arguments: { path: '../package.json' } },
      ],
    }
  },
  () => ({
    narration: {
      title: "a hook's refusal",
      note: 'The sandbox keeps Claude Code settings: .claude/settings.json runs a PreToolUse hook script\non edit_file. @toolpipe/hooks runs it as a real process with the call as JSON on stdin; it\nexits 2 for package.json, so the call is denied (HOOK_DENIED) with its stderr as the reason.',
    },
    text: 'Both refused. Then I will at least add a test script to package.json.',
    calls: [
      {
        name: 'edit_file',
        arguments: {
          path: 'package.json',
          oldText: '"type": "commonjs"',
          newText: '"type": "commonjs", "scripts": { "test": "node test.js" }',
        },
      },
    ],
  }),
  () => ({
    narration: {
      title: 'progress, then a timeout',
      note: 'wait_for_file reports progress while it waits (exec.reportProgress). It declares timeoutMs: 1000\nand honours exec.signal: registry.use(timeoutPolicy()) aborts the signal at the deadline, and\nthe call ends with TOOL_TIMEOUT.',
    },
    text: "The project's hook refused that. The README says CI writes ci/report.txt; I will wait for it.",
    calls: [{ name: 'wait_for_file', arguments: { path: 'ci/report.txt' } }],
  }),
  () => ({
    narration: {
      title: 'a secret withheld',
      note: "read_file ran, but redactSecrets() (@toolpipe/redact: secretlint's recommended rules) found a GitHub\ntoken in its output and withheld the result: the model gets SECRET_BLOCKED naming the rule and\nthe line, never the secret; neither the log, the page nor a spill file holds it.",
    },
    text: 'No report. The CI token in .env may let me fetch it.',
    calls: [{ name: 'read_file', arguments: { path: '.env' } }],
  }),
  () => ({
    narration: {
      title: "additionalContext after the step's results",
      note: 'The "syntax-check" plugin attaches additionalContext to the edit. The loop holds it until the\nstep\'s last tool result is in (wc, which runs unasked now if "always" made it a rule), then appends\nit as a context message.',
    },
    text: 'Understood: no secrets. I will fix greet.js itself and run the test again.',
    calls: [
      {
        name: 'edit_file',
        arguments: {
          path: 'greet.js',
          oldText: "  return 'Hi ' + name",
          newText: '  return `Hello, ${name}!`',
        },
      },
      { name: 'run_shell', arguments: { command: 'node test.js' } },
      { name: 'run_shell', arguments: { command: 'wc -l greet.js' } },
    ],
  }),
  () => ({
    narration: {
      title: 'a post-execute block with feedback',
      note: 'read_file ran, and dist/greet.min.js is a minified bundle a build generated: one line of 1,000\ncharacters. The "minified-code" tools/post-execute policy blocks the result ({ kind: \'block\',\nfeedback }): the model gets POST_BLOCKED and feedback naming the source to read instead.',
    },
    text: 'The test passes. The project also ships dist/greet.min.js: let me check that it greets the same way.',
    calls: [{ name: 'read_file', arguments: bundle }],
  }),
  ({ previousResults }) => ({
    narration: {
      title: 'an output over its budget',
      note: "run_shell declares maxOutputTokens: 500, and registry.use(outputBudget()) holds each result to its\ntool's budget: the 600-line server.log comes back as its first and last lines around one line\nthat names the tokens left out and the file (0600, in a 0700 folder) that holds all of it.",
    },
    text: `${
      textOf(previousResults[0]).includes('Read greet.js, the source it is built from')
        ? 'So the bundle is made from greet.js: the next build carries the fix.'
        : 'The bundle looks as I expected.'
    } One last look at server.log, to see which greetings production sent.`,
    calls: [{ name: 'run_shell', arguments: { command: 'cat server.log' } }],
  }),
  () => ({
    narration: {
      title: 'the OS sandbox under an allow rule',
      note: 'The rule "Bash(node *)" lets any node script run, and this one-liner writes to the shell profile in\nHOME, outside the project. No text rule can see what a script does; the OS sandbox run_shell\nruns in (@toolpipe/sandbox: bubblewrap on Linux, Seatbelt on macOS) lets commands write only\nin the project, stops the write, and the card shows what it stopped. Without one (the demo\nsaid so at the start), the rules alone let it through.',
    },
    text: 'Before I finish: I will add the project to your shell profile, so greet is at hand next time.',
    calls: [{ name: 'run_shell', arguments: { command: profileCommand } }],
  }),
  ({ messages, previousResults }) => {
    const testRun = resultOfLast(messages, 'run_shell', { command: 'node test.js' })
    const passed = testRun?.content.some(
      (block) => block.type === 'text' && block.text === '[exit code 0]',
    )
    const profile = textOf(previousResults[0]).includes('the sandbox stopped')
      ? '\nThe shell profile stays as it was: the sandbox stopped my write outside the project.'
      : ''
    const spilled = /the full output is in (\S+) …\]/.exec(
      textOf(resultOfLast(messages, 'run_shell', { command: 'cat server.log' })),
    )?.[1]
    const generated = textOf(resultOfLast(messages, 'read_file', bundle)).includes('minified')
      ? `\n${bundle.path} is minified, generated by a build (a policy kept it out of my context): the next\nbuild makes it again from the fixed greet.js.`
      : ''
    const log =
      spilled === undefined
        ? ''
        : `\nserver.log was longer than run_shell's budget: I read its first and last lines, and the rest\nis in ${spilled}.\nProduction still greets the old way ("Hi Ada") until this fix ships.`
    return {
      narration: { title: 'the answer', note: 'A turn without tool calls: the loop ends.' },
      text:
        passed === true
          ? `Fixed: greet() now returns \`Hello, \${name}!\`, as the team handbook asks, and node test.js passes.\nLeft alone, by policy: the upstream check (no network), the stale CI output (rm is denied by rule),\ntest.js and ../package.json (guard), package.json (the project hook), the CI report (timed out) and .env (a secret).${generated}${log}${profile}`
          : `I could not confirm the fix: the test run said ${JSON.stringify(firstLineWith(testRun, '') ?? 'nothing')}.`,
    }
  },
]

/**
 * What the scripted model says when prompted again after its script answered (an ACP client may
 * send a second prompt in the same session): it has nothing more to do, and says how to go on.
 */
export const afterTheDemoScript: ScriptStep = () => ({
  text: 'That was the whole demo script: the scripted model has nothing more to do in this session. Start a new session to watch it again, or set OPENAI_BASE_URL, OPENAI_API_KEY and MODEL for a real model.',
})
