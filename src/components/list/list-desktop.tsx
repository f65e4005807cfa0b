import type { ReactNode } from 'react';
import { Button, Input, Popconfirm, Segmented, Space, Table, Tag, Tooltip, type TableColumnsType, type TableProps } from 'antd';
import { AntdProvider } from '@/components/antd-provider.tsx';
import { DictLabel } from '@/components/dict-select/dict-label.tsx';
import { PAGER_ICONS } from '@/components/pager-icons.tsx';
import { useAllowed } from '@/hooks/use-permission.ts';
import { ANTD_TAG_COLORS } from '../tone-colors.ts';
import { PAGE_SIZES } from './list-data.ts';
import {
  actionLabel,
  isBlank,
  isSearched,
  isShownDict,
  isShownTag,
  offeredActions,
  rowActions,
  shownOf,
  type ChoiceFilter,
  type DeclaredList,
  type KeywordSearch,
  type ListTool,
  type RowAction,
  type Shown,
} from './list-declaration.ts';
import './list.css';

/** A cell as antd draws it; a blank is a grey dash. */
export function ShownCell({ shown }: { shown: Shown }) {
  if (isBlank(shown)) return <span className="list__blank">—</span>;
  if (Array.isArray(shown)) return <Space size={4}>{shown.filter((part: Shown) => !isBlank(part)).map((part: Shown, index) => <ShownCell key={index} shown={part} />)}</Space>;
  if (isShownTag(shown)) return <Tag color={ANTD_TAG_COLORS[shown.tone]}>{shown.tag}</Tag>;
  if (isShownDict(shown)) return <DictLabel dictCode={shown.dict} value={shown.value} />;
  return <>{shown}</>;
}

/** One row action as a link in the 操作 column, behind its confirmation. */
export function ActionButton<Row>({ action, row }: { action: RowAction<Row>; row: Row }) {
  const confirm = action.confirm?.(row);
  const hint = action.hint?.(row);
  // A refusal is shown by the API client; the popover closes either way.
  const run = () => Promise.resolve(action.run(row)).catch(() => undefined);
  const button = (
    <Button type="link" size="small" danger={action.danger} loading={action.busy?.(row)} disabled={action.disabled?.(row)} onClick={confirm ? undefined : () => void run()}>
      {actionLabel(action, row)}
    </Button>
  );
  const hinted = hint ? <Tooltip title={hint}>{button}</Tooltip> : button;
  if (!confirm) return hinted;
  return (
    <Popconfirm title={confirm.title} description={confirm.description} okText={confirm.ok ?? '确定'} cancelText="取消" onConfirm={run}>
      {hinted}
    </Popconfirm>
  );
}

/** The list's own buttons the user may use (立即检查). */
export function ToolButtons({ tools }: { tools?: readonly ListTool[] }) {
  return offeredActions(tools, useAllowed(), 'desktop').map((tool) => (
    <Button key={tool.key} type="primary" loading={tool.busy} onClick={() => void tool.run()}>
      {tool.label}
    </Button>
  ));
}

/** The row's actions that apply to it, side by side. */
export function ActionButtons<Row>({ actions, row }: { actions: readonly RowAction<Row>[]; row: Row }) {
  return rowActions(actions, row).map((action) => <ActionButton key={action.key} action={action} row={row} />);
}

export type ListSort = { column?: string; order?: 'asc' | 'desc' };

export interface ListTableProps<Row> {
  list: DeclaredList<Row>;
  /** Cells the desktop draws its own way (antd's), by column key. */
  cells?: Record<string, (row: Row) => ReactNode>;
  /** The 操作 cell when the page draws it around the declared actions (the resource table's 编辑, 详情, 删除). */
  actionsCell?: (row: Row) => ReactNode;
  expandable?: TableProps<Row>['expandable'];
  rowSelection?: TableProps<Row>['rowSelection'];
  /** The server's sort, and a new one asked for (which starts again at the first page). */
  sort?: ListSort;
  onSort?: (sort: ListSort) => void;
}

/**
 * A declared list as an antd Table: its columns, its row actions by their button rules (操作), the loading,
 * failure and empty states in the table's place, and the pager when the list is paged.
 */
