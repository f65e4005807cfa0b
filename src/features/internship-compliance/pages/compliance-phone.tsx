import { Button, List, NoticeBar, Tag } from 'antd-mobile';
import { COMPLIANCE_ITEMS } from '@contract/compliance.ts';
import { confirmDialog } from '@/components/sheet/dialog.ts';
import { PhoneChoices } from '@/components/page-choices/phone-choices.tsx';
import { PhoneListState } from '@/components/phone-list/phone-list-state.tsx';
import { PhonePager } from '@/components/phone-list/phone-pager.tsx';
import type { CompliancePageState } from '../components/use-compliance-page.ts';

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
        <div style={{ padding: 12 }}>
          <Button block color="primary" loading={state.reminding} onClick={() => void confirmRemind()}>
            一键提醒（{data?.lacking}人）
          </Button>
        </div>
      )}
      <PhoneListState pending={list.isPending} failed={list.isError} empty={!data?.rows.length} emptyTitle="材料均已齐全" emptyDescription="所选实习计划的实习安排没有缺项">
        <List>
          {(data?.rows ?? []).map((row) => (
            <List.Item key={row.enrolmentId} description={row.notes.join('；') || '材料齐全'} extra={row.missing.map((item) => <Tag key={item} color="danger" style={{ marginLeft: 4 }}>{COMPLIANCE_ITEMS[item]}</Tag>)}>
              {row.studentName}
              <span style={{ marginLeft: 8, fontSize: 12, color: 'rgba(0,0,0,0.55)' }}>{row.studentNo}</span>
            </List.Item>
          ))}
        </List>
        <PhonePager current={data?.current ?? 1} pages={state.pages} onChange={state.setPage} />
      </PhoneListState>
    </div>
  );
}
