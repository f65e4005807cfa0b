import { z } from 'zod';
import type { AddressBookRow } from '@contract/addressbook.ts';
import { envelope, pageOf } from '../../lib/answers.ts';

const maybeText = z.string().nullable();

export const addressBookPageAnswer = envelope(
  pageOf(
    z.object({
      id: z.string(),
      realname: z.string(),
      username: z.string(),
      workNo: maybeText,
      departNames: z.string().meta({ description: '所属部门名称，逗号分隔' }),
      post: maybeText.meta({ description: '职务名称（sys_user.post 为职务编码时），否则为原文' }),
      phone: maybeText,
      email: maybeText,
      telephone: maybeText,
    }) satisfies z.ZodType<AddressBookRow>,
  ),
);
