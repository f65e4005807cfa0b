import { useMemo, useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Input, Popconfirm, Space, Table, TreeSelect, type TableColumnsType } from 'antd';
import { CATEGORY_PERMISSIONS, CATEGORY_RESOURCE, type CategoryTreeNode } from '@contract/category.ts';
import { AntdProvider } from '@/components/antd-provider.tsx';
import { notify } from '@/components/notification/notification-store.ts';
import { useDeleteResource, type ResourceRow } from '@/components/resource/resource-api.ts';
import { ResourceFormModal, type CustomInputs } from '@/components/resource/resource-form-modal.tsx';
import { usePermission } from '@/hooks/use-permission.ts';
import { useCategoryTree } from '../api/get-category-tree.ts';
import { parentIds, subtreeIds } from '../components/category-tree.ts';
import './category-list.css';

/** A table row: leaves carry no children array, so antd draws no expand button for them. */
type CategoryTableRow = Omit<CategoryTreeNode, 'children'> & { children?: CategoryTableRow[] };

const toTableRows = (nodes: readonly CategoryTreeNode[]): CategoryTableRow[] =>
  nodes.map((node) => ({ ...node, children: node.children.length > 0 ? toTableRows(node.children) : undefined }));

/** The nodes whose name or code holds the word, with their ancestors (so the match stays in its place). */
function filterTree(nodes: readonly CategoryTreeNode[], word: string): CategoryTreeNode[] {
  return nodes.flatMap((node) => {
    const children = filterTree(node.children, word);
    const hit = node.name.toLowerCase().includes(word) || node.code.toLowerCase().includes(word);
    return hit || children.length > 0 ? [{ ...node, children: hit ? node.children : children }] : [];
  });
}

interface ParentSelectProps {
  nodes: readonly CategoryTreeNode[];
  /** Ids that cannot be chosen: the category being edited and those under it. */
  excluded: Set<string>;
  id?: string;
  value?: string | null;
  onChange?: (value: string | null) => void;
}

interface ParentOption {
  value: string;
  title: string;
  disabled: boolean;
  children: ParentOption[];
}

const toOptions = (nodes: readonly CategoryTreeNode[], excluded: Set<string>): ParentOption[] =>
  nodes.map((node) => ({ value: node.id, title: node.name, disabled: excluded.has(node.id), children: toOptions(node.children, excluded) }));

/** The parent chooser of the form: the whole tree, searchable; cleared means the top level. */
function ParentSelect({ nodes, excluded, id, value, onChange }: ParentSelectProps) {
  const treeData = useMemo(() => toOptions(nodes, excluded), [nodes, excluded]);
  return (
    <TreeSelect
      id={id}
      value={value ?? undefined}
      onChange={(next: string | undefined) => onChange?.(next ?? null)}
      treeData={treeData}
      placeholder="不选则为顶级分类"
      allowClear
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      popupMatchSelectWidth
      style={{ width: '100%' }}
    />
  );
}

/** 分类字典 on desktop and tablet: the category tree as an expandable table, with 添加下级 per row. */
export default function CategoryListDesktop() {
  const canAdd = usePermission(CATEGORY_PERMISSIONS.add);
  const canEdit = usePermission(CATEGORY_PERMISSIONS.edit);
  const canRemove = usePermission(CATEGORY_PERMISSIONS.remove);
  const tree = useCategoryTree();
  const remove = useDeleteResource(CATEGORY_RESOURCE);
  const [keyword, setKeyword] = useState('');
  // Every branch is open unless the user closed it, so a new child shows at once.
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const [editing, setEditing] = useState<{ row: ResourceRow | null; initialValues?: Record<string, unknown> } | null>(null);
  // A fresh modal for each opening: antd keeps the OK button's loading icon (and its name) after a save closed it.
  const [opened, setOpened] = useState(0);
  const open = (next: { row: ResourceRow | null; initialValues?: Record<string, unknown> }) => {
    setOpened((n) => n + 1);
    setEditing(next);
  };

  const nodes = useMemo(() => tree.data ?? [], [tree.data]);
  const word = keyword.trim().toLowerCase();
  const shown = useMemo(() => (word ? filterTree(nodes, word) : nodes), [nodes, word]);
  const rows = useMemo(() => toTableRows(shown), [shown]);
  const expandable = useMemo(() => parentIds(shown), [shown]);
  const expandedRowKeys = word ? expandable : expandable.filter((id) => !collapsed.has(id));
  const excluded = useMemo(() => (editing?.row ? subtreeIds(nodes, editing.row.id) : new Set<string>()), [nodes, editing]);
  const customInputs = useMemo<CustomInputs>(() => ({ pid: () => <ParentSelect nodes={nodes} excluded={excluded} /> }), [nodes, excluded]);

  const addChild = (parent: CategoryTableRow) => {
    setCollapsed((keys) => new Set([...keys].filter((key) => key !== parent.id)));
    open({ row: null, initialValues: { pid: parent.id } });
  };
  const removeRow = async (row: CategoryTableRow) => {
    await remove.mutateAsync([row.id]);
    notify.success('删除成功!');
  };

  const columns: TableColumnsType<CategoryTableRow> = [
    { key: 'name', dataIndex: 'name', title: '分类名称', ellipsis: true },
    { key: 'code', dataIndex: 'code', title: '分类编码', width: 240, ellipsis: true },
    { key: 'sortNo', dataIndex: 'sortNo', title: '排序', width: 100 },
  ];
  if (canAdd || canEdit || canRemove) {
    columns.push({
      key: 'actions',
      title: '操作',
      width: 240,
      render: (_value, row) => (
        <Space size="small">
          {canAdd && (
            <Button type="link" size="small" onClick={() => addChild(row)}>
              添加下级
            </Button>
          )}
          {canEdit && (
            <Button type="link" size="small" onClick={() => open({ row: { ...row, children: undefined } })}>
              编辑
            </Button>
          )}
          {canRemove && (
            <Popconfirm title={`确定删除分类“${row.name}”吗?`} okText="确定" cancelText="取消" onConfirm={() => removeRow(row).catch(() => undefined)}>
              <Button type="link" size="small" danger>
                删除
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    });
  }

  return (
    <AntdProvider>
      <Card className="category-list" variant="borderless">
        <div className="category-list__toolbar">
          <Space wrap>
            {canAdd && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => open({ row: null })}>
                新增
              </Button>
            )}
            <Button onClick={() => setCollapsed(new Set())}>展开全部</Button>
            <Button onClick={() => setCollapsed(new Set(parentIds(nodes)))}>折叠全部</Button>
          </Space>
          <Input.Search allowClear placeholder="搜索分类名称或编码" aria-label="搜索分类" onSearch={setKeyword} style={{ width: 260 }} />
        </div>
        <Table<CategoryTableRow>
          rowKey="id"
          aria-label="分类树"
          columns={columns}
          dataSource={rows}
          loading={tree.isFetching}
          pagination={false}
          expandable={{
            expandedRowKeys,
            onExpand: (open, row) =>
              setCollapsed((keys) => {
                const next = new Set(keys);
                if (open) next.delete(row.id);
                else next.add(row.id);
                return next;
              }),
          }}
          locale={{ emptyText: tree.isError ? '加载失败，请稍后重试' : word ? '没有符合条件的分类' : '暂无分类' }}
        />
      </Card>
      <ResourceFormModal
        key={opened}
        resource={CATEGORY_RESOURCE}
        row={editing?.row ?? null}
        open={editing !== null}
        onClose={() => setEditing(null)}
        customInputs={customInputs}
        initialValues={editing?.initialValues}
      />
    </AntdProvider>
  );
}
