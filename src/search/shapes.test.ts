import { describe, it, expect, afterAll } from 'vitest';
import Fastify from 'fastify';
import { Value } from '@sinclair/typebox/value';
import { CombinedSearchResponse } from './combined-shape.js';
import { ITEM_SCHEMAS, VERTICAL_RESPONSE_SCHEMAS } from './shapes.js';

describe('item shapes', () => {
  it('follow the contract field lists per vertical', () => {
    const fields = (vertical: keyof typeof ITEM_SCHEMAS) => Object.keys(ITEM_SCHEMAS[vertical].properties);
    expect(fields('images')).toEqual(expect.arrayContaining(['title', 'imageUrl', 'imageWidth', 'imageHeight', 'link', 'position']));
    expect(fields('patents')).toEqual(
      expect.arrayContaining(['title', 'patentNumber', 'link', 'snippet', 'inventors', 'assignee', 'filingDate', 'grantDate', 'position']),
    );
    expect(fields('videos')).toEqual(expect.arrayContaining(['title', 'link', 'snippet', 'duration', 'uploaded', 'channel', 'position']));
    expect(fields('news')).toEqual(expect.arrayContaining(['title', 'link', 'snippet', 'publisher', 'date', 'position']));
    expect(fields('scholar')).toEqual(expect.arrayContaining(['title', 'link', 'snippet', 'authors', 'publication', 'citations', 'position']));
    expect(fields('places')).toEqual(
      expect.arrayContaining(['title', 'address', 'latitude', 'longitude', 'rating', 'reviews', 'phone', 'category', 'position']),
    );
    expect(fields('shopping')).toEqual(expect.arrayContaining(['title', 'price', 'link', 'source', 'rating', 'reviews', 'imageUrl', 'position']));
    expect(fields('web')).toEqual(expect.arrayContaining(['title', 'url', 'description', 'position']));
  });

  it('require only the title, the position and the link of verticals that have one', () => {
    expect(ITEM_SCHEMAS.news.required).toEqual(['title', 'link', 'position']);
    expect(ITEM_SCHEMAS.places.required).toEqual(['title', 'position']);
    expect(ITEM_SCHEMAS.web.required).toEqual(['title', 'url', 'position']);
    expect(ITEM_SCHEMAS.images.required).toEqual(['title', 'imageUrl', 'link', 'position']);
  });

  it('accept a sparse item and refuse a wrong type or an out-of-range value', () => {
    expect(Value.Check(ITEM_SCHEMAS.places, { title: "L'Osteria", position: 1 })).toBe(true);
    expect(Value.Check(ITEM_SCHEMAS.places, { title: "L'Osteria", position: 1, rating: 5.5 })).toBe(false);
    expect(Value.Check(ITEM_SCHEMAS.scholar, { title: 'x', link: 'https://a', citations: '12', position: 1 })).toBe(false);
    expect(Value.Check(ITEM_SCHEMAS.news, { title: 'x', link: 'https://a', position: 0 })).toBe(false);
  });
});

describe('responses', () => {
  const app = Fastify();
  app.get('/images', { schema: { response: { 200: VERTICAL_RESPONSE_SCHEMAS.images } } }, async () => ({
    searchParameters: { q: 'lion', num: 10, type: 'images', engine: 'local', internal: 'x' },
    images: [
      {
        title: 'Lion',
        imageUrl: 'https://img/lion.jpg',
        link: 'https://en.wikipedia.org/wiki/Lion',
        position: 1,
        score: 0.93,
      },
    ],
  }));
  app.get('/autocomplete', { schema: { response: { 200: VERTICAL_RESPONSE_SCHEMAS.autocomplete } } }, async () => ({
    searchParameters: { q: 'app', num: 10, type: 'autocomplete', engine: 'local' },
    suggestions: ['apple', 'app store'],
  }));
  app.get('/search', { schema: { response: { 200: CombinedSearchResponse } } }, async () => ({
    success: true,
    data: { web: [{ title: 'Rust', url: 'https://rust-lang.org/', description: 'A language', position: 1 }] },
  }));
  afterAll(() => app.close());

  it('serialise shape A with only declared fields, dropping anything internal', async () => {
    const body = (await app.inject('/images')).json();
    expect(body).toEqual({
      searchParameters: { q: 'lion', num: 10, type: 'images', engine: 'local' },
      images: [{ title: 'Lion', imageUrl: 'https://img/lion.jpg', link: 'https://en.wikipedia.org/wiki/Lion', position: 1 }],
    });
  });

  it('serialise autocomplete suggestions as strings', async () => {
    expect((await app.inject('/autocomplete')).json().suggestions).toEqual(['apple', 'app store']);
  });

  it('serialise shape B with one array per source', async () => {
    expect((await app.inject('/search')).json()).toEqual({
      success: true,
      data: { web: [{ title: 'Rust', url: 'https://rust-lang.org/', description: 'A language', position: 1 }] },
    });
  });
});
