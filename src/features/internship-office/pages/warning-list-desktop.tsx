import { useState } from 'react';
import { Button, Form, Input, Modal, Tag } from 'antd';
import { WARNING_MSG, WARNING_NOTE_MAX, WARNING_PERMISSIONS, WARNING_RESOURCE, WARNING_STATUS_LABELS, type WarningStatus } from '@contract/internship-warning.ts';
import { AntdProvider } from '@/components/antd-provider.tsx';
import { notify } from '@/components/notification/notification-store.ts';
import type { ResourceRow } from '@/components/resource/resource-api.ts';
import { ResourceTable } from '@/components/resource/resource-table.tsx';
import { usePermission } from '@/hooks/use-permission.ts';
import { ApiError } from '@/lib/api-client.ts';
import { useCheckWarnings, useHandleWarning } from '../api/warning-api.ts';
import '../warning.css';

/** The 处理 dialog: the warning, and the note saying what was done. */
function HandleModal({ row, onClose }: { row: ResourceRow; onClose: () => void }) {
  const [form] = Form.useForm<{ note: string }>();
  const handle = useHandleWarning();
  const submit = async ({ note }: { note: string }) => {
    try {
      await handle.mutateAsync({ id: row.id, note });
      notify.success('已标记为已处理');
      onClose();
    } catch (error) {
      if (error instanceof ApiError && !error.notified) notify.warning(error.message);
    }
  };
  return (
    <AntdProvider>
      <Modal open title="处理实习预警" okText="标记为已处理" cancelText="取消" onOk={() => form.submit()} confirmLoading={handle.isPending} onCancel={onClose} destroyOnHidden>
        <p className="warning-handle__message">{String(row.message ?? '')}</p>
        <Form form={form} layout="vertical" name="warning-handle" onFinish={(values) => void submit(values)}>
          <Form.Item
            name="note"
            label="处理说明"
            rules={[
              { required: true, whitespace: true, message: WARNING_MSG.noteRequired },
              { max: WARNING_NOTE_MAX, message: WARNING_MSG.noteTooLong },
            ]}
          >
            <Input.TextArea rows={4} placeholder="如：已电话联系学生，周五前补交" />
          </Form.Item>
        </Form>
      </Modal>
    </AntdProvider>
  );
}

const STATUS_COLORS: Record<WarningStatus, string> = { open: 'orange', handled: 'green' };

/** The warnings on desktop: the resource table, read-only, with 处理 on the open ones and 立即检查 above. */
export default function WarningListDesktop() {
  const canHandle = usePermission(WARNING_PERMISSIONS.handle);
  const check = useCheckWarnings();
  const [handling, setHandling] = useState<ResourceRow | null>(null);
  return (
    <>
      <ResourceTable
        resource={WARNING_RESOURCE}
        header={
          check.allowed && (
            <div className="warning-check">
              <Button type="primary" loading={check.checking} onClick={check.run}>
                立即检查
              </Button>
            </div>
          )
        }
        actionsWidth={120}
        renderCell={{ status: (value) => <Tag color={STATUS_COLORS[value as WarningStatus]}>{WARNING_STATUS_LABELS[value as WarningStatus] ?? String(value)}</Tag> }}
        rowActions={(row) =>
          canHandle && row.status === 'open' ? (
            <Button type="link" size="small" onClick={() => setHandling(row)}>
              处理
            </Button>
          ) : null
        }
      />
      {handling && <HandleModal key={handling.id} row={handling} onClose={() => setHandling(null)} />}
    </>
  );
}
