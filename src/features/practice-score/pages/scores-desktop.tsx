import { Progress, Select } from 'antd';
import { SHEET_STATUSES, termChoices, termLabel, type SheetRow } from '@contract/practice-score.ts';
import { schoolToday } from '@contract/internship.ts';
import { AntdProvider } from '@/components/antd-provider.tsx';
import { ListDesktop } from '@/components/list/list-desktop.tsx';
import { CreateSheetModal } from '../components/create-sheet-modal.tsx';
import { SheetEditor } from '../components/sheet-editor.tsx';
import { SheetStatusTag } from '../components/sheet-status-tag.tsx';
import type { ScoresState } from './use-scores-page.ts';
import '../practice-score.css';

function SheetList({ state }: { state: ScoresState }) {
  const { search } = state;
  const filters = (
    <>
      <Select
        aria-label="学期"
        allowClear
        placeholder="全部学期"
        style={{ width: 220 }}
        value={search.term}
        onChange={(term?: string) => state.filter({ term })}
        options={termChoices(schoolToday()).map((term) => ({ value: term, label: termLabel(term) }))}
      />
      <Select aria-label="状态" allowClear placeholder="全部状态" style={{ width: 120 }} value={search.status} onChange={(status?: string) => state.filter({ status })} options={[...SHEET_STATUSES]} />
    </>
  );
  const progress = (row: SheetRow) => (
    <span className="practice-score__progress">
      <Progress percent={row.studentCount ? Math.round((row.filledCount / row.studentCount) * 100) : 0} size="small" showInfo={false} aria-label={`已录入 ${row.filledCount}/${row.studentCount}`} />
      <span>
        {row.filledCount}/{row.studentCount}
      </span>
    </span>
  );
  return (
    <ListDesktop list={state.list} toolbar={filters} cells={{ progress, status: (row) => <SheetStatusTag status={row.status} /> }}>
      <CreateSheetModal open={state.creating} onClose={() => state.setCreating(false)} onCreated={state.open} />
    </ListDesktop>
  );
}

/** 成绩录入 on desktop: the sheets in reach with 新建成绩单, or one sheet's grid (?sheet=id). */
export default function ScoresDesktop({ state }: { state: ScoresState }) {
  return <AntdProvider>{state.sheetId ? <SheetEditor sheetId={state.sheetId} onBack={state.back} /> : <SheetList state={state} />}</AntdProvider>;
}
