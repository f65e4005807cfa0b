import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { lazySchema } from './lazy-schema.ts';

describe('lazySchema', () => {
  it('builds the schema at its first use, once', () => {
    let builds = 0;
    const name = lazySchema(() => {
      builds += 1;
      return z.string().check(z.minLength(1, '请输入姓名'));
    });
    expect(builds).toBe(0);
    expect(name.safeParse('张三').success).toBe(true);
    expect(name.safeParse('').error?.issues[0]?.message).toBe('请输入姓名');
    expect(builds).toBe(1);
  });

  it('stands for the schema inside other schemas and in zod’s own functions', () => {
    const page = lazySchema(() => z.object({ pageNo: z._default(z.coerce.number(), 1) }));
    const search = lazySchema(() => z.extend(page, { keyword: z.optional(z.string().check(z.maxLength(3, '关键字过长'))) }));
    const wrapper = z.object({ query: search });
    expect(z.parse(search, { pageNo: '2' })).toEqual({ pageNo: 2 });
    expect(wrapper.safeParse({ query: { keyword: '太长的关键字' } }).error?.issues[0]?.message).toBe('关键字过长');
    expect(Object.keys(page.shape)).toEqual(['pageNo']);
    expect(search instanceof z.ZodMiniObject).toBe(true);
  });
});
