import { useId, useMemo } from 'react';
import { Alert, AutoComplete, Button, Form, Input, Modal, Space, Typography } from 'antd';
import { CONTACT_RESOURCE, POST_RESOURCE, UNIT_RESOURCE, UNIT_REVIEW_MSG, UNIT_SITE_REPORT } from '@contract/internship-unit.ts';
import { AntdProvider } from '@/components/antd-provider.tsx';
import { DetailList } from '@/components/detail-list/detail-list.tsx';
import { FieldSet } from '@/components/field-set/field-set.tsx';
import { openOfficeFile } from '@/components/office-file/office-file-api.ts';
import { OfficeFileInput } from '@/components/office-file/office-file-input.tsx';
import type { FormCarry } from '@/components/resource/form-carry.ts';
import type { ResourceRow } from '@/components/resource/resource-api.ts';
import { FieldText, ResourceTable } from '@/components/resource/resource-table.tsx';
import { useContactNames } from '../api/unit-api.ts';
import { MENTOR_PASSWORD_FIELDS, reviewChoices, siteReportOf, useMentorAccountForm, useUnitReview, type UnitListState } from '../components/unit-parts.ts';
import './unit-list.css';

const field = (name: string) => UNIT_RESOURCE.fields.find((f) => f.name === name)!;

/** 审核 of one unit: its facts, the forbidden-industry rule when it applies, the comment, and the choices its status allows. */
function UnitReviewModal({ unit, onClose }: { unit: ResourceRow | null; onClose: () => void }) {
  const { comment, setComment, problem, forbidden, close, choose, pendingAction } = useUnitReview(unit, onClose);
  const commentId = useId();
  const choices = unit ? reviewChoices(unit.status) : [];
  return (
    <Modal
      open={unit !== null}
      title="审核实习单位"
      onCancel={close}
      width={640}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={close}>取消</Button>
          {choices.map((choice) => (
            <Button
              key={choice.action}
              type={choice.action === 'approve' ? 'primary' : 'default'}
              danger={choice.action === 'disable'}
              disabled={choice.action === 'approve' && forbidden !== null}
              loading={pendingAction === choice.action}
              onClick={() => void choose(choice)}
            >
              {choice.label}
            </Button>
          ))}
        </Space>
      }
    >
      {unit && (
        <div className="unit-review">
          <DetailList
            col={2}
            items={['name', 'creditCode', 'industry', 'region', 'employeeCount', 'status'].map((name) => ({ key: name, label: field(name).label, content: <FieldText field={field(name)} value={unit[name]} /> }))}
          />
          {forbidden && <Alert type="error" showIcon message="不能审核通过" description={forbidden} />}
          <Form layout="vertical">
            <Form.Item label="审核意见" htmlFor={commentId} required={unit.status !== 'disabled'} validateStatus={problem === UNIT_REVIEW_MSG.commentRequired ? 'error' : undefined}>
              <Input.TextArea
                id={commentId}
                value={comment}
                onChange={(e) => setComment(e.target.value)}
                rows={3}
                maxLength={500}
                placeholder={unit.status === 'pending' ? '通过时可填写意见；不通过时须填写原因' : unit.status === 'active' ? '请填写停用原因' : '可填写重新启用的说明'}
              />
            </Form.Item>
          </Form>
          {problem && <Alert type="error" showIcon message={problem} role="alert" />}
        </div>
      )}
    </Modal>
  );
}

/** 生成导师账号: the contact's phone becomes the login name, with the initial password typed here. */
function MentorAccountModal({ contact, onClose }: { contact: ResourceRow | null; onClose: () => void }) {
  const [form] = Form.useForm<{ password: string }>();
  const { problem, close, submit, pending } = useMentorAccountForm(contact, onClose);
  const send = async () => submit((await form.validateFields()).password);
  return (
    <Modal open={contact !== null} title="生成企业导师账号" onCancel={close} onOk={() => void send().catch(() => undefined)} okText="生成账号" cancelText="取消" confirmLoading={pending} destroyOnHidden>
      {contact && (
        <Form form={form} layout="vertical" preserve={false}>
          <Typography.Paragraph>
            为 {String(contact.name)} 生成企业导师账号，登录账号为手机号码 {String(contact.phone ?? '')}；首次登录须修改初始密码。
          </Typography.Paragraph>
          <FieldSet fields={MENTOR_PASSWORD_FIELDS} />
          {problem && <Alert type="error" showIcon message={problem} role="alert" />}
        </Form>
      )}
    </Modal>
  );
}

