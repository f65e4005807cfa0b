import { useEffect, useState, type ReactNode } from 'react';
import { Button, Form, Input, SearchBar, Selector, Switch, TextArea } from 'antd-mobile';
import { Popup } from '@/components/sheet/popup.tsx';
import type { ResourceDescription, ResourceField } from '@contract/resource.ts';
import { DictSelectPhone } from '@/components/dict-select/dict-select-phone.tsx';
import { scrolledList } from '@/components/list/list-data.ts';
import { offeredActions, rowActions as applying, type ChoiceFilter, type DeclaredList, type ListTool, type RowAction } from '@/components/list/list-declaration.ts';
import { FilterTabs, ListRows, PhoneActionButtons, PhoneShown, PhoneToolButtons, runPhoneAction } from '@/components/list/list-phone.tsx';
import { notify } from '@/components/notification/notification-store.ts';
import { PhoneInfiniteList } from '@/components/phone-list/phone-infinite-list.tsx';
import { PhoneNavBar } from '@/components/phone-nav-bar/phone-nav-bar.tsx';
import { useAllowed, usePermission } from '@/hooks/use-permission.ts';
import { warnOfRefusal } from '@/lib/api-client.ts';
import type { FormCarry } from './form-carry.ts';
import { useListState } from './list-state.ts';
import { knownRefLabel, rememberRowLabels } from './ref-api.ts';
import { RefPickerPhone } from './ref-picker-phone.tsx';
import { useResourceActions } from './resource-actions.ts';
import { useDeleteResource, useResourceInfinite, useSaveResource, type OnChanged, type ResourceRow } from './resource-api.ts';
import { allowsDecimal, fieldColumn, fieldDependencies, fieldRules, fieldShown, formFields, isRequired, searchFields, shownValue, toFormValues, toInput, type FormMode, type ShowFields } from './resource-fields.ts';
import './resource-phone.css';
import { TreeParentPicker } from './tree-parent-picker.tsx';

/** Inputs a page supplies for its special fields on the phone, by field name; null or undefined: the generic input. */
export type PhoneCustomInputs = Record<string, (mode: FormMode, row: ResourceRow | null) => ReactNode>;

export interface ResourcePhoneListProps {
  resource: ResourceDescription;
  /** Set by ResourcePage: the open form and its input, carried across a layout switch. */
  carry?: FormCarry;
  customInputs?: PhoneCustomInputs;
  /** Actions of one row beyond 编辑 and 删除, declared once for the desktop and the phone: under the row's form, or in its sheet. */
  actions?: readonly RowAction<ResourceRow>[];
  /** 'sheet': a tap offers the row's actions (编辑 and 删除 among them) in a sheet instead of opening its form. */
  phoneActions?: 'sheet';
  /** How some fields read instead (a page's own badge), on the desktop and the phone alike. */
  show?: ShowFields;
  /** The page's buttons beside 新增 (立即检查). */
  tools?: readonly ListTool[];
  /** Tabs above the list that narrow it (到期提醒). */
  filter?: ChoiceFilter;
  /** What a row's form shows below its fields beyond the actions (a special flow: 处理, the contract's files). */
  rowActions?: (row: ResourceRow, close: () => void) => ReactNode;
  /** Search values the page fixes (a dictionary's items); such a list keeps its keyword in memory, every other list in the address. */
  fixed?: Record<string, string>;
  /** Values a new row's form starts with (keep the object stable: the open form resets when it changes). */
  initialValues?: Record<string, unknown>;
  /** Runs after a save or delete succeeds (a page refreshing caches of its own). */
  onChanged?: OnChanged;
  /** Whether a row may be deleted (built-in rows the server refuses); all by default. */
  removable?: (row: ResourceRow) => boolean;
  /** Whether a row offers 编辑 in its sheet (only drafts); all by default. */
  editable?: (row: ResourceRow) => boolean;
  /** The page's own add/edit form in place of the generated one; `editing` is null while closed. */
  renderForm?: (editing: { row: ResourceRow | null } | null, close: () => void) => ReactNode;
  /** Shown between the search bar and the list (a page's own action, 分配指导教师). */
  header?: ReactNode;
  /** What an empty list says, and once searched (暂无通告); 暂无数据 and 没有符合条件的记录 by default. */
  empty?: { title: string; unmatched: string };
}

