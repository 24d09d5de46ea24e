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
    })
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
