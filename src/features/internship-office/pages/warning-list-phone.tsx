import { Button, Form, TextArea } from 'antd-mobile';
import { WARNING_RESOURCE } from '@contract/internship-warning.ts';
import type { ResourceRow } from '@/components/resource/resource-api.ts';
import { ResourcePhoneList } from '@/components/resource/resource-phone.tsx';
import { NOTE_PLACEHOLDER, NOTE_RULES, type WarningScreen } from '../components/warning-parts.ts';
import '../warning.css';

/** Under an open warning's details: the note and 标记为已处理. */
function HandleForm({ screen, row, onDone }: { screen: WarningScreen; row: ResourceRow; onDone: () => void }) {
  return (
    <Form
      name="warning-handle-phone"
      mode="card"
      onFinish={({ note }: { note: string }) => void screen.handleWarning(row, note).then((done) => done && onDone())}
      footer={
        <Button block type="submit" color="primary" size="large" loading={screen.handling}>
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

/** The warnings on the phone: the generic list (立即检查 above it); a warning opens its details, with 处理 when it is open. */
export default function WarningListPhone({ screen }: { screen: WarningScreen }) {
  return (
    <ResourcePhoneList
      resource={WARNING_RESOURCE}
      header={
        screen.check.allowed && (
          <div className="warning-check warning-check--phone">
            <Button block color="primary" fill="outline" loading={screen.check.checking} onClick={screen.check.run}>
              立即检查
            </Button>
          </div>
        )
      }
      rowActions={(row, close) => (screen.canHandle(row) ? <HandleForm screen={screen} row={row} onDone={close} /> : null)}
    />
  );
}
