import { Button, CapsuleTabs, List } from 'antd-mobile';
import { confirmDialog } from '@/components/sheet/dialog.ts';
import { PhoneChoices } from '@/components/page-choices/phone-choices.tsx';
import { PhoneListState } from '@/components/phone-list/phone-list-state.tsx';
import { PhonePager } from '@/components/phone-list/phone-pager.tsx';
import { PhoneShown } from '@/components/list/list-phone.tsx';
import { cellShown, contactText, remindQuestion, weekLabel, type SeasonGridState } from '../components/use-season-grid.ts';
import './season.css';

/** 学生实习进度 on the phone: choose a week, see each student's 周记 of it, and 一键催交 those missing. */
export default function SeasonPhone({ state }: { state: SeasonGridState }) {
  const { data, grid, weeks, week, weekColumn: column } = state;
  const confirmRemind = async () => {
    if (!week) return;
    if (await confirmDialog({ content: remindQuestion(week), confirmText: '发送提醒', cancelText: '取消' })) await state.remind(week);
  };
  return (
    <div className="season-phone">
      <PhoneChoices choices={state.choices} />
      {weeks.length > 0 && (
        <div className="season-phone__weeks">
          <CapsuleTabs activeKey={week?.periodStart} onChange={state.chooseWeek}>
            {weeks.map((w) => (
              <CapsuleTabs.Tab key={w.periodStart} title={`第${w.periodNo}周`} />
            ))}
          </CapsuleTabs>
        </div>
      )}
      {week && state.canRemind && (
        <div className="season-phone__remind">
          <Button block color="primary" disabled={week.toRemind === 0} loading={state.reminding === week.periodStart} onClick={() => void confirmRemind()}>
            一键催交{week.toRemind > 0 ? `（${week.toRemind}人未交）` : '（已全部提交）'}
          </Button>
        </div>
      )}
      <PhoneListState pending={grid.isPending} failed={grid.isError} empty={!data?.rows.length} emptyTitle="暂无学生" emptyDescription="您指导或负责的实习学生会显示在这里">
        <List header={week ? weekLabel(week) : undefined}>
          {(data?.rows ?? []).map((row) => (
            <List.Item key={row.enrolmentId} description={`${row.studentNo} · ${row.className ?? ''} · ${contactText(row, data)}`} extra={column >= 0 && <PhoneShown shown={cellShown(row.cells[column]!, '不在实习期')} />}>
              {row.studentName}
            </List.Item>
          ))}
        </List>
        <PhonePager current={data?.current ?? 1} pages={state.pages} onChange={state.setPage} />
      </PhoneListState>
    </div>
  );
}
