import * as z from 'zod/mini';
import { pageQuerySchema } from './resource.ts';
import type { MenuDeclaration } from './menu-declaration.ts';

/** 通讯录: the active users with their departments, post and contact details. */

export const ADDRESS_BOOK_PERMISSION = 'system:addressbook:list';

/** GET /sys/addressbook/list: departId takes the department and every one under it; keyword matches a part of the name, account, work number or phone. */
export const addressBookQuerySchema = z.extend(pageQuerySchema, {
  departId: z.optional(z.string().check(z.maxLength(64, '部门不存在'))),
  keyword: z.optional(z.string().check(z.maxLength(100, '搜索关键字不能超过100个字符'))),
  _t: z.optional(z.string()),
});
export type AddressBookQuery = z.infer<typeof addressBookQuerySchema>;

export interface AddressBookRow {
  id: string;
  realname: string;
  username: string;
  workNo: string | null;
  /** The user's departments, comma separated. */
  departNames: string;
  /** The position's name when sys_user.post holds a position code, else the text as stored. */
  post: string | null;
  phone: string | null;
  email: string | null;
  telephone: string | null;
}

/** One node of GET /sys/addressbook/departTree: key and value are the department's id. */
export interface AddressBookDepartNode {
  key: string;
  value: string;
  title: string;
  children: AddressBookDepartNode[];
}

export const ADDRESS_BOOK_PAGE = {
  id: 'menu-system-addressbook',
  parent: 'menu-system',
  name: '通讯录',
  path: '/system/addressbook',
  component: 'system/AddressBook',
  icon: 'contacts',
  order: 10,
  roles: ['admin'],
  rules: [
    { code: ADDRESS_BOOK_PERMISSION, name: '查看通讯录' },
  ],
} as const satisfies MenuDeclaration;
