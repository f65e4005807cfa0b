import { cloneElement, isValidElement, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { DeleteOutlined, DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Modal, Popconfirm, Select, Space } from 'antd';
import { resourceUrl, type ResourceDescription, type ResourceField } from '@contract/resource.ts';
import { AntdProvider } from '@/components/antd-provider.tsx';
import { DetailList } from '@/components/detail-list/detail-list.tsx';
import { DictSelect } from '@/components/dict-select/dict-select.tsx';
import { ImportModalLazy } from '@/components/import-modal/import-modal-lazy.tsx';
import { ActionButtons, FilterSwitch, ListTable, ShownCell, ToolButtons } from '@/components/list/list-desktop.tsx';
import { pagedList } from '@/components/list/list-data.ts';
import { offeredActions, type ChoiceFilter, type DeclaredList, type ListTool, type RowAction } from '@/components/list/list-declaration.ts';
import { notify } from '@/components/notification/notification-store.ts';
import { sent } from '@/components/notification/show-failure.ts';
import { useElementWidth } from '@/hooks/use-element-width.ts';
import { useAllowed, usePermission } from '@/hooks/use-permission.ts';
import { useResourceActions } from './resource-actions.ts';
import { exportResource, useDeleteResource, useResourcePage, type OnChanged, type ResourceRow, type SearchValues } from './resource-api.ts';
import { columnWidth, fieldColumn, fieldShown, fittingListFields, searchFields, shownValue, type ShowFields } from './resource-fields.ts';
import type { FormCarry } from './form-carry.ts';
import { useListState } from './list-state.ts';
import { RefSelect } from './ref-select.tsx';
import { ResourceFormModal, type CustomInputs, type ResourceFormModalProps } from './resource-form-modal.tsx';
import './resource.css';
import { SearchButtons } from './search-buttons.tsx';

export interface ResourceTableProps {
  resource: ResourceDescription;
  /** Set by ResourcePage: the open form and its input, carried across a layout switch. */
  carry?: FormCarry;
  /** Actions of one row beyond 编辑 and 删除, declared once for the desktop and the phone. */
  actions?: readonly RowAction<ResourceRow>[];
  /** How some fields read instead (a page's own badge), on the desktop and the phone alike. */
  show?: ShowFields;
  /** The page's buttons beside 新增 (立即检查). */
  tools?: readonly ListTool[];
  /** A quick choice above the table that narrows the list (到期提醒). */
  filter?: ChoiceFilter;
  /** Actions of one row drawn by the page itself, between 详情 and the declared actions. */
  rowActions?: (row: ResourceRow) => ReactNode;
  /**
   * Buttons beside 新增 that act on the chosen rows (冻结, 解冻). `matching`: 全部符合条件的记录 was chosen
   * (selectAllMatching), so the action sends the list's search, which the server applies, instead of the rows.
   */
  batchActions?: (rows: ResourceRow[], clear: () => void, matching?: MatchingSelection) => ReactNode;
  /** Once a whole page is chosen, offer every row the search matches (past the page) to the batch actions. */
  selectAllMatching?: boolean;
  /** Cells drawn by the page, by field name. */
  renderCell?: Record<string, (value: unknown, row: ResourceRow) => ReactNode>;
  customInputs?: CustomInputs;
  formWidth?: number;
  /**
   * Search values the page fixes (a dictionary's items): sent with every request, and with every save.
   * Such a list under a chosen parent keeps its search and page in memory; every other list keeps them in the address.
   */
  fixed?: Record<string, string>;
  /** Shown above the table (a heading of the chosen parent). */
  header?: ReactNode;
  /** Values a new row's form starts with (keep the object stable: the open form resets when it changes). */
  initialValues?: Record<string, unknown>;
  /** Runs after a save or delete succeeds (a page refreshing caches of its own). */
  onChanged?: OnChanged;
  /** Whether a row may be deleted (built-in rows the server refuses); all by default. */
  removable?: (row: ResourceRow) => boolean;
  /** Whether a row offers 编辑 (only drafts, say); all by default. */
  editable?: (row: ResourceRow) => boolean;
  /** The page's own add/edit form (an editor the description cannot give) in place of the generated modal; `editing` is null while closed. */
  renderForm?: (editing: { row: ResourceRow | null } | null, close: () => void) => ReactNode;
  /** Width of the 操作 column in px (200 by default), for pages with more row actions. */
  actionsWidth?: number;
  /** Shown beside the generated form's fields (a checklist of the rules the row must keep). */
  formAside?: ResourceFormModalProps['aside'];
  /** What a row's 详情 shows below its fields (a program's classes and students); with it every row offers 详情. */
  detail?: (row: ResourceRow) => ReactNode;
}

/** Every row the list's search matches: what a batch action sends instead of ids, and how many there are. */
export interface MatchingSelection {
  search: SearchValues;
  total: number;
}

/** antd's checkbox column. */
const SELECTION_COLUMN_WIDTH = 32;

/** One cell of the list: what fieldShown says, a dictionary's label once it is known, a grey dash for a blank. */
export function FieldText({ field, value }: { field: ResourceField; value: unknown }) {
  return <ShownCell shown={fieldShown(field, value)} />;
}

/** Blank inputs say nothing about the search: left out, so the address holds only what was asked for. */
const askedFor = (values: Record<string, unknown>): SearchValues =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== null && String(v).trim() !== '').map(([k, v]) => [k, String(v)]));

