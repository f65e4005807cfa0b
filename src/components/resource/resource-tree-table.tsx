import { useMemo, type ReactNode } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Input, Popconfirm, Space, Table, type TableColumnsType } from 'antd';
import { AntdProvider } from '@/components/antd-provider.tsx';
import type { TreeRow } from './resource-api.ts';
import { columnWidth, listFields, shownValue } from './resource-fields.ts';
import { ResourceFormModal } from './resource-form-modal.tsx';
import { FieldText } from './resource-table.tsx';
import type { TreeScreen } from './use-tree-screen.ts';
import './resource.css';
import './resource-tree.css';

/** The table's rows: a leaf carries no children array, so antd draws no expand button for it. */
const tableRows = (nodes: readonly TreeRow[]): TreeRow[] => nodes.map((node) => ({ ...node, children: node.children?.length ? tableRows(node.children) : undefined }));

const ACTIONS_WIDTH = 200;

export interface ResourceTreeTableProps {
  screen: TreeScreen;
  /** Cells drawn by the page, by field name. */
  renderCell?: Record<string, (value: unknown, row: TreeRow) => ReactNode>;
  /** Beside the toolbar's buttons (刷新, a note). */
  toolbar?: ReactNode;
  /** The page's own add/edit form (fields that follow a type) in place of the generated modal; it reads the open form from the screen. */
  form?: ReactNode;
}

/** The generated add/edit form of a tree screen: 新增 at the top or under a row, 编辑 of a row. */
function TreeFormModal({ screen }: { screen: TreeScreen }) {
  const { resource, editing } = screen;
  return (
    <ResourceFormModal
      // A fresh modal for each opening: antd keeps the OK button's loading icon (and its name) after a save closed it.
      key={editing ? `${editing.row?.id ?? 'new'}:${editing.parentId ?? ''}` : 'closed'}
      resource={resource}
      row={editing?.row ?? null}
      open={editing !== null}
      onClose={screen.closeForm}
      initialValues={editing?.initialValues}
      onChanged={screen.saved}
    />
  );
}

/**
 * A tree resource's desktop screen (antd): the tree as an expandable table of its list fields, with 编辑, 添加下级
 * and 删除 per row as the permission codes allow, 展开全部/折叠全部, the tree's search (its matches listed flat)
 * and the form in a modal. The server refuses the calls anyway.
 */
export function ResourceTreeTable({ screen, renderCell, toolbar, form }: ResourceTreeTableProps) {
  const { resource, tree, query, nodes, matches, expandedKeys, can } = screen;
  const rows = useMemo(() => tableRows(matches ?? nodes), [matches, nodes]);
  const fields = listFields(resource);
  const columns: TableColumnsType<TreeRow> = fields.map((field) => ({
    key: field.name,
    dataIndex: field.name,
    title: field.label,
    width: typeof field.list === 'object' ? field.list.width : undefined,
    ellipsis: true,
    render: (value: unknown, row: TreeRow) => renderCell?.[field.name]?.(value, row) ?? <FieldText field={field} value={shownValue(field, row)} />,
  }));
  if (can.add || can.edit || can.remove) {
    columns.push({
      key: 'actions',
      title: '操作',
      width: ACTIONS_WIDTH,
      fixed: 'right',
      render: (_value, row) => (
        <Space size={0}>
          {can.edit && (
            <Button type="link" size="small" onClick={() => screen.openEdit(row)}>
              编辑
            </Button>
          )}
          {can.add && !tree.leaf?.when(row) && (
            <Button type="link" size="small" onClick={() => screen.openAdd(row.id)}>
              添加下级
            </Button>
          )}
          {can.remove && (
            <Popconfirm title={`确定删除${resource.title}“${String(row[resource.titleField] ?? '')}”吗?`} okText="确定" cancelText="取消" onConfirm={() => screen.remove(row)}>
              <Button type="link" size="small" danger>
                删除
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    });
  }
  const scrollWidth = fields.reduce((sum, field) => sum + columnWidth(field), ACTIONS_WIDTH);

  return (
    <AntdProvider>
      <Card className="resource" variant="borderless">
        <section aria-label={`${resource.title}管理`}>
          <div className="resource-tree__toolbar">
            <Space wrap>
              {can.add && (
                <Button type="primary" icon={<PlusOutlined />} onClick={() => screen.openAdd(null)}>
                  新增{resource.title}
                </Button>
              )}
              <Button onClick={screen.expandAll} disabled={nodes.length === 0}>
                展开全部
              </Button>
              <Button onClick={screen.collapseAll} disabled={expandedKeys.length === 0}>
                折叠全部
              </Button>
              {toolbar}
            </Space>
            {tree.search && <Input.Search allowClear placeholder={tree.search.placeholder} aria-label={`搜索${resource.title}`} onSearch={(value) => screen.setKeyword(value.trim())} style={{ width: 260 }} />}
          </div>
          <Table<TreeRow>
            rowKey="id"
            aria-label={`${resource.title}树`}
            columns={columns}
            dataSource={rows}
            loading={query.isFetching}
            pagination={false}
            scroll={{ x: scrollWidth }}
            expandable={{ expandedRowKeys: matches ? [] : expandedKeys, onExpandedRowsChange: (keys) => screen.setExpanded(keys.map(String)) }}
            locale={{ emptyText: query.isError ? '加载失败，请稍后重试' : matches ? `没有符合条件的${resource.title}` : `暂无${resource.title}` }}
          />
        </section>
      </Card>
      {form ?? <TreeFormModal screen={screen} />}
    </AntdProvider>
  );
}
