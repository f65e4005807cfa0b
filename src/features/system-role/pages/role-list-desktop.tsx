import { useState } from 'react';
import { Button } from 'antd';
import { ROLE_AUTHORIZE_PERMISSION } from '@contract/permission-admin.ts';
import { ROLE_RESOURCE } from '@contract/role.ts';
import { AntdProvider } from '@/components/antd-provider.tsx';
import { Authorized } from '@/components/authorized.tsx';
import ResourceTable from '@/components/resource/resource-table.tsx';
import { RoleAuthorizeDrawer } from '../components/role-authorize-drawer.tsx';
import type { RoleRef } from '../components/role-authorize-state.ts';

/** 角色管理 on desktop and tablet: the generic table, with 授权 per row opening the permission tree. */
export default function RoleListDesktop() {
  const [authorizing, setAuthorizing] = useState<RoleRef | null>(null);
  return (
    <AntdProvider>
      <ResourceTable
        resource={ROLE_RESOURCE}
        rowActions={(row) => (
          <Authorized code={ROLE_AUTHORIZE_PERMISSION}>
            <Button type="link" size="small" onClick={() => setAuthorizing({ id: row.id, name: String(row.roleName ?? '') })}>
              授权
            </Button>
          </Authorized>
        )}
      />
      <RoleAuthorizeDrawer role={authorizing} onClose={() => setAuthorizing(null)} />
    </AntdProvider>
  );
}
