import { useState } from 'react';
import { Button, CheckList, SearchBar, Switch, TextArea } from 'antd-mobile';
import { confirmDialog } from '@/components/sheet/dialog.ts';
import { Popup } from '@/components/sheet/popup.tsx';
import { PLACEMENT_PERMISSIONS, PLACEMENT_REFS, STATUS_ACTIONS, type StatusAction } from '@contract/internship-placement.ts';
import { notify } from '@/components/notification/notification-store.ts';
import { PhoneListState } from '@/components/phone-list/phone-list-state.tsx';
import { PhoneNavBar } from '@/components/phone-nav-bar/phone-nav-bar.tsx';
import { RefPickerPhone } from '@/components/resource/ref-picker-phone.tsx';
import type { ResourceRow } from '@/components/resource/resource-api.ts';
import { usePermission } from '@/hooks/use-permission.ts';
import { useAdviserList, useAssignAdviser, useSetPlacementStatus } from '../api/placement-api.ts';
import '../placement.css';

/** In a placement's sheet: 开始实习, 结束实习, 终止实习 (asking the reason). */
export function PlacementPhoneActions({ row, close }: { row: ResourceRow; close: () => void }) {
  const canChange = usePermission(PLACEMENT_PERMISSIONS.status);
  const setStatus = useSetPlacementStatus();
  if (!canChange) return null;
  const actions = (Object.keys(STATUS_ACTIONS) as StatusAction[]).filter((a) => (STATUS_ACTIONS[a].from as readonly string[]).includes(String(row.status)));
  const run = async (action: StatusAction) => {
    let reason: string | undefined;
    if (action === 'terminate') {
      let typed = '';
      const confirmed = await confirmDialog({
        title: '终止实习',
        content: <TextArea aria-label="终止原因" placeholder="请填写终止原因（必填）" rows={3} maxLength={500} onChange={(v) => (typed = v)} />,
        confirmText: '终止实习',
        cancelText: '取消',
      });
      if (!confirmed) return;
      reason = typed;
    } else if (!(await confirmDialog({ content: `确定${STATUS_ACTIONS[action].label}吗?`, confirmText: '确定', cancelText: '取消' }))) return;
    try {
      await setStatus.mutateAsync({ id: row.id, action, reason });
      notify.success(`${STATUS_ACTIONS[action].label}成功`);
      close();
    } catch {
      // The client has shown the server's refusal.
    }
  };
  if (actions.length === 0) return null;
  return (
    <div className="placement-phone__actions">
      {actions.map((action) => (
        <Button key={action} block color={action === 'terminate' ? 'danger' : 'primary'} fill="outline" loading={setStatus.isPending} onClick={() => void run(action)}>
          {STATUS_ACTIONS[action].label}
        </Button>
      ))}
    </div>
  );
}

/** 分配指导教师 on the phone: tick students (those without an adviser first), pick the adviser, 分配. */
export function PlacementAssignPhone() {
  const canAssign = usePermission(PLACEMENT_PERMISSIONS.assign);
  const [open, setOpen] = useState(false);
  const [unassigned, setUnassigned] = useState(true);
  const [keyword, setKeyword] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [adviser, setAdviser] = useState<string | null>(null);
  const list = useAdviserList({ unassigned: unassigned ? '1' : '0', keyword: keyword || undefined }, open);
  const assign = useAssignAdviser();
  if (!canAssign) return null;
  const rows = list.data?.records ?? [];
  const submit = async () => {
    if (chosen.length === 0 || !adviser) {
      notify.warning(chosen.length === 0 ? '请选择学生' : '请选择指导教师');
      return;
    }
    try {
      await assign.mutateAsync({ ids: chosen, adviserUserId: adviser });
      notify.success(`已为 ${chosen.length} 名学生分配指导教师`);
      setChosen([]);
      setOpen(false);
    } catch {
      // The client has shown the server's refusal.
    }
  };
  return (
    <div className="placement-phone__assign">
      <Button size="small" color="primary" fill="outline" onClick={() => setOpen(true)}>
        分配指导教师
      </Button>
      <Popup visible={open} onMaskClick={() => setOpen(false)} position="right" destroyOnClose bodyClassName="resource-phone__sheet">
        <div role="dialog" aria-modal="true" aria-label="分配指导教师" className="resource-phone__dialog">
          <PhoneNavBar onBack={() => setOpen(false)}>分配指导教师</PhoneNavBar>
          <div className="resource-phone__sheet-body">
            <SearchBar placeholder="搜索学号或姓名" onSearch={setKeyword} onClear={() => setKeyword('')} aria-label="搜索学号或姓名" />
            <label className="placement-phone__actions">
              <Switch checked={unassigned} onChange={setUnassigned} aria-label="只看未分配" /> 只看未分配
            </label>
            <PhoneListState pending={list.isPending} failed={list.isError} empty={rows.length === 0} emptyTitle="暂无学生" emptyDescription="">
              <CheckList multiple value={chosen} onChange={(values) => setChosen(values.map(String))} aria-label="选择学生">
                {rows.map((r) => (
                  <CheckList.Item key={r.id} value={r.id} description={`${r.className ?? ''} · ${r.programName}${r.adviserName ? ` · 指导教师 ${r.adviserName}` : ''}`}>
                    {r.studentName} {r.studentNo}
                  </CheckList.Item>
                ))}
              </CheckList>
            </PhoneListState>
            {/* Kept in view below a long list. */}
            <div className="placement-phone__footer">
              <RefPickerPhone target={PLACEMENT_REFS.adviser} title="指导教师" value={adviser} onChange={setAdviser} />
              <Button block color="primary" loading={assign.isPending} onClick={() => void submit()}>
                分配（已选 {chosen.length} 人）
              </Button>
            </div>
          </div>
        </div>
      </Popup>
    </div>
  );
}
