import { Button, List, NoticeBar, Space, Tag } from 'antd-mobile';
import { COMPLIANCE_ITEMS } from '@contract/compliance.ts';
import { ENROLMENT_STATUS_LABELS, type EnrolmentStatus } from '@contract/internship.ts';
import { confirmDialog } from '@/components/sheet/dialog.ts';
import { PhoneChoices } from '@/components/page-choices/phone-choices.tsx';
import { PhoneListState } from '@/components/phone-list/phone-list-state.tsx';
import { PhonePager } from '@/components/phone-list/phone-pager.tsx';
import type { CompliancePageState } from '../components/use-compliance-page.ts';
import './compliance.css';

/** 合规检查 on the phone: the program, the counts, 一键提醒, and each placement lacking something with what. */
export default function CompliancePhone({ state }: { state: CompliancePageState }) {
  const { data, list } = state;
  const confirmRemind = async () => {
    if (await confirmDialog({ content: `向${data?.lacking ?? 0}名材料不全的学生及其指导教师发送提醒？`, confirmText: '发送提醒', cancelText: '取消' })) await state.remind();
  };
  return (
    <div className="compliance-phone">
      <PhoneChoices choices={state.choices} />
      {state.summary && <NoticeBar content={state.summary} color={data?.lacking ? 'alert' : 'info'} wrap />}
      {state.canRemind && Boolean(data?.lacking) && (
        <div className="compliance-phone__remind">
          <Button block color="primary" loading={state.reminding} onClick={() => void confirmRemind()}>
            一键提醒（{data?.lacking}人）
          </Button>
        </div>
      )}
      <PhoneListState pending={list.isPending} failed={list.isError} empty={!data?.rows.length} emptyTitle="材料均已齐全" emptyDescription="所选实习计划的实习安排没有缺项">
        <List>
          {(data?.rows ?? []).map((row) => (
            <List.Item
              key={row.enrolmentId}
              description={
                <>
                  <div>{[row.className, row.unitName ?? '未落实单位', ENROLMENT_STATUS_LABELS[row.status as EnrolmentStatus] ?? row.status].filter(Boolean).join(' · ')}</div>
                  <Space wrap style={{ '--gap': '4px', marginTop: 4 }}>
                    {row.missing.length === 0 ? (
                      <Tag color="success">齐全</Tag>
                    ) : (
                      row.missing.map((item) => (
                        <Tag key={item} color="danger">
                          缺{COMPLIANCE_ITEMS[item]}
                        </Tag>
                      ))
                    )}
                    {row.exception && <Tag color="#722ed1">{row.exception}</Tag>}
                  </Space>
                </>
              }
            >
              {row.studentName}
              <span className="compliance-phone__no">{row.studentNo}</span>
            </List.Item>
          ))}
        </List>
        <PhonePager current={data?.current ?? 1} pages={state.pages} onChange={state.setPage} />
      </PhoneListState>
    </div>
  );
}
