import { useState } from 'react';
import { ActionSheet, Button, DotLoading, ErrorBlock, List, SearchBar, Tabs, type ActionSheetProps } from 'antd-mobile';
import { confirmDialog } from '@/components/sheet/dialog.ts';
import { Popup } from '@/components/sheet/popup.tsx';
import { ANNOUNCEMENT_RESOURCE, SEND_STATUS_LABELS } from '@contract/announcement.ts';
import { notify } from '@/components/notification/notification-store.ts';
import { PhoneInfiniteList } from '@/components/phone-list/phone-infinite-list.tsx';
import { PhoneNavBar } from '@/components/phone-nav-bar/phone-nav-bar.tsx';
import { useDeleteResource, useResourceInfinite, type ResourceRow } from '@/components/resource/resource-api.ts';
import { useBackCloses } from '@/hooks/use-back-closes.ts';
import { usePermission } from '@/hooks/use-permission.ts';
import { formatDate } from '@/lib/format.ts';
import { useAnnouncementDetail } from '../api/get-announcement-detail.ts';
import { AnnouncementFormPhone } from '../components/announcement-form-phone.tsx';
import { AnnouncementView } from '../components/announcement-view.tsx';
import { PriorityBadge } from '../components/priority-badge.tsx';
import { StatusBadge } from '../components/status-badge.tsx';
import { useAnnouncementActions } from '../hooks/use-announcement-actions.ts';
import { CODES, isPublished, sendStatusOf } from '../utils/announcement-form.ts';
import '../components/system-announcement.css';

const ALL = 'all';
const STATUS_TABS = [{ key: ALL, title: '全部' }, ...Object.entries(SEND_STATUS_LABELS).map(([key, title]) => ({ key, title }))];

/** 查看 on the phone: the announcement in a full-screen sheet. */
function DetailSheet({ id, onClose }: { id: string | null; onClose: () => void }) {
  const detail = useAnnouncementDetail(id);
  const title = detail.data?.titile ?? '通告详情';
  return (
    <Popup visible={id !== null} onMaskClick={onClose} position="right" destroyOnClose bodyClassName="annt-phone__sheet">
      <div role="dialog" aria-modal="true" aria-label={title} className="annt-phone__dialog">
        <PhoneNavBar onBack={onClose}>通告详情</PhoneNavBar>
        <div className="annt-phone__body">
          {detail.data ? (
            <div className="annt-phone__view">
              <h2>{detail.data.titile}</h2>
              <AnnouncementView detail={detail.data} />
            </div>
          ) : detail.isError ? (
            <ErrorBlock status="default" title="通告加载失败" description={detail.error.message} />
          ) : (
            <div className="annt-phone__loading" role="status">
              加载中
              <DotLoading />
            </div>
          )}
        </div>
      </div>
    </Popup>
  );
}

/** 系统通告 on the phone (antd-mobile only): search, a status filter, an infinite list; a tap opens the row's actions. */
export default function AnnouncementListPhone() {
  const canAdd = usePermission(CODES.add);
  const canEdit = usePermission(CODES.edit);
  const canRemove = usePermission(CODES.remove);
  const actions = useAnnouncementActions();
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState(ALL);
  const [chosen, setChosen] = useState<ResourceRow | null>(null);
  const [editing, setEditing] = useState<{ row: ResourceRow | null } | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  // The action sheet is a sheet too: back closes it (the Popups do this themselves).
  useBackCloses(chosen !== null, () => setChosen(null));
  const query = useResourceInfinite(ANNOUNCEMENT_RESOURCE, { titile: keyword || undefined, sendStatus: status === ALL ? undefined : status });
  const remove = useDeleteResource(ANNOUNCEMENT_RESOURCE);
  const rows = query.data?.pages.flatMap((p) => p.records) ?? [];

  const confirm = (content: string, confirmText: string) => confirmDialog({ content, confirmText, cancelText: '取消' });
  const sheetActions = (row: ResourceRow): ActionSheetProps['actions'] => {
    const published = isPublished(row);
    const list: ActionSheetProps['actions'] = [{ key: 'view', text: '查看', onClick: () => setViewing(row.id) }];
    if (!published && canEdit) list.push({ key: 'edit', text: '编辑', onClick: () => setEditing({ row }) });
    if (actions.canRelease && !published) {
      list.push({ key: 'release', text: '发布', onClick: async () => (await confirm('确定发布该通告吗?', '发布')) && (await actions.release(row)) });
    }
    if (actions.canRelease && published) {
      list.push({ key: 'revoke', text: '撤销', onClick: async () => (await confirm('确定撤销该通告吗? 撤销后接收人将看不到这条通告', '撤销')) && (await actions.revoke(row)) });
    }
    if (!published && canRemove) {
      list.push({
        key: 'delete',
        text: '删除',
        danger: true,
        onClick: async () => {
          if (!(await confirm(`确定删除通告“${String(row.titile ?? '')}”吗?`, '删除'))) return;
          await remove.mutateAsync([row.id]).then(
            () => notify.success('删除成功!'),
            () => undefined,
          );
        },
      });
    }
    return list;
  };

  // antd-mobile's List has no list role: the region names it.
  const list = (
    <section aria-label="通告列表">
      <List>
        {rows.map((row) => (
          <List.Item
            key={row.id}
            onClick={() => setChosen(row)}
            description={
              <span className="annt-phone__meta">
                <StatusBadge status={sendStatusOf(row)} />
                <PriorityBadge priority={row.priority} />
                <span>{row.sendTime ? formatDate(String(row.sendTime)) : `创建于 ${formatDate(String(row.createTime))}`}</span>
                {row.sender ? <span>{String(row.sender)}</span> : null}
              </span>
            }
          >
            {String(row.titile ?? '')}
          </List.Item>
        ))}
      </List>
    </section>
  );

  return (
    <section className="annt-phone" aria-label="系统通告">
      <div className="annt-phone__top">
        <SearchBar placeholder="搜索标题" onSearch={(v) => setKeyword(v.trim())} onClear={() => setKeyword('')} aria-label="搜索标题" />
        {canAdd && (
          <Button size="small" color="primary" onClick={() => setEditing({ row: null })}>
            新增
          </Button>
        )}
      </div>
      <Tabs activeKey={status} onChange={setStatus}>
        {STATUS_TABS.map((tab) => (
          <Tabs.Tab key={tab.key} title={tab.title} />
        ))}
      </Tabs>
      <PhoneInfiniteList query={query} empty={rows.length === 0} emptyTitle="暂无通告" emptyDescription={keyword || status !== ALL ? '没有符合条件的通告' : ''}>
        {list}
      </PhoneInfiniteList>
      <ActionSheet
        visible={chosen !== null}
        actions={chosen ? sheetActions(chosen) : []}
        extra={chosen ? String(chosen.titile ?? '') : undefined}
        cancelText="取消"
        closeOnAction
        onClose={() => setChosen(null)}
      />
      <AnnouncementFormPhone editing={editing} onClose={() => setEditing(null)} />
      <DetailSheet id={viewing} onClose={() => setViewing(null)} />
    </section>
  );
}
