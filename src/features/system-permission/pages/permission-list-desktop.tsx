import { useCallback, useMemo, useState, type Key } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Result, Space, Typography } from 'antd';
import { PERMISSION_CODES, type PermissionNode } from '@contract/permission-admin.ts';
import { AntdProvider } from '@/components/antd-provider.tsx';
import { usePermission } from '@/hooks/use-permission.ts';
import { usePermissions } from '../api/get-permissions.ts';
import { PermissionFormModal, type PermissionFormTarget } from '../components/permission-form-modal.tsx';
import { ancestorIds, parentIds } from '../components/permission-parts.ts';
import { PermissionTable } from '../components/permission-table.tsx';
import './permission-list.css';

const NO_NODES: PermissionNode[] = [];

/** 菜单管理 on desktop and tablet: the whole tree as an expandable table, the form in a dialog. */
export default function PermissionListDesktop() {
  const list = usePermissions();
  const canAdd = usePermission(PERMISSION_CODES.add);
  const canEdit = usePermission(PERMISSION_CODES.edit);
  const canRemove = usePermission(PERMISSION_CODES.remove);
  const can = useMemo(() => ({ add: canAdd, edit: canEdit, remove: canRemove }), [canAdd, canEdit, canRemove]);
  const [expanded, setExpanded] = useState<readonly Key[]>([]);
  const [target, setTarget] = useState<PermissionFormTarget | null>(null);
  const tree = list.data ?? NO_NODES;

  const onEdit = useCallback((node: PermissionNode) => setTarget({ mode: 'edit', node }), []);
  const onAddChild = useCallback((parent: PermissionNode) => setTarget({ mode: 'add', parent }), []);
  // A saved node is shown where it now sits: its parents open.
  const reveal = (node: PermissionNode) => setExpanded((keys) => [...new Set([...keys, ...ancestorIds(tree, node.parentId)])]);

  return (
    <AntdProvider>
      <section className="permission-list" aria-label="菜单管理">
        <div className="permission-list__toolbar">
          <Space wrap>
            {canAdd && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setTarget({ mode: 'add', parent: null })}>
                新增菜单
              </Button>
            )}
            <Button onClick={() => setExpanded(parentIds(tree))} disabled={tree.length === 0}>
              展开全部
            </Button>
            <Button onClick={() => setExpanded([])} disabled={expanded.length === 0}>
              折叠全部
            </Button>
            <Button onClick={() => void list.refetch()} loading={list.isFetching && !list.isPending}>
              刷新
            </Button>
          </Space>
          <Typography.Text type="secondary">保存后本人的菜单立即更新；其他用户在下次加载菜单时生效（重新登录或刷新页面）</Typography.Text>
        </div>
        {list.isError && !list.data ? (
          <Result status="warning" title="菜单加载失败" subTitle={list.error.message} extra={<Button onClick={() => void list.refetch()}>重试</Button>} />
        ) : (
          <PermissionTable
            tree={tree}
            loading={list.isPending}
            failed={list.isError}
            expanded={expanded}
            onExpandedChange={setExpanded}
            can={can}
            onEdit={onEdit}
            onAddChild={onAddChild}
          />
        )}
      </section>
      <PermissionFormModal target={target} tree={tree} onClose={() => setTarget(null)} onSaved={reveal} />
    </AntdProvider>
  );
}
