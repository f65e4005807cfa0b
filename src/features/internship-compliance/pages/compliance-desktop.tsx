import { Alert, Button, Empty, Popconfirm, Space, Switch, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { COMPLIANCE_ITEMS, type ComplianceRow } from '@contract/compliance.ts';
import { ENROLMENT_STATUS_LABELS, type EnrolmentStatus } from '@contract/internship.ts';
import { AntdProvider } from '@/components/antd-provider.tsx';
import { PageChoices } from '@/components/page-choices/page-choices.tsx';
import type { CompliancePageState } from '../components/use-compliance-page.ts';
import './compliance.css';

const columns: TableColumnsType<ComplianceRow> = [
  { key: 'no', title: '学号', dataIndex: 'studentNo', width: 120 },
  { key: 'name', title: '学生', dataIndex: 'studentName', width: 90 },
  { key: 'class', title: '班级', dataIndex: 'className', width: 160, render: (v: string | null) => v ?? '—' },
  { key: 'unit', title: '实习单位', dataIndex: 'unitName', width: 180, render: (v: string | null) => v ?? '未落实' },
  { key: 'adviser', title: '指导教师', dataIndex: 'adviserName', width: 90, render: (v: string | null) => v ?? '—' },
  { key: 'status', title: '状态', dataIndex: 'status', width: 80, render: (v: string) => ENROLMENT_STATUS_LABELS[v as EnrolmentStatus] ?? v },
  { key: 'start', title: '开始日期', dataIndex: 'startDate', width: 110 },
  { key: 'exception', title: '例外备案', dataIndex: 'exception', width: 170, render: (v: string | null) => (v ? <Tag color="purple">{v}</Tag> : '—') },
  {
    key: 'missing',
    title: '缺项',
    render: (_: unknown, row: ComplianceRow) =>
      row.missing.length === 0 ? (
        <Tag color="success">齐全</Tag>
      ) : (
        row.missing.map((item, i) => (
          <Tooltip key={item} title={row.notes[i]}>
            <Tag color="error">{COMPLIANCE_ITEMS[item]}</Tag>
          </Tooltip>
        ))
      ),
  },
];

/** 合规检查 on a computer: the program, the counts, 导出 and 一键提醒, and the placements with what each lacks. */
export default function ComplianceDesktop({ state }: { state: CompliancePageState }) {
  const { data, list } = state;
  return (
    <AntdProvider>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Space wrap>
          <PageChoices className="compliance__choices" choices={state.choices} />
          <Switch checked={state.showAll} onChange={state.setShowAll} checkedChildren="全部学生" unCheckedChildren="仅缺材料" aria-label="显示全部学生" />
          <Button disabled={!data?.programId} onClick={() => void state.exportList()}>
            导出Excel
          </Button>
          {state.canRemind && (
            <Popconfirm title={`向${data?.lacking ?? 0}名材料不全的学生及其指导教师发送提醒？`} okText="发送提醒" cancelText="取消" disabled={!data?.lacking} onConfirm={() => state.remind()}>
              <Button type="primary" disabled={!data?.lacking} loading={state.reminding}>
                一键提醒
              </Button>
            </Popconfirm>
          )}
        </Space>
        {data && !data.programId ? (
          <Empty description="暂无您负责的实习计划" />
        ) : (
          <>
            {state.summary && <Alert type={data?.lacking ? 'warning' : 'success'} showIcon title={state.summary} />}
            <Table<ComplianceRow>
              rowKey="enrolmentId"
              size="small"
              loading={list.isFetching}
              columns={columns}
              dataSource={data?.rows ?? []}
              scroll={{ x: 'max-content' }}
              locale={{ emptyText: list.isError ? '加载失败，请稍后重试' : '所有实习安排的材料均已齐全' }}
              pagination={{ current: data?.current ?? 1, pageSize: state.pageSize, total: data?.total ?? 0, showSizeChanger: false, showTotal: (total) => `共 ${total} 名学生`, onChange: state.setPage }}
            />
          </>
        )}
      </Space>
    </AntdProvider>
  );
}
