import { Button, Form, TextArea } from 'antd-mobile';
import { WARNING_MSG, WARNING_NOTE_MAX, WARNING_PERMISSIONS, WARNING_RESOURCE } from '@contract/internship-warning.ts';
import { notify } from '@/components/notification/notification-store.ts';
import type { ResourceRow } from '@/components/resource/resource-api.ts';
import { ResourcePhoneList } from '@/components/resource/resource-phone.tsx';
import { usePermission } from '@/hooks/use-permission.ts';
import { ApiError } from '@/lib/api-client.ts';
import { useCheckWarnings, useHandleWarning } from '../api/warning-api.ts';
import '../warning.css';

/** Under an open warning's details: the note and 标记为已处理. */
function HandleForm({ row, onDone }: { row: ResourceRow; onDone: () => void }) {
  const handle = useHandleWarning();
  const submit = async ({ note }: { note: string }) => {
    try {
      await handle.mutateAsync({ id: row.id, note });
      notify.success('已标记为已处理');
      onDone();
    } catch (error) {
      if (error instanceof ApiError && !error.notified) notify.warning(error.message);
    }
  };
  return (
    <Form
      name="warning-handle-phone"
      mode="card"
      onFinish={(values: { note: string }) => void submit(values)}
      footer={
        <Button block type="submit" color="primary" size="large" loading={handle.isPending}>
          标记为已处理
        </Button>
      }
    >
      <Form.Header>处理预警</Form.Header>
      <Form.Item
        name="note"
        label="处理说明"
        rules={[
          { required: true, whitespace: true, message: WARNING_MSG.noteRequired },
          { max: WARNING_NOTE_MAX, message: WARNING_MSG.noteTooLong },
        ]}
      >
        <TextArea rows={3} placeholder="如：已电话联系学生，周五前补交" />
      </Form.Item>
    </Form>
  );
}

/** The warnings on the phone: the generic list (立即检查 above it); a warning opens its details, with 处理 when it is open. */
export default function WarningListPhone() {
  const canHandle = usePermission(WARNING_PERMISSIONS.handle);
  const check = useCheckWarnings();
  return (
    <ResourcePhoneList
      resource={WARNING_RESOURCE}
      header={
        check.allowed && (
          <div className="warning-check warning-check--phone">
            <Button block color="primary" fill="outline" loading={check.checking} onClick={check.run}>
              立即检查
            </Button>
          </div>
        )
      }
      rowActions={(row, close) => (canHandle && row.status === 'open' ? <HandleForm row={row} onDone={close} /> : null)}
    />
  );
}
