import { Button, DotLoading, ErrorBlock, Form, Input, NoticeBar, TextArea } from 'antd-mobile';
import { Popup } from '@/components/sheet/popup.tsx';
import { ANNOUNCEMENT_RESOURCE, MSG_CATEGORY_LABELS, MSG_TYPE_LABELS, OPEN_TYPE_OPTIONS, PRIORITY_LABELS, type AnnouncementUserOption } from '@contract/announcement.ts';
import { notify } from '@/components/notification/notification-store.ts';
import { PhoneNavBar } from '@/components/phone-nav-bar/phone-nav-bar.tsx';
import { useSaveResource, type ResourceRow } from '@/components/resource/resource-api.ts';
import { warnOfRefusal } from '@/lib/api-client.ts';
import { useAnnouncementDetail } from '../api/get-announcement-detail.ts';
import { NEW_ANNOUNCEMENT, schemaRule, toAnnouncementInput, toFormValues, type AnnouncementFormValues } from '../utils/announcement-form.ts';
import { editorDropsFormatting } from '../utils/announcement-html.ts';
import { LazyRichTextEditor } from './lazy-rich-text-editor.tsx';
import { UserChooserPhone } from './user-chooser-phone.tsx';
import './system-announcement.css';
import { SingleChoice } from '@/components/single-choice/single-choice.tsx';

const choices = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));

/** One of fixed choices as a selector holding a plain string. */
function ChoiceInput({ options, value, onChange }: { options: { value: string; label: string }[]; value?: string; onChange?: (value: string) => void }) {
  return <SingleChoice options={options} value={value} onChange={(next) => next !== undefined && onChange?.(next)} />;
}

function PhoneFormBody({ id, initial, users, onSaved }: { id: string | null; initial: AnnouncementFormValues; users: readonly AnnouncementUserOption[]; onSaved: () => void }) {
  const [form] = Form.useForm<AnnouncementFormValues>();
  const save = useSaveResource(ANNOUNCEMENT_RESOURCE);
  const msgType = Form.useWatch('msgType', form);
  const openType = Form.useWatch('openType', form);
  const content = Form.useWatch('msgContent', form) ?? initial.msgContent ?? '';

  const submit = async () => {
    try {
      await save.mutateAsync({ id: id ?? undefined, values: toAnnouncementInput(form.getFieldsValue(true)) });
      notify.success(id ? '编辑成功！' : '添加成功！');
      onSaved();
    } catch (error) {
      warnOfRefusal(error);
    }
  };

  return (
    <Form
      form={form}
      name="announcement-phone-form"
      initialValues={initial}
      layout="vertical"
      mode="card"
      onFinish={() => void submit()}
      footer={
        <Button block type="submit" color="primary" size="large" loading={save.isPending}>
          保存
        </Button>
      }
    >
      <Form.Item name="titile" label="标题" required rules={[schemaRule('titile')]}>
        <Input placeholder="请输入标题" maxLength={100} clearable />
      </Form.Item>
      <Form.Item name="msgCategory" label="消息类型" required rules={[schemaRule('msgCategory')]}>
        <ChoiceInput options={choices(MSG_CATEGORY_LABELS)} />
      </Form.Item>
      <Form.Item name="priority" label="优先级" required rules={[schemaRule('priority')]}>
        <ChoiceInput options={choices(PRIORITY_LABELS)} />
      </Form.Item>
      <Form.Item name="msgType" label="通告对象" required rules={[schemaRule('msgType')]}>
        <ChoiceInput options={choices(MSG_TYPE_LABELS)} />
      </Form.Item>
      {msgType === 'USER' && (
        <Form.Item name="userIds" label="指定用户" required rules={[schemaRule('userIds')]}>
          <UserChooserPhone known={users} />
        </Form.Item>
      )}
      <Form.Item name="msgAbstract" label="摘要" rules={[schemaRule('msgAbstract')]}>
        <TextArea rows={2} maxLength={200} showCount placeholder="列表中显示的简短说明（可不填）" />
      </Form.Item>
      <Form.Item name="openType" label="打开方式" rules={[schemaRule('openType')]}>
        <ChoiceInput options={OPEN_TYPE_OPTIONS.map((o) => ({ value: o.value, label: o.label }))} />
      </Form.Item>
      {openType ? (
        <>
          <Form.Item name="openPage" label="打开页面" required rules={[schemaRule('openPage')]} dependencies={['openType']}>
            <Input placeholder={openType === 'url' ? 'https://…' : '/internship/weekly'} clearable />
          </Form.Item>
          <Form.Item name="busId" label="业务ID" rules={[schemaRule('busId')]}>
            <Input placeholder="打开页面时带上的 id（可不填）" clearable />
          </Form.Item>
        </>
      ) : null}
      {editorDropsFormatting(content) ? (
        <NoticeBar wrap color="alert" content="这条通告含有编辑器不能保留的格式（如表格、颜色、对齐），在手机上修改内容会丢失这些格式；如需保留，请在电脑上修改。" />
      ) : null}
      <Form.Item name="msgContent" label="内容" required rules={[schemaRule('msgContent')]}>
        <LazyRichTextEditor label="内容" variant="simple" placeholder="请输入通告内容" />
      </Form.Item>
    </Form>
  );
}

/** 新增 / 编辑 an announcement on the phone in a full-screen sheet (antd-mobile only). */
export function AnnouncementFormPhone({ editing, onClose }: { editing: { row: ResourceRow | null } | null; onClose: () => void }) {
  const id = editing?.row?.id ?? null;
  const detail = useAnnouncementDetail(editing && id ? id : null);
  const title = id ? '编辑通告' : '新增通告';
  let body;
  if (editing && (id === null || detail.data)) {
    body = <PhoneFormBody key={id ?? 'new'} id={id} initial={id && detail.data ? toFormValues(detail.data) : NEW_ANNOUNCEMENT} users={detail.data?.users ?? []} onSaved={onClose} />;
  } else if (detail.isError) body = <ErrorBlock status="default" title="通告加载失败" description={detail.error.message} />;
  else {
    body = (
      <div className="annt-phone__loading" role="status">
        加载中
        <DotLoading />
      </div>
    );
  }
  return (
    <Popup visible={editing !== null} onMaskClick={onClose} position="right" destroyOnClose bodyClassName="annt-phone__sheet">
      <div role="dialog" aria-modal="true" aria-label={title} className="annt-phone__dialog">
        <PhoneNavBar onBack={onClose}>{title}</PhoneNavBar>
        <div className="annt-phone__body">{body}</div>
      </div>
    </Popup>
  );
}
