import { describe, expect, it } from 'vitest';
import { FOLDER } from '@contract/menu-declaration.ts';
import { declaredMenus } from '@contract/menus.ts';
import { PAGE_REGISTRY } from './page-registry.ts';

describe('the page registry', () => {
  it('draws every declared page, the record kinds’ included, and no page nobody declares', () => {
    const declared = declaredMenus()
      .filter((menu) => menu.component !== FOLDER)
      .map((menu) => menu.component);
    expect(Object.keys(PAGE_REGISTRY).sort()).toEqual([...new Set(declared)].sort());
  });
});