/** A value under a row's title, as the desktop cell reads (fieldShown; a dictionary's label once known). */
export function PhoneFieldText({ field, value }: { field: ResourceField; value: unknown }) {
  return <PhoneShown shown={fieldShown(field, value)} />;
}

/** Form.Item hands its control (id, value, onChange, checked) to its child: passed on in `control`. */
type Control = Record<string, unknown>;

function PhoneInput({ field, disabled, decimal, ...control }: { field: ResourceField; disabled?: boolean; decimal?: boolean } & Control) {
  const placeholder = field.placeholder ?? (field.kind === 'dict' || field.kind === 'select' ? '请选择' : `请输入${field.label}`);
  switch (field.kind) {
    case 'ref':
      return field.ref ? <RefPickerPhone {...control} target={field.ref} title={field.label} placeholder={field.placeholder} disabled={disabled} /> : null;
    case 'textarea':
      return <TextArea {...control} rows={3} placeholder={placeholder} disabled={disabled} />;
    case 'password':
      return <Input {...control} type="password" placeholder={placeholder} disabled={disabled} autoComplete="new-password" />;
    case 'number':
      // The keypad offers a decimal point only where the schema takes a fraction (学分).
      return <Input {...control} type="number" inputMode={decimal ? 'decimal' : 'numeric'} step={decimal ? 'any' : undefined} placeholder={placeholder} disabled={disabled} />;
    case 'date':
      return <Input {...control} type="date" placeholder={placeholder} disabled={disabled} />;
    case 'dict':
      return <DictSelectPhone {...control} dictCode={field.dictCode ?? ''} title={field.label} disabled={disabled} />;
    case 'select':
      return <SelectorInput {...control} field={field} disabled={disabled} />;
    case 'switch':
      return <Switch {...control} disabled={disabled} />;
    default:
      return <Input {...control} placeholder={placeholder} disabled={disabled} clearable />;
  }
}

/** Fixed choices as a one-of selector holding a plain string value. */
function SelectorInput({ field, value, onChange, disabled }: { field: ResourceField; value?: string | null; onChange?: (value: string | null) => void; disabled?: boolean }) {
  return (
    <Selector
      options={(field.options ?? []).map((o) => ({ value: o.value, label: o.label }))}
      value={value ? [value] : []}
      onChange={(values) => onChange?.(values[0] ?? null)}
      disabled={disabled}
    />
  );
}

/** The add/edit form in a full-screen popup (antd-mobile only). */
export function ResourcePhoneForm({
  resource,
  row,
  open,
  onClose,
  title,
  customInputs,
  extra,
  fixed,
  initialValues,
  carry,
  onChanged,
  send,
}: {
  resource: ResourceDescription;
  carry?: FormCarry;
  row: ResourceRow | null;
  open: boolean;
  onClose: () => void;
  /** The heading, where it is not 新增, 编辑 or 查看 and the resource's title (新增下级部门, a row action's form). */
  title?: string;
  customInputs?: PhoneCustomInputs;
  extra?: ReactNode;
  fixed?: Record<string, string>;
  initialValues?: Record<string, unknown>;
  onChanged?: OnChanged;
  /** Sends the values elsewhere than add and edit (a row action's form) and says how it went. */
  send?: (values: Record<string, unknown>) => Promise<void>;
}) {
  const [form] = Form.useForm();
  const save = useSaveResource(resource, onChanged);
  const mode: FormMode = row ? 'edit' : 'add';
  const canSave = usePermission((mode === 'add' ? resource.permissions.add : resource.permissions.edit) ?? '');
  const heading = title ?? `${mode === 'add' ? '新增' : canSave ? '编辑' : '查看'}${resource.title}`;

  useEffect(() => {
    if (!open) return;
    if (row) rememberRowLabels(resource, [row]);
    form.resetFields();
    form.setFieldsValue(carry?.typed() ?? (row ? toFormValues(resource, row) : (initialValues ?? {})));
  }, [open, row, form, resource, initialValues, carry]);

  const submit = async (values: Record<string, unknown>) => {
    const input = { ...toInput(resource, mode, values), ...fixed };
    try {
      if (send) await send(input);
      else {
        await save.mutateAsync({ id: row?.id, values: input });
        notify.success(mode === 'add' ? '添加成功！' : '编辑成功！');
      }
      onClose();
    } catch (error) {
      warnOfRefusal(error);
    }
  };

  return (
    <Popup visible={open} onMaskClick={onClose} position="right" destroyOnClose bodyClassName="resource-phone__sheet">
      <div role="dialog" aria-modal="true" aria-label={heading} className="resource-phone__dialog">
      <PhoneNavBar onBack={onClose}>{heading}</PhoneNavBar>
      <div className="resource-phone__sheet-body">
        <Form
          form={form}
          name={`${resource.key}-phone-form`}
          layout="horizontal"
          mode="card"
          disabled={!canSave}
          onValuesChange={(_, all: Record<string, unknown>) => carry?.keep(all)}
          onFinish={(values) => void submit(values as Record<string, unknown>)}
          footer={
            canSave ? (
              <Button block type="submit" color="primary" size="large" loading={save.isPending}>
                保存
              </Button>
            ) : null
          }
        >
          {formFields(resource, mode).map((field) => (
            <Form.Item
              key={field.name}
              name={field.name}
              label={field.label}
              required={isRequired(resource, mode, field)}
              rules={fieldRules(resource, mode, field, row?.id)}
              dependencies={fieldDependencies(field)}
              childElementPosition={field.kind === 'switch' ? 'right' : undefined}
              valuePropName={field.kind === 'switch' ? 'checked' : 'value'}
            >
              {customInputs?.[field.name]?.(mode, row) ??
                (field.name === resource.tree?.parentField ? (
                  <TreeParentPicker resource={resource} field={field} selfId={row?.id} />
                ) : (
                  <PhoneInput field={field} disabled={mode === 'edit' && field.readOnlyOnEdit} decimal={field.kind === 'number' && allowsDecimal(resource, mode, field)} />
                ))}
            </Form.Item>
          ))}
        </Form>
        {extra}
      </div>
      </div>
    </Popup>
  );
}

