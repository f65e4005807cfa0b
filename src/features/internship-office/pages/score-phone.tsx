import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, DotLoading, ErrorBlock, Form, InfiniteScroll, Input, List, NoticeBar, PullToRefresh, Tag, TextArea } from 'antd-mobile';
import { Popup } from '@/components/sheet/popup.tsx';
import {
  MENTOR_ITEMS,
  MENTOR_ITEM_COMMENT_MAX,
  MENTOR_ITEM_MAX,
  SCORE_COMMENT_MAX,
  SCORE_COMPONENTS,
  SCORE_COMPONENT_LABELS,
  SCORE_MSG,
  SCORE_RESOURCE,
  SCORE_STATUS_LABELS,
  type ScoreDetail,
  type ScoreRow,
  type ScoreStatus,
} from '@contract/internship-score.ts';
import { SCORE_HINTS } from '@contract/internship.ts';
import { PhoneListState } from '@/components/phone-list/phone-list-state.tsx';
import { PhoneNavBar } from '@/components/phone-nav-bar/phone-nav-bar.tsx';
import { useResourceInfinite } from '@/components/resource/resource-api.ts';
import { scoreDetailQuery } from '../api/score-api.ts';
import { useAdviserSubmit, useMentorSubmit } from '../components/score-forms.ts';
import { itemRule, mentorInitialValues, typedTotal, type AdviserFormValues, type MentorFormValues } from '../components/score-parts.ts';
import '../score-phone.css';

const TAG_COLORS: Record<ScoreStatus, string> = { pending: 'default', ready: 'primary', published: 'success' };
const SEARCH = {};

const StatusTag = ({ status }: { status: ScoreStatus }) => (
  <Tag color={TAG_COLORS[status]} fill="outline">
    {SCORE_STATUS_LABELS[status]}
  </Tag>
);

function MentorForm({ detail }: { detail: ScoreDetail }) {
  const [form] = Form.useForm<MentorFormValues>();
  const initial = mentorInitialValues(detail);
  const [sum, setSum] = useState(() => typedTotal(initial));
  const { submit, pending } = useMentorSubmit(detail);
  return (
    <Form
      form={form}
      mode="card"
      layout="horizontal"
      initialValues={initial}
      onValuesChange={(_changed, all) => setSum(typedTotal(all))}
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
          <Form.Item
            name={item.key}
            label={item.label}
            rules={[itemRule(item.label)]}
          >
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

function ScoreSheet({ id, onClose }: { id: string; onClose: () => void }) {
  const query = useQuery(scoreDetailQuery(id));
  const detail = query.data;
  return (
    <div className="score-phone__sheet">
      <PhoneNavBar onBack={onClose}>{detail ? `${detail.studentName}的实习成绩` : '实习成绩'}</PhoneNavBar>
      {!detail ? (
        query.isError ? (
          <ErrorBlock status="default" title="加载失败" description="请返回后重试" />
        ) : (
          <div className="score-phone__loading" role="status">
            加载中
            <DotLoading />
          </div>
        )
      ) : (
        <>
          {detail.status === 'published' && (detail.canEvaluate || detail.canScore || detail.mentorScore !== null) && <NoticeBar content={SCORE_MSG.published} color="info" wrap />}
          <List header="成绩" mode="card">
            <List.Item extra={<StatusTag status={detail.status} />}>{detail.programId_dictText}</List.Item>
            {SCORE_COMPONENTS.filter((c) => detail.weights[c] > 0).map((c) => (
              <List.Item key={c} extra={detail[`${c}Score`] ?? '—'}>
                {SCORE_COMPONENT_LABELS[c]}（{detail.weights[c]}%）
              </List.Item>
            ))}
            <List.Item extra={detail.total === null ? '待评' : `${detail.total}（${detail.grade}）`}>总评</List.Item>
            {detail.missing.length > 0 && <List.Item description={`还缺${detail.missing.join('、')}`}>待评</List.Item>}
          </List>
          {detail.mentorItems && !detail.canEvaluate && (
            <List header="企业导师评价" mode="card">
              {MENTOR_ITEMS.map((item) => (
                <List.Item key={item.key} extra={detail.mentorItems![item.key].score} description={detail.mentorItems![item.key].comment ?? undefined}>
                  {item.label}
                </List.Item>
              ))}
              {detail.mentorComment && <List.Item description={detail.mentorComment}>总体评价</List.Item>}
            </List>
          )}
          {detail.canEvaluate && <MentorForm key={detail.mentorAt ?? 'new'} detail={detail} />}
          {detail.canScore && <AdviserForm key={detail.adviserAt ?? 'new'} detail={detail} />}
        </>
      )}
    </div>
  );
}

/** 实习成绩 on the phone: the caller's students (a student: their published score); a tap opens the score and the form the caller may fill. */
export default function ScorePhone() {
  const query = useResourceInfinite(SCORE_RESOURCE, SEARCH);
  const rows = (query.data?.pages.flatMap((p) => p.records) ?? []) as unknown as ScoreRow[];
  const [open, setOpen] = useState<string | null>(null);
  return (
    <div className="score-phone">
      <PullToRefresh onRefresh={() => query.refetch().then(() => undefined)}>
        <PhoneListState pending={query.isPending} failed={query.isError} empty={rows.length === 0} emptyTitle="暂无实习成绩" emptyDescription="成绩发布或有学生需要评价时会显示在这里">
          <List>
            {rows.map((row) => (
              <List.Item
                key={row.id}
                onClick={() => setOpen(row.id)}
                description={[row.programId_dictText, row.classId_dictText].filter(Boolean).join(' · ')}
                extra={row.total === null ? <StatusTag status={row.status} /> : `${row.total} ${row.grade ?? ''}`}
              >
                <span>{row.studentName}</span>
                {row.canEvaluate && row.mentorScore === null && <span className="score-phone__todo">待评价</span>}
              </List.Item>
            ))}
          </List>
          <InfiniteScroll loadMore={() => query.fetchNextPage().then(() => undefined)} hasMore={Boolean(query.hasNextPage)} />
        </PhoneListState>
      </PullToRefresh>
      <Popup visible={open !== null} onClose={() => setOpen(null)} position="right" bodyStyle={{ width: '100vw', height: '100%', overflowY: 'auto' }} destroyOnClose>
        {open && <ScoreSheet id={open} onClose={() => setOpen(null)} />}
      </Popup>
    </div>
  );
}
