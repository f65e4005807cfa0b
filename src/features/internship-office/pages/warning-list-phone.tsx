import { Button, Form, TextArea } from 'antd-mobile';
import { WARNING_RESOURCE } from '@contract/internship-warning.ts';
import type { ResourceRow } from '@/components/resource/resource-api.ts';
import { ResourcePhoneList } from '@/components/resource/resource-phone.tsx';
import { NOTE_PLACEHOLDER, NOTE_RULES, type WarningListPage } from './warning-list.ts';

/** Under an open warning's details: the note and 标记为已处理. */
function HandleForm({ page, row, onDone }: { page: WarningListPage; row: ResourceRow; onDone: () => void }) {
  return (
    <Form
      name="warning-handle-phone"
      mode="card"
      onFinish={({ note }: { note: string }) => void page.handleWarning(row, note).then((done) => done && onDone())}
      footer={
        <Button block type="submit" color="primary" size="large" loading={page.handling}>
          标记为已处理
        </Button>
      }
    >
      <Form.Header>处理预警</Form.Header>
      <Form.Item name="note" label="处理说明" rules={NOTE_RULES}>
        <TextArea rows={3} placeholder={NOTE_PLACEHOLDER} />
      </Form.Item>
    </Form>
  );
}

/** The warnings on the phone: the generic list with 立即检查; a warning opens its details, with 处理 when it is open. */
export default function WarningListPhone(page: WarningListPage) {
  return <ResourcePhoneList resource={WARNING_RESOURCE} tools={page.tools} rowActions={(row, close) => (page.canHandle(row) ? <HandleForm page={page} row={row} onDone={close} /> : null)} />;
}
