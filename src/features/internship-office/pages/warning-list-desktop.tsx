import { useState } from 'react';
import { Button, Form, Input, Modal, Tag } from 'antd';
import { WARNING_RESOURCE, WARNING_STATUS_LABELS, type WarningStatus } from '@contract/internship-warning.ts';
import { AntdProvider } from '@/components/antd-provider.tsx';
import type { ResourceRow } from '@/components/resource/resource-api.ts';
import { ResourceTable } from '@/components/resource/resource-table.tsx';
import { NOTE_PLACEHOLDER, NOTE_RULES, type WarningScreen } from '../components/warning-parts.ts';
import '../warning.css';

/** The 处理 dialog: the warning, and the note saying what was done. */
function HandleModal({ screen, row, onClose }: { screen: WarningScreen; row: ResourceRow; onClose: () => void }) {
  const [form] = Form.useForm<{ note: string }>();
  return (
    <AntdProvider>
      <Modal open title="处理实习预警" okText="标记为已处理" cancelText="取消" onOk={() => form.submit()} confirmLoading={screen.handling} onCancel={onClose} destroyOnHidden>
        <p className="warning-handle__message">{String(row.message ?? '')}</p>
        <Form form={form} layout="vertical" name="warning-handle" onFinish={({ note }) => void screen.handleWarning(row, note).then((done) => done && onClose())}>
          <Form.Item name="note" label="处理说明" rules={NOTE_RULES}>
            <Input.TextArea rows={4} placeholder={NOTE_PLACEHOLDER} />
          </Form.Item>
        </Form>
      </Modal>
    </AntdProvider>
  );
}

const STATUS_COLORS: Record<WarningStatus, string> = { open: 'orange', handled: 'green' };

/** The warnings on desktop: the resource table, read-only, with 处理 on the open ones and 立即检查 above. */
export default function WarningListDesktop({ screen }: { screen: WarningScreen }) {
  const [handling, setHandling] = useState<ResourceRow | null>(null);
  return (
    <>
      <ResourceTable
        resource={WARNING_RESOURCE}
        header={
          screen.check.allowed && (
            <div className="warning-check">
              <Button type="primary" loading={screen.check.checking} onClick={screen.check.run}>
                立即检查
              </Button>
            </div>
          )
        }
        actionsWidth={120}
        renderCell={{ status: (value) => <Tag color={STATUS_COLORS[value as WarningStatus]}>{WARNING_STATUS_LABELS[value as WarningStatus] ?? String(value)}</Tag> }}
        rowActions={(row) =>
          screen.canHandle(row) ? (
            <Button type="link" size="small" onClick={() => setHandling(row)}>
              处理
            </Button>
          ) : null
        }
      />
      {handling && <HandleModal key={handling.id} screen={screen} row={handling} onClose={() => setHandling(null)} />}
    </>
  );
}