function SearchForm({ resource, values, onSearch, fixed }: { resource: ResourceDescription; values: SearchValues; onSearch: (values: SearchValues) => void; fixed?: Record<string, string> }) {
  const [form] = Form.useForm<SearchValues>();
  // A value the page fixes (a unit's posts) is no search of the user's.
  const fields = useMemo(() => searchFields(resource).filter((f) => !fixed || !(f.name in fixed)), [resource, fixed]);
  // The inputs start from the address's search (initialValues) and follow it when it changes later
  // (back/forward). Only then: an effect at mount could land after the user's first keystrokes. Set, not
  // reset: a reset would remount the inputs and close a picker the user has just opened.
  const followed = useRef(values);
  useEffect(() => {
    if (followed.current === values) return;
    followed.current = values;
    const shown = askedFor(form.getFieldsValue(fields.map((f) => f.name)) as Record<string, unknown>);
    if (JSON.stringify(shown) === JSON.stringify(values)) return;
    form.setFieldsValue(Object.fromEntries(fields.map((f) => [f.name, values[f.name]])));
  }, [form, fields, values]);
  if (fields.length === 0) return null;
  return (
    <Form form={form} name={`${resource.key}-search`} initialValues={values} layout="inline" className="resource__search" onFinish={(asked) => onSearch(askedFor(asked))} role="search" aria-label={`查询${resource.title}`}>
      {fields.map((field) => (
        <Form.Item key={field.name} name={field.name} label={field.label}>
          {field.kind === 'ref' && field.ref ? (
            <RefSelect target={field.ref} style={{ width: 200 }} />
          ) : field.kind === 'dict' ? (
            <DictSelect dictCode={field.dictCode ?? ''} style={{ width: 160 }} />
          ) : field.kind === 'select' ? (
            <Select allowClear placeholder="请选择" style={{ width: 160 }} options={field.options?.map((o) => ({ value: o.value, label: o.label }))} />
          ) : (
            <Input allowClear placeholder={`请输入${field.label}`} style={{ width: 180 }} />
          )}
        </Form.Item>
      ))}
      <SearchButtons form={form} onReset={() => onSearch({})} />
    </Form>
  );
}

/**
 * A resource's desktop screen from its description: search, toolbar (新增, 导入, 导出, batch delete),
 * a paged and sortable table with 编辑/删除 per row, and the form in a modal. Buttons follow the
 * permission codes; the server refuses the calls anyway.
 */
