import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Popconfirm, Space, Spin, Table, Timeline, Tooltip } from 'antd';
import { APPRAISAL_MAX, MENTOR_ITEMS, MENTOR_ITEM_COMMENT_MAX, MENTOR_ITEM_MAX, SCORE_COMMENT_MAX, SCORE_MSG, SCORE_REASON_MAX, SCORE_RESOURCE, scoreLogText, type ScoreDetail, type ScoreStatus } from '@contract/internship-score.ts';
import { SCORE_HINTS } from '@contract/internship.ts';
import { ARCHIVE_MSG } from '@contract/archive.ts';
import { DetailList } from '@/components/detail-list/detail-list.tsx';
import type { ResourceRow } from '@/components/resource/resource-api.ts';
import { ResourceTable } from '@/components/resource/resource-table.tsx';
import { formatDate } from '@/lib/format.ts';
import { ArchiveProgressModal } from '../components/archive-progress-desktop.tsx';
import { componentItems, mentorRows, registerScope, useAdviserSubmit, useMentorSubmit, useReopenForm, statusShown, type ScorePageState } from '../components/score-forms.ts';
import { itemRule, mentorInitialValues, type AdviserFormValues, type MentorFormValues } from '../components/score-parts.ts';
import { scoreDetailQuery } from '../api/score-api.ts';

function TotalCell({ row }: { row: ResourceRow }) {
  if (row.total === null || row.total === undefined) {
    const missing = (row.missing as string[] | undefined) ?? [];
    return (
      <Tooltip title={missing.length > 0 ? `缺：${missing.join('、')}` : undefined}>
        <span className="resource__blank">待评</span>
      </Tooltip>
    );
  }
  return <strong>{String(row.total)}</strong>;
}

/** The mentor's form (exported for its DOM test): each item typed as text, refused by the one score rule, never clamped. */
export function MentorForm({ detail }: { detail: ScoreDetail }) {
  const [form] = Form.useForm<MentorFormValues>();
  const { submit, pending } = useMentorSubmit(detail);
  return (
    <Form form={form} layout="vertical" initialValues={mentorInitialValues(detail)} onFinish={submit} aria-label="企业导师评价">
      {MENTOR_ITEMS.map((item) => (
        <Space key={item.key} align="start" wrap>
          <Form.Item name={item.key} label={`${item.label}（0–${MENTOR_ITEM_MAX}）`} required rules={[itemRule(item.label)]}>
            <Input inputMode="numeric" autoComplete="off" placeholder={`0–${MENTOR_ITEM_MAX}的整数`} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name={`${item.key}Comment`} label="评语（选填）">
            <Input maxLength={MENTOR_ITEM_COMMENT_MAX} style={{ width: 360 }} />
          </Form.Item>
        </Space>
      ))}
      <Form.Item name="comment" label="总体评价（选填）">
        <Input.TextArea rows={3} maxLength={SCORE_COMMENT_MAX} showCount />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={pending}>
        提交评价
      </Button>
    </Form>
  );
}

function AdviserForm({ detail }: { detail: ScoreDetail }) {
  const [form] = Form.useForm<AdviserFormValues>();
  const { initialValues, scoreRule, submit, pending } = useAdviserSubmit(detail);
  return (
    <Form form={form} layout="inline" initialValues={initialValues} onFinish={submit} aria-label="指导教师评分">
      <Form.Item name="score" label="评分" rules={[scoreRule]}>
        <Input inputMode="decimal" placeholder={SCORE_HINTS[detail.scorePrecision]} style={{ width: 200 }} autoComplete="off" />
      </Form.Item>
      <Form.Item name="comment" label="评语">
        <Input maxLength={SCORE_COMMENT_MAX} style={{ width: 320 }} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={pending}>
        保存评分
      </Button>
    </Form>
  );
}

function ReopenForm({ id }: { id: string }) {
  const reopen = useReopenForm(id);
  return (
    <Space wrap>
      <Input aria-label="重新开放的原因" placeholder="重新开放的原因（必填，将记入成绩记录）" value={reopen.reason} maxLength={SCORE_REASON_MAX} onChange={(e) => reopen.setReason(e.target.value)} style={{ width: 360 }} />
      <Button danger loading={reopen.pending} onClick={() => void reopen.submit()}>
        重新开放
      </Button>
    </Space>
  );
}

