import { Button, Typography } from 'antd';
import { isButtonNode } from '@contract/permission-admin.ts';
import { ResourceTreeTable } from '@/components/resource/resource-tree-table.tsx';
import type { TreeScreen } from '@/components/resource/use-tree-screen.ts';
import { menuIcon } from '@/layouts/shell/menu-icons.tsx';
import { PermissionFormModal } from '../components/permission-form-modal.tsx';
import './permission-list.css';

/** 菜单管理 on desktop and tablet: the whole tree as an expandable table, the screen's own form (its fields follow the type) in a dialog. */
export default function PermissionListDesktop(screen: TreeScreen) {
  return (
    <ResourceTreeTable
      screen={screen}
      renderCell={{
        name: (name, row) => (
          <span className="permission-list__name">
            {!isButtonNode(row) && <span className="permission-list__icon">{menuIcon(typeof row.icon === 'string' ? row.icon : null)}</span>}
            {String(name)}
          </span>
        ),
        perms: (perms) => (perms ? <code className="permission-list__code">{String(perms)}</code> : undefined),
        // A menu's status means nothing: only a button's rule is in force or switched off.
        status: (_status, row) => (isButtonNode(row) ? undefined : <span className="resource__blank">—</span>),
      }}
      toolbar={
        <>
          <Button onClick={() => void screen.query.refetch()} loading={screen.query.isFetching && !screen.query.isPending}>
            刷新
          </Button>
          <Typography.Text type="secondary">保存后本人的菜单立即更新；其他用户在下次加载菜单时生效（重新登录或刷新页面）</Typography.Text>
        </>
      }
      form={<PermissionFormModal screen={screen} />}
    />
  );
}
