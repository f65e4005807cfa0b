import { describe, expect, it } from 'vitest';
import { ANNOUNCEMENT_RESOURCE } from './announcement.ts';
import { CATEGORY_RESOURCE } from './category.ts';
import { DICT_ITEM_RESOURCE, DICT_RESOURCE } from './dict.ts';
import { FILL_RULE_RESOURCE } from './fill-rule.ts';
import { POSITION_RESOURCE } from './position.ts';
import type { ResourceDescription } from './resource.ts';
import { ROLE_RESOURCE } from './role.ts';
import { USER_RESOURCE } from './user-admin.ts';

const RESOURCES: ResourceDescription[] = [ANNOUNCEMENT_RESOURCE, CATEGORY_RESOURCE, DICT_RESOURCE, DICT_ITEM_RESOURCE, FILL_RULE_RESOURCE, POSITION_RESOURCE, ROLE_RESOURCE, USER_RESOURCE];
const fields = RESOURCES.flatMap((resource) => resource.fields.map((field) => [`${resource.key}.${field.name}`, field] as const));

/** The generic lists show a value by its field's kind: a kind that does not fit the value shows it raw. */
describe('resource fields say what their values are', () => {
  it.each(fields.filter(([, f]) => /(Time|At)$/.test(f.name)))('%s, an instant, is a datetime (YYYY-MM-DD HH:mm:ss, local time)', (_name, field) => {
    expect(field.kind).toBe('datetime');
  });

  it.each(fields.filter(([, f]) => /(Date|^birthday)$/.test(f.name)))('%s, a calendar date, is a date (YYYY-MM-DD)', (_name, field) => {
    expect(field.kind).toBe('date');
  });

  it.each(fields.filter(([, f]) => f.kind === 'dict' || f.kind === 'select'))('%s names where its labels come from', (_name, field) => {
    if (field.kind === 'dict') expect(field.dictCode).toMatch(/^\w+$/);
    else expect(field.options?.length).toBeGreaterThan(0);
  });
});
