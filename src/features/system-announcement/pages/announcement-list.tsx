import { useState } from 'react';
import { ANNOUNCEMENT_RESOURCE, SEND_STATUS_LABELS } from '@contract/announcement.ts';
import type { ChoiceFilter, RowAction } from '@/components/list/list-declaration.ts';
import { useListState } from '@/components/resource/list-state.ts';
import type { ResourceRow } from '@/components/resource/resource-api.ts';
import type { ShowFields } from '@/components/resource/resource-fields.ts';
import { PriorityBadge } from '../components/priority-badge.tsx';
import { StatusBadge } from '../components/status-badge.tsx';
import { useAnnouncementActions } from '../hooks/use-announcement-actions.ts';
import { CODES, isPublished, sendStatusOf } from '../utils/announcement-form.ts';

/** The priority and the state as the announcement's own badges (plain markup, both renderings). */
export const SHOW: ShowFields = {
  priority: (row) => <PriorityBadge priority={row.priority} />,
  sendStatus: (row) => <StatusBadge status={sendStatusOf(row)} />,
};

const ALL = 'all';
const STATUS_TABS = [{ value: ALL, label: '全部' }, ...Object.entries(SEND_STATUS_LABELS).map(([value, label]) => ({ value, label }))];

/**
 * 系统通告's hook (components/device-page.tsx): 发布 a draft or 撤销 a published one (by their button rule, after a
 * confirmation) and 查看 any, the announcement being viewed, and the phone's status tabs over the list's search.
 */
export function useAnnouncementListPage() {
  const announcement = useAnnouncementActions();
  const [viewing, setViewing] = useState<string | null>(null);
  const [list, setList] = useListState(ANNOUNCEMENT_RESOURCE, true);
  const actions: RowAction<ResourceRow>[] = [
    { key: 'release', label: '发布', permission: CODES.release, when: (row) => !isPublished(row), confirm: () => ({ title: '确定发布该通告吗?' }), busy: (row) => announcement.busyId === row.id, run: announcement.release },
    {
      key: 'revoke',
      label: '撤销',
      permission: CODES.release,
      when: isPublished,
      confirm: () => ({ title: '确定撤销该通告吗?', description: '撤销后接收人将看不到这条通告' }),
      busy: (row) => announcement.busyId === row.id,
      run: announcement.revoke,
    },
    { key: 'view', label: '查看', run: (row) => setViewing(row.id) },
  ];
  const statusTabs: ChoiceFilter = {
    label: '发布状态',
    options: STATUS_TABS,
    value: list.search.sendStatus ?? ALL,
    onChange: (value) => setList({ ...list, search: { ...list.search, sendStatus: value === ALL ? undefined : value }, pageNo: 1 }),
  };
  return { actions, statusTabs, viewing, closeViewing: () => setViewing(null) };
}

export type AnnouncementListPage = ReturnType<typeof useAnnouncementListPage>;

/** Drafts and revoked announcements may be edited and deleted; a published one only revoked. */
export const draft = (row: ResourceRow) => !isPublished(row);