export function ResourceTable({ resource, actions, show, tools, filter, rowActions, batchActions, selectAllMatching = false, renderCell, customInputs, formWidth, fixed, header, initialValues, onChanged, removable = () => true, editable = () => true, renderForm, actionsWidth = 200, formAside, carry, detail }: ResourceTableProps) {
  const { permissions } = resource;
  const canAdd = usePermission(permissions.add ?? '');
  const canEdit = usePermission(permissions.edit ?? '');
  const canRemove = usePermission(permissions.remove ?? '');
  const canExport = usePermission(permissions.export ?? '');
  const canImport = usePermission(permissions.import ?? '');
  const [list, setList] = useListState(resource, !fixed);
  const { search, pageNo, pageSize, column, order } = list;
  const [selected, setSelectedRows] = useState<ResourceRow[]>([]);
  const [allMatching, setAllMatching] = useState(false);
  // A new choice of rows (or none) is no longer 全部符合条件的记录.
  const setSelected = (rows: ResourceRow[]) => {
    setSelectedRows(rows);
    setAllMatching(false);
  };
  const [editing, setEditingState] = useState<{ row: ResourceRow | null } | null>(() => carry?.open() ?? null);
  // Each opening gets a fresh modal: antd keeps a saved button's leaving loading icon otherwise.
  const [openings, setOpenings] = useState(0);
  const setEditing = (next: { row: ResourceRow | null } | null) => {
    if (next) setOpenings((n) => n + 1);
    if (next) carry?.opened(next.row);
    else carry?.closed();
    setEditingState(next);
  };
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const query = useResourcePage(resource, { ...search, ...fixed, pageNo, pageSize, column, order });
  const remove = useDeleteResource(resource, onChanged);
  const pageRows = query.data?.records ?? [];
  const matchingTotal = query.data?.total ?? 0;

  const removeRows = async (rows: ResourceRow[]) => {
    await remove.mutateAsync(rows.map((r) => r.id));
    notify.success('删除成功!');
    setSelected([]);
  };
  // A row named by a reference (实习安排 by its student) shows the reference's label.
  const titleField = resource.fields.find((f) => f.name === resource.titleField);
  const titleOf = (row: ResourceRow) => String((titleField ? shownValue(titleField, row) : row[resource.titleField]) ?? '');
  const declared = useResourceActions(resource);
  const declaredForm = declared.form(titleOf);
  const [viewingRow, setViewing] = useState<ResourceRow | null>(null);
  // The row as the list now has it (a status changed while its 详情 is open).
  const viewing = viewingRow && (query.data?.records.find((r) => r.id === viewingRow.id) ?? viewingRow);
  // Who may edit sees everything in the form; who may only look gets 详情.
  const mayEdit = Boolean(permissions.edit && canEdit);

  // A narrow screen drops the columns of least priority rather than pushing 状态 off to the right.
  const [tableBox, tableWidth] = useElementWidth<HTMLDivElement>();
  const batchable = Boolean(batchActions) || declared.batch.length > 0;
  const selectable = Boolean((permissions.remove && canRemove) || batchable);
  const { shown, hidden } = fittingListFields(resource, tableWidth, actionsWidth + (selectable ? SELECTION_COLUMN_WIDTH : 0));
  const cells = renderCell && Object.fromEntries(Object.entries(renderCell).map(([name, render]) => [name, (row: ResourceRow) => render(row[name], row)]));
  const table: DeclaredList<ResourceRow> = {
    title: resource.title,
    rowKey: (row) => row.id,
    columns: shown.map((field) => ({ ...fieldColumn(field, show), width: columnWidth(field), ellipsis: true, sortable: typeof field.list === 'object' && field.list.sortable })),
    actionsWidth,
    empty: '暂无数据',
    // The declared widths are the columns' widths: the table scrolls sideways only when they add up to
    // more than the screen holds, and shares out any room left. (With 'max-content' each column grew to
    // its longest value, so ellipsis never applied and the last columns went off screen.)
    scrollX: shown.reduce((sum, field) => sum + columnWidth(field), actionsWidth + (selectable ? SELECTION_COLUMN_WIDTH : 0)),
    data: pagedList(query, { pageNo, pageSize, go: (next, size) => setList({ ...list, pageNo: size === pageSize ? next : 1, pageSize: size }) }),
  };
  // 编辑 and 删除 by the resource's rules, 详情 for who may only look (or when columns left or the page adds to it).
  const builtIn: Record<'edit' | 'detail' | 'remove', RowAction<ResourceRow>> = {
    edit: { key: 'edit', label: '编辑', when: (row) => mayEdit && editable(row), run: (row) => setEditing({ row }) },
    detail: { key: 'detail', label: '详情', when: () => !mayEdit || Boolean(detail) || hidden.length > 0, run: setViewing },
    remove: {
      key: 'remove',
      label: '删除',
      danger: true,
      when: (row) => Boolean(permissions.remove && canRemove) && removable(row),
      confirm: (row) => ({ title: `确定删除${resource.title}“${titleOf(row)}”吗?` }),
      run: (row) => removeRows([row]),
    },
  };
  const pageActions = [...offeredActions(actions, useAllowed(), 'desktop'), ...declared.rowActions(titleOf)];

  const runExport = async () => {
    setExporting(true);
    try {
      await exportResource(resource, { ...search, ...fixed });
    } finally {
      setExporting(false);
    }
  };

  return (
    <AntdProvider>
      <Card className="resource" variant="borderless">
        {header}
        {filter && (
          <div className="resource__filter">
            <FilterSwitch filter={filter} />
          </div>
        )}
        <SearchForm
          resource={resource}
          values={search}
          fixed={fixed}
          onSearch={(values) => {
            setAllMatching(false);
            setList({ ...list, search: values, pageNo: 1 });
          }}
        />
        <Space className="resource__toolbar" wrap>
          {permissions.add && canAdd && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ row: null })}>
              新增
            </Button>
          )}
          {permissions.import && canImport && (
            <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
              导入
            </Button>
          )}
          {permissions.export && canExport && (
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void runExport().catch(() => undefined)}>
              导出
            </Button>
          )}
          <ToolButtons tools={tools} />
          {selected.length > 0 && (
            <>
              <span className="resource__selected">{allMatching ? `已选择全部 ${matchingTotal} 项符合条件的记录` : `已选择 ${selected.length} 项`}</span>
              {selectAllMatching && batchActions && !allMatching && matchingTotal > selected.length && pageRows.length > 0 && pageRows.every((r) => selected.some((x) => x.id === r.id)) && (
                <Button type="link" onClick={() => setAllMatching(true)}>
                  选择全部 {matchingTotal} 项符合条件的记录
                </Button>
              )}
              {batchActions?.(selected, () => setSelected([]), allMatching ? { search: { ...search, ...fixed }, total: matchingTotal } : undefined)}
              {!allMatching &&
                declared.batch.map((action) => (
                  <Button key={action.key} loading={declared.running} onClick={() => void sent(declared.run(action, selected)).then((done) => done && setSelected([]))}>
                    {action.label}
                  </Button>
                ))}
              {permissions.remove && canRemove && !allMatching && (
                <Popconfirm title={`确定删除选中的 ${selected.length} 项吗?`} okText="确定" cancelText="取消" onConfirm={() => removeRows(selected).catch(() => undefined)}>
                  <Button danger icon={<DeleteOutlined />}>
                    批量删除
                  </Button>
                </Popconfirm>
              )}
            </>
          )}
        </Space>
        {hidden.length > 0 && <p className="resource__hidden-columns">屏幕较窄，未显示{hidden.map((f) => f.label).join('、')}，可在详情中查看</p>}
        <div ref={tableBox}>
          <ListTable<ResourceRow>
            list={table}
            cells={cells}
            sort={{ column, order }}
            onSort={(sort) => setList({ ...list, pageNo: 1, column: sort.column, order: sort.order })}
            actionsCell={(row) => (
              <>
                <ActionButtons actions={[builtIn.edit, builtIn.detail]} row={row} />
                {rowActions?.(row)}
                <ActionButtons actions={pageActions} row={row} />
                <ActionButtons actions={[builtIn.remove]} row={row} />
              </>
            )}
            rowSelection={
              selectable
                ? {
                    selectedRowKeys: selected.map((r) => r.id),
                    onChange: (_keys, rows) => setSelected(rows),
                    // antd names these checkboxes in English ("Select all", "Select row 1").
                    columnTitle: (checkbox) => (isValidElement<{ 'aria-label'?: string }>(checkbox) ? cloneElement(checkbox, { 'aria-label': '全选本页' }) : checkbox),
                    getCheckboxProps: (row) => ({ disabled: !batchable && !removable(row), 'aria-label': '选择此行' }),
                  }
                : undefined
            }
          />
        </div>
      </Card>
      {renderForm ? (
        renderForm(editing, () => setEditing(null))
      ) : (
        <ResourceFormModal
          key={openings}
          resource={resource}
          row={editing?.row ?? null}
          open={editing !== null}
          onClose={() => setEditing(null)}
          width={formWidth}
          customInputs={customInputs}
          initialValues={initialValues}
          carry={carry}
          fixedValues={fixed}
          onChanged={onChanged}
          aside={formAside}
        />
      )}
      {declaredForm && <ResourceFormModal {...declaredForm} />}
      <Modal open={viewing !== null} title={`${resource.title}详情`} footer={null} onCancel={() => setViewing(null)} width={detail ? 1000 : 720} destroyOnHidden>
        {viewing && (
          <DetailList
            col={detail ? 3 : 2}
            items={resource.fields
              .filter((field) => field.kind !== 'password')
              .map((field) => ({ key: field.name, label: field.label, content: cells?.[field.name]?.(viewing) ?? <ShownCell shown={fieldColumn(field, show).show?.(viewing)} /> }))}
          />
        )}
        {viewing && detail?.(viewing)}
      </Modal>
      <ImportModalLazy
        open={importing}
        title={`导入${resource.title}`}
        url={resourceUrl(resource, 'importExcel')}
        onClose={() => setImporting(false)}
        onImported={() => void query.refetch()}
        template={permissions.export ? { exportUrl: resourceUrl(resource, 'exportXls'), fileName: `${resource.title}导入模板` } : undefined}
      />
    </AntdProvider>
  );
}

export default ResourceTable;
