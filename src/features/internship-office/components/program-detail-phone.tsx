import { Button, List, SearchBar, Tag } from 'antd-mobile';
import { ENROLMENT_STATUS_LABELS } from '@contract/internship-program.ts';
import { ListRows } from '@/components/list/list-phone.tsx';
import { PhoneListState } from '@/components/phone-list/phone-list-state.tsx';
import { RefPickerPhone } from '@/components/resource/ref-picker-phone.tsx';
import type { ResourceRow } from '@/components/resource/resource-api.ts';
import { useProgramDetail } from './program-detail.ts';
import { enrolSummary } from './program-parts.ts';
import '../program.css';

/** A program on the phone, below its form (antd-mobile only): classes, 按班级报名, the enrolled students. */
export function ProgramDetailPhone({ row }: { row: ResourceRow }) {
  const detail = useProgramDetail(row);
  const { canEdit, canEnrol, open, classes, classIds, chosen, setChosen, result, feed: students } = detail;
  const { keyword } = detail.search;
  const rows = students.data?.pages.flatMap((p) => p.records) ?? [];
  const total = students.data?.pages[0]?.total ?? 0;

  const summary = result ? enrolSummary(result) : null;

  return (
    <div className="program-phone">
      <section aria-label="实习班级">
        <h3 className="program-phone__title">实习班级</h3>
        <PhoneListState pending={classes.isPending} failed={classes.isError} empty={classIds.length === 0} emptyTitle="尚未选择班级" emptyDescription="">
          <ListRows list={detail.classList} />
        </PhoneListState>
      </section>
      {open && canEdit && (
        <List mode="card">
          <List.Item title="添加班级">
            <RefPickerPhone multiple target={detail.classTarget} value={chosen} onChange={setChosen} title="选择班级" placeholder="搜索并选择班级" />
          </List.Item>
        </List>
      )}
      {open && (canEdit || canEnrol) && (
        <div className="program-phone__actions">
          {canEdit && (
            <Button size="small" disabled={chosen.length === 0} loading={detail.adding} onClick={() => void detail.add().catch(() => undefined)}>
              添加班级
            </Button>
          )}
          {canEnrol && (
            <Button size="small" color="primary" disabled={classIds.length === 0} loading={detail.enrolling} onClick={() => void detail.enrolAll().catch(() => undefined)}>
              按班级报名
            </Button>
          )}
        </div>
      )}
      {summary && (
        <section aria-label="报名结果">
          <p role="status">报名完成：{summary.text}</p>
          {summary.refused.length > 0 && (
            <List header="未能报名的学生">
              {summary.refused.map((s) => (
                <List.Item key={s.studentNo} description={<span className="program-phone__reason">{s.reason}</span>}>
                  {s.name} {s.studentNo}
                </List.Item>
              ))}
            </List>
          )}
        </section>
      )}
      <section aria-label="报名学生">
        <h3 className="program-phone__title">报名学生{students.data ? `（${total}人）` : ''}</h3>
        <SearchBar placeholder="学号或姓名" onSearch={detail.searchFor} onClear={() => detail.searchFor('')} aria-label="搜索报名学生" />
        <PhoneListState pending={students.isPending} failed={students.isError} empty={rows.length === 0} emptyTitle="暂无报名学生" emptyDescription={keyword ? '没有符合条件的学生' : ''}>
          <List>
            {rows.map((s) => (
              <List.Item key={s.id} description={[s.className, s.unitName, s.post, s.adviserName && `指导教师 ${s.adviserName}`].filter(Boolean).join(' · ')} extra={<Tag>{ENROLMENT_STATUS_LABELS[s.status] ?? s.status}</Tag>}>
                {s.name} {s.studentNo}
              </List.Item>
            ))}
          </List>
          {students.hasNextPage && (
            <Button block fill="none" loading={students.isFetchingNextPage} onClick={() => void students.fetchNextPage()}>
              加载更多
            </Button>
          )}
        </PhoneListState>
      </section>
    </div>
  );
}