/** Below the fields in 详情: the items, the forms of whoever may fill them, publication and the log. */
function ScoreDetailPanel({ id, canPublish }: { id: string; canPublish: boolean }) {
  const query = useQuery(scoreDetailQuery(id));
  const detail = query.data;
  if (!detail) return query.isError ? <Alert type="error" message="加载失败，请稍后重试" /> : <Spin />;
  const published = detail.status === 'published';
  return (
    <Space direction="vertical" size="large" style={{ width: '100%', marginTop: 24 }}>
      <DetailList size="small" col={4} title="成绩构成" bordered items={componentItems(detail)} />
      {published ? (
        <Alert type="success" message={`已发布：${detail.publishedByName ?? ''} ${formatDate(detail.publishedAt ?? '')}。${SCORE_MSG.published}`} />
      ) : detail.missing.length > 0 ? (
        <Alert type="info" message={`待评：还缺${detail.missing.join('、')}`} />
      ) : null}
      <div>
        <h4>企业导师评价</h4>
        <Table
          size="small"
          rowKey="key"
          pagination={false}
          dataSource={mentorRows(detail)}
          columns={[
            { key: 'label', dataIndex: 'label', title: '评价项', width: 120 },
            { key: 'score', dataIndex: 'score', title: `得分（满分${MENTOR_ITEM_MAX}）`, width: 140, render: (v: number | null) => v ?? '—' },
            { key: 'comment', dataIndex: 'comment', title: '评语', render: (v: string | null) => v || '—' },
          ]}
        />
        <p>总体评价：{detail.mentorComment || '—'}</p>
        {detail.canEvaluate && <MentorForm key={detail.mentorAt ?? 'new'} detail={detail} />}
      </div>
      <div>
        <h4>指导教师评分</h4>
        <p>
          {detail.adviserScore ?? '—'} {detail.adviserComment ? `· ${detail.adviserComment}` : ''}
        </p>
        {detail.canScore && <AdviserForm key={detail.adviserAt ?? 'new'} detail={detail} />}
      </div>
      {canPublish && published && <ReopenForm id={detail.id} />}
      {detail.log.length > 0 && (
        <div>
          <h4>成绩记录</h4>
          <Timeline items={detail.log.map((entry) => ({ key: entry.id, children: `${formatDate(entry.createdAt)} ${entry.actorName ?? ''}：${scoreLogText(entry)}` }))} />
        </div>
      )}
    </Space>
  );
}

/** 成绩登记表 of one class of one program, as PDF or .xlsx: offered once the chosen rows (or the search) are one class. */
function RegisterButtons({ state, scope }: { state: ScorePageState; scope: ReturnType<typeof registerScope> }) {
  const hint = scope ? undefined : SCORE_MSG.registerClass;
  return (
    <Tooltip title={hint}>
      <Space.Compact>
        <Button disabled={!scope} onClick={() => scope && void state.printRegister(scope, 'pdf').catch(() => undefined)}>
          打印成绩登记表
        </Button>
        <Button disabled={!scope} onClick={() => scope && void state.printRegister(scope, 'xlsx').catch(() => undefined)}>
          登记表Excel
        </Button>
      </Space.Compact>
    </Tooltip>
  );
}

/** 班级档案 of the one class (and program) the chosen rows or the search are of, as 成绩登记表 is offered. */
function ClassArchiveButton({ state, scope, classLabel }: { state: ScorePageState; scope: ReturnType<typeof registerScope>; classLabel: string }) {
  return (
    <Tooltip title={scope ? '生成全班学生档案的压缩包（每名学生一个）' : ARCHIVE_MSG.classScope}>
      <Button disabled={!scope} loading={state.archive.starting} onClick={() => scope && void state.archiveClass(scope, classLabel)}>
        班级档案
      </Button>
    </Tooltip>
  );
}

/** 实习成绩 on desktop and tablet: the list with total and grade, 详情 with the forms and the log, publication. */
export default function ScoreDesktop({ state }: { state: ScorePageState }) {
  const { canPublish, canPrint, canArchive, publishRows } = state;
  return (
    <>
      <ResourceTable
        resource={SCORE_RESOURCE}
        actionsWidth={210}
        renderCell={{ total: (_value, row) => <TotalCell row={row} /> }}
        show={{ status: (row) => statusShown(row.status as ScoreStatus) }}
        actions={state.actions}
        selectAllMatching={canPrint || canArchive}
        batchActions={
          canPublish || canPrint || canArchive
            ? (rows, clear, matching) => (
                <Space>
                  {canPrint && (
                    <Tooltip title={matching && matching.total > APPRAISAL_MAX ? SCORE_MSG.appraisalTooMany : undefined}>
                      <Button
                        loading={state.printing}
                        disabled={Boolean(matching && matching.total > APPRAISAL_MAX)}
                        onClick={() => void state.printAppraisal(matching ? { search: matching.search } : { ids: rows.map((r) => r.id) }).catch(() => undefined)}
                      >
                        打印鉴定表（{matching?.total ?? rows.length}人）
                      </Button>
                    </Tooltip>
                  )}
                  {canPrint && <RegisterButtons state={state} scope={registerScope(rows, matching?.search)} />}
                  {canArchive && <ClassArchiveButton state={state} scope={registerScope(rows, matching?.search)} classLabel={String(rows[0]?.classId_dictText ?? '')} />}
                  {canPublish && !matching && (
                    <Popconfirm title={`发布所选的 ${rows.length} 条成绩？`} okText="发布" cancelText="取消" onConfirm={() => publishRows(rows, clear).catch(() => undefined)}>
                      <Button loading={state.publishing}>发布成绩</Button>
                    </Popconfirm>
                  )}
                </Space>
              )
            : undefined
        }
        detail={(row) => <ScoreDetailPanel id={row.id} canPublish={canPublish} />}
      />
      <ArchiveProgressModal archive={state.archive} />
    </>
  );
}
