import { describe, expect, it } from 'vitest'
import { parseCliArguments } from './cli-arguments.js'
import { chooseModel } from '../model/model-choice.js'

describe('parseCliArguments', () => {
  it('reads the run, replay and help commands', () => {
    expect(parseCliArguments([])).toEqual({ command: 'run', yes: false })
    expect(
      parseCliArguments([
        '-y',
        '--log',
        'a.jsonl',
        '--sandbox',
        'sb',
        '--max-steps',
        '5',
        '--no-color',
      ]),
    ).toEqual({
      command: 'run',
      yes: true,
      log: 'a.jsonl',
      sandbox: 'sb',
      maxSteps: 5,
      color: false,
    })
    expect(parseCliArguments(['--replay', 'a.jsonl'])).toEqual({
      command: 'replay',
      replay: 'a.jsonl',
    })
    expect(parseCliArguments(['--yes', '--help'])).toEqual({ command: 'help' })
  })

  it('reads --trace and --acp, and takes the `--` that `pnpm demo -- …` passes on', () => {
    expect(parseCliArguments(['--', '--yes', '--trace'])).toEqual({
      command: 'run',
      yes: true,
      trace: true,
    })
    expect(parseCliArguments(['--acp'])).toEqual({ command: 'acp' })
    expect(
      parseCliArguments(['--', '--acp', '--sandbox', 'sb', '--max-steps', '3', '--trace']),
    ).toEqual({ command: 'acp', sandbox: 'sb', maxSteps: 3, trace: true })
    // Only one leading `--` is pnpm's; a second one would start positionals.
    expect(() => parseCliArguments(['--', '--', '--acp'])).toThrow(/\(see --help\)$/)
  })

  it('refuses what --acp and --replay cannot use', () => {
    expect(() => parseCliArguments(['--acp', '--yes', '--log', 'x'])).toThrow(
      "--acp asks the ACP client for approvals and keeps a log beside each session's sandbox, so it takes no --yes, --log",
    )
    expect(() => parseCliArguments(['--replay', 'x', '--acp', '--trace'])).toThrow(
      '--replay runs no tool, so it takes no --trace, --acp',
    )
  })

  it('reads --web, and refuses it beside --yes, --acp and --replay', () => {
    expect(parseCliArguments(['--', '--web'])).toEqual({ command: 'run', yes: false, web: true })
    expect(parseCliArguments(['--web', '--trace', '--max-steps', '4'])).toEqual({
      command: 'run',
      yes: false,
      web: true,
      trace: true,
      maxSteps: 4,
    })
    expect(parseCliArguments([])).not.toHaveProperty('web')
    expect(() => parseCliArguments(['--web', '--yes'])).toThrow(
      '--web answers the asks in the page, so it takes no --yes',
    )
    expect(() => parseCliArguments(['--acp', '--web'])).toThrow(/so it takes no --web$/)
    expect(() => parseCliArguments(['--replay', 'x', '--web'])).toThrow(
      '--replay runs no tool, so it takes no --web',
    )
  })

  it('refuses unknown options, stray words and bad numbers with a usage error', () => {
    expect(() => parseCliArguments(['--yess'])).toThrow(/^Unknown option '--yess'.*\(see --help\)$/)
    expect(() => parseCliArguments(['demo'])).toThrow(/\(see --help\)$/)
    expect(() => parseCliArguments(['--max-steps', '0'])).toThrow(
      '--max-steps wants a positive whole number, got "0"',
    )
    expect(() => parseCliArguments(['--replay', 'x', '--log', 'y', '--sandbox', 'z'])).toThrow(
      '--replay runs no tool, so it takes no --log, --sandbox',
    )
  })
})

describe('chooseModel', () => {
  it('uses the scripted model unless OPENAI_BASE_URL or MODEL is set', () => {
    expect(chooseModel({})).toEqual({ kind: 'scripted' })
    expect(chooseModel({ OPENAI_API_KEY: 'sk-x' })).toMatchObject({
      kind: 'scripted',
      notice: expect.stringContaining('OPENAI_API_KEY is set') as unknown,
    })
    expect(
      chooseModel({
        OPENAI_BASE_URL: 'https://api.deepseek.com',
        OPENAI_API_KEY: 'k',
        MODEL: 'deepseek-chat',
      }),
    ).toEqual({
      kind: 'openai',
      baseURL: 'https://api.deepseek.com',
      apiKey: 'k',
      model: 'deepseek-chat',
      dialect: 'openai',
    })
  })

  it('sends strict schemas to OpenAI itself and plain ones elsewhere, unless TOOL_SCHEMA_DIALECT says', () => {
    const real = { OPENAI_API_KEY: 'k', MODEL: 'm' }
    const dialectOf = (env: Record<string, string>) => {
      const choice = chooseModel({ ...real, ...env })
      return choice.kind === 'openai' ? choice.dialect : undefined
    }
    expect(dialectOf({ OPENAI_BASE_URL: 'https://api.openai.com/v1' })).toBe('openai-strict')
    expect(dialectOf({ OPENAI_BASE_URL: 'http://localhost:11434/v1' })).toBe('openai')
    expect(
      dialectOf({ OPENAI_BASE_URL: 'https://api.openai.com/v1', TOOL_SCHEMA_DIALECT: 'openai' }),
    ).toBe('openai')
    expect(
      dialectOf({ OPENAI_BASE_URL: 'http://localhost/v1', TOOL_SCHEMA_DIALECT: 'openai-strict' }),
    ).toBe('openai-strict')
    expect(
      dialectOf({ OPENAI_BASE_URL: 'https://api.openai.com/v1', TOOL_SCHEMA_DIALECT: ' auto ' }),
    ).toBe('openai-strict')
    expect(() =>
      chooseModel({ ...real, OPENAI_BASE_URL: 'http://x', TOOL_SCHEMA_DIALECT: 'gemini' }),
    ).toThrow('TOOL_SCHEMA_DIALECT must be "openai-strict", "openai" or "auto", got "gemini"')
  })

  it('names every missing variable, and a base URL that is not a URL', () => {
    expect(() => chooseModel({ MODEL: 'm', OPENAI_API_KEY: ' ' })).toThrow(
      'to use a real model set OPENAI_BASE_URL, OPENAI_API_KEY and MODEL; missing: OPENAI_BASE_URL, OPENAI_API_KEY',
    )
    expect(() =>
      chooseModel({ OPENAI_BASE_URL: 'api.deepseek.com', OPENAI_API_KEY: 'k', MODEL: 'm' }),
    ).toThrow('OPENAI_BASE_URL is not a URL: "api.deepseek.com"')
  })
})
