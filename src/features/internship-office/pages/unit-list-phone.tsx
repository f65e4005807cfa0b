import { useMemo, useState, type ReactNode } from 'react';
import { Button, Form, Input, Tabs, TextArea } from 'antd-mobile';
import { Popup } from '@/components/sheet/popup.tsx';
import { CONTACT_RESOURCE, POST_RESOURCE, UNIT_PERMISSIONS, UNIT_RESOURCE } from '@contract/internship-unit.ts';
import { PhoneNavBar } from '@/components/phone-nav-bar/phone-nav-bar.tsx';
import type { FormCarry } from '@/components/resource/form-carry.ts';
import type { ResourceRow } from '@/components/resource/resource-api.ts';
import { PhoneFieldText, ResourcePhoneList } from '@/components/resource/resource-phone.tsx';
import { usePermission } from '@/hooks/use-permission.ts';
import { mentorPasswordRule, reviewChoices, useMentorAccountForm, useUnitReview } from '../components/unit-parts.ts';
import './unit-list.css';

const field = (name: string) => UNIT_RESOURCE.fields.find((f) => f.name === name)!;

/** A full-screen sheet with the phone's title bar (antd-mobile only). */
function Sheet({ open, title, onClose, children }: { open: boolean; title: string; onClose: () => void; children: ReactNode }) {
  return (
    <Popup visible={open} onMaskClick={onClose} position="right" destroyOnClose bodyClassName="unit-phone__sheet">
      <div role="dialog" aria-modal="true" aria-label={title} className="unit-phone__dialog">
        <PhoneNavBar onBack={onClose}>{title}</PhoneNavBar>
        <div className="unit-phone__body">{children}</div>
      </div>
    </Popup>
  );
}

/** 审核 on the phone: the rule when the industry is forbidden, the comment, the choices of the unit's status. */
function ReviewSheet({ unit, onClose }: { unit: ResourceRow | null; onClose: () => void }) {
  const { comment, setComment, problem, forbidden, close, choose, pendingAction } = useUnitReview(unit, onClose);
  return (
    <Sheet open={unit !== null} title="审核实习单位" onClose={close}>
      {unit && (
        <div className="unit-phone__review">
          <div className="unit-phone__status">
            <strong>{String(unit.name)}</strong>
            <span>
              {field('industry').label}：<PhoneFieldText field={field('industry')} value={unit.industry} />
            </span>
            <span>
              {field('status').label}：<PhoneFieldText field={field('status')} value={unit.status} />
            </span>
          </div>
          {forbidden && (
            <div className="unit-phone__problem" role="alert">
              {forbidden}
            </div>
          )}
          <TextArea value={comment} onChange={setComment} rows={3} maxLength={500} placeholder={unit.status === 'active' ? '请填写停用原因' : '审核意见（不通过时须填写原因）'} aria-label="审核意见" />
          {problem && (
            <div className="unit-phone__problem" role="alert">
              {problem}
            </div>
          )}
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
    </Sheet>
  );
}

/** 生成导师账号 on the phone: the initial password, checked by the shared rule. */
function MentorAccountSheet({ contact, onClose }: { contact: ResourceRow | null; onClose: () => void }) {
  const { problem, close, submit, pending } = useMentorAccountForm(contact, onClose);
  return (
    <Sheet open={contact !== null} title="生成企业导师账号" onClose={close}>
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
          <Form.Item
            name="password"
            label="初始密码"
            rules={[mentorPasswordRule]}
          >
            <Input type="password" autoComplete="new-password" placeholder="至少8位，含字母、数字和特殊符号" />
          </Form.Item>
          {problem && (
            <div className="unit-phone__problem" role="alert">
              {problem}
            </div>
          )}
        </Form>
      )}
    </Sheet>
  );
}

/** A unit's posts and contacts, full screen: the generic phone lists fixed to the unit. */
function DetailSheet({ unit, onClose }: { unit: ResourceRow | null; onClose: () => void }) {
  const fixed = useMemo(() => (unit ? { unitId: unit.id } : undefined), [unit]);
  const canEdit = usePermission(UNIT_PERMISSIONS.edit);
  const [accountFor, setAccountFor] = useState<ResourceRow | null>(null);
  return (
    <Sheet open={unit !== null} title={unit ? String(unit.name) : '岗位与联系人'} onClose={onClose}>
      {unit && (
        <Tabs>
          <Tabs.Tab title="岗位" key="posts">
            <ResourcePhoneList resource={POST_RESOURCE} fixed={fixed} />
          </Tabs.Tab>
          <Tabs.Tab title="联系人" key="contacts">
            <ResourcePhoneList
              resource={CONTACT_RESOURCE}
              fixed={fixed}
              rowActions={(contact, close) =>
                canEdit && !contact.username && contact.phone ? (
                  <div className="unit-phone__actions">
                    <Button
                      block
                      color="primary"
                      fill="outline"
                      onClick={() => {
                        close();
                        setAccountFor(contact);
                      }}
                    >
                      生成导师账号
                    </Button>
                  </div>
                ) : null
              }
            />
          </Tabs.Tab>
        </Tabs>
      )}
      <MentorAccountSheet contact={accountFor} onClose={() => setAccountFor(null)} />
    </Sheet>
  );
}

/** 实习单位 on the phone (antd-mobile only): the generic list; a unit's form leads to its status, 审核, posts and contacts. */
export default function UnitListPhone({ carry }: { carry: FormCarry }) {
  const canReview = usePermission(UNIT_PERMISSIONS.review);
  const [reviewing, setReviewing] = useState<ResourceRow | null>(null);
  const [showing, setShowing] = useState<ResourceRow | null>(null);
  return (
    <>
      <ResourcePhoneList
        resource={UNIT_RESOURCE}
        carry={carry}
        rowActions={(row, close) => (
          <div className="unit-phone__actions">
            <div className="unit-phone__status">
              <span>
                {field('status').label}：<PhoneFieldText field={field('status')} value={row.status} />
              </span>
              {Boolean(row.reviewComment) && (
                <span>
                  {field('reviewComment').label}：{String(row.reviewComment)}
                </span>
              )}
            </div>
            <Button
              block
              color="primary"
              fill="outline"
              onClick={() => {
                close();
                setShowing(row);
              }}
            >
              岗位与联系人
            </Button>
            {canReview && (
              <Button
                block
                color="primary"
                onClick={() => {
                  close();
                  setReviewing(row);
                }}
              >
                审核
              </Button>
            )}
          </div>
        )}
      />
      <DetailSheet unit={showing} onClose={() => setShowing(null)} />
      <ReviewSheet unit={reviewing} onClose={() => setReviewing(null)} />
    </>
  );
}
