import { Form, Input, Modal } from 'antd';
import { WARNING_RESOURCE } from '@contract/internship-warning.ts';
import { AntdProvider } from '@/components/antd-provider.tsx';
import type { ResourceRow } from '@/components/resource/resource-api.ts';
import { ResourceTable } from '@/components/resource/resource-table.tsx';
import { NOTE_PLACEHOLDER, NOTE_RULES, type WarningListPage } from './warning-list.ts';

/** The 处理 dialog: the warning, and the note saying what was done. */
function HandleModal({ page, row }: { page: WarningListPage; row: ResourceRow }) {
  const [form] = Form.useForm<{ note: string }>();
  return (
    <Modal open title="处理实习预警" okText="标记为已处理" cancelText="取消" onOk={() => form.submit()} confirmLoading={page.handling} onCancel={page.closeHandling} destroyOnHidden>
      <p className="warning-handle__message">{String(row.message ?? '')}</p>
      <Form form={form} layout="vertical" name="warning-handle" onFinish={({ note }) => void page.handleWarning(row, note).then((done) => done && page.closeHandling())}>
        <Form.Item name="note" label="处理说明" rules={NOTE_RULES}>
          <Input.TextArea rows={4} placeholder={NOTE_PLACEHOLDER} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The warnings on desktop: the resource table, read-only, with 立即检查 and 处理 on the open ones. */
export default function WarningListDesktop(page: WarningListPage) {
  return (
    <AntdProvider>
      <ResourceTable resource={WARNING_RESOURCE} tools={page.tools} actions={page.actions} actionsWidth={120} />
      {page.handlingRow && <HandleModal key={page.handlingRow.id} page={page} row={page.handlingRow} />}
    </AntdProvider>
  );
}
