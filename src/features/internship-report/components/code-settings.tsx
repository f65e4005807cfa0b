import { useEffect } from 'react';
import { Alert, Button, Form, Input, Space, Spin, Table, Typography, type TableColumnsType } from 'antd';
import { CODE_DICTIONARY_KEYS, DEFAULT_CODES, REPORT_MSG, codeEntryKeys, defaultCodes, type CodeDictionary, type CodeSettings, type ReportSettings } from '@contract/internship-report.ts';
import { notify } from '@/components/notification/notification-store.ts';
import type { ValidatorRule } from '@/lib/form-rules.ts';
import { formatDate } from '@/lib/format.ts';
import { useSaveCodes } from '../api/report-api.ts';

interface EntryRow {
  key: string;
  dictionary: CodeDictionary;
  entry: string;
  name: string;
  /** What the entry is on our side (the category we derive). */
  meaning: string;
  /** Rows the category's cell spans (0 for the rows under its first). */
  span: number;
}

const ROWS: EntryRow[] = CODE_DICTIONARY_KEYS.flatMap((dictionary) => {
  const { name, entries } = DEFAULT_CODES[dictionary];
  const keys = codeEntryKeys(dictionary);
  return keys.map((entry, i) => ({ key: `${dictionary}.${entry}`, dictionary, entry, name, meaning: (entries as Record<string, { label: string }>)[entry]!.label, span: i === 0 ? keys.length : 0 }));
});

const filled = (message: string): ValidatorRule => ({ validator: (_rule, value) => (String(value ?? '').trim() ? Promise.resolve() : Promise.reject(new Error(message))) });

const columns: TableColumnsType<EntryRow> = [
  { key: 'name', title: '类别', dataIndex: 'name', width: 130, onCell: (row) => ({ rowSpan: row.span }) },
  { key: 'meaning', title: '本系统分类', dataIndex: 'meaning', width: 130 },
  {
    key: 'code',
    title: '上报编码',
    width: 140,
    render: (_: unknown, row) => (
      <Form.Item name={[row.dictionary, row.entry, 'code']} rules={[filled(REPORT_MSG.codeRequired(row.name, row.meaning))]} style={{ margin: 0 }}>
        <Input maxLength={20} aria-label={`${row.name}“${row.meaning}”的编码`} />
      </Form.Item>
    ),
  },
  {
    key: 'label',
    title: '上报名称',
    render: (_: unknown, row) => (
      <Form.Item name={[row.dictionary, row.entry, 'label']} rules={[filled(REPORT_MSG.nameRequired(row.name, row.meaning))]} style={{ margin: 0 }}>
        <Input maxLength={30} aria-label={`${row.name}“${row.meaning}”的名称`} />
      </Form.Item>
    ),
  },
];

/** 编码字典: each category's code and name in the authority's template, edited when the template changes. */
export function CodeSettingsEditor({ settings }: { settings: ReportSettings | undefined }) {
  const [form] = Form.useForm<CodeSettings>();
  const save = useSaveCodes();
  useEffect(() => {
    if (settings) form.setFieldsValue(settings.codes);
  }, [settings, form]);
  if (!settings) return <Spin />;
  const submit = async (codes: CodeSettings) => {
    try {
      notify.success((await save.mutateAsync({ codes })).message);
    } catch {
      // The client has shown why (the server names the code refused).
    }
  };
  const saved = settings.saved.codes;
  return (
    <Form form={form} onFinish={(codes) => void submit(codes)} aria-label="编码字典">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Alert type="info" showIcon title="导出时各类别按此处的编码填写；上报平台的模板调整编码时在此修改并保存，下次导出即生效。" />
        <Table<EntryRow> rowKey="key" size="small" bordered pagination={false} columns={columns} dataSource={ROWS} />
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存编码字典
          </Button>
          <Button
            onClick={() => {
              form.setFieldsValue(defaultCodes());
              notify.info('已填入默认编码，保存后生效');
            }}
          >
            恢复默认
          </Button>
          <Typography.Text type="secondary">{saved ? `${saved.updatedByName ?? ''} 保存于 ${formatDate(saved.updatedAt)}` : '默认编码，尚未修改'}</Typography.Text>
        </Space>
      </Space>
    </Form>
  );
}
