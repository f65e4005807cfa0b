import { useMemo } from 'react';
import { Button, Form, Tabs, TextArea } from 'antd-mobile';
import { CONTACT_RESOURCE, POST_RESOURCE, UNIT_RESOURCE, UNIT_SITE_REPORT } from '@contract/internship-unit.ts';
import { FieldSetPhone } from '@/components/field-set/field-set-phone.tsx';
import { OfficeFilePhoneInput } from '@/components/office-file/office-file-phone.tsx';
import type { FormCarry } from '@/components/resource/form-carry.ts';
import type { ResourceRow } from '@/components/resource/resource-api.ts';
import { PhoneFieldText, ResourcePhoneList } from '@/components/resource/resource-phone.tsx';
import { PhoneSheet } from '@/components/sheet/phone-sheet.tsx';
import { MENTOR_PASSWORD_FIELDS, reviewChoices, siteReportOf, useMentorAccountForm, useUnitReview, type UnitListState } from '../components/unit-parts.ts';
import './unit-list.css';

const field = (name: string) => UNIT_RESOURCE.fields.find((f) => f.name === name)!;

/** A unit's field as 名称：值 on a line. */
const FieldLine = ({ unit, name }: { unit: ResourceRow; name: string }) => (
  <span>
    {field(name).label}：<PhoneFieldText field={field(name)} value={unit[name]} />
  </span>
);

/** What stops the sheet's action (a rule, the server's refusal), read out as it appears. */
const Problem = ({ text }: { text: string | null }) =>
  text && (
    <div className="unit-phone__problem" role="alert">
      {text}
    </div>
  );

/** 审核 on the phone: the rule when the industry is forbidden, the comment, the choices of the unit's status. */
function ReviewSheet({ unit, onClose }: { unit: ResourceRow | null; onClose: () => void }) {
  const { comment, setComment, problem, forbidden, close, choose, pendingAction } = useUnitReview(unit, onClose);
  return (
    <PhoneSheet open={unit !== null} title="审核实习单位" onClose={close}>
      {unit && (
        <div className="unit-phone__review">
          <div className="unit-phone__status">
            <strong>{String(unit.name)}</strong>
            <FieldLine unit={unit} name="industry" />
            <FieldLine unit={unit} name="status" />
          </div>
          <Problem text={forbidden} />
          <TextArea value={comment} onChange={setComment} rows={3} maxLength={500} placeholder={unit.status === 'active' ? '请填写停用原因' : '审核意见（不通过时须填写原因）'} aria-label="审核意见" />
          <Problem text={problem} />
          {reviewChoices(unit.status).map((choice) => (
            <Button
              key={choice.action}
              block
              color={choice.action === 'approve' ? 'primary' : 'danger'}
              fill={choice.action === 'approve' ? 'solid' : 'outline'}
              disabled={choice.action === 'approve' && forbidden !== null}
              loading={pendingAction === choice.action}
              onClick={() => void choose(choice)}
            >
              {choice.label}
            </Button>
          ))}
        </div>
      )}
    </PhoneSheet>
  );
}

/** 生成导师账号 on the phone: the initial password, checked by the shared rule. */
function MentorAccountSheet({ contact, onClose }: { contact: ResourceRow | null; onClose: () => void }) {
  const { problem, close, submit, pending } = useMentorAccountForm(contact, onClose);
  return (
    <PhoneSheet open={contact !== null} title="生成企业导师账号" onClose={close}>
      {contact && (
        <Form
          layout="vertical"
          mode="card"
          onFinish={(values) => void submit((values as { password: string }).password)}
          footer={
            <Button block type="submit" color="primary" size="large" loading={pending}>
              生成账号
            </Button>
          }
        >
          <Form.Header>
            登录账号为 {String(contact.name)} 的手机号码 {String(contact.phone ?? '')}，首次登录须修改初始密码
          </Form.Header>
          <FieldSetPhone fields={MENTOR_PASSWORD_FIELDS} />
          <Problem text={problem} />
        </Form>
      )}
    </PhoneSheet>
  );
}

/** A unit's posts and contacts, full screen: the generic phone lists fixed to the unit. */
function DetailSheet({ state }: { state: UnitListState }) {
  const unit = state.showing;
  const fixed = useMemo(() => (unit ? { unitId: unit.id } : undefined), [unit]);
  return (
    <PhoneSheet open={unit !== null} title={unit ? String(unit.name) : '岗位与联系人'} onClose={() => state.show(null)}>
      {unit && (
        <Tabs>
          <Tabs.Tab title="岗位" key="posts">
            <ResourcePhoneList resource={POST_RESOURCE} fixed={fixed} />
          </Tabs.Tab>
          <Tabs.Tab title="联系人" key="contacts">
            <ResourcePhoneList resource={CONTACT_RESOURCE} fixed={fixed} actions={state.contactActions} />
          </Tabs.Tab>
        </Tabs>
      )}
      <MentorAccountSheet contact={state.accountFor} onClose={() => state.createAccount(null)} />
    </PhoneSheet>
  );
}

/** 实习单位 on the phone (antd-mobile only): the generic list; a unit's form leads to its status, 审核, posts and contacts. */
export default function UnitListPhone({ carry, state }: { carry: FormCarry; state: UnitListState }) {
  return (
    <>
      <ResourcePhoneList
        resource={UNIT_RESOURCE}
        carry={carry}
        customInputs={{ siteReportAttachmentId: (_mode, row) => <OfficeFilePhoneInput label="考察报告" uploadUrl={UNIT_SITE_REPORT.upload} saved={siteReportOf(row)} /> }}
        actions={state.actions}
        rowActions={(row) => (
          <div className="unit-phone__actions">
            <div className="unit-phone__status">
              <FieldLine unit={row} name="status" />
              {Boolean(row.reviewComment) && (
                <span>
                  {field('reviewComment').label}：{String(row.reviewComment)}
                </span>
              )}
            </div>
          </div>
        )}
      />
      <DetailSheet state={state} />
      <ReviewSheet unit={state.reviewing} onClose={() => state.review(null)} />
    </>
  );
}
