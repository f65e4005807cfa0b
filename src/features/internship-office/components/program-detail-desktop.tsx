import { Alert, Button, Input, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { ENROLMENT_STATUS_LABELS, programStatusLabel, type EnrolResult, type EnrolSkip, type ProgramStatus, type ProgramStudentRow } from '@contract/internship-program.ts';
import { ListTable } from '@/components/list/list-desktop.tsx';
import { PAGER_ICONS } from '@/components/pager-icons.tsx';
import { RefSelect } from '@/components/resource/ref-select.tsx';
import type { ResourceRow } from '@/components/resource/resource-api.ts';
import { ToneTag } from '@/components/tone-tag.tsx';
import { useProgramDetail } from './program-detail.ts';
import { STATUS_TONE, enrolSummary } from './program-parts.ts';
import '../program.css';

const blank = (value: string | null) => value ?? <span className="resource__blank">—</span>;

const STUDENT_COLUMNS: TableColumnsType<ProgramStudentRow> = [
  { key: 'studentNo', dataIndex: 'studentNo', title: '学号', width: 120 },
  { key: 'name', dataIndex: 'name', title: '姓名', width: 90 },
  { key: 'className', dataIndex: 'className', title: '班级', width: 190 },
  { key: 'unitName', dataIndex: 'unitName', title: '实习单位', ellipsis: true, render: blank },
  { key: 'post', dataIndex: 'post', title: '岗位', width: 140, ellipsis: true, render: blank },
  { key: 'adviserName', dataIndex: 'adviserName', title: '指导教师', width: 100, render: blank },
  { key: 'status', dataIndex: 'status', title: '状态', width: 80, render: (status: string) => <Tag>{ENROLMENT_STATUS_LABELS[status] ?? status}</Tag> },
];

const REFUSED_COLUMNS: TableColumnsType<EnrolSkip> = [
  { key: 'studentNo', dataIndex: 'studentNo', title: '学号', width: 120 },
  { key: 'name', dataIndex: 'name', title: '姓名', width: 90 },
  { key: 'className', dataIndex: 'className', title: '班级', width: 180 },
  { key: 'reason', dataIndex: 'reason', title: '原因' },
];

function EnrolOutcome({ result }: { result: EnrolResult }) {
  const { text, refused } = enrolSummary(result);
  return (
    <Alert
      className="program__outcome"
      type={refused.length > 0 ? 'warning' : 'success'}
      showIcon
      message={`报名完成：${text}`}
      description={
        refused.length > 0 ? <Table<EnrolSkip> rowKey="studentNo" size="small" columns={REFUSED_COLUMNS} dataSource={refused} pagination={refused.length > 10 ? { pageSize: 10, ...PAGER_ICONS } : false} /> : undefined
      }
    />
  );
}

/** A program's 详情 below its fields on desktop: its classes (add, remove, 按班级报名) and its enrolled students. */
export function ProgramDetailDesktop({ row }: { row: ResourceRow }) {
  const detail = useProgramDetail(row);
  const { canEdit, canEnrol, open, classIds, chosen, setChosen, result, search, students } = detail;

  return (
    <div className="program">
      <Typography.Title level={5}>实习班级</Typography.Title>
      {open && (canEdit || canEnrol) && (
        <Space className="program__toolbar" wrap>
          {canEdit && (
            <>
              <RefSelect multiple target={detail.classTarget} value={chosen} onChange={setChosen} placeholder="搜索并选择班级" style={{ minWidth: 320 }} />
              <Button disabled={chosen.length === 0} loading={detail.adding} onClick={() => void detail.add().catch(() => undefined)}>
                添加班级
              </Button>
            </>
          )}
          {canEnrol && (
            <Button type="primary" disabled={classIds.length === 0} loading={detail.enrolling} onClick={() => void detail.enrolAll().catch(() => undefined)}>
              按班级报名
            </Button>
          )}
        </Space>
      )}
      <section aria-label="实习班级">
        <ListTable list={detail.classList} />
      </section>
      {result && <EnrolOutcome result={result} />}
      <Typography.Title level={5} className="program__heading">
        报名学生
      </Typography.Title>
      <Input.Search className="program__search" placeholder="学号或姓名" allowClear aria-label="搜索报名学生" onSearch={detail.searchFor} />
      <section aria-label="报名学生">
        <Table<ProgramStudentRow>
          rowKey="id"
          size="small"
          columns={STUDENT_COLUMNS}
          dataSource={students.data?.records ?? []}
          loading={students.isFetching}
          locale={{ emptyText: students.isError ? '加载失败，请稍后重试' : '暂无报名学生' }}
          onChange={(pagination) => detail.setPage(pagination.current ?? 1, pagination.pageSize ?? search.pageSize)}
          pagination={{ ...PAGER_ICONS, current: search.pageNo, pageSize: search.pageSize, total: students.data?.total ?? 0, showTotal: (total) => `共 ${total} 人` }}
        />
      </section>
    </div>
  );
}

/** The status as a tag: 草稿 grey, 进行中 blue, 已结束 green. */
export function ProgramStatusTag({ status }: { status: unknown }) {
  const value = String(status) as ProgramStatus;
  return <ToneTag tone={STATUS_TONE[value]}>{programStatusLabel(value)}</ToneTag>;
}
