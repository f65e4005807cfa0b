import { useState } from 'react';
import { ROLE_AUTHORIZE_PERMISSION } from '@contract/permission-admin.ts';
import type { RowAction } from '@/components/list/list-declaration.ts';
import type { ResourceRow } from '@/components/resource/resource-api.ts';
import type { RoleRef } from '../components/role-authorize-state.ts';

/** 角色管理's hook (components/device-page.tsx): 授权 per role, by its button rule, and the role being authorised. */
export function useRoleListPage() {
  const [authorizing, setAuthorizing] = useState<RoleRef | null>(null);
  const actions: RowAction<ResourceRow>[] = [
    { key: 'authorize', label: '授权', permission: ROLE_AUTHORIZE_PERMISSION, sheet: true, run: (row) => setAuthorizing({ id: row.id, name: String(row.roleName ?? '') }) },
  ];
  return { actions, authorizing, closeAuthorizing: () => setAuthorizing(null) };
}

export type RoleListPage = ReturnType<typeof useRoleListPage>;
