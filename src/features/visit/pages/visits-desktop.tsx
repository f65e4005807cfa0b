import { Alert, type TableColumnsType } from 'antd';
import { visitModeLabel, type VisitMode, type VisitRow } from '@contract/visits.ts';
import { AntdProvider } from '@/components/antd-provider.tsx';
import { LoadMoreTable } from '@/components/load-more-table/load-more-table.tsx';
import type { VisitsState } from '../hooks/use-visits-page.ts';
import '../visit.css';

/** 走访记录 on desktop and tablet: the visits (the adviser's own; everyone's for the office), filed on the phone. */
export default function VisitsDesktop({ state }: { state: VisitsState }) {
  const columns: TableColumnsType<VisitRow> = [
    { title: '走访日期', dataIndex: 'visitDate', width: 120 },
    { title: '方式', dataIndex: 'mode', width: 100, render: (mode: VisitMode) => visitModeLabel(mode) },
    { title: '指导教师', dataIndex: 'adviserName', width: 110 },
    { title: '走访学生', dataIndex: 'students', width: 220, render: (students: string[]) => students.join('、') },
    { title: '走访情况', dataIndex: 'notes', ellipsis: true },
    { title: '照片', dataIndex: 'photoCount', width: 80, render: (n: number) => `${n} 张` },
  ];
  return (
    <AntdProvider>
      <section className="visit-list" aria-label="走访记录">
        <div className="visit-list__toolbar">
          <h2>走访记录</h2>
        </div>
        <Alert type="info" showIcon title="走访记录在手机上填写（可离线，照片自动压缩），联网后自动提交。" style={{ marginBottom: 12 }} />
        <LoadMoreTable<VisitRow> list={state.list} columns={columns} emptyText="暂无走访记录" />
      </section>
    </AntdProvider>
  );
}
