import { useEffect, useState, type ReactNode } from 'react';
import { Button, DatePicker, Form, Input, InputNumber, Modal, Popconfirm, Radio, Select, Space, Switch } from 'antd';
import dayjs from 'dayjs';
import type { ResourceDescription, ResourceField } from '@contract/resource.ts';
import { DictSelect } from '@/components/dict-select/dict-select.tsx';
import { notify } from '@/components/notification/notification-store.ts';
import { usePermission } from '@/hooks/use-permission.ts';
import { warnOfRefusal } from '@/lib/api-client.ts';
import type { FormCarry } from './form-carry.ts';
import { rememberRowLabels } from './ref-api.ts';
import { RefSelect } from './ref-select.tsx';
import { useSaveResource, type OnChanged, type ResourceRow } from './resource-api.ts';
import { fieldDependencies, fieldRules, formFields, isRequired, toFormValues, toInput, type FormMode } from './resource-fields.ts';
import { TreeParentSelect } from './tree-parent-select.tsx';

/** Inputs a page supplies for its special fields (a role chooser, a tree), by field name; null or undefined: the generic input. */
export type CustomInputs = Record<string, (mode: FormMode, row: ResourceRow | null) => ReactNode>;

export interface ResourceFormModalProps {
  resource: ResourceDescription;
  /** The row being edited; null adds a new one. */
  row: ResourceRow | null;
  open: boolean;
  onClose: () => void;
  /** The heading, where it is not 新增 or 编辑 and the resource's title (a row action's form). */
  title?: string;
  width?: number;
  customInputs?: CustomInputs;
  /** Values a new row starts with (a parent id, a dictionary id). */
  initialValues?: Record<string, unknown>;
  /** What was typed in the other layout's form before a layout switch. */
  carry?: FormCarry;
  /** Fields sent with every save that the form does not show (a dictionary id). */
  fixedValues?: Record<string, unknown>;
  /** Runs after a successful save (a page refreshing caches of its own). */
  onChanged?: OnChanged;
  /** Sends the values elsewhere than add and edit (a row action's form) and says how it went. */
  send?: (values: Record<string, unknown>) => Promise<void>;
  /** Shown beside the fields, inside the form (it may watch the values with Form.useWatch): a checklist of rules. */
  aside?: (mode: FormMode, row: ResourceRow | null) => ReactNode;
}

/** Form.Item hands its control (id, value, onChange, checked) to its child: passed on in `control`. */
type Control = Record<string, unknown>;

export function DesktopInput({ field, mode, disabled, ...control }: { field: ResourceField; mode: FormMode; disabled?: boolean } & Control) {
  const placeholder = field.placeholder ?? (field.kind === 'dict' || field.kind === 'select' ? '请选择' : `请输入${field.label}`);
  switch (field.kind) {
    case 'ref':
      return field.ref ? <RefSelect {...control} target={field.ref} placeholder={field.placeholder} disabled={disabled} /> : null;
    case 'textarea':
      return <Input.TextArea {...control} rows={4} placeholder={placeholder} disabled={disabled} />;
    case 'password':
      return <Input.Password {...control} placeholder={placeholder} disabled={disabled} autoComplete="new-password" />;
    case 'number':
      // Without antd's step arrows: they are named in English ("Increase Value") and mouse-only; the
      // arrow keys still step.
      return <InputNumber {...control} placeholder={placeholder} disabled={disabled} controls={false} style={{ width: '100%' }} />;
    case 'dict':
      return <DictSelect {...control} dictCode={field.dictCode ?? ''} placeholder={placeholder} disabled={disabled} />;
    case 'select':
      return field.radio ? (
        <Radio.Group {...control} disabled={disabled} options={field.options?.map((o) => ({ value: o.value, label: o.label }))} />
      ) : (
        <Select {...control} placeholder={placeholder} disabled={disabled} allowClear options={field.options?.map((o) => ({ value: o.value, label: o.label }))} />
      );
    case 'switch':
      return <Switch {...control} disabled={disabled} />;
    case 'date':
      return <DateInput {...control} placeholder={placeholder} disabled={disabled} />;
    default:
      return <Input {...control} placeholder={placeholder} disabled={disabled} autoComplete={mode === 'add' ? 'off' : undefined} />;
  }
}

/** A date field kept as YYYY-MM-DD text, the way the server stores it. */
function DateInput({ id, value, onChange, placeholder, disabled }: { id?: string; value?: string | null; onChange?: (value: string | null) => void; placeholder: string; disabled?: boolean }) {
  return (
    <DatePicker
      id={id}
      value={value ? dayjs(value) : null}
      onChange={(date) => onChange?.(date ? date.format('YYYY-MM-DD') : null)}
      placeholder={placeholder}
      disabled={disabled}
      style={{ width: '100%' }}
    />
  );
}

interface ResourceFormState {
  resource: ResourceDescription;
  row: ResourceRow | null;
  open: boolean;
  initialValues?: Record<string, unknown>;
  carry?: FormCarry;
  fixedValues?: Record<string, unknown>;
  onChanged?: OnChanged;
  /** Sends the values elsewhere than add and edit (a row action's form) and says how it went; the form closes when it resolves. */
  send?: (values: Record<string, unknown>) => Promise<void>;
  /** After a save went through. */
  onSaved: () => void;
}