export function ListTable<Row>({ list, cells, actionsCell, expandable, rowSelection, sort, onSort }: ListTableProps<Row>) {
  const { data, open } = list;
  const offered = offeredActions(list.actions, useAllowed(), 'desktop');
  const columns: TableColumnsType<Row> = list.columns.filter((column) => !column.phoneOnly).map((column) => ({
    key: column.key,
    title: column.label,
    // A screen styles a column's cells by its key (list-col-requestUrl), on the phone's lines too.
    className: `list-col-${column.key}`,
    width: column.width,
    fixed: column.fixed,
    align: column.align,
    ellipsis: column.ellipsis,
    // A cut-off value can still be read whole.
    onCell: column.ellipsis
      ? (row: Row) => {
          const shown = shownOf(column, row, 'desktop');
          return { title: typeof shown === 'string' || typeof shown === 'number' ? String(shown) : undefined };
        }
      : undefined,
    sorter: column.sortable ? true : undefined,
    sortOrder: column.sortable ? (sort?.column === column.key ? (sort.order === 'desc' ? 'descend' : 'ascend') : null) : undefined,
    render: (_value: unknown, row: Row) => {
      const cell = cells?.[column.key]?.(row) ?? <ShownCell shown={shownOf(column, row, 'desktop')} />;
      if (!column.opens || !open) return cell;
      return (
        <Button
          type="link"
          className="list-table__link"
          onClick={(event) => {
            event.stopPropagation();
            open(row);
          }}
        >
          {cell}
        </Button>
      );
    },
  }));
  if (actionsCell || offered.length > 0) {
    columns.push({
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: list.actionsWidth,
      render: (_value, row) => (
        <Space size="small" wrap>
          {actionsCell ? actionsCell(row) : <ActionButtons actions={offered} row={row} />}
        </Space>
      ),
    });
  }
  const emptyText = data.pending ? '加载中…' : data.failed ? (list.failed?.title ?? '加载失败，请稍后重试') : (isSearched(list) && list.unmatched) || [list.empty, list.emptyHint].filter(Boolean).join('，');

  const onChange: TableProps<Row>['onChange'] = (pagination, _filters, sorter) => {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    const next: ListSort = single?.order ? { column: String(single.columnKey), order: single.order === 'descend' ? 'desc' : 'asc' } : {};
    if (onSort && (next.column !== sort?.column || next.order !== sort?.order)) onSort(next);
    else if (data.pages) data.pages.go(pagination.current ?? 1, pagination.pageSize ?? data.pages.pageSize);
  };

  return (
    <Table<Row>
      rowKey={list.rowKey}
      size="middle"
      aria-label={list.rowsLabel}
      columns={columns}
      dataSource={data.rows}
      loading={data.fetching}
      scroll={list.scrollX ? { x: list.scrollX } : undefined}
      onRow={open ? (row) => ({ onClick: () => open(row), className: 'list-table__row' }) : undefined}
      // A list read page after page on the desktop too: 加载更多 below while there is more.
      footer={data.more?.has ? () => <Button type="link" onClick={() => void data.more?.load().catch(() => undefined)}>加载更多</Button> : undefined}
      expandable={expandable}
      rowSelection={rowSelection}
      onChange={onChange}
      locale={{ emptyText }}
      pagination={
        data.pages
          ? {
              ...PAGER_ICONS,
              current: data.pages.pageNo,
              pageSize: data.pages.pageSize,
              total: data.pages.total,
              showSizeChanger: true,
              pageSizeOptions: [...PAGE_SIZES],
              showTotal: (total, [from, to]) => `${from}-${to} 共 ${total} 条`,
            }
          : false
      }
    />
  );
}

/** A list's filter as a segmented switch. */
export function FilterSwitch({ filter }: { filter: ChoiceFilter }) {
  return <Segmented<string> aria-label={filter.label} options={[...filter.options]} value={filter.value} onChange={filter.onChange} />;
}

/** The keyword search of a desktop list: the box and its 查询 button. */
export function KeywordInput({ search }: { search: KeywordSearch }) {
  return (
    <Input.Search
      allowClear
      placeholder={search.placeholder}
      aria-label={search.label}
      enterButton="查询"
      defaultValue={search.value}
      onSearch={(text) => search.onSearch(text.trim())}
      style={{ maxWidth: 360 }}
    />
  );
}

export interface ListDesktopProps<Row> extends ListTableProps<Row> {
  /** Beside the heading, before 刷新 (a date to look at). */
  toolbar?: ReactNode;
  /** Between the heading and the table (a notice). */
  above?: ReactNode;
  /** The screen's dialogs and drawers. */
  children?: ReactNode;
}

/** A declared list on desktop and tablet: its heading with the search, filter and 刷新 beside it, then its table. */
export function ListDesktop<Row>({ toolbar, above, children, ...table }: ListDesktopProps<Row>) {
  const { title, search, filter, refresh, data } = table.list;
  return (
    <AntdProvider>
      <section className="list-screen" aria-label={title}>
        <div className="list-screen__toolbar">
          <h2 className="list-screen__heading">{title}</h2>
          <Space wrap>
            {search && <KeywordInput search={search} />}
            {filter && <FilterSwitch filter={filter} />}
            {toolbar}
            <ToolButtons tools={table.list.tools} />
            {refresh && (
              <Button onClick={() => void data.refetch()} loading={data.refreshing}>
                刷新
              </Button>
            )}
          </Space>
        </div>
        {above}
        <ListTable {...table} />
      </section>
      {children}
    </AntdProvider>
  );
}
