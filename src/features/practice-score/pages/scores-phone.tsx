import { Button, List, NoticeBar } from 'antd-mobile';
import { scoreModeLabel, sheetSummaryText, termLabel } from '@contract/practice-score.ts';
import { PhoneListState } from '@/components/phone-list/phone-list-state.tsx';
import { ListPhone } from '@/components/list/list-phone.tsx';
import { ToneTagPhone } from '@/components/tone-tag-phone.tsx';
import { SHEET_STATUS_TONE, sheetStatusText } from '../components/sheet-status-text.ts';
import type { ScoresState } from './use-scores-page.ts';
import '../practice-score.css';

const ENTRY_NOTE = '成绩请在电脑上录入（支持键盘连续输入和从 Excel 粘贴），手机上可查看。';

function SheetView({ state }: { state: ScoresState }) {
  const sheet = state.sheet.data;
  return (
    <section aria-label="成绩单">
      <Button className="practice-score-phone__back" size="small" onClick={state.back}>
        返回列表
      </Button>
      <NoticeBar content={ENTRY_NOTE} color="info" wrap />
      <PhoneListState pending={state.sheet.isPending} failed={state.sheet.isError} empty={!sheet} emptyTitle="成绩单不存在或无权查看" emptyDescription="请返回列表">
        {sheet && (
          <List
            mode="card"
            header={
              <span>
                {sheet.className}《{sheet.courseName}》 · {termLabel(sheet.term)} · {scoreModeLabel(sheet.scoreMode)} <ToneTagPhone tone={SHEET_STATUS_TONE[sheet.status]}>{sheetStatusText(sheet.status, true)}</ToneTagPhone>
              </span>
            }
          >
            <List.Item description={sheetSummaryText(sheet.summary)}>统计</List.Item>
            {sheet.students.map((student) => (
              <List.Item key={student.studentId} description={student.studentNo} extra={student.value ?? '未录入'}>
                {student.name}
              </List.Item>
            ))}
          </List>
        )}
      </PhoneListState>
    </section>
  );
}

/** 成绩录入 on the phone (antd-mobile only): the sheets in reach and a sheet to read; entry is on the desktop. */
export default function ScoresPhone({ state }: { state: ScoresState }) {
  if (state.sheetId) return <SheetView state={state} />;
  return <ListPhone list={state.list} onTap={(row) => state.open(row.id)} header={<NoticeBar content={ENTRY_NOTE} color="info" wrap />} />;
}
