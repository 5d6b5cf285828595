/** The model registry: which model answers a name, and which models a call tries in turn. */
import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../errors.js';
import { createModelRegistry, modelRegistryFromConfig, type ChatModel } from './models.js';

const model = (id: string, fallbacks: string[] = []): ChatModel => ({
  id,
  upstreamUrl: 'http://127.0.0.1:1/v1',
  upstreamModel: `upstream-${id}`,
  apiKey: undefined,
  promptPricePer1k: 1,
  completionPricePer1k: 1,
  acceptsImages: false,
  acceptsTools: true,
  contextLength: 8192,
  maxCompletionTokens: 4096,
  fallbacks,
});

describe('a registry of several models', () => {
  const registry = createModelRegistry([model('a', ['b', 'c']), model('b', ['d']), model('c'), model('d', ['a'])], { defaultId: 'c', strictNames: true });

  it('answers a name with its model, and no name with the default', () => {
    expect(registry.resolve('b').id).toBe('b');
    expect(registry.resolve().id).toBe('c');
    expect(registry.list().map((m) => m.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('refuses a name it does not offer with a field error on `model`', () => {
    const refusal = (() => {
      try {
        registry.resolve('gpt-4o');
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(InvalidInputError);
    expect((refusal as InvalidInputError).fields).toEqual({ model: [expect.stringContaining("'gpt-4o' does not exist")] });
  });

  it('tries a model, then its fallbacks depth first, each model once', () => {
    expect(registry.chain(registry.resolve('a')).map((m) => m.id)).toEqual(['a', 'b', 'd', 'c']);
    expect(registry.chain(registry.resolve('c')).map((m) => m.id)).toEqual(['c']);
  });
});

describe('the single-upstream settings', () => {
  const config = {
    chatModels: undefined,
    chatUpstreamUrl: 'http://127.0.0.1:1/v1',
    chatUpstreamModel: 'upstream-model',
    chatUpstreamApiKey: 'sk-x',
    chatModel: 'quarry-chat',
    chatModelAcceptsImages: false,
    priceChatPromptPer1k: 1,
    priceChatCompletionPer1k: 2,
  };

  it('are one model that answers every name, as they always have', () => {
    const registry = modelRegistryFromConfig(config)!;
    expect(registry.list()).toEqual([
      expect.objectContaining({
        id: 'quarry-chat',
        upstreamModel: 'upstream-model',
        apiKey: 'sk-x',
        promptPricePer1k: 1,
        completionPricePer1k: 2,
        fallbacks: [],
      }),
    ]);
    expect(registry.resolve('gpt-4o').id).toBe('quarry-chat');
  });

  it('are no model at all without CHAT_UPSTREAM_URL', () => {
    expect(modelRegistryFromConfig({ ...config, chatUpstreamUrl: undefined })).toBeUndefined();
  });
});
