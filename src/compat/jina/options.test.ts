import { describe, expect, it } from 'vitest';
import { CompatError } from '../compat-error.js';
import { errorsAsText, readerOptions, targetFromPath, wantsJson } from './options.js';

describe('Jina Reader options', () => {
  it('reads the target from the path as Jina does', () => {
    expect(targetFromPath('/r/https://example.com/a?b=1', '/r/')).toBe('https://example.com/a?b=1');
    expect(targetFromPath('/r/example.com/a', '/r/')).toBe('https://example.com/a');
    expect(targetFromPath('/r/https:/example.com/', '/r/')).toBe('https://example.com/');
    expect(targetFromPath('/r/https://https://example.com/', '/r/')).toBe('https://example.com/');
    expect(targetFromPath('/r/https%3A%2F%2Fexample.com%2Fx', '/r/')).toBe('https://example.com/x');
    expect(targetFromPath('/r/', '/r/')).toBe('');
    expect(() => targetFromPath('/r/%E0%A4%A', '/r/')).toThrow(CompatError);
  });

  it('chooses the output mode, JSON and caching from headers and body', () => {
    expect(readerOptions({})).toEqual({ mode: 'markdown', json: false, noCache: false });
    expect(readerOptions({ 'x-return-format': 'text', accept: 'application/json' })).toEqual({ mode: 'text', json: true, noCache: false });
    expect(readerOptions({ 'x-respond-with': 'markdown', 'x-return-format': 'text' }).mode).toBe('markdown');
    expect(readerOptions({}, { returnFormat: 'text', noCache: true })).toEqual({ mode: 'text', json: false, noCache: true });
    expect(readerOptions({ 'x-no-cache': 'false' }).noCache).toBe(true);
    expect(readerOptions({ 'x-cache-tolerance': '0' }).noCache).toBe(true);
  });

  it('refuses what Quarry cannot honour', () => {
    expect(readerOptions({ 'x-return-format': 'html' }).mode).toBe('html');
    expect(() => readerOptions({ 'x-respond-with': 'screenshot' })).toThrow(/markdown, text or html/);
    expect(() => readerOptions({ 'x-target-selector': 'main' })).toThrow('x-target-selector is not supported by this server');
    expect(() => readerOptions({ 'x-md-heading-style': 'setext' })).toThrow(/x-md-heading-style/);
    expect(() => readerOptions({ 'x-cache-tolerance': 'soon' })).toThrow(/X-Cache-Tolerance/);
  });

  it('answers JSON and text errors by Accept', () => {
    expect(wantsJson('application/json')).toBe(true);
    expect(wantsJson('application/json, text/plain')).toBe(false);
    expect(wantsJson('*/*')).toBe(false);
    expect(errorsAsText('text/plain')).toBe(true);
    expect(errorsAsText('*/*')).toBe(false);
    expect(errorsAsText(undefined)).toBe(false);
  });
});
