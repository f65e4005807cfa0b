import { afterEach, expect, it, vi } from 'vitest';
import { newUuid } from './uuid.ts';

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => vi.unstubAllGlobals());

it('makes v4 UUIDs, also where randomUUID is missing (plain HTTP)', () => {
  expect(newUuid()).toMatch(V4);
  const real = globalThis.crypto;
  vi.stubGlobal('crypto', { getRandomValues: (a: Uint8Array) => real.getRandomValues(a) });
  const ids = new Set(Array.from({ length: 50 }, () => newUuid()));
  expect(ids.size).toBe(50);
  ids.forEach((id) => expect(id).toMatch(V4));
});
