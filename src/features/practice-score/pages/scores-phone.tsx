import { Button, List, NoticeBar, Tag } from 'antd-mobile';
import { scoreModeLabel, sheetSummaryText, termLabel } from '@contract/practice-score.ts';
import { PhoneListState } from '@/components/phone-list/phone-list-state.tsx';
import { PhoneInfiniteList } from '@/components/phone-list/phone-infinite-list.tsx';
import { useSheetDetail, useSheetPages } from '../api/score-sheet-api.ts';
import { useOpenSheet } from './use-open-sheet.ts';
import '../practice-score.css';

const ENTRY_NOTE = '成绩请在电脑上录入（支持键盘连续输入和从 Excel 粘贴），手机上可查看。';

function SheetView({ sheetId, onBack }: { sheetId: string; onBack: () => void }) {
  const detail = useSheetDetail(sheetId);
  const sheet = detail.data;
  return (
    <section aria-label="成绩单">
      <Button className="practice-score-phone__back" size="small" onClick={onBack}>
        返回列表
      </Button>
      <NoticeBar content={ENTRY_NOTE} color="info" wrap />
      <PhoneListState pending={detail.isPending} failed={detail.isError} empty={!sheet} emptyTitle="成绩单不存在或无权查看" emptyDescription="请返回列表">
        {sheet && (
          <List
            mode="card"
            header={
              <span>
                {sheet.className}《{sheet.courseName}》 · {termLabel(sheet.term)} · {scoreModeLabel(sheet.scoreMode)}{' '}
                <Tag color={sheet.status === 'submitted' ? 'success' : 'primary'}>{sheet.status === 'submitted' ? '已提交（已锁定）' : '草稿'}</Tag>
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
export default function ScoresPhone() {
  const { sheetId, open, back } = useOpenSheet();
  const list = useSheetPages(!sheetId);
  if (sheetId) return <SheetView sheetId={sheetId} onBack={back} />;
  const rows = list.data?.pages.flatMap((p) => p.records) ?? [];
  return (
    <section aria-label="成绩单列表">
      <NoticeBar content={ENTRY_NOTE} color="info" wrap />
      <PhoneInfiniteList query={list} empty={rows.length === 0} emptyTitle="暂无成绩单" emptyDescription="在电脑上新建成绩单后，这里可以查看">
        <List mode="card">
          {rows.map((row) => (
            <List.Item
              key={row.id}
              onClick={() => open(row.id)}
              extra={<Tag color={row.status === 'submitted' ? 'success' : 'primary'}>{row.status === 'submitted' ? '已提交' : '草稿'}</Tag>}
              description={`${termLabel(row.term)} · 已录入 ${row.filledCount}/${row.studentCount}`}
            >
              {row.className}《{row.courseName}》
            </List.Item>
          ))}
        </List>
      </PhoneInfiniteList>
    </section>
  );
}
