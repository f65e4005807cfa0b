import { useLayoutEffect } from 'react';
import { Col, Form, Input, Modal, Radio, Result, Row, Spin, type FormInstance } from 'antd';
import { ANNOUNCEMENT_RESOURCE, MSG_CATEGORY_LABELS, MSG_TYPE_LABELS, OPEN_TYPE_OPTIONS, PRIORITY_LABELS, type AnnouncementUserOption } from '@contract/announcement.ts';
import { notify } from '@/components/notification/notification-store.ts';
import { useSaveResource, type ResourceRow } from '@/components/resource/resource-api.ts';
import { warnOfRefusal } from '@/lib/api-client.ts';
import { useAnnouncementDetail } from '../api/get-announcement-detail.ts';
import { NEW_ANNOUNCEMENT, schemaRule, toAnnouncementInput, toFormValues, type AnnouncementFormValues } from '../utils/announcement-form.ts';
import { HtmlEditor } from './html-editor.tsx';
import { UserChooser } from './user-chooser.tsx';

const radios = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));

function FormBody({ form, initial, users }: { form: FormInstance<AnnouncementFormValues>; initial: AnnouncementFormValues; users: readonly AnnouncementUserOption[] }) {
  // The dialog's form instance outlives its content, and a store's old values win over new initialValues.
  useLayoutEffect(() => form.resetFields(), [form]);
  const msgType = Form.useWatch('msgType', form);
  const openType = Form.useWatch('openType', form);
  return (
    <Form<AnnouncementFormValues> form={form} name="announcement-form" initialValues={initial} labelCol={{ flex: '88px' }} wrapperCol={{ flex: 'auto' }} autoComplete="off">
      <Form.Item name="titile" label="标题" required rules={[schemaRule('titile')]}>
        <Input placeholder="请输入标题" maxLength={100} showCount />
      </Form.Item>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="msgCategory" label="消息类型" required rules={[schemaRule('msgCategory')]}>
            <Radio.Group options={radios(MSG_CATEGORY_LABELS)} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="priority" label="优先级" required rules={[schemaRule('priority')]}>
            <Radio.Group options={radios(PRIORITY_LABELS)} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="msgType" label="通告对象" required rules={[schemaRule('msgType')]}>
        <Radio.Group options={radios(MSG_TYPE_LABELS)} />
      </Form.Item>
      {msgType === 'USER' && (
        <Form.Item name="userIds" label="指定用户" required rules={[schemaRule('userIds')]}>
          <UserChooser known={users} />
        </Form.Item>
      )}
      <Form.Item name="msgAbstract" label="摘要" rules={[schemaRule('msgAbstract')]}>
        <Input.TextArea rows={2} placeholder="列表中显示的简短说明（可不填）" maxLength={200} showCount />
      </Form.Item>
      <Form.Item name="openType" label="打开方式" rules={[schemaRule('openType')]} extra={<span className="annt-form__hint">点击通告时打开系统页面或外部链接；选“无”则显示通告详情</span>}>
        <Radio.Group options={OPEN_TYPE_OPTIONS.map((o) => ({ value: o.value, label: o.label }))} />
      </Form.Item>
      {openType ? (
        <Row gutter={16}>
          <Col span={14}>
            <Form.Item name="openPage" label="打开页面" required rules={[schemaRule('openPage')]} dependencies={['openType']}>
              <Input placeholder={openType === 'url' ? 'https://…' : '/internship/weekly'} />
            </Form.Item>
          </Col>
          <Col span={10}>
            <Form.Item name="busId" label="业务ID" rules={[schemaRule('busId')]}>
              <Input placeholder="打开页面时带上的 id（可不填）" />
            </Form.Item>
          </Col>
        </Row>
      ) : null}
      <Form.Item name="msgContent" label="内容" required rules={[schemaRule('msgContent')]}>
        <HtmlEditor />
      </Form.Item>
    </Form>
  );
}

/** 新增 / 编辑 an announcement in a wide dialog; an edit first loads the whole record (the list has no content). */
export function AnnouncementFormModal({ editing, onClose }: { editing: { row: ResourceRow | null } | null; onClose: () => void }) {
  const [form] = Form.useForm<AnnouncementFormValues>();
  const id = editing?.row?.id ?? null;
  const detail = useAnnouncementDetail(editing && id ? id : null);
  const save = useSaveResource(ANNOUNCEMENT_RESOURCE);
  const ready = editing !== null && (id === null || detail.data !== undefined);

  const submit = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    try {
      // Every value, also of fields hidden now (toAnnouncementInput drops what the choices leave out).
      await save.mutateAsync({ id: id ?? undefined, values: toAnnouncementInput(form.getFieldsValue(true)) });
      notify.success(id ? '编辑成功！' : '添加成功！');
      onClose();
    } catch (error) {
      // The server's refusal (published meanwhile, a user gone) keeps the form open to fix it.
      warnOfRefusal(error);
    }
  };

  let body;
  if (ready) body = <FormBody key={id ?? 'new'} form={form} initial={id && detail.data ? toFormValues(detail.data) : NEW_ANNOUNCEMENT} users={detail.data?.users ?? []} />;
  else if (detail.isError) body = <Result status="warning" title="通告加载失败" subTitle={detail.error.message} />;
  else body = <Spin className="annt-form__loading" />;

  return (
    <Modal
      title={id ? '编辑通告' : '新增通告'}
      open={editing !== null}
      width={900}
      onOk={() => void submit()}
      onCancel={onClose}
      okText="确定"
      cancelText="取消"
      okButtonProps={{ disabled: !ready }}
      confirmLoading={save.isPending}
      destroyOnHidden
      maskClosable={false}
    >
      {body}
    </Modal>
  );
}
