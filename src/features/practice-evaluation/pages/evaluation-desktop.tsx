import type { ReactNode } from 'react';
import { Alert, Button, Empty, Input, Modal, Rate, Select, Space, Table, Tabs, type TableColumnsType } from 'antd';
import { SCORE_LABELS, type StudentToRate } from '@contract/practice-evaluation.ts';
import { AntdProvider } from '@/components/antd-provider.tsx';
import { ListTable } from '@/components/list/list-desktop.tsx';
import { useCourseRating, useStudentRating, type EvaluationState, type EvaluationTab } from '../components/use-evaluation.ts';
import '../evaluation.css';

function RateCourseModal({ state }: { state: EvaluationState }) {
  const course = state.rating;
  const rating = useCourseRating(state);
  return (
    <Modal title={`评价：${course?.courseName ?? ''}（${course?.teacherName ?? ''}）`} open={course !== null} onCancel={state.doneRating} onOk={() => void rating.submit()} okText="提交评价" cancelText="取消" confirmLoading={rating.pending} destroyOnHidden>
      <p className="evaluation-meta">评价匿名：教师只看到平均分和评语。每门课程只能评价一次。</p>
      <Space>
        <Rate aria-label="评分" value={rating.score} onChange={rating.setScore} tooltips={[...SCORE_LABELS]} />
        <span className="evaluation-meta">{rating.scoreLabel}</span>
      </Space>
      <Input.TextArea style={{ marginTop: 12 }} rows={3} maxLength={300} showCount placeholder="说说这门实训课和老师（选填）" value={rating.comment} onChange={(e) => rating.setComment(e.target.value)} />
      {rating.error && <Alert style={{ marginTop: 12 }} type="error" showIcon title={rating.error} />}
    </Modal>
  );
}

function MyCourses({ state }: { state: EvaluationState }) {
  return (
    <>
      <ListTable list={state.courseList} />
      <RateCourseModal state={state} />
    </>
  );
}

function StudentRow({ taught, row }: { taught: { courseId: string; classId: string }; row: StudentToRate }) {
  const rating = useStudentRating(taught, row);
  return (
    <Space wrap>
      <Rate aria-label={`${row.name}的评分`} value={rating.score} onChange={rating.setScore} tooltips={[...SCORE_LABELS]} />
      <Input aria-label={`${row.name}的评语`} style={{ width: 280 }} maxLength={300} placeholder="评语（选填）" value={rating.comment} onChange={(e) => rating.setComment(e.target.value)} />
      <Button size="small" loading={rating.pending} onClick={() => void rating.save()}>
        {row.score ? '更新' : '保存'}
      </Button>
      {rating.error && <span className="evaluation-phone__error" role="alert">{rating.error}</span>}
    </Space>
  );
}

function RateStudents({ state }: { state: EvaluationState }) {
  const { taught, chosen, students } = state;
  const columns: TableColumnsType<StudentToRate> = [
    { title: '学号', dataIndex: 'studentNo', width: 130 },
    { title: '姓名', dataIndex: 'name', width: 100 },
    { title: '评价', key: 'rate', render: (_, row) => <StudentRow key={row.studentUserId} taught={chosen!} row={row} /> },
  ];
  return (
    <>
      <Select
        aria-label="选择授课班级"
        style={{ width: 420, marginBottom: 12 }}
        placeholder="选择授课的课程和班级"
        loading={taught.isFetching}
        value={state.classKey ?? undefined}
        onChange={state.chooseClass}
        options={(taught.data ?? []).map((t) => ({ value: `${t.courseId}|${t.classId}`, label: `${t.courseName} · ${t.className}（已评 ${t.rated}/${t.students}）` }))}
        notFoundContent="暂无已上过的实训课"
      />
      {chosen ? <Table<StudentToRate> rowKey="studentUserId" size="small" columns={columns} dataSource={students.data} loading={students.isFetching} pagination={false} /> : <Empty description="选择课程和班级后逐个评价学生" />}
    </>
  );
}

function Received({ state }: { state: EvaluationState }) {
  return <ListTable list={state.receivedList} />;
}

function Stats({ state }: { state: EvaluationState }) {
  const { stats } = state;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="large">
      <Table
        rowKey={(r) => `${r.courseId}${r.teacherUserId}`}
        size="middle"
        title={() => '按课程'}
        loading={stats.isFetching}
        dataSource={stats.data?.courses}
        pagination={false}
        columns={[
          { title: '实训课程', dataIndex: 'courseName' },
          { title: '授课教师', dataIndex: 'teacherName', width: 140 },
          { title: '评价人数', dataIndex: 'count', width: 110, sorter: (a, b) => a.count - b.count },
          { title: '平均分', dataIndex: 'average', width: 110, sorter: (a, b) => a.average - b.average },
        ]}
        locale={{ emptyText: '暂无评价' }}
      />
      <Table
        rowKey="teacherUserId"
        size="middle"
        title={() => '按教师'}
        loading={stats.isFetching}
        dataSource={stats.data?.teachers}
        pagination={false}
        columns={[
          { title: '教师', dataIndex: 'teacherName' },
          { title: '评价人数', dataIndex: 'count', width: 110 },
          { title: '平均分', dataIndex: 'average', width: 110 },
        ]}
        locale={{ emptyText: '暂无评价' }}
      />
    </Space>
  );
}

const TABS: Record<EvaluationTab, { label: string; Pane: (props: { state: EvaluationState }) => ReactNode }> = {
  courses: { label: '课程评价', Pane: MyCourses },
  students: { label: '评价学生', Pane: RateStudents },
  received: { label: '我收到的评价', Pane: Received },
  stats: { label: '评价统计', Pane: Stats },
};

/** 实训评价 on desktop: a tab for each thing the person may do. */
export default function EvaluationDesktop({ state }: { state: EvaluationState }) {
  const items = state.tabs.map((key) => {
    const { label, Pane } = TABS[key];
    return { key, label, children: <Pane state={state} /> };
  });
  return (
    <AntdProvider>
      <section className="evaluation-page" aria-label="实训评价">
        <Tabs items={items} activeKey={state.tab} onChange={(key) => state.setTab(key as EvaluationTab)} />
      </section>
    </AntdProvider>
  );
}
