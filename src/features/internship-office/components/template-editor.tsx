import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Space, Spin, Tabs, Tag } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { DOCUMENT_KINDS, TEMPLATE_KINDS, TEMPLATE_MSG, TEMPLATE_PLACEHOLDERS, templateSchema, type TemplateInput, type TemplateKind } from '@contract/documents.ts';
import { AntdProvider } from '@/components/antd-provider.tsx';
import { notify } from '@/components/notification/notification-store.ts';
import { formatDate } from '@/lib/format.ts';
import { zodRule } from '@/lib/form-rules.ts';
import { templateQuery, useSaveTemplate } from '../api/placement-api.ts';
import '../placement.css';

/** One kind's text: title and body, the placeholders to insert at the cursor, and who saved it last. */
function TemplateForm({ kind }: { kind: TemplateKind }) {
  const query = useQuery(templateQuery(kind));
  const save = useSaveTemplate(kind);
  const [form] = Form.useForm<TemplateInput>();
  const body = useRef<TextAreaRef>(null);
  useEffect(() => {
    if (query.data) form.setFieldsValue({ title: query.data.title, body: query.data.body });
  }, [query.data, form]);
  if (!query.data) return query.isError ? <Alert type="error" title="加载失败，请稍后重试" /> : <Spin />;
  const insert = (name: string) => {
    const area = body.current?.resizableTextArea?.textArea;
    const text = form.getFieldValue('body') as string;
    const at = area?.selectionStart ?? text.length;
    form.setFieldsValue({ body: `${text.slice(0, at)}{${name}}${text.slice(area?.selectionEnd ?? at)}` });
    area?.focus();
  };
  const submit = async (values: TemplateInput) => {
    await save.mutateAsync(values);
    notify.success(TEMPLATE_MSG.saved);
  };
  return (
    <Form form={form} layout="vertical" onFinish={(values) => void submit(values).catch(() => undefined)} aria-label={`${DOCUMENT_KINDS[kind]}模板`}>
      <Form.Item name="title" label="标题" rules={[zodRule(templateSchema.shape.title)]}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="body" label="正文（每行一段；花括号中的占位符按实习安排填写）" rules={[zodRule(templateSchema.shape.body)]}>
        <Input.TextArea ref={body} rows={14} />
      </Form.Item>
      <div className="template-editor__placeholders" aria-label="可用的占位符">
        {TEMPLATE_PLACEHOLDERS.map((name) => (
          <Tag key={name} className="template-editor__placeholder" onClick={() => insert(name)}>
            {`{${name}}`}
          </Tag>
        ))}
      </div>
      <Space>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          保存模板
        </Button>
        <span className="template-editor__saved">{query.data.updatedAt ? `${query.data.updatedByName ?? ''} 保存于 ${formatDate(query.data.updatedAt)}` : '学校默认文本，尚未修改'}</span>
      </Space>
    </Form>
  );
}

/** 文书模板 of 实习安排: the school's 三方协议 and 知情同意书, one tab each. */
export function TemplateEditor({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [kind, setKind] = useState<TemplateKind>('agreement');
  return (
    <AntdProvider>
      <Modal open={open} title="文书模板" width={880} footer={null} onCancel={onClose} destroyOnHidden>
        <Tabs activeKey={kind} onChange={(key) => setKind(key as TemplateKind)} items={TEMPLATE_KINDS.map((k) => ({ key: k, label: DOCUMENT_KINDS[k], children: <TemplateForm kind={k} /> }))} />
      </Modal>
    </AntdProvider>
  );
}
