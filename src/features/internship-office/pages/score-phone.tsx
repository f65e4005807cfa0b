import { Button, Form, Input, List, NoticeBar, Space, TextArea } from 'antd-mobile';
import { MENTOR_ITEMS, MENTOR_ITEM_COMMENT_MAX, MENTOR_ITEM_MAX, SCORE_COMMENT_MAX, SCORE_MSG, type ScoreDetail } from '@contract/internship-score.ts';
import { SCORE_HINTS } from '@contract/internship.ts';
import { DetailListPhone } from '@/components/detail-list/detail-list-phone.tsx';
import { PhoneShown } from '@/components/list/list-phone.tsx';
import { PhoneInfiniteList } from '@/components/phone-list/phone-infinite-list.tsx';
import { QueryStatePhone } from '@/components/query-state/query-state-phone.tsx';
import { PhoneSheet } from '@/components/sheet/phone-sheet.tsx';
import { ArchiveProgressCard } from '../components/archive-progress-phone.tsx';
import { componentItems, mentorRows, useAdviserSubmit, useMentorSubmit, statusShown, type ScorePageState } from '../components/score-forms.ts';
import { itemRule, mentorInitialValues, typedTotal, type AdviserFormValues, type MentorFormValues } from '../components/score-parts.ts';
import '../score-phone.css';

function MentorForm({ detail }: { detail: ScoreDetail }) {
  const [form] = Form.useForm<MentorFormValues>();
  const initial = mentorInitialValues(detail);
  const sum = typedTotal(Form.useWatch([], form) ?? initial);
  const { submit, pending } = useMentorSubmit(detail);
  return (
    <Form
      form={form}
      mode="card"
      layout="horizontal"
      initialValues={initial}
      onFinish={submit}
      footer={
        <Button block type="submit" color="primary" loading={pending}>
          提交
        </Button>
      }
    >
      <Form.Header>
        企业导师评价（每项0–{MENTOR_ITEM_MAX}分，合计 <strong className="score-phone__sum">{sum}</strong> 分）
      </Form.Header>
      {MENTOR_ITEMS.map((item) => (
        <div key={item.key}>
          <Form.Item name={item.key} label={item.label} rules={[itemRule(item.label)]}>
            <Input type="number" inputMode="numeric" placeholder={`0–${MENTOR_ITEM_MAX}`} />
          </Form.Item>
          <Form.Item name={`${item.key}Comment`} label={`${item.label}评语`}>
            <Input maxLength={MENTOR_ITEM_COMMENT_MAX} placeholder="选填" />
          </Form.Item>
        </div>
      ))}
      <Form.Item name="comment" label="总体评价" layout="vertical">
        <TextArea rows={3} maxLength={SCORE_COMMENT_MAX} showCount placeholder="选填" />
      </Form.Item>
    </Form>
  );
}

function AdviserForm({ detail }: { detail: ScoreDetail }) {
  const [form] = Form.useForm<AdviserFormValues>();
  const { initialValues, scoreRule, submit, pending } = useAdviserSubmit(detail);
  return (
    <Form
      form={form}
      mode="card"
      layout="vertical"
      initialValues={initialValues}
      onFinish={submit}
      footer={
        <Button block type="submit" color="primary" loading={pending}>
          保存评分
        </Button>
      }
    >
      <Form.Header>指导教师评分</Form.Header>
      <Form.Item name="score" label="评分" rules={[scoreRule]}>
        <Input inputMode="decimal" autoComplete="off" placeholder={SCORE_HINTS[detail.scorePrecision]} />
      </Form.Item>
      <Form.Item name="comment" label="评语">
        <TextArea rows={3} maxLength={SCORE_COMMENT_MAX} showCount placeholder="选填" />
      </Form.Item>
    </Form>
  );
}

/** 学生档案 and 班级档案 of the open student (of their class in the program), and the one asked for as it is made. */
function ArchiveButtons({ detail, state }: { detail: ScoreDetail; state: ScorePageState }) {
  const { archive } = state;
  const { classId, programId } = detail;
  return (
    <>
      <List mode="card" header="档案">
        <List.Item>
          <Space block justify="between">
            <Button size="small" loading={archive.starting} onClick={() => void state.archiveStudent(detail)}>
              生成学生档案
            </Button>
            {classId && (
              <Button size="small" loading={archive.starting} onClick={() => void state.archiveClass({ programId, classId }, detail.classId_dictText ?? '')}>
                生成班级档案
              </Button>
            )}
          </Space>
        </List.Item>
      </List>
      <ArchiveProgressCard archive={archive} />
    </>
  );
}

function ScoreView({ detail, state }: { detail: ScoreDetail; state: ScorePageState }) {
  const summary = [
    { key: 'program', label: detail.programId_dictText, content: <PhoneShown shown={statusShown(detail.status)} /> },
    ...componentItems(detail).filter((item) => detail.weights[item.key as keyof ScoreDetail['weights']] > 0),
    { key: 'total', label: '总评', content: detail.total === null ? '待评' : `${detail.total}（${detail.grade}）` },
    ...(detail.missing.length > 0 ? [{ key: 'missing', label: '待评', content: null, note: `还缺${detail.missing.join('、')}` }] : []),
  ];
  return (
    <>
      {detail.status === 'published' && (detail.canEvaluate || detail.canScore || detail.mentorScore !== null) && <NoticeBar content={SCORE_MSG.published} color="info" wrap />}
      <DetailListPhone title="成绩" items={summary} />
      {detail.mentorItems && !detail.canEvaluate && (
        <DetailListPhone title="企业导师评价" items={mentorRows(detail).map((row) => ({ key: row.key, label: row.label, content: row.score, note: row.comment }))}>
          {detail.mentorComment && <List.Item description={detail.mentorComment}>总体评价</List.Item>}
        </DetailListPhone>
      )}
      {detail.canEvaluate && <MentorForm key={detail.mentorAt ?? 'new'} detail={detail} />}
      {detail.canScore && <AdviserForm key={detail.adviserAt ?? 'new'} detail={detail} />}
      {state.canArchive && <ArchiveButtons detail={detail} state={state} />}
    </>
  );
}

/** 实习成绩 on the phone: the caller's students (a student: their published score); a tap opens the score and the form the caller may fill. */
export default function ScorePhone({ state }: { state: ScorePageState }) {
  const detail = state.open.data;
  return (
    <div className="score-phone">
      <PhoneInfiniteList query={state.list} empty={state.rows.length === 0} emptyTitle="暂无实习成绩" emptyDescription="成绩发布或有学生需要评价时会显示在这里">
        <List>
          {state.rows.map((row) => (
            <List.Item
              key={row.id}
              onClick={() => state.show(row.id)}
              description={[row.programId_dictText, row.classId_dictText].filter(Boolean).join(' · ')}
              extra={row.total === null ? <PhoneShown shown={statusShown(row.status)} /> : `${row.total} ${row.grade ?? ''}`}
            >
              <span>{row.studentName}</span>
              {row.canEvaluate && row.mentorScore === null && <span className="score-phone__todo">待评价</span>}
            </List.Item>
          ))}
        </List>
      </PhoneInfiniteList>
      <PhoneSheet open={state.openId !== null} title={detail ? `${detail.studentName}的实习成绩` : '实习成绩'} onClose={state.close} className="score-phone__sheet">
        {state.openId && (
          <QueryStatePhone query={state.open} what="实习成绩">
            {(loaded) => <ScoreView detail={loaded} state={state} />}
          </QueryStatePhone>
        )}
      </PhoneSheet>
    </div>
  );
}
