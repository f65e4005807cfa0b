import type { z } from 'zod/mini';
import { PERMS_PATTERN, permissionSchema, type MenuType, type PermissionInput, type PermissionNode } from '@contract/permission-admin.ts';
import { duplicateMessage } from '@/lib/duplicate-check.ts';
import type { DependentRule } from '@/lib/form-rules.ts';

/** What 菜单管理's form and its phone list share (no UI library here). */

export const PERMS_TYPE_OPTIONS = [
  { value: '1', label: '可见/可访问（授权后可见）' },
  { value: '2', label: '可编辑（未授权时禁用）' },
] as const;

/** The form's values: the input as the schema takes it, the number and switches as the inputs hold them. */
export interface PermissionFormValues {
  menuType: MenuType;
  name?: string;
  parentId?: string | null;
  url?: string | null;
  component?: string | null;
  componentName?: string | null;
  redirect?: string | null;
  icon?: string | null;
  sortNo?: number | null;
  route?: boolean;
  hidden?: boolean;
  keepAlive?: boolean;
  alwaysShow?: boolean;
  internalOrExternal?: boolean;
  perms?: string | null;
  permsType?: '1' | '2';
  status?: '0' | '1';
}

/** What a new node starts with: a child of a menu is a sub menu by default. */
export function newNodeValues(parentId: string | null): PermissionFormValues {
  return { menuType: parentId ? 1 : 0, parentId, sortNo: 1, route: true, hidden: false, keepAlive: false, alwaysShow: false, internalOrExternal: false, permsType: '1', status: '1' };
}

export function nodeValues(node: PermissionNode): PermissionFormValues {
  const { id: _id, leaf: _leaf, children: _children, permsType, ...values } = node;
  return { ...values, permsType: permsType === '2' ? '2' : '1' };
}

const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/** The body of add and edit: every field, blanks as null (edit replaces the whole node). */
export function toPermissionInput(values: PermissionFormValues): PermissionInput {
  return {
    menuType: values.menuType,
    name: values.name?.trim() ?? '',
    parentId: values.menuType === 0 ? null : (values.parentId ?? null),
    url: blankToNull(values.url),
    component: blankToNull(values.component),
    componentName: blankToNull(values.componentName),
    redirect: blankToNull(values.redirect),
    icon: blankToNull(values.icon),
    sortNo: values.sortNo ?? null,
    route: values.route ?? true,
    hidden: values.hidden ?? false,
    keepAlive: values.keepAlive ?? false,
    alwaysShow: values.alwaysShow ?? false,
    internalOrExternal: values.internalOrExternal ?? false,
    perms: blankToNull(values.perms),
    permsType: values.permsType ?? '1',
    status: values.status ?? '1',
  };
}

type FieldName = keyof PermissionInput;
const FIELDS = Object.keys(permissionSchema.def.shape) as FieldName[];
const fieldSchema = (name: FieldName) => (permissionSchema.def.shape as Record<string, z.ZodMiniType>)[name];

/**
 * A field's rule from the shared schema, so the form shows the server's own messages: the field's
 * own check, then the rules that depend on the type (a path for menus, a code for buttons).
 */
export function schemaRule(name: FieldName): DependentRule {
  return ({ getFieldValue }) => ({
    validator: (_rule, value) => {
      const own = fieldSchema(name)?.safeParse(toPermissionInput({ menuType: 0, [name]: value } as PermissionFormValues)[name]);
      if (own && !own.success) return Promise.reject(new Error(own.error.issues[0]?.message));
      const values = Object.fromEntries(FIELDS.map((f) => [f, getFieldValue(f)])) as unknown as PermissionFormValues;
      // A blank name stops the schema before its type rules; a stand-in lets them speak at the same time.
      const input = { ...toPermissionInput(values), name: values.name?.trim() || '菜单' };
      const issue = permissionSchema.safeParse(input).error?.issues.find((i) => i.path[0] === name);
      return issue ? Promise.reject(new Error(issue.message)) : Promise.resolve();
    },
  });
}

const UNIQUE_CHECK_PAUSE_MS = 400;

/** The button code is asked of the server while typing (after a pause, only when well-formed); the node itself is left out. */
export function uniquePermsRule(editingId: string | undefined): DependentRule {
  let latest: unknown;
  return () => ({
    validator: async (_rule, value) => {
      latest = value;
      if (typeof value !== 'string' || !PERMS_PATTERN.test(value.trim())) return;
      await new Promise((resolve) => setTimeout(resolve, UNIQUE_CHECK_PAUSE_MS));
      if (latest !== value) return;
      const message = await duplicateMessage('sys_permission', 'perms', value.trim(), editingId);
      if (message) throw new Error(message);
    },
  });
}
