import { Button, CapsuleTabs, List } from 'antd-mobile';
import { confirmDialog } from '@/components/sheet/dialog.ts';
import { PhoneListState } from '@/components/phone-list/phone-list-state.tsx';
import { SingleChoice } from '@/components/single-choice/single-choice.tsx';
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
      {state.choices.map(
        (choice) =>
          choice.options.length > 1 && (
            <List key={choice.id} header={choice.label}>
              <List.Item>
                {/* A program's name takes a line; classes go two to a line. */}
                <SingleChoice columns={choice.clearable ? 2 : 1} clearable={choice.clearable} options={choice.options} value={choice.value} onChange={choice.onChange} />
              </List.Item>
            </List>
          ),
      )}
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
        {state.pages > 1 && (
          <div className="season-phone__pager">
            <Button size="small" disabled={(data?.current ?? 1) <= 1} onClick={() => state.setPage((data?.current ?? 1) - 1)}>
              上一页
            </Button>
            <span>
              第{data?.current}页，共{state.pages}页
            </span>
            <Button size="small" disabled={(data?.current ?? 1) >= state.pages} onClick={() => state.setPage((data?.current ?? 1) + 1)}>
              下一页
            </Button>
          </div>
        )}
      </PhoneListState>
    </div>
  );
}