/** 实地考察 under the unit's 详情: when and by whom, and its report to open. */
function UnitSiteVisit({ unit }: { unit: ResourceRow }) {
  const report = siteReportOf(unit);
  const when = typeof unit.siteVisitDate === 'string' ? `${unit.siteVisitDate}${typeof unit.siteVisitBy === 'string' && unit.siteVisitBy ? `，${unit.siteVisitBy}` : ''}` : '未考察';
  return (
    <section aria-label="实地考察" className="unit-detail__visit">
      <Typography.Text strong>实地考察：</Typography.Text>
      <span>{when}</span>
      {report ? (
        <Button type="link" size="small" onClick={() => void openOfficeFile(report.url, report.params).catch(() => undefined)}>
          查看考察报告
        </Button>
      ) : (
        <Typography.Text type="secondary">未上传考察报告</Typography.Text>
      )}
    </section>
  );
}

/** A unit's posts and contacts under its 详情: the generic tables fixed to the unit. */
function UnitDetail({ unit, state }: { unit: ResourceRow; state: UnitListState }) {
  const fixed = useMemo(() => ({ unitId: unit.id }), [unit.id]);
  return (
    <div className="unit-detail">
      <UnitSiteVisit unit={unit} />
      <section aria-label="岗位">
        <Typography.Title level={5}>岗位</Typography.Title>
        <ResourceTable resource={POST_RESOURCE} fixed={fixed} actionsWidth={120} formWidth={520} />
      </section>
      <section aria-label="联系人">
        <Typography.Title level={5}>联系人</Typography.Title>
        <ResourceTable
          resource={CONTACT_RESOURCE}
          fixed={fixed}
          actionsWidth={200}
          formWidth={520}
          actions={state.contactActions}
        />
      </section>
      <MentorAccountModal contact={state.accountFor} onClose={() => state.createAccount(null)} />
    </div>
  );
}

/** 联系人 of the unit form: one of the unit's contacts, or a new name (which becomes one). */
function ContactInput({ unitId, ...control }: { unitId?: string; id?: string; value?: string; onChange?: (value: string) => void }) {
  const names = useContactNames(unitId);
  return <AutoComplete {...control} options={names.map((name) => ({ value: name }))} placeholder={names.length ? '选择本单位的联系人，或输入新联系人' : '请输入联系人（保存后加入本单位联系人）'} allowClear />;
}
const UNIT_INPUTS = {
  contact: (_mode: unknown, row: ResourceRow | null) => <ContactInput unitId={row?.id} />,
  siteReportAttachmentId: (_mode: unknown, row: ResourceRow | null) => <OfficeFileInput label="考察报告" uploadUrl={UNIT_SITE_REPORT.upload} saved={siteReportOf(row)} />,
};

/** 实习单位 on desktop and tablet: the generic table, 审核 for the office, and posts and contacts in each unit's 详情. */
export default function UnitListDesktop({ carry, state }: { carry: FormCarry; state: UnitListState }) {
  return (
    <AntdProvider>
      <ResourceTable
        resource={UNIT_RESOURCE}
        carry={carry}
        customInputs={UNIT_INPUTS}
        actionsWidth={state.canReview ? 220 : 170}
        actions={state.actions}
        tools={state.tools}
        detail={(row) => <UnitDetail unit={row} state={state} />}
      />
      <UnitReviewModal unit={state.reviewing} onClose={() => state.review(null)} />
    </AntdProvider>
  );
}
