import { z } from 'zod';
import * as zm from 'zod/mini';
import { USER_RESOURCE } from '@contract/user-admin.ts';
import { profileSchema } from '@contract/validators.ts';
import { envelope } from '../../lib/answers.ts';

/** The user calls written by hand (the list, form and actions of 用户管理 answer as the resource machinery says). */

export const roleIdsAnswer = envelope(z.array(z.string()).meta({ description: '该用户所有角色的 id' }));

/** checkOnlyUser: true when the name is free; a taken name is answered 400 (用户账号已存在). */
export const usernameFreeAnswer = envelope(z.literal(true));

export const usersOfTypeAnswer = envelope(z.array(z.object({ id: z.string(), username: z.string(), realname: z.string() })));

const isProfileSave = (input: unknown) => typeof input === 'object' && input !== null && (input as { ydyz?: unknown }).ydyz === '1';

/**
 * PUT /sys/user/edit takes two bodies (user/routes.ts): the person's own profile save (ydyz '1', checked against
 * profileSchema) and the administrator's edit (the user form, USER_RESOURCE.editSchema). Which one a body is is
 * decided by ydyz alone, as the route's permission is: the administrator's form refuses ydyz '1', so a profile save
 * that fails its own checks can never pass as the administrator's edit. A refused body is told the first problem
 * of the form it is, in that form's words.
 */
export const userEditBody = zm.union(
  [profileSchema, zm.extend(USER_RESOURCE.editSchema, { ydyz: zm.optional(zm.string().check(zm.refine((value) => value !== '1', { abort: true }))) })],
  {
    error: (issue) => {
      if (issue.code !== 'invalid_union') return undefined;
      const [profile, admin] = issue.errors;
      return (isProfileSave(issue.input) ? profile : admin)?.[0]?.message;
    },
  },
);
