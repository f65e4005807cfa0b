import { Button, CheckList, SearchBar, Switch, TextArea } from 'antd-mobile';
import { confirmDialog } from '@/components/sheet/dialog.ts';
import { PhoneSheet } from '@/components/sheet/phone-sheet.tsx';
import { PLACEMENT_REFS, STATUS_ACTIONS, type StatusAction } from '@contract/internship-placement.ts';
import { notify } from '@/components/notification/notification-store.ts';
import { PhoneListState } from '@/components/phone-list/phone-list-state.tsx';
import { RefPickerPhone } from '@/components/resource/ref-picker-phone.tsx';
import type { ResourceRow } from '@/components/resource/resource-api.ts';
import { useAdviserChoice, useAssignAction, usePlacementStatus } from './placement-parts.ts';
import '../placement.css';

/** The confirmation of a status action; 终止实习 asks its reason, typed in the dialog. Null: not confirmed. */
async function confirmAction(action: StatusAction): Promise<{ reason?: string } | null> {
  if (action !== 'terminate') return (await confirmDialog({ content: `确定${STATUS_ACTIONS[action].label}吗?`, confirmText: '确定', cancelText: '取消' })) ? {} : null;
  let reason = '';
  const confirmed = await confirmDialog({
    title: '终止实习',
    content: <TextArea aria-label="终止原因" placeholder="请填写终止原因（必填）" rows={3} maxLength={500} onChange={(v) => (reason = v)} />,
    confirmText: '终止实习',
    cancelText: '取消',
  });
  return confirmed ? { reason } : null;
}

/** In a placement's sheet: 开始实习, 结束实习, 终止实习 (asking the reason). */
export function PlacementPhoneActions({ row, close }: { row: ResourceRow; close: () => void }) {
  const status = usePlacementStatus(row);
  if (status.actions.length === 0) return null;
  const run = async (action: StatusAction) => {
    const confirmed = await confirmAction(action);
    if (confirmed && (await status.run(action, confirmed.reason))) close();
  };
  return (
    <div className="placement-phone__actions">
      {status.actions.map((action) => (
        <Button key={action} block color={action === 'terminate' ? 'danger' : 'primary'} fill="outline" loading={status.pending} onClick={() => void run(action)}>
          {STATUS_ACTIONS[action].label}
        </Button>
      ))}
    </div>
  );
}

/** 分配指导教师 on the phone: tick students (those without an adviser first), pick the adviser, 分配. */
export function PlacementAssignPhone() {
  const assign = useAssignAction();
  const choice = useAdviserChoice(assign.open);
  if (!assign.canAssign) return null;
  const { chosen } = choice;
  const send = async () => {
    if (chosen.length === 0) return notify.warning('请选择学生');
    if (await assign.submit({ ids: chosen }, chosen.length)) choice.setChosen([]);
  };
  return (
    <div className="placement-phone__assign">
      <Button size="small" color="primary" fill="outline" onClick={() => assign.setOpen(true)}>
        分配指导教师
      </Button>
      <PhoneSheet open={assign.open} title="分配指导教师" onClose={() => assign.setOpen(false)}>
        <SearchBar placeholder="搜索学号或姓名" onSearch={choice.setKeyword} onClear={() => choice.setKeyword('')} aria-label="搜索学号或姓名" />
        <label className="placement-phone__actions">
          <Switch checked={choice.unassigned} onChange={choice.setUnassigned} aria-label="只看未分配" /> 只看未分配
        </label>
        <PhoneListState pending={choice.list.isPending} failed={choice.list.isError} empty={choice.rows.length === 0} emptyTitle="暂无学生" emptyDescription="">
          <CheckList multiple value={chosen} onChange={(values) => choice.setChosen(values.map(String))} aria-label="选择学生">
            {choice.rows.map((r) => (
              <CheckList.Item key={r.id} value={r.id} description={`${r.className ?? ''} · ${r.programName}${r.adviserName ? ` · 指导教师 ${r.adviserName}` : ''}`}>
                {r.studentName} {r.studentNo}
              </CheckList.Item>
            ))}
          </CheckList>
        </PhoneListState>
        {/* Kept in view below a long list. */}
        <div className="placement-phone__footer">
          <RefPickerPhone target={PLACEMENT_REFS.adviser} title="指导教师" value={assign.adviser} onChange={assign.setAdviser} />
          <Button block color="primary" loading={assign.pending} onClick={() => void send()}>
            分配（已选 {chosen.length} 人）
          </Button>
        </div>
      </PhoneSheet>
    </div>
  );
}
