import { z } from 'zod';
import type { DepartIdNode, DepartUser } from '@contract/depart.ts';
import { envelope } from '../../lib/answers.ts';

/** The departments' choosers and members (部门管理's tree and form answer as the resource machinery says). */

/** A department as choosers show it: key and value are its id; registered by id, so the API document shows it once. */
export const departIdNode: z.ZodType<DepartIdNode> = z
  .object({
    key: z.string(),
    value: z.string(),
    title: z.string(),
    get children() {
      return z.array(departIdNode);
    },
  })
  .meta({ id: 'DepartIdNode', description: '部门：key、value 为部门 id，title 为名称' });

export const departIdTreeAnswer = envelope(z.array(departIdNode));

export const departUsersAnswer = envelope(
  z.array(
    z.object({
      id: z.string(),
      username: z.string(),
      realname: z.string(),
      workNo: z.string().nullable(),
      phone: z.string().nullable(),
      email: z.string().nullable(),
    }) satisfies z.ZodType<DepartUser>,
  ),
);
