import { useState } from 'react';
import { Button, Drawer, Empty, Result, Space, Spin, Tag, Tree, type TreeDataNode } from 'antd';
import type { PermissionTreeNode } from '@contract/permission-admin.ts';
import { useRoleAuthorize, type RoleRef } from './role-authorize-state.ts';
import './role-authorize.css';

const toTreeData = (nodes: readonly PermissionTreeNode[]): TreeDataNode[] =>
  nodes.map((node) => ({
    key: node.key,
    title:
      node.menuType === 2 ? (
        <>
          {node.title} <Tag className="role-authorize__tag">按钮</Tag>
        </>
      ) : (
        node.title
      ),
    children: node.children ? toTreeData(node.children) : undefined,
  }));

/**
 * 角色权限配置 on desktop and tablet: the menus and buttons as a tree with checkboxes, each node chosen
 * on its own (checkStrictly), starting from the role's grants.
 */
export function RoleAuthorizeDrawer({ role, onClose }: { role: RoleRef | null; onClose: () => void }) {
  const auth = useRoleAuthorize(role);
  // Everything starts expanded; null means "all".
  const [expanded, setExpanded] = useState<string[] | null>(null);

  const close = () => {
    auth.reset();
    setExpanded(null);
    onClose();
  };
  const saveAndClose = async () => {
    if (await auth.submit()) close();
  };

  let body;
  if (auth.loading) {
    body = (
      <div className="role-authorize__loading" role="status">
        <Spin /> 加载中…
      </div>
    );
  }
  else if (auth.failed) body = <Result status="warning" title="权限树加载失败" extra={<Button onClick={auth.retry}>重试</Button>} />;
  else if (auth.tree.length === 0) body = <Empty description="暂无菜单" />;
  else {
    body = (
      <Tree
        checkable
        checkStrictly
        selectable={false}
        blockNode
        treeData={toTreeData(auth.tree)}
        checkedKeys={auth.checked}
        onCheck={(keys) => auth.choose((Array.isArray(keys) ? keys : keys.checked).map(String))}
        expandedKeys={expanded ?? auth.allIds}
        onExpand={(keys) => setExpanded(keys.map(String))}
      />
    );
  }

  return (
    <Drawer
      title="角色权限配置"
      size={520}
      open={role !== null}
      onClose={close}
      destroyOnHidden
      footer={
        <div className="role-authorize__footer">
          <Button onClick={close}>取消</Button>
          <Button onClick={() => void auth.submit()} loading={auth.saving} disabled={auth.loading || auth.failed}>
            保存
          </Button>
          <Button type="primary" onClick={() => void saveAndClose()} loading={auth.saving} disabled={auth.loading || auth.failed}>
            保存并关闭
          </Button>
        </div>
      }
    >
      {role && (
        <div className="role-authorize__head">
          <span>
            角色：<strong>{role.name}</strong>，已选 {auth.checked.length} 项
          </span>
          <Space size={4} wrap>
            <Button size="small" onClick={() => setExpanded(null)}>
              展开全部
            </Button>
            <Button size="small" onClick={() => setExpanded([])}>
              折叠全部
            </Button>
            <Button size="small" onClick={auth.selectAll}>
              全选
            </Button>
            <Button size="small" onClick={auth.clearAll}>
              取消全选
            </Button>
          </Space>
        </div>
      )}
      {body}
    </Drawer>
  );
}
