import { useEffect, type ReactNode } from 'react';
import { DatePicker, Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import dayjs from 'dayjs';
import type { ResourceDescription, ResourceField } from '@contract/resource.ts';
import { DictSelect } from '@/components/dict-select/dict-select.tsx';
import { notify } from '@/components/notification/notification-store.ts';
import { warnOfRefusal } from '@/lib/api-client.ts';
import type { FormCarry } from './form-carry.ts';
import { rememberRowLabels } from './ref-api.ts';
import { RefSelect } from './ref-select.tsx';
import { useSaveResource, type ResourceRow } from './resource-api.ts';
import { fieldDependencies, fieldRules, formFields, isRequired, toFormValues, toInput, type FormMode } from './resource-fields.ts';

/** Inputs a page supplies for its special fields (a role chooser, a tree), by field name; null or undefined: the generic input. */
export type CustomInputs = Record<string, (mode: FormMode, row: ResourceRow | null) => ReactNode>;

export interface ResourceFormModalProps {
  resource: ResourceDescription;
  /** The row being edited; null adds a new one. */
  row: ResourceRow | null;
  open: boolean;
  onClose: () => void;
  width?: number;
  customInputs?: CustomInputs;
  /** Values a new row starts with (a parent id, a dictionary id). */
  initialValues?: Record<string, unknown>;
  /** What was typed in the other layout's form before a layout switch. */
  carry?: FormCarry;
  /** Fields sent with every save that the form does not show (a dictionary id). */
  fixedValues?: Record<string, unknown>;
  /** Runs after a successful save (a page refreshing caches of its own). */
  onChanged?: () => void;
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
      return <Select {...control} placeholder={placeholder} disabled={disabled} allowClear options={field.options?.map((o) => ({ value: o.value, label: o.label }))} />;
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

/** The add/edit form of a resource in a modal: the shared schema's rules, the server's message on refusal. */
export function ResourceFormModal({ resource, row, open, onClose, width = 640, customInputs, initialValues, carry, fixedValues, onChanged, aside }: ResourceFormModalProps) {
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
    const values = (await form.validateFields()) as Record<string, unknown>;
    try {
      await save.mutateAsync({ id: row?.id, values: { ...toInput(resource, mode, values), ...fixedValues } });
      notify.success(mode === 'add' ? '添加成功！' : '编辑成功！');
      onClose();
    } catch (error) {
      // The server's refusal (a taken code, a rule the form cannot know) stays in the open form.
      warnOfRefusal(error);
    }
  };

  const items = formFields(resource, mode).map((field) => (
    <Form.Item
      key={field.name}
      name={field.name}
      label={field.label}
      required={isRequired(resource, mode, field)}
      rules={fieldRules(resource, mode, field, row?.id)}
      dependencies={fieldDependencies(field)}
      valuePropName={field.kind === 'switch' ? 'checked' : 'value'}
    >
      {customInputs?.[field.name]?.(mode, row) ?? <DesktopInput field={field} mode={mode} disabled={mode === 'edit' && field.readOnlyOnEdit} />}
    </Form.Item>
  ));

  return (
    <Modal
      title={`${mode === 'add' ? '新增' : '编辑'}${resource.title}`}
      open={open}
      width={width}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      okText="确定"
      cancelText="取消"
      confirmLoading={save.isPending}
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
