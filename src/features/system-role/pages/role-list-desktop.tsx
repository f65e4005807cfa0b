import { ROLE_RESOURCE } from '@contract/role.ts';
import { AntdProvider } from '@/components/antd-provider.tsx';
import { ResourceTable } from '@/components/resource/resource-table.tsx';
import { RoleAuthorizeDrawer } from '../components/role-authorize-drawer.tsx';
import type { RoleListPage } from './role-list.ts';

/** 角色管理 on desktop and tablet: the generic table, 授权 opening the permission tree in a drawer. */
export default function RoleListDesktop({ actions, authorizing, closeAuthorizing }: RoleListPage) {
  return (
    <AntdProvider>
      <ResourceTable resource={ROLE_RESOURCE} actions={actions} />
      <RoleAuthorizeDrawer role={authorizing} onClose={closeAuthorizing} />
    </AntdProvider>
  );
}
