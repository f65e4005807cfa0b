import { z } from 'zod';
import type { RoleOption, RoleTreeNode } from '@contract/role.ts';
import { envelope } from '../../lib/answers.ts';

/** The roles' choosers (the list and form answer as the resource machinery says). */

export const roleOptionsAnswer = envelope(z.array(z.object({ id: z.string(), roleName: z.string(), roleCode: z.string() }) satisfies z.ZodType<RoleOption>));

export const roleTreeAnswer = envelope(
  z.array(z.object({ key: z.string(), value: z.string(), title: z.string() }).meta({ description: '角色没有层级：key、value 为角色 id' }) satisfies z.ZodType<RoleTreeNode>),
);
