/**
 * `CHAT_MODELS_FILE` read at start: JSON or YAML, every problem of the file listed in one
 * configuration error, keys taken from the environment variables the file names.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeModelsFile } from '../../tests/support/chat-models.js';
import { ConfigError, readRawConfig } from './index.js';

const model = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  upstream_url: 'http://127.0.0.1:11434/v1',
  upstream_model: `upstream-${id}`,
  prompt_price_per_1k: 1,
  completion_price_per_1k: 2,
  context_length: 8192,
  ...extra,
});

function problemsOf(document: unknown, env: Record<string, string> = {}): string[] {
  const file = writeModelsFile(document, 'json');
  try {
    readRawConfig({ CHAT_MODELS_FILE: file, ...env });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return error.problems.map((problem) => `${problem.variable.startsWith('CHAT_MODELS_FILE') ? '' : `${problem.variable}: `}${problem.reason}`);
  }
  return [];
}

describe('a models file', () => {
  it('reads YAML and JSON alike, with the keys from the variables it names', () => {
    const document = {
      default: 'smart',
      models: [model('fast', { api_key_env: 'FAST_KEY', tools: true, fallbacks: ['smart'] }), model('smart', { images: true, max_completion_tokens: 1000 })],
    };
    for (const format of ['yaml', 'json'] as const) {
      const raw = readRawConfig({ CHAT_MODELS_FILE: writeModelsFile(document, format), FAST_KEY: ' sk-fast ' });
      expect(raw.chatModels?.defaultId).toBe('smart');
      expect(raw.chatModels?.models).toEqual([
        {
          id: 'fast',
          upstreamUrl: 'http://127.0.0.1:11434/v1',
          upstreamModel: 'upstream-fast',
          apiKey: 'sk-fast',
          promptPricePer1k: 1,
          completionPricePer1k: 2,
          acceptsImages: false,
          acceptsTools: true,
          contextLength: 8192,
          maxCompletionTokens: 4096,
          fallbacks: ['smart'],
        },
        expect.objectContaining({ id: 'smart', apiKey: undefined, acceptsImages: true, acceptsTools: false, maxCompletionTokens: 1000, fallbacks: [] }),
      ]);
    }
  });

  it('makes the first model the default when the file names none', () => {
    const raw = readRawConfig({ CHAT_MODELS_FILE: writeModelsFile({ models: [model('a'), model('b')] }) });
    expect(raw.chatModels?.defaultId).toBe('a');
  });

  it('lists every problem at once, each naming where it is', () => {
    const problems = problemsOf(
      {
        default: 'missing',
        models: [
          model('fast', { api_key_env: 'NOT_SET_ANYWHERE', fallbacks: ['nowhere'] }),
          model('fast'),
          model('bad', {
            upstream_url: 'ftp://example.com/v1',
            prompt_price_per_1k: -1,
            context_length: 0,
            images: 'yes',
            api_key: 'sk-in-the-file',
            temperature: 1,
          }),
        ],
        extra: true,
      },
      {},
    );
    expect(problems).toEqual([
      'extra: unknown field (known: models, default, answer_model)',
      'models[0].api_key_env: the environment variable NOT_SET_ANYWHERE is not set',
      'models[1].id: "fast" is used twice',
      'models[2].api_key: a key never goes in this file: put it in an environment variable and name that variable in `api_key_env`',
      expect.stringMatching(/^models\[2\]\.temperature: unknown field/),
      expect.stringMatching(/^models\[2\]\.upstream_url: expected the http\(s\) base URL/),
      expect.stringMatching(/^models\[2\]\.prompt_price_per_1k: expected credits per 1,000 prompt tokens .* got -1$/),
      'models[2].images: expected true or false, got "yes"',
      expect.stringMatching(/^models\[2\]\.context_length: .* got 0$/),
      'models[0].fallbacks: "nowhere" is not a model of this file',
      'default: "missing" is not a model of this file',
    ]);
    expect(() => readRawConfig({ CHAT_MODELS_FILE: writeModelsFile({ models: [model('a', { api_key_env: 'X' }), model('a')] }) })).toThrow(
      /^2 settings need attention:\n {2}- CHAT_MODELS_FILE \(.*models\.yaml\): models\[0\]\.api_key_env: /,
    );
  });

  it('refuses fallbacks that name no model, or that go round in a circle', () => {
    expect(problemsOf({ models: [model('a', { fallbacks: ['b'] }), model('b', { fallbacks: ['c'] }), model('c', { fallbacks: ['a'] })] })).toEqual([
      'fallbacks form a cycle: a → b → c → a',
    ]);
    expect(problemsOf({ models: [model('a', { fallbacks: ['a'] })] })).toEqual(['fallbacks form a cycle: a → a']);
    expect(problemsOf({ models: [model('a', { fallbacks: ['ghost'] })] })).toEqual(['models[0].fallbacks: "ghost" is not a model of this file']);
  });

  it('never shows credentials or a query of an upstream URL it refuses', () => {
    const [problem] = problemsOf({ models: [model('a', { upstream_url: 'https://user:hunter2@example.com/v1?key=sk-secret' })] });
    expect(problem).toMatch(/^models\[0\]\.upstream_url: must carry no credentials and no query/);
    expect(problem).not.toMatch(/hunter2|sk-secret/);
  });

  it('names the answer model (`answer_model`), which may be no model of the file', () => {
    expect(readRawConfig({ CHAT_MODELS_FILE: writeModelsFile({ models: [model('a')] }) }).chatModels?.answerModel).toBeUndefined();
    const named = readRawConfig({ CHAT_MODELS_FILE: writeModelsFile({ answer_model: 'web-answer', models: [model('a')] }) });
    expect(named.chatModels?.answerModel).toBe('web-answer');
    expect(problemsOf({ answer_model: 'a', models: [model('a')] })).toEqual(['answer_model: "a" is already a model of this file']);
    expect(problemsOf({ answer_model: 'no spaces', models: [model('a')] })).toEqual([expect.stringMatching(/^answer_model: expected a name clients can send/)]);
    expect(problemsOf({ models: [model('quarry-answer')] })).toEqual([expect.stringMatching(/^models: "quarry-answer" is the name of answers from the web/)]);
  });

  it('says what is wrong with a file it cannot read or parse', () => {
    expect(() => readRawConfig({ CHAT_MODELS_FILE: '/nonexistent/models.yaml' })).toThrow(
      /^CHAT_MODELS_FILE \(\/nonexistent\/models\.yaml\): cannot read the file \(ENOENT\)$/,
    );
    expect(problemsOf('just a string')).toEqual(['expected an object with a `models` list (and optionally `default`)']);
  });

  it('is either the models file or the single upstream, not both', () => {
    const file = writeModelsFile({ models: [model('a')] });
    expect(() => readRawConfig({ CHAT_MODELS_FILE: file, CHAT_UPSTREAM_URL: 'http://127.0.0.1:1/v1' })).toThrow(
      /CHAT_UPSTREAM_URL: set either CHAT_MODELS_FILE or CHAT_UPSTREAM_URL/,
    );
  });

  it('needs a hold to outlive a whole fallback chain, each model under CHAT_TIMEOUT_MS', () => {
    const file = writeModelsFile({ models: [model('a', { fallbacks: ['b'] }), model('b', { fallbacks: ['c'] }), model('c')] });
    expect(() => readRawConfig({ CHAT_MODELS_FILE: file, HOLD_TTL_SECONDS: '300', CHAT_TIMEOUT_MS: '120000' })).toThrow(
      /HOLD_TTL_SECONDS: 300 s must be longer than CHAT_TIMEOUT_MS \(120000 ms\) × 3 models of the longest fallback chain/,
    );
    expect(() => readRawConfig({ CHAT_MODELS_FILE: file, HOLD_TTL_SECONDS: '400', CHAT_TIMEOUT_MS: '120000' })).not.toThrow();
  });
});

describe('the example models file', () => {
  it('is valid, so that it can be copied as it is', () => {
    const raw = readRawConfig({ CHAT_MODELS_FILE: join(import.meta.dirname, '../../config/models.example.yaml'), OPENROUTER_API_KEY: 'sk-or-example' });
    expect(raw.chatModels?.models.map((model) => model.id)).toEqual(['fast', 'smart', 'local']);
  });
});
