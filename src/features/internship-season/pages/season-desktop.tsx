import { Button, Empty, Popconfirm, Table, type TableColumnsType } from 'antd';
import type { SeasonRow, SeasonWeek } from '@contract/season.ts';
import { AntdProvider } from '@/components/antd-provider.tsx';
import { ShownCell } from '@/components/list/list-desktop.tsx';
import { PageChoices } from '@/components/page-choices/page-choices.tsx';
import { cellShown, contactHint, contactShown, contactTitle, remindQuestion, shownContactRoles, type SeasonGridState } from '../components/use-season-grid.ts';
import './season.css';

function WeekTitle({ week, state }: { week: SeasonWeek; state: SeasonGridState }) {
  return (
    <div className="season__week">
      <div>第{week.periodNo}周</div>
      <div className="season__dates">
        {week.periodStart.slice(5)} ~ {week.periodEnd.slice(5)}
      </div>
      {state.canRemind && (
        <Popconfirm title={remindQuestion(week)} okText="发送提醒" cancelText="取消" disabled={week.toRemind === 0} onConfirm={() => state.remind(week)}>
          <Button size="small" disabled={week.toRemind === 0} loading={state.reminding === week.periodStart} aria-label={`一键催交第${week.periodNo}周`}>
            一键催交{week.toRemind > 0 ? `（${week.toRemind}）` : ''}
          </Button>
        </Popconfirm>
      )}
    </div>
  );
}

/** 学生实习进度 on a computer: students down, weeks across, each week's 一键催交 in its header. */
export default function SeasonDesktop({ state }: { state: SeasonGridState }) {
  const { data, grid, weeks } = state;
  const columns: TableColumnsType<SeasonRow> = [
    { key: 'name', title: '姓名', dataIndex: 'studentName', width: 90, fixed: 'left' },
    { key: 'no', title: '学号', dataIndex: 'studentNo', width: 110, fixed: 'left' },
    { key: 'class', title: '班级', dataIndex: 'className', width: 150, render: (name: string | null) => name ?? '—' },
    ...shownContactRoles(data).map((role) => ({
      key: `contacts-${role}`,
      title: <span title={contactHint(role)}>{contactTitle(role, data?.contactMonth ?? '本月')}</span>,
      width: role === 'adviser' ? 90 : 110,
      render: (_: unknown, row: SeasonRow) => <ShownCell shown={contactShown(row.contacts[role], data?.contactsRequired[role] ?? 0)} />,
    })),
    ...weeks.map((week, index) => ({
      key: week.periodStart,
      title: <WeekTitle week={week} state={state} />,
      width: 130,
      render: (_: unknown, row: SeasonRow) => <ShownCell shown={cellShown(row.cells[index]!, null)} />,
    })),
  ];
  return (
    <AntdProvider>
      <div className="season">
        <PageChoices className="season__toolbar" choices={state.choices} />
        {data && !data.programId ? (
          <Empty description="暂无您指导或负责的实习学生" />
        ) : (
          <Table<SeasonRow>
            rowKey="enrolmentId"
            size="small"
            bordered
            loading={grid.isFetching}
            columns={columns}
            dataSource={data?.rows ?? []}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: grid.isError ? '加载失败，请稍后重试' : '暂无学生' }}
            pagination={{ current: data?.current ?? 1, pageSize: state.pageSize, total: data?.total ?? 0, showSizeChanger: false, showTotal: (total) => `共 ${total} 名学生`, onChange: state.setPage }}
          />
        )}
      </div>
    </AntdProvider>
  );
}
