import { memo, useMemo, type Key } from 'react';
import { Button, Popconfirm, Space, Table, Tag, type TableColumnsType, type TableProps } from 'antd';
import type { PermissionNode } from '@contract/permission-admin.ts';
import { notify } from '@/components/notification/notification-store.ts';
import { menuIcon } from '@/layouts/shell/menu-icons.tsx';
import { useDeletePermission } from '../api/delete-permission.ts';
import { MENU_TYPE_LABELS, STATUS_LABELS, isButton } from './permission-parts.ts';

const TYPE_COLORS = { 0: 'blue', 1: 'cyan', 2: 'default' } as const;

const blank = (value: string | null) => value || <span className="permission-list__blank">—</span>;

/** 删除 with its confirmation; the server refuses a node that still has children (its message is shown by the client). */
function RemoveAction({ node }: { node: PermissionNode }) {
  const remove = useDeletePermission();
  const confirm = async () => {
    notify.success(await remove.mutateAsync(node.id));
  };
  return (
    <Popconfirm title={`确定删除“${node.name}”吗?`} okText="确定" cancelText="取消" onConfirm={() => confirm().catch(() => undefined)}>
      <Button type="link" size="small" danger loading={remove.isPending}>
        删除
      </Button>
    </Popconfirm>
  );
}

export interface PermissionTableProps {
  tree: readonly PermissionNode[];
  loading: boolean;
  failed: boolean;
  expanded: readonly Key[];
  onExpandedChange: (keys: readonly Key[]) => void;
  can: { add: boolean; edit: boolean; remove: boolean };
  onEdit: (node: PermissionNode) => void;
  onAddChild: (parent: PermissionNode) => void;
}

/**
 * The tree as an expandable table. Memoised with stable props: a whole tree opened is a few hundred
 * rows, so it redraws only when the rows, the open nodes or the rights change.
 */
export const PermissionTable = memo(function PermissionTable({ tree, loading, failed, expanded, onExpandedChange, can, onEdit, onAddChild }: PermissionTableProps) {
  const columns = useMemo(() => {
    const list: TableColumnsType<PermissionNode> = [
      {
        title: '菜单名称',
        dataIndex: 'name',
        width: 260,
        render: (name: string, node) => (
          <span className="permission-list__name">
            {!isButton(node) && <span className="permission-list__icon">{menuIcon(node.icon)}</span>}
            {name}
          </span>
        ),
      },
      { title: '类型', dataIndex: 'menuType', width: 96, render: (_v, node) => <Tag color={TYPE_COLORS[node.menuType]}>{MENU_TYPE_LABELS[node.menuType]}</Tag> },
      { title: '路径', dataIndex: 'url', ellipsis: true, render: blank },
      { title: '组件', dataIndex: 'component', ellipsis: true, render: blank },
      { title: '授权标识', dataIndex: 'perms', ellipsis: true, render: (perms: string | null) => (perms ? <code className="permission-list__code">{perms}</code> : blank(null)) },
      { title: '排序', dataIndex: 'sortNo', width: 64, align: 'right' },
      {
        title: '状态',
        dataIndex: 'status',
        width: 80,
        render: (_v, node) => (isButton(node) ? <Tag color={node.status === '1' ? 'green' : 'orange'}>{STATUS_LABELS[node.status]}</Tag> : blank(null)),
      },
    ];
    if (can.add || can.edit || can.remove) {
      list.push({
        title: '操作',
        key: 'actions',
        width: 200,
        fixed: 'right',
        render: (_v, node) => (
          <Space size={0}>
            {can.edit && (
              <Button type="link" size="small" onClick={() => onEdit(node)}>
                编辑
              </Button>
            )}
            {can.add && !isButton(node) && (
              <Button type="link" size="small" onClick={() => onAddChild(node)}>
                添加下级
              </Button>
            )}
            {can.remove && <RemoveAction node={node} />}
          </Space>
        ),
      });
    }
    return list;
  }, [can, onEdit, onAddChild]);
  const expandable = useMemo<TableProps<PermissionNode>['expandable']>(() => ({ expandedRowKeys: expanded as Key[], onExpandedRowsChange: onExpandedChange }), [expanded, onExpandedChange]);
  const locale = useMemo(() => ({ emptyText: loading ? '加载中…' : failed ? '加载失败，请稍后重试' : '暂无菜单' }), [loading, failed]);

  return (
    <Table<PermissionNode>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={tree as PermissionNode[]}
      loading={loading}
      pagination={false}
      scroll={SCROLL}
      expandable={expandable}
      locale={locale}
    />
  );
});

const SCROLL = { x: 1100 };
