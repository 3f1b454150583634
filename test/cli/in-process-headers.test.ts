import { describe, expect, it } from 'vitest';
import { InProcessHeaders } from '../../electron/cli/in-process-headers.js';

// A read command's Connect calls use InProcessHeaders instead of Node's Headers, which would load
// Node's fetch (issue 30, a fast CLI). Whatever Connect and the service do with headers must
// come out the same: Node's own Headers is the oracle.

type H = Headers;
/** The kind of error a call throws, or none. */
function thrown(f: () => void): string {
  try {
    f();
    return 'none';
  } catch (e) {
    return (e as Error).constructor.name;
  }
}
const ops: [string, (h: H) => unknown][] = [
  ['append and combine', (h) => (h.append('Accept', 'a'), h.append('accept', 'b'), h.get('ACCEPT'))],
  ['set replaces', (h) => (h.append('x-a', '1'), h.set('X-A', '2'), h.get('x-a'))],
  ['get of a missing name is null', (h) => h.get('nothing')],
  ['has and delete', (h) => (h.set('x-b', '1'), h.delete('X-B'), [h.has('x-b'), h.get('x-b')])],
  ['values are trimmed', (h) => (h.set('x-c', ' \t v w \r\n'), h.get('x-c'))],
  ['empty values stay', (h) => (h.set('x-d', ''), [h.has('x-d'), h.get('x-d')])],
  [
    'iteration sorts by name and keeps set-cookie apart',
    (h) => (
      h.append('Zed', '1'),
      h.append('set-cookie', 'a=1'),
      h.append('Set-Cookie', 'b=2'),
      h.append('alpha', 'x'),
      h.append('alpha', 'y'),
      [[...h], [...h.keys()], [...h.values()], h.getSetCookie(), h.get('set-cookie')]
    ),
  ],
  [
    'forEach passes value, name and the headers',
    (h) => {
      h.set('content-type', 'application/json');
      h.set('connect-protocol-version', '1');
      const seen: unknown[] = [];
      h.forEach((v, k, p) => seen.push([v, k, p === h]));
      return seen;
    },
  ],
  ['an invalid name throws', (h) => thrown(() => h.set('bad name', 'x'))],
  ['a value with a newline throws', (h) => thrown(() => h.set('x-e', 'a\nb'))],
];

describe('InProcessHeaders behaves as the Fetch standard Headers', () => {
  it.each(ops)('%s', (_, op) => {
    expect(op(new InProcessHeaders() as unknown as H)).toEqual(op(new Headers()));
  });

  it('builds from a record, pairs and other Headers, as Connect does', () => {
    const inits: [string, () => HeadersInit][] = [
      ['record', () => ({ 'Content-Type': 'application/json', 'X-Z': ' 1 ' })],
      [
        'pairs',
        () => [
          ['a', '1'],
          ['A', '2'],
          ['b', '3'],
        ],
      ],
      ['own Headers', () => new InProcessHeaders({ k: 'v', j: 'w' }) as unknown as Headers],
      ['Node Headers', () => new Headers({ k: 'v', j: 'w' })],
    ];
    for (const [name, init] of inits)
      expect([...new InProcessHeaders(init() as never)], name).toEqual([...new Headers(init())]);
    expect(() => new InProcessHeaders([['only-a-name']] as never)).toThrow(TypeError);
    expect(Object.prototype.toString.call(new InProcessHeaders())).toBe('[object Headers]');
  });
});
