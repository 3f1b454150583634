import { describe, expect, it } from 'vitest';
import { apiBaseOption } from '../../electron/cli/api-base-option.js';

describe('serve --crawl-api-base PLATFORM=URL', () => {
  it('collects one base per platform, repeatable, without a trailing slash', () => {
    const one = apiBaseOption('greenhouse=http://127.0.0.1:9000/');
    expect(apiBaseOption('Lever=https://proxy.example/lever', one)).toEqual({
      greenhouse: 'http://127.0.0.1:9000',
      lever: 'https://proxy.example/lever',
    });
  });

  it.each([
    ['127.0.0.1:9000', /expected PLATFORM=URL with PLATFORM one of greenhouse, lever, ashby/],
    ['icims=http://127.0.0.1:9000', /got "icims=http:\/\/127.0.0.1:9000"/],
    ['ashby=not a url', /expected an http\(s\) URL after "ashby=", got "not a url"/],
    ['ashby=ftp://127.0.0.1/', /expected an http\(s\) URL after "ashby="/],
  ])('refuses %j, naming the value', (value, message) => {
    expect(() => apiBaseOption(value)).toThrow(message);
  });
});
