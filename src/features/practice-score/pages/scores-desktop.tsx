import { Button, Input, Progress, Select, Space, Table, type TableColumnsType } from 'antd';
import { SHEET_STATUSES, scoreModeLabel, termChoices, termLabel, type SheetRow } from '@contract/practice-score.ts';
import { schoolToday } from '@contract/internship.ts';
import { AntdProvider } from '@/components/antd-provider.tsx';
import { formatDate } from '@/lib/format.ts';
import { SHEET_PAGE_SIZE } from '../api/score-sheet-api.ts';
import { CreateSheetModal } from '../components/create-sheet-modal.tsx';
import { SheetEditor } from '../components/sheet-editor.tsx';
import { SheetStatusTag } from '../components/sheet-status-tag.tsx';
import type { ScoresState } from './use-scores-page.ts';
import '../practice-score.css';

function SheetList({ state }: { state: ScoresState }) {
  const { search, list } = state;
  const columns: TableColumnsType<SheetRow> = [
    { title: '学期', dataIndex: 'term', width: 190, render: (term: string) => termLabel(term) },
    { title: '课程', dataIndex: 'courseName', render: (name: string, row) => `${name}（${row.courseCode}）` },
    { title: '班级', dataIndex: 'className', width: 200 },
    { title: '成绩类型', dataIndex: 'scoreMode', width: 90, render: (mode: string) => scoreModeLabel(mode) },
    ...(state.seesAll ? [{ title: '录入教师', dataIndex: 'teacherName', width: 100 }] : []),
    {
      title: '已录入',
      key: 'progress',
      width: 150,
      render: (_v, row) => (
        <span className="practice-score__progress">
          <Progress percent={row.studentCount ? Math.round((row.filledCount / row.studentCount) * 100) : 0} size="small" showInfo={false} aria-label={`已录入 ${row.filledCount}/${row.studentCount}`} />
          <span>
            {row.filledCount}/{row.studentCount}
          </span>
        </span>
      ),
    },
    { title: '状态', dataIndex: 'status', width: 90, render: (status: SheetRow['status']) => <SheetStatusTag status={status} /> },
    { title: '更新时间', dataIndex: 'updatedAt', width: 170, render: (at: string) => formatDate(at) },
    {
      title: '操作',
      key: 'actions',
      width: 90,
      render: (_v, row) => {
        const action = row.status === 'draft' && row.mine ? '录入' : '查看';
        return (
          <Button type="link" size="small" onClick={() => state.open(row.id)} aria-label={`${action} ${row.className}《${row.courseName}》`}>
            {action}
          </Button>
        );
      },
    },
  ];
  return (
    <section className="practice-score" aria-label="成绩单列表">
      <div className="practice-score__toolbar">
        <h2>成绩录入</h2>
        <span className="practice-score__spacer" />
        <Button type="primary" onClick={() => state.setCreating(true)}>
          新建成绩单
        </Button>
      </div>
      <Space wrap className="practice-score__filters">
        <Select
          aria-label="学期"
          allowClear
          placeholder="全部学期"
          style={{ width: 220 }}
          value={search.term}
          onChange={(term?: string) => state.filter({ term })}
          options={termChoices(schoolToday()).map((term) => ({ value: term, label: termLabel(term) }))}
        />
        <Select
          aria-label="状态"
          allowClear
          placeholder="全部状态"
          style={{ width: 120 }}
          value={search.status}
          onChange={(status?: string) => state.filter({ status })}
          options={SHEET_STATUSES.map((s) => ({ value: s.value, label: s.label }))}
        />
        <Input.Search aria-label="课程或班级" placeholder="课程或班级名称" allowClear style={{ width: 240 }} onSearch={(keyword) => state.filter({ keyword: keyword.trim() || undefined })} />
      </Space>
      <Table<SheetRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.records ?? []}
        loading={list.isFetching}
        locale={{ emptyText: list.isError ? '加载失败，请稍后重试' : '暂无成绩单，点击“新建成绩单”开始录入' }}
        pagination={{ current: search.pageNo, pageSize: SHEET_PAGE_SIZE, total: list.data?.total ?? 0, showSizeChanger: false, showTotal: (total) => `共 ${total} 张`, onChange: state.setPage }}
      />
      <CreateSheetModal open={state.creating} onClose={() => state.setCreating(false)} onCreated={state.open} />
    </section>
  );
}

/** 成绩录入 on desktop: the sheets in reach with 新建成绩单, or one sheet's grid (?sheet=id). */
export default function ScoresDesktop({ state }: { state: ScoresState }) {
  return <AntdProvider>{state.sheetId ? <SheetEditor sheetId={state.sheetId} onBack={state.back} /> : <SheetList state={state} />}</AntdProvider>;
}