/** A form's values from its row (or what was typed, or a new row's start), checked and saved through the resource's calls. */
function useResourceForm({ resource, row, open, initialValues, carry, fixedValues, onChanged, send, onSaved }: ResourceFormState) {
  const [form] = Form.useForm();
  const save = useSaveResource(resource, onChanged);
  const mode: FormMode = row ? 'edit' : 'add';

  useEffect(() => {
    if (!open) return;
    // The edited row's references are shown by the labels it came with.
    if (row) rememberRowLabels(resource, [row]);
    form.resetFields();
    form.setFieldsValue(carry?.typed() ?? (row ? toFormValues(resource, row) : (initialValues ?? {})));
  }, [open, row, form, resource, initialValues, carry]);

  const submit = async () => {
    const values = { ...toInput(resource, mode, (await form.validateFields()) as Record<string, unknown>), ...fixedValues };
    try {
      if (send) await send(values);
      else {
        await save.mutateAsync({ id: row?.id, values });
        notify.success(mode === 'add' ? '添加成功！' : '编辑成功！');
      }
      onSaved();
    } catch (error) {
      // The server's refusal (a taken code, a rule the form cannot know) stays in the open form.
      warnOfRefusal(error);
    }
  };
  return { form, mode, submit, saving: save.isPending };
}

/** The form's items: the shared schema's rules; a tree's parent chosen in the tree; a page's own inputs where it gives them. */
function FormItems({ resource, mode, row, customInputs }: { resource: ResourceDescription; mode: FormMode; row: ResourceRow | null; customInputs?: CustomInputs }) {
  return formFields(resource, mode).map((field) => (
    <Form.Item
      key={field.name}
      name={field.name}
      label={field.label}
      required={isRequired(resource, mode, field)}
      rules={fieldRules(resource, mode, field, row?.id)}
      dependencies={fieldDependencies(field)}
      valuePropName={field.kind === 'switch' ? 'checked' : 'value'}
    >
      {customInputs?.[field.name]?.(mode, row) ??
        (field.name === resource.tree?.parentField ? (
          <TreeParentSelect resource={resource} selfId={row?.id} placeholder={field.placeholder} />
        ) : (
          <DesktopInput field={field} mode={mode} disabled={mode === 'edit' && field.readOnlyOnEdit} />
        ))}
    </Form.Item>
  ));
}

/** The add/edit form of a resource in a modal: the shared schema's rules, the server's message on refusal. */
export function ResourceFormModal({ resource, row, open, onClose, title, width = 640, customInputs, initialValues, carry, fixedValues, onChanged, send, aside }: ResourceFormModalProps) {
  const { form, mode, submit, saving } = useResourceForm({ resource, row, open, initialValues, carry, fixedValues, onChanged, send, onSaved: onClose });
  const items = <FormItems resource={resource} mode={mode} row={row} customInputs={customInputs} />;
  return (
    <Modal
      title={title ?? `${mode === 'add' ? '新增' : '编辑'}${resource.title}`}
      open={open}
      width={width}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      destroyOnHidden
      forceRender
    >
      <Form form={form} name={`${resource.key}-form`} className="resource-form" labelCol={{ span: 5 }} wrapperCol={{ span: 18 }} labelWrap autoComplete="off" onValuesChange={(_, all: Record<string, unknown>) => carry?.keep(all)}>
        {aside ? (
          <div className="resource-form__with-aside">
            <div className="resource-form__fields">{items}</div>
            {aside(mode, row)}
          </div>
        ) : (
          items
        )}
      </Form>
    </Modal>
  );
}

export interface ResourceFormPanelProps {
  resource: ResourceDescription;
  /** The row shown; null adds one (starting from initialValues). */
  row: ResourceRow | null;
  initialValues?: Record<string, unknown>;
  /** After a save went through, with the saved row. */
  onSaved: OnChanged;
  /** Adding: leaves the new row's form. */
  onCancel?: () => void;
  /** Showing a row: 删除 (its own permission, whether or not the form may be saved), resolving once done. */
  onRemove?: () => Promise<unknown>;
  removing?: boolean;
  /** Said under the delete confirmation (which rows the server refuses to delete). */
  removeNote?: string;
}

/**
 * The add/edit form of a resource in place (beside a tree): 保存, with 删除 or 取消. Read-only for whoever may not
 * save. Keyed by its row: a reloaded tree does not reset what is being typed.
 */
export function ResourceFormPanel({ resource, row, initialValues, onSaved, onCancel, onRemove, removing, removeNote }: ResourceFormPanelProps) {
  const [shown] = useState(row);
  const [start] = useState(initialValues);
  const { form, mode, submit, saving } = useResourceForm({ resource, row: shown, open: true, initialValues: start, onChanged: onSaved, onSaved: () => undefined });
  const canSave = usePermission((mode === 'add' ? resource.permissions.add : resource.permissions.edit) ?? '');
  const canRemove = usePermission(resource.permissions.remove ?? '');
  const name = String(shown?.[resource.titleField] ?? '');
  return (
    <Form form={form} name={`${resource.key}-panel`} className="resource-form" labelCol={{ span: 4 }} wrapperCol={{ span: 16 }} autoComplete="off" disabled={!canSave} onFinish={() => void submit().catch(() => undefined)}>
      <FormItems resource={resource} mode={mode} row={shown} />
      <Form.Item wrapperCol={{ offset: 4, span: 16 }}>
        <Space>
          {canSave && (
            <Button type="primary" htmlType="submit" loading={saving}>
              保存
            </Button>
          )}
          {shown && onRemove && canRemove && (
            <Popconfirm title={`确定删除${resource.title}“${name}”吗?`} description={removeNote} okText="确定" cancelText="取消" onConfirm={() => onRemove()}>
              {/* Deleting is its own permission: the form being read-only does not turn it off. */}
              <Button danger disabled={false} loading={removing}>
                删除
              </Button>
            </Popconfirm>
          )}
          {!shown && <Button onClick={onCancel}>取消</Button>}
        </Space>
      </Form.Item>
    </Form>
  );
}