/** The search bar, starting from the keyword of the address (a new one mounts when the address changes it). */
function KeywordBar({ label, keyword, onSearch }: { label: string; keyword: string; onSearch: (text: string) => void }) {
  const [typed, setTyped] = useState(keyword);
  return <SearchBar placeholder={`搜索${label}`} value={typed} onChange={setTyped} onSearch={onSearch} onClear={() => onSearch('')} aria-label={`搜索${label}`} />;
}

/**
 * A resource's phone screen from its description: a search bar, a pull-to-refresh list with infinite
 * scroll, swipe to delete, and the form in a full-screen popup (or the row's actions in a sheet).
 */
export function ResourcePhoneList({ resource, customInputs, actions, phoneActions, show, tools, filter, rowActions, fixed, initialValues, onChanged, removable = () => true, editable = () => true, renderForm, carry, header, empty = { title: '暂无数据', unmatched: '没有符合条件的记录' } }: ResourcePhoneListProps) {
  const { permissions } = resource;
  const canAdd = usePermission(permissions.add ?? '');
  const canEdit = usePermission(permissions.edit ?? '');
  const canRemove = usePermission(permissions.remove ?? '');
  // The search bar looks in the field that names a row when it is searchable, else the first text field.
  const textFields = searchFields(resource).filter((f) => (f.kind === 'text' || f.kind === 'textarea') && f.search !== 'link');
  const textSearch = textFields.find((f) => f.name === resource.titleField) ?? textFields[0];
  const [list, setList] = useListState(resource, !fixed);
  const keyword = (textSearch && list.search[textSearch.name]) || '';
  const setKeyword = (text: string) => textSearch && setList({ ...list, search: { ...list.search, [textSearch.name]: text.trim() || undefined }, pageNo: 1 });
  // What the address asks for beyond the search bar (a desktop search shared to a phone): shown, and clearable.
  const otherFilters = searchFields(resource).filter((f) => f !== textSearch && list.search[f.name]);
  const [editing, setEditingState] = useState<{ row: ResourceRow | null } | null>(() => carry?.open() ?? null);
  const setEditing = (next: { row: ResourceRow | null } | null) => {
    if (next) carry?.opened(next.row);
    else carry?.closed();
    setEditingState(next);
  };
  const query = useResourceInfinite(resource, { ...list.search, ...fixed });
  const remove = useDeleteResource(resource, onChanged);
  const field = (name: string) => resource.fields.find((f) => f.name === name);

  // A row named by a reference (实习安排 by its student) shows the reference's label.
  const titleField = field(resource.titleField);
  const titleOf = (row: ResourceRow) => String((titleField ? shownValue(titleField, row) : row[resource.titleField]) ?? '');
  const removeRow: RowAction<ResourceRow> = {
    key: 'remove',
    label: '删除',
    danger: true,
    when: (row) => Boolean(permissions.remove && canRemove) && removable(row),
    confirm: (row) => ({ title: `确定删除${resource.title}“${titleOf(row)}”吗?` }),
    run: async (row) => {
      await remove.mutateAsync([row.id]);
      notify.success('删除成功!');
    },
  };
  const editRow: RowAction<ResourceRow> = { key: 'edit', label: '编辑', when: (row) => Boolean(permissions.edit && canEdit) && editable(row), run: (row) => setEditing({ row }) };
  const declared = useResourceActions(resource);
  const declaredForm = declared.form(titleOf);
  const pageActions = [...offeredActions(actions, useAllowed(), 'phone'), ...declared.rowActions(titleOf)];
  const rows: DeclaredList<ResourceRow> = {
    title: resource.title,
    rowsLabel: `${resource.title}列表`,
    rowKey: (row) => row.id,
    columns: [
      { key: resource.titleField, label: titleField?.label ?? '', phone: 'title', show: show?.[resource.titleField] ?? titleOf },
      ...(resource.subtitleFields ?? []).flatMap((name) => {
        const subtitle = field(name);
        return subtitle ? [{ ...fieldColumn(subtitle, show), phone: 'line' as const }] : [];
      }),
    ],
    actions: phoneActions ? [editRow, ...pageActions, removeRow] : pageActions,
    phoneActions,
    empty: empty.title,
    data: scrolledList(query),
  };
  const close = () => setEditing(null);

  return (
    <div className="resource-phone">
      <div className="resource-phone__top">
        {textSearch && <KeywordBar key={keyword} label={textSearch.label} keyword={keyword} onSearch={setKeyword} />}
        {permissions.add && canAdd && (
          <Button size="small" color="primary" onClick={() => setEditing({ row: null })}>
            新增
          </Button>
        )}
        <PhoneToolButtons tools={tools} />
      </div>
      {filter && <FilterTabs filter={filter} />}
      {header}
      {otherFilters.length > 0 && (
        <div className="resource-phone__filters" role="status">
          <span>
            筛选：
            {otherFilters.map((f) => (
              <span key={f.name} className="resource-phone__meta">
                {f.label} <PhoneFieldText field={f} value={f.kind === 'ref' && f.ref ? (knownRefLabel(f.ref, list.search[f.name]) ?? `已选${f.ref.title}`) : list.search[f.name]} />
              </span>
            ))}
          </span>
          <Button size="mini" fill="none" color="primary" onClick={() => setList({ ...list, search: textSearch && keyword ? { [textSearch.name]: keyword } : {}, pageNo: 1 })}>
            清除筛选
          </Button>
        </div>
      )}
      <PhoneInfiniteList query={query} empty={rows.data.rows.length === 0} emptyTitle={empty.title} emptyDescription={keyword || otherFilters.length > 0 ? empty.unmatched : ''}>
        <ListRows
          list={rows}
          listItems={false}
          onTap={(row) => setEditing({ row })}
          swipe={(row) => (phoneActions || !removeRow.when?.(row) ? [] : [{ key: 'delete', text: '删除', color: 'danger', onClick: () => void runPhoneAction(removeRow, row) }])}
        />
      </PhoneInfiniteList>
      {renderForm ? (
        renderForm(editing, close)
      ) : (
        <ResourcePhoneForm
          resource={resource}
          row={editing?.row ?? null}
          open={editing !== null}
          onClose={close}
          customInputs={customInputs}
          fixed={fixed}
          initialValues={initialValues}
          carry={carry}
          onChanged={onChanged}
          extra={
            editing?.row ? (
              <>
                <PhoneActionButtons actions={applying(pageActions, editing.row)} row={editing.row} block onSheet={close} />
                {rowActions?.(editing.row, close)}
              </>
            ) : null
          }
        />
      )}
      {declaredForm && <ResourcePhoneForm {...declaredForm} />}
    </div>
  );
}

export default ResourcePhoneList;
