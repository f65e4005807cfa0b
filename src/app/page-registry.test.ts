import { describe, expect, it } from 'vitest';
import { FOLDER } from '@contract/menu-declaration.ts';
import { declaredMenus } from '@contract/menus.ts';
import { PAGE_REGISTRY, declaredResource, pageOf } from './page-registry.ts';

const declared = [...new Set(declaredMenus().map((menu) => menu.component))].filter((component) => component !== FOLDER);
const isResourcePage = (component: string) => component.startsWith('resource/');

describe('the page registry', () => {
  it('draws every declared page, the record kinds’ included, and no page nobody declares', () => {
    expect(Object.keys(PAGE_REGISTRY).sort()).toEqual(declared.filter((component) => !isResourcePage(component)).sort());
    for (const component of declared) expect(pageOf(component), component).toBeDefined();
    expect(pageOf('system/NoSuchList')).toBeUndefined();
  });

  it('finds the description of each plain resource’s page in the contract file it names', async () => {
    const resourcePages = declared.filter(isResourcePage);
    expect(resourcePages).toEqual(expect.arrayContaining(['resource/position/position', 'resource/internship-unit/unitRating']));
    for (const component of resourcePages) expect((await declaredResource(component)).key).toBe(component.split('/')[2]);
    await expect(declaredResource('resource/position/noSuchResource')).rejects.toThrow('no resource noSuchResource in contract/position.ts');
  });
});
